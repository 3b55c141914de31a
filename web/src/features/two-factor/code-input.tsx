import { TWO_FACTOR_CODE_LENGTH } from '@kora/contracts';
import { toCodeDigits } from './code-digits';

interface CodeInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}

/**
 * The 6-digit field of an authenticator app's code: a numeric keypad on phones, digits only.
 * The indent balances the letter spacing after the last digit, so the code sits centred.
 */
export function CodeInput({ id, label, value, onChange, autoFocus }: CodeInputProps) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(toCodeDigits(event.target.value))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={TWO_FACTOR_CODE_LENGTH}
        placeholder="000000"
        autoFocus={autoFocus}
        className="h-14 w-full rounded-control border border-line bg-canvas px-3.5 text-center indent-[0.5em] font-mono text-2xl tracking-[0.5em] text-ink placeholder:text-ink-subtle/50 transition-colors hover:border-line-strong focus-visible:border-gold-400 focus-visible:outline-1 focus-visible:outline-offset-0"
      />
    </div>
  );
}
