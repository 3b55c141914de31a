import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { IconButton } from './icon-button';

/**
 * Goes back in the browser history, as the spec's pages do. Opened from a shared link there is
 * no in-app page to go back to, so it goes home instead of leaving Kora.
 */
export function BackButton({ className }: { className?: string }) {
  const navigate = useNavigate();

  function handleBack() {
    const historyIndex: unknown = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof historyIndex === 'number' && historyIndex > 0) void navigate(-1);
    else void navigate('/');
  }

  return (
    <IconButton label="Back" variant="secondary" onClick={handleBack} className={className}>
      <ArrowLeft aria-hidden />
    </IconButton>
  );
}
