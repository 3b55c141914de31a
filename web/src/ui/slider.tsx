import * as SliderPrimitive from '@radix-ui/react-slider';
import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * One-thumb Radix Slider: keyboard steps of 1, or 10 with Shift or Page keys, come from Radix.
 * The name and the spoken value belong on the thumb, the element with the slider role. The root
 * takes the presses: 44 px high on a phone, a thumb's target, around the thin track.
 */
export function Slider({
  className,
  'aria-label': ariaLabel,
  'aria-valuetext': ariaValueText,
  ...props
}: ComponentProps<typeof SliderPrimitive.Root>) {
  return (
    <SliderPrimitive.Root
      step={1}
      className={cn(
        'group relative flex h-11 touch-none items-center select-none data-disabled:opacity-40 md:h-6',
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track className="relative h-1 grow overflow-hidden rounded-full bg-line-strong">
        <SliderPrimitive.Range className="absolute h-full bg-ink group-hover:bg-gold-400" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={ariaLabel}
        aria-valuetext={ariaValueText}
        className="block size-3.5 rounded-full bg-ink shadow ring-gold-400 group-data-disabled:hidden hover:ring-4 focus-visible:ring-4"
      />
    </SliderPrimitive.Root>
  );
}
