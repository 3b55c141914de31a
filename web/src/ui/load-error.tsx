import { RotateCw, WifiOff } from 'lucide-react';
import { getErrorMessage } from '../api/error-message';
import { Button } from './button';
import { EmptyState } from './empty-state';

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  as?: 'h1' | 'h2' | 'p';
}

/** A request failed for a reason other than "not found": say why, and offer to try again. */
export function LoadError({ title, error, onRetry, as }: LoadErrorProps) {
  return (
    <EmptyState icon={WifiOff} title={title} description={getErrorMessage(error)} as={as}>
      <Button variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden />
        Try again
      </Button>
    </EmptyState>
  );
}
