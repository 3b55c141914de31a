import { PASSWORD_MIN_LENGTH } from '@kora/contracts';
import { Field } from './field';

interface NewPasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A field for choosing a password, with its length rule read out as the field's description. */
export function NewPasswordField({ id, label, value, onChange }: NewPasswordFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="grid gap-1.5">
      <Field
        id={id}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        aria-describedby={hintId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="text-xs text-ink-subtle">
        At least {PASSWORD_MIN_LENGTH} characters.
      </p>
    </div>
  );
}
