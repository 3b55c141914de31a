import { Logo, LogoMark } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';

const MARK_SIZES = [16, 24, 32, 48, 64, 96];

const SWATCHES = [
  { token: 'canvas', role: 'Page background', className: 'bg-canvas' },
  { token: 'surface', role: 'Panels', className: 'bg-surface' },
  { token: 'raised', role: 'Cards, hover', className: 'bg-raised' },
  { token: 'line', role: 'Borders', className: 'bg-line' },
  { token: 'ink', role: 'Text', className: 'bg-ink' },
  { token: 'ink-muted', role: 'Secondary text', className: 'bg-ink-muted' },
  { token: 'gold-400', role: 'Signature accent', className: 'bg-gold-400' },
  { token: 'gold-500', role: 'Accent, pressed', className: 'bg-gold-500' },
  { token: 'jade-500', role: 'Second voice', className: 'bg-jade-500' },
  { token: 'jade-300', role: 'Jade on dark', className: 'bg-jade-300' },
  { token: 'coral-500', role: 'Danger', className: 'bg-coral-500' },
  { token: 'coral-300', role: 'Coral on dark', className: 'bg-coral-300' },
];

/** A static showcase of the brand: the mark at every size it ships in, on dark and light, and the palette. */
export function DesignPreviewPage() {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-6 sm:px-6 md:py-8">
      <PageTitle title="Design preview" />
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Design preview</h1>
        <p className="mt-2 text-ink-muted">The Kora mark and palette.</p>
      </div>

      <section aria-labelledby="logo-title" className="grid gap-4">
        <h2 id="logo-title" className="text-xl font-bold">
          Logo
        </h2>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid gap-6 rounded-card border border-line bg-canvas p-6">
            <Logo size={48} wordClassName="text-3xl" />
            <MarkRow />
          </div>
          <div className="grid gap-6 rounded-card bg-paper p-6">
            <Logo size={48} wordClassName="text-3xl text-paper-ink" />
            <MarkRow light />
          </div>
        </div>
      </section>

      <section aria-labelledby="palette-title" className="grid gap-4">
        <h2 id="palette-title" className="text-xl font-bold">
          Palette
        </h2>
        <div aria-hidden className="kente-band h-3 rounded-full" />
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {SWATCHES.map((swatch) => (
            <li key={swatch.token} className="overflow-hidden rounded-card border border-line bg-surface">
              <div className={`h-16 ${swatch.className}`} />
              <div className="p-3">
                <p className="text-sm font-semibold">{swatch.token}</p>
                <p className="text-xs text-ink-subtle">{swatch.role}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function MarkRow({ light = false }: { light?: boolean }) {
  return (
    <ul className="flex flex-wrap items-end gap-5">
      {MARK_SIZES.map((size) => (
        <li key={size} className="flex flex-col items-center gap-2">
          <LogoMark size={size} />
          <span className={`text-xs ${light ? 'text-paper-ink/70' : 'text-ink-subtle'}`}>{size}px</span>
        </li>
      ))}
    </ul>
  );
}
