import { PREVIEW_BADGE_TEXT } from '@kora/contracts';
import { cn } from './cn';

const placementClasses = {
  /** Beside the artist line of a song row. */
  inline: 'shrink-0 bg-overlay px-1.5 py-px text-[10px]',
  /** Over the top-left corner of a card's cover, readable on any art. */
  cover: 'absolute top-2 left-2 bg-canvas/85 px-2 py-0.5 text-[11px]',
} as const;

/** Spec section 2: external songs are 30-second previews, and say so wherever they are listed. */
export function PreviewBadge({ placement }: { placement: keyof typeof placementClasses }) {
  return (
    <span className={cn('rounded-full font-semibold whitespace-nowrap text-gold-300', placementClasses[placement])}>
      {PREVIEW_BADGE_TEXT}
    </span>
  );
}
