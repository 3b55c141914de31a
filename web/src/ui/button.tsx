import * as Slot from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-gold-400 text-on-gold hover:bg-gold-300 active:bg-gold-500',
  secondary: 'bg-overlay text-ink hover:bg-line',
  ghost: 'text-ink-muted hover:bg-overlay hover:text-ink',
  outline: 'border border-line-strong text-ink hover:border-ink-subtle hover:bg-raised',
  danger: 'bg-coral-500 text-white hover:bg-coral-400 active:bg-coral-700',
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'h-11 px-3 text-sm md:h-9',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11 shrink-0 md:size-10',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (a link) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(
    'inline-flex items-center justify-center gap-2 rounded-control font-semibold whitespace-nowrap transition-colors',
    'disabled:pointer-events-none disabled:opacity-40 [&_svg]:size-5 [&_svg]:shrink-0',
    size === 'icon' && 'rounded-full',
    variantClasses[variant],
    sizeClasses[size],
    className,
  );
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
