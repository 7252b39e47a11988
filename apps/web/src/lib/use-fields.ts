// A small form state for the storefront's forms: text fields by name, each input bound with its value,
// change handler and error, and a check by a shared zod schema that shows each invalid field's first
// message (the server checks again).
import { useState } from 'react';
import type { z } from 'zod';

export type FormFields = Record<string, string>;
type Errors = Record<string, string>;

/** The first message of each invalid field, keyed by its dotted path ('adresse.codePostal'). */
function fieldErrors(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

export function useFields(initial: FormFields = {}) {
  const [fields, setFields] = useState<FormFields>(initial);
  const [errors, setErrors] = useState<Errors>({});
  /** The props of a text input bound to `name` (its error under `errorKey`, the field's path). */
  const bind = (name: string, errorKey = name) => ({
    name,
    value: fields[name] ?? '',
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
    error: errors[errorKey],
  });
  /** The value checked by `schema`, or null after showing the invalid fields' messages. */
  function check<S extends z.ZodType>(schema: S, value: unknown): z.output<S> | null {
    const parsed = schema.safeParse(value);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    return parsed.success ? parsed.data : null;
  }
  return { fields, setFields, bind, check };
}

export type BindField = ReturnType<typeof useFields>['bind'];
