import { HomeAndSearchLinks } from '../../ui/home-and-search-links';
import { LogoMark } from '../../ui/logo';
import { PageTitle } from '../../ui/page-title';

interface NotFoundPageProps {
  /** Signed out there is no shell around the page, so it brings its own <main>. */
  standalone?: boolean;
}

export function NotFoundPage({ standalone = false }: NotFoundPageProps) {
  const content = (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-16 text-center">
      <PageTitle title="Page Not Found" />
      <div className="relative">
        <LogoMark size={64} className="opacity-90" />
        <span className="absolute -right-3 -bottom-2 rounded-full border border-line bg-raised px-2 py-0.5 text-xs font-bold text-gold-300">
          404
        </span>
      </div>
      <h1 className="mt-8 text-3xl font-extrabold tracking-tight">Page Not Found</h1>
      <p className="mt-3 text-ink-muted">The page you're looking for doesn't exist or has been moved.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <HomeAndSearchLinks homeLabel="Back to Home" />
      </div>
    </div>
  );

  if (!standalone) return content;
  return <main className="grid min-h-dvh place-items-center bg-canvas">{content}</main>;
}
