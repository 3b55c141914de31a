import type { InputHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
}

export function Field({ id, label, ...inputProps }: FieldProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        className="h-12 w-full rounded-control border border-line bg-canvas px-3.5 text-base text-ink placeholder:text-ink-subtle transition-colors hover:border-line-strong focus-visible:border-gold-400 focus-visible:outline-1 focus-visible:outline-offset-0"
        {...inputProps}
      />
    </div>
  );
}
