import { FileAudio, ImageIcon, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePreview } from '../../ui/image-preview';
import { cn } from '../../ui/cn';
import { formatFileSize } from './audio-file';
import { FieldError, RequiredMark } from './form-controls';

interface FileFieldProps {
  id: string;
  label: string;
  accept: string;
  /** The chosen file; only files that passed `describeProblem` are handed over. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** What is wrong with a chosen file, in words, or null when it may be sent. */
  describeProblem: (file: File) => string | null;
  hint?: string;
  required?: boolean;
  /** Optional files get a button that takes the choice back. */
  removable?: boolean;
  /** Shows a thumbnail of the chosen image. */
  imagePreview?: boolean;
  /** A required file not chosen yet, named by a refused Next. */
  error?: string;
}

/**
 * A file picker that shows the chosen file from state, not from the input: the wizard mounts a
 * step afresh each time it is shown, and a native input would then say "No file chosen" while a
 * file is chosen. The input itself stays focusable (only visually hidden) and carries the label.
 */
export function FileField({
  id,
  label,
  accept,
  file,
  onFileChange,
  describeProblem,
  hint,
  required = false,
  removable = false,
  imagePreview = false,
  error,
}: FileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const labelId = useId();
  const statusId = useId();
  const problemId = useId();
  const hintId = useId();
  const errorId = useId();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Cancelling the picker keeps the earlier choice.
    if (!chosen) return;
    const nextProblem = describeProblem(chosen);
    setProblem(nextProblem);
    event.target.value = '';
    if (!nextProblem) onFileChange(chosen);
  }

  function handleRemove() {
    setProblem(null);
    onFileChange(null);
    inputRef.current?.focus();
  }

  const describedBy = [problem ? problemId : null, error ? errorId : null, statusId, hint ? hintId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="grid min-w-0 gap-1.5">
      <span id={labelId} className="text-sm font-medium text-ink-muted">
        {label}
        {required && <RequiredMark />}
      </span>
      {/* The buttons wrap under the name when a phone has no room for both on one line. */}
      <div
        className={cn(
          'flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 rounded-control border border-dashed border-line-strong bg-canvas p-2.5',
          error && 'border-coral-500',
        )}
      >
        {imagePreview && file ? (
          <ImagePreview file={file} size={44} className="size-11 shrink-0" />
        ) : (
          <span className="grid size-11 shrink-0 place-items-center rounded-control bg-raised text-gold-400 max-sm:hidden">
            {imagePreview ? <ImageIcon aria-hidden className="size-5" /> : <FileAudio aria-hidden className="size-5" />}
          </span>
        )}
        <div className="grid min-w-32 flex-1 basis-32">
          <span id={statusId} className={cn('truncate text-sm', file ? 'font-medium text-ink' : 'text-ink-subtle')}>
            {file ? file.name : 'No file chosen'}
          </span>
          {file && <span className="text-xs text-ink-subtle">{formatFileSize(file.size)}</span>}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={accept}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-required={required || undefined}
            aria-invalid={problem || error ? true : undefined}
            onChange={handleChange}
            className="peer sr-only"
          />
          {/* The visible face of the input: a click opens the picker; the input above is what is focused. */}
          <label
            htmlFor={id}
            aria-hidden
            className={cn(
              'inline-flex h-11 shrink-0 cursor-pointer items-center rounded-control bg-overlay px-4 text-sm font-semibold text-ink transition-colors hover:bg-line md:h-10',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-400',
              // A surrounding disabled fieldset (an upload under way) disables the input; the face follows.
              'peer-disabled:pointer-events-none peer-disabled:opacity-40',
            )}
          >
            {file ? 'Change' : 'Choose'}
          </label>
          {removable && file && (
            <button
              type="button"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={handleRemove}
              className="grid size-11 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-overlay hover:text-ink disabled:opacity-40 md:size-10"
            >
              <X aria-hidden className="size-5" />
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      )}
      {error && <FieldError id={errorId} message={error} />}
      {hint && (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      )}
    </div>
  );
}
