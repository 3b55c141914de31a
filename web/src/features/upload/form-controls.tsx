import { Check } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { cn } from '../../ui/cn';

const controlClasses =
  'w-full min-w-0 rounded-control border border-line bg-canvas px-3.5 text-base text-ink placeholder:text-ink-subtle transition-colors hover:border-line-strong focus-visible:border-gold-400 focus-visible:outline-1 focus-visible:outline-offset-0 disabled:opacity-50';
const labelClasses = 'text-sm font-medium text-ink-muted';
const errorBorder = 'border-coral-500';

/** The star after a required field's label; screen readers hear aria-required instead. */
export function RequiredMark() {
  return (
    <span aria-hidden className="text-gold-400">
      {' *'}
    </span>
  );
}

interface LabelledProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** What is missing, shown under the control (a refused Next names the field here). */
  error?: string;
}

/** A field's problem, under it in the warning colour; the control is described by it. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="text-sm text-coral-300">
      {message}
    </p>
  );
}

/** The attributes that tie a control to its problem and hint: the problem is read first. */
function describe(ids: { error?: string; errorId: string; hint?: ReactNode; hintId: string }) {
  const describedBy = [ids.error ? ids.errorId : null, ids.hint ? ids.hintId : null].filter(Boolean).join(' ');
  return { 'aria-describedby': describedBy || undefined, 'aria-invalid': ids.error ? true : undefined };
}

function FieldShell({
  id,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  children,
}: LabelledProps & { hintId: string; errorId: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {error && <FieldError id={errorId} message={error} />}
      {hint && (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      )}
    </div>
  );
}

type TextInputProps = LabelledProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

/** A labelled one-line input; `required` marks it (the wizard checks on submit, as the spec says). */
export function TextInput({ id, label, required, hint, error, className, ...inputProps }: TextInputProps) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <input
        id={id}
        aria-required={required || undefined}
        {...describe({ error, errorId, hint, hintId })}
        className={cn(controlClasses, 'h-12', error && errorBorder, className)}
        {...inputProps}
      />
    </FieldShell>
  );
}

type TextAreaProps = LabelledProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'>;

export function TextArea({ id, label, required, hint, error, rows = 4, ...textareaProps }: TextAreaProps) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <textarea
        id={id}
        rows={rows}
        aria-required={required || undefined}
        {...describe({ error, errorId, hint, hintId })}
        className={cn(controlClasses, 'min-h-24 resize-y py-3')}
        {...textareaProps}
      />
    </FieldShell>
  );
}

type SelectFieldProps = LabelledProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> & {
    options: readonly { value: string; label: string }[];
    /** The empty first choice ('Select a genre'); without it the first option is chosen. */
    placeholder?: string;
  };

/** A native select: the phone's own picker, and every browser's keyboard handling. */
export function SelectField({ id, label, required, hint, error, options, placeholder, ...selectProps }: SelectFieldProps) {
  const hintId = useId();
  const errorId = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <select
        id={id}
        aria-required={required || undefined}
        {...describe({ error, errorId, hint, hintId })}
        className={cn(controlClasses, 'h-12 cursor-pointer', error && errorBorder)}
        {...selectProps}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
}

/** A native checkbox with a large target: the whole row toggles it. */
export function CheckboxField({ id, label, checked, onCheckedChange, description }: CheckboxFieldProps) {
  const descriptionId = useId();
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 grid size-6 shrink-0 place-items-center">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-describedby={description ? descriptionId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="peer size-6 cursor-pointer appearance-none rounded-md border-2 border-line-strong bg-canvas transition-colors checked:border-gold-400 checked:bg-gold-400 disabled:opacity-50"
        />
        <Check aria-hidden className="pointer-events-none absolute size-4 text-on-gold opacity-0 peer-checked:opacity-100" />
      </span>
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-xs text-ink-subtle">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}

interface ChoiceOption<T extends string> {
  value: T;
  label: string;
  description?: string;
}

interface ChoiceGroupProps<T extends string> {
  name: string;
  legend: string;
  options: readonly ChoiceOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * Native radio buttons drawn as cards: arrow keys move between them, and each is named by its
 * label alone (the description is read as its description).
 */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  options,
  value,
  onChange,
}: ChoiceGroupProps<T>) {
  const baseId = useId();
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className={cn(labelClasses, 'mb-1.5')}>{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {options.map((option) => {
          const labelId = `${baseId}-${option.value}-label`;
          const descriptionId = `${baseId}-${option.value}-description`;
          return (
            <label
              key={option.value}
              className={cn(
                'relative grid min-h-12 min-w-0 cursor-pointer content-center gap-0.5 rounded-control border border-line bg-canvas px-2 py-2.5 text-center transition-colors hover:border-line-strong',
                'has-checked:border-gold-400 has-checked:bg-gold-400/10 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-gold-400',
                'has-disabled:pointer-events-none has-disabled:opacity-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-labelledby={labelId}
                aria-describedby={option.description ? descriptionId : undefined}
                // Over the whole card, unseen: a click or tap anywhere on it lands on the radio itself.
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-control opacity-0"
              />
              <span id={labelId} className="truncate text-sm font-semibold text-ink">
                {option.label}
              </span>
              {option.description && (
                <span id={descriptionId} className="text-xs text-ink-subtle">
                  {option.description}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
