import { X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePreview } from './image-preview';
import { cn } from './cn';
import { CoverImage } from './cover-image';
import { describeImageFileProblem } from './image-file';

interface ImageFileFieldProps {
  id: string;
  label: string;
  hint: string;
  /** The chosen image; only files that passed the checks are handed over. */
  file: File | null;
  onFileChange: (file: File | null) => void;
  maxBytes: number;
  /** Shown in the preview while no new image is chosen (the current cover when editing). */
  currentImageUrl?: string | null;
  disabled?: boolean;
}

/**
 * An image file input with a preview. A file that is not an image (or is too large) is refused
 * here with a message beside the field, so it is never sent.
 */
export function ImageFileField({
  id,
  label,
  hint,
  file,
  onFileChange,
  maxBytes,
  currentImageUrl = null,
  disabled = false,
}: ImageFileFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const problemId = useId();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const nextProblem = chosen ? describeImageFileProblem(chosen, maxBytes) : null;
    setProblem(nextProblem);
    if (nextProblem) event.target.value = '';
    onFileChange(nextProblem ? null : chosen);
  }

  function handleClear() {
    if (inputRef.current) inputRef.current.value = '';
    setProblem(null);
    onFileChange(null);
    inputRef.current?.focus();
  }

  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <div className="relative shrink-0">
          {file ? (
            <ImagePreview file={file} size={80} className="size-16" />
          ) : (
            <CoverImage src={currentImageUrl} size={64} className="size-16 rounded-control" />
          )}
          {file && (
            <button
              type="button"
              aria-label="Remove chosen image"
              onClick={handleClear}
              disabled={disabled}
              className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full border border-line bg-raised text-ink-muted hover:text-ink"
            >
              <X aria-hidden className="size-4" />
            </button>
          )}
        </div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${problemId} ${hintId}` : hintId}
          onChange={handleChange}
          className={cn(
            'w-0 min-w-0 flex-1 text-sm text-ink-muted',
            'file:mr-3 file:h-11 file:cursor-pointer file:rounded-control file:border-0 file:bg-overlay file:px-4 file:text-sm file:font-semibold file:text-ink hover:file:bg-line',
          )}
        />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-coral-300">
          {problem}
        </p>
      )}
      <p id={hintId} className="text-xs text-ink-subtle">
        {hint}
      </p>
    </div>
  );
}
