import type { ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A prerendered form's fields, disabled until the script has taken over the build-time HTML:
 * before that, typing would be lost and a press would send the form as a plain GET (a password
 * in the address).
 */
export function HydratedFieldset({ className, children }: { className?: string; children: ReactNode }) {
  const isHydrated = useHydrated();
  return (
    <fieldset disabled={!isHydrated} className={className}>
      {children}
    </fieldset>
  );
}
