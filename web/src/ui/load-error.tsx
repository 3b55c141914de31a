import { ArrowDownToLine, RotateCw, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { getErrorMessage } from '../api/error-message';
import { useOnline } from '../offline/use-online';
import { Button } from './button';
import { EmptyState } from './empty-state';

export const OFFLINE_LOAD_MESSAGE = "You're offline. Music you downloaded still plays.";
export const DOWNLOADED_VIEW = '/library?tab=downloaded';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  as?: 'h1' | 'h2' | 'p';
}

/**
 * A request failed for a reason other than "not found": say why, and offer to try again. With no
 * network that is the reason, and the way on is the music kept on this device (it loads again by
 * itself when the network returns: the query client refetches on reconnect).
 */
export function LoadError({ title, error, onRetry, as }: LoadErrorProps) {
  const online = useOnline();
  return (
    <EmptyState icon={WifiOff} title={title} description={online ? getErrorMessage(error) : OFFLINE_LOAD_MESSAGE} as={as}>
      {!online && (
        <Button asChild>
          <Link to={DOWNLOADED_VIEW}>
            <ArrowDownToLine aria-hidden />
            Go to Downloaded
          </Link>
        </Button>
      )}
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </EmptyState>
  );
}
