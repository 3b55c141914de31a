import { Signal } from 'lucide-react';

/** Plain arithmetic: kilobits per second × 60 ÷ 8 = kilobytes per minute. */
const QUALITIES = [
  { name: 'Low', kbps: 96 },
  { name: 'Medium', kbps: 160 },
  { name: 'High', kbps: 320 },
] as const;

function megabytesPerMinute(kbps: number): string {
  return ((kbps * 60) / 8 / 1000).toFixed(1);
}

export function DataUseCard() {
  return (
    <aside
      aria-labelledby="data-use-title"
      className="relative overflow-hidden rounded-card border border-line bg-surface/90 shadow-2xl shadow-black/50"
    >
      <div aria-hidden className="kente-band h-1.5" />
      <div className="p-5 sm:p-7">
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-full bg-jade-900 text-jade-300">
            <Signal aria-hidden className="size-5" />
          </span>
          <div>
            <h2 id="data-use-title" className="font-semibold">
              What a minute of music costs
            </h2>
            <p className="text-sm text-ink-subtle">Pick the quality that suits your bundle.</p>
          </div>
        </div>
        <dl className="mt-6 grid gap-3">
          {QUALITIES.map((quality) => (
            <div
              key={quality.name}
              className="flex items-center justify-between gap-4 rounded-control bg-raised px-4 py-3"
            >
              <dt className="text-sm">
                <span className="font-semibold text-ink">{quality.name}</span>
                <span className="text-ink-subtle"> · {quality.kbps} kbps</span>
              </dt>
              <dd className="text-sm font-semibold text-gold-300 tabular-nums">
                ≈ {megabytesPerMinute(quality.kbps)} MB
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-ink-subtle">
          A three-minute song on Low is about 2 MB. Pages load without web fonts or autoplaying video.
        </p>
      </div>
    </aside>
  );
}
