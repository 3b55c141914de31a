import type { ButtonProps } from './button';
import { Button } from './button';
import { Tooltip } from './tooltip';

interface IconButtonProps extends Omit<ButtonProps, 'size' | 'aria-label'> {
  /** Names the button for screen readers and shows as its tooltip. */
  label: string;
}

export function IconButton({ label, variant = 'ghost', ...props }: IconButtonProps) {
  return (
    <Tooltip label={label}>
      <Button size="icon" variant={variant} aria-label={label} {...props} />
    </Tooltip>
  );
}
