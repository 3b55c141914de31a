import { useEffect, useRef } from 'react';
import { cn } from './cn';

/**
 * A chosen image file, shown from an object URL that lives as long as this preview: the URL is
 * made and revoked by the same effect, so a remount (React's strict mode) never shows a revoked one.
 */
export function ImagePreview({ file, size, className }: { file: File; size: number; className: string }) {
  const imageRef = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (imageRef.current) imageRef.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <img
      ref={imageRef}
      alt="Preview of the chosen image"
      width={size}
      height={size}
      className={cn('rounded-control bg-raised object-cover', className)}
    />
  );
}
