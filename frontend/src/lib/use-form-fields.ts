import { useState, type ChangeEvent } from 'react';

type FieldErrors<F> = Partial<Record<keyof F, string>>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A form's controlled text fields and their messages: `field(name)` gives a TextField or
 * PasswordField its id (`<idPrefix>-<kebab-name>`), name, value, onChange, error and helperText;
 * a field's message goes as soon as the field changes. `showErrors(found)` shows a submit's
 * messages and moves focus to the first field (in the order of `initial`) that has one; it
 * answers whether there was any. `reset()` empties the form again.
 */
export function useFormFields<F extends Record<string, string>>(idPrefix: string, initial: F) {
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const idOf = (name: keyof F & string) => `${idPrefix}-${kebab(name)}`;

  const field = (name: keyof F & string) => ({
    id: idOf(name),
    name,
    value: values[name],
    error: Boolean(errors[name]),
    helperText: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
    },
  });

  const showErrors = (found: FieldErrors<F>) => {
    setErrors(found);
    const first = (Object.keys(initial) as (keyof F & string)[]).find((name) => found[name]);
    if (first) document.getElementById(idOf(first))?.focus();
    return Boolean(first);
  };

  /** Back to the initial values, without messages (after a successful submit). */
  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, field, showErrors, reset };
}
