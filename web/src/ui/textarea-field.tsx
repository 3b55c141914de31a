import type { TextareaHTMLAttributes } from 'react';

interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
}

/** A labelled multi-line text box with the look of Field. */
export function TextareaField({ id, label, rows = 3, ...textareaProps }: TextareaFieldProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        className="min-h-24 w-full resize-y rounded-control border border-line bg-canvas px-3.5 py-3 text-base text-ink placeholder:text-ink-subtle transition-colors hover:border-line-strong focus-visible:border-gold-400 focus-visible:outline-1 focus-visible:outline-offset-0"
        {...textareaProps}
      />
    </div>
  );
}
