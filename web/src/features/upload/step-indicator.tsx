import { Check } from 'lucide-react';
import { cn } from '../../ui/cn';
import { WIZARD_STEPS } from './wizard-state';

/** Where the listener is in the five steps. A phone shows the numbers; wider screens add the names. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <ol aria-label="Upload steps" className="grid grid-cols-5 gap-1 sm:gap-2">
      {WIZARD_STEPS.map((name, index) => {
        const number = index + 1;
        const isDone = number < step;
        const isCurrent = number === step;
        return (
          <li
            key={name}
            aria-current={isCurrent ? 'step' : undefined}
            className="relative flex min-w-0 flex-col items-center gap-1.5 text-center"
          >
            <span aria-hidden className="flex w-full items-center">
              <span className={cn('h-0.5 flex-1', number === 1 ? 'invisible' : number <= step ? 'bg-gold-400' : 'bg-line')} />
              <span
                className={cn(
                  'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
                  isCurrent && 'bg-gold-400 text-on-gold',
                  isDone && 'bg-gold-400/20 text-gold-300',
                  !isCurrent && !isDone && 'bg-overlay text-ink-subtle',
                )}
              >
                {isDone ? <Check aria-hidden className="size-4" /> : number}
              </span>
              <span className={cn('h-0.5 flex-1', number === WIZARD_STEPS.length ? 'invisible' : number < step ? 'bg-gold-400' : 'bg-line')} />
            </span>
            <span className="sr-only">{`Step ${number}: ${name}${isDone ? ' (done)' : ''}`}</span>
            <span
              aria-hidden
              className={cn(
                'max-w-full text-xs leading-tight max-md:hidden',
                isCurrent ? 'font-semibold text-ink' : 'text-ink-subtle',
              )}
            >
              {name}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
