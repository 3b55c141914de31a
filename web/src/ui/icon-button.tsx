import type { ButtonProps } from './button';
import { Button } from './button';
import { cn } from './cn';

interface IconButtonProps extends Omit<ButtonProps, 'size' | 'aria-label'> {
  /** Names the button for screen readers and shows as its tooltip. */
  label: string;
}

/**
 * The tooltip is the button's own ::after box, drawn from its label on mouse hover or keyboard
 * focus after the spec's 700 ms: no positioning library on the first screen for a hint that
 * touch screens never show. It takes no room while hidden, so it never widens the page.
 */
const TOOLTIP = cn(
  'relative',
  'after:hidden after:content-[attr(data-tooltip)] pointer-fine:hover:after:block focus-visible:after:block',
  'after:pointer-events-none after:absolute after:top-full after:left-1/2 after:z-50 after:mt-1.5 after:-translate-x-1/2',
  'after:rounded-md after:bg-ink after:px-2.5 after:py-1.5 after:text-xs after:font-medium after:whitespace-nowrap after:text-canvas after:shadow-lg',
  'after:animate-tooltip-in',
);

export function IconButton({ label, variant = 'ghost', className, ...props }: IconButtonProps) {
  return <Button size="icon" variant={variant} aria-label={label} data-tooltip={label} className={cn(TOOLTIP, className)} {...props} />;
}
