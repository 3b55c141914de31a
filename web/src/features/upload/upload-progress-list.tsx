import * as Progress from '@radix-ui/react-progress';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { formatFileSize } from './audio-file';
import type { UploadState } from './api';
import { splitUploadProgress, toPercent } from './upload-progress';

interface UploadProgressListProps {
  upload: UploadState;
  onCancel: () => void;
}

/**
 * One progress bar per file of the upload, filled from the bytes the browser has sent. Once every
 * byte is out, the server still checks the files before it answers; the status line says so.
 */
export function UploadProgressList({ upload, onCancel }: UploadProgressListProps) {
  const fractions = splitUploadProgress(
    upload.loaded,
    upload.total,
    upload.files.map((part) => part.file.size),
  );
  const isSent = upload.total > 0 && upload.loaded >= upload.total;
  const panelRef = useRef<HTMLDivElement>(null);

  // On a phone the form is taller than the screen: bring the bars into view when the upload starts.
  useEffect(() => {
    panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  return (
    <div ref={panelRef} className="grid gap-3 rounded-card border border-line bg-canvas p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-semibold">
          {isSent ? 'Checking your files…' : `Uploading ${upload.files.length === 1 ? '1 file' : `${upload.files.length} files`}…`}
        </p>
        <Button variant="outline" size="sm" onClick={onCancel} disabled={isSent}>
          Cancel upload
        </Button>
      </div>
      <ul className="grid gap-3">
        {upload.files.map((part, index) => {
          const percent = toPercent(fractions[index] ?? 0);
          return (
            <li key={`${part.label}-${index}`} className="grid gap-1.5">
              <div className="flex min-w-0 items-baseline justify-between gap-3 text-sm">
                <span className="min-w-0 truncate">
                  <span className="font-medium">{part.label}</span>
                  <span className="text-ink-subtle">
                    {' · '}
                    {part.file.name} ({formatFileSize(part.file.size)})
                  </span>
                </span>
                <span className="shrink-0 text-ink-muted tabular-nums" aria-hidden>
                  {percent}%
                </span>
              </div>
              <Progress.Root
                value={percent}
                max={100}
                aria-label={`${part.label}: ${part.file.name}`}
                getValueLabel={(value) => `${value}% uploaded`}
                className="h-2 overflow-hidden rounded-full bg-overlay"
              >
                <Progress.Indicator
                  className="h-full w-full origin-left bg-gold-400 transition-transform duration-200"
                  style={{ transform: `scaleX(${percent / 100})` }}
                />
              </Progress.Root>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
