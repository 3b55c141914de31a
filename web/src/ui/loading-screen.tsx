import { LogoMark } from './logo';

export function LoadingScreen() {
  return (
    <div role="status" className="grid min-h-dvh place-items-center bg-canvas">
      <div className="flex flex-col items-center gap-4">
        <LogoMark size={56} className="animate-pulse" />
        <p className="text-sm font-medium text-ink-muted">Loading...</p>
      </div>
    </div>
  );
}
