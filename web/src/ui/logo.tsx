import { PRODUCT_NAME } from '@kora/contracts';
import { useId } from 'react';
import { cn } from './cn';

interface LogoMarkProps {
  size?: number;
  className?: string;
}

/**
 * The Kora mark: a kora (the West African harp-lute) seen from the front, its neck
 * rising out of the calabash with the strings fanning down to the bridge.
 */
export function LogoMark({ size = 32, className }: LogoMarkProps) {
  const gradientId = useId();
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      aria-hidden
      focusable="false"
      className={cn('shrink-0', className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fad27a" />
          <stop offset="1" stopColor="#e69a1e" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill={`url(#${gradientId})`} />
      <g stroke="#1c1204" strokeLinecap="round">
        <path d="M24 6v36" strokeWidth="3.2" />
        <path d="M24 8.5 14.5 27.5M24 8.5l-4.5 18M24 8.5l4.5 18M24 8.5l9.5 19" strokeWidth="1.6" />
      </g>
      <circle cx="24" cy="32" r="10" fill="#1c1204" />
      <rect x="22.6" y="25.5" width="2.8" height="10" rx="1.2" fill="#f5b841" />
    </svg>
  );
}

interface LogoProps extends LogoMarkProps {
  /** The word beside the mark, sized to match. */
  wordClassName?: string;
}

export function Logo({ size = 32, className, wordClassName }: LogoProps) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark size={size} />
      <span className={cn('text-xl font-extrabold tracking-tight text-ink', wordClassName)}>{PRODUCT_NAME}</span>
    </span>
  );
}
