// A small form-state hook validated by the same zod schemas the API uses (packages/contracts), so the
// messages a person reads inline are the ones the server would answer. Errors show for fields the
// person has left (blur) and for every field after a submit attempt.
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { ApiClientError } from '../api-client.ts';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './field-errors.ts';

// Messages for zod's generic checks in Spanish, as the server configures them (app.ts).
z.config(z.locales.es());

type Options<V, S extends z.ZodType> = {
  initialValues: V;
  schema: S;
  /** Turns the form's values (strings, booleans) into the schema's input (e.g. '' -> null). Keep it stable (module scope). */
  toInput?: (values: V) => unknown;
  /**
   * Checks the schema cannot give field by field while other fields are still wrong (zod skips object-level
   * refinements until every field parses), e.g. the document number per type or a password confirmation.
   * Their messages win over the schema's for the same field (they are the more specific ones).
   * Keep it stable (module scope).
   */
  extraErrors?: (values: V) => FieldErrors;
};

export function useZodForm<V extends Record<string, unknown>, S extends z.ZodType>({
  initialValues,
  schema,
  toInput,
  extraErrors,
}: Options<V, S>) {
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});

  const clientErrors = useMemo<FieldErrors>(() => {
    const result = schema.safeParse(toInput ? toInput(values) : values);
    const out = result.success ? {} : zodFieldErrors(result.error);
    for (const [k, msg] of Object.entries(extraErrors?.(values) ?? {})) if (msg) out[k] = msg;
    return out;
  }, [schema, toInput, extraErrors, values]);

  const errors = useMemo<FieldErrors>(() => {
    const out: FieldErrors = {};
    for (const [k, msg] of Object.entries(clientErrors)) if (submitted || touched[k]) out[k] = msg;
    for (const [k, msg] of Object.entries(serverErrors)) if (msg) out[k] = msg;
    return out;
  }, [clientErrors, serverErrors, submitted, touched]);

  const setFieldValue = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    // A server message belongs to the value it was about.
    setServerErrors((prev) => (prev[field as string] ? { ...prev, [field as string]: undefined } : prev));
  }, []);

  const touch = useCallback(
    (field: keyof V) => setTouched((prev) => (prev[field as string] ? prev : { ...prev, [field as string]: true })),
    [],
  );

  /** Marks every field as submitted; returns the parsed output, or null when something is wrong. */
  const validate = useCallback((): z.output<S> | null => {
    setSubmitted(true);
    const extra = Object.values(extraErrors?.(values) ?? {}).some(Boolean);
    const result = schema.safeParse(toInput ? toInput(values) : values);
    return result.success && !extra ? result.data : null;
  }, [schema, toInput, extraErrors, values]);

  /** Shows the field messages of a failed request on their fields and returns them (none unless the API answered). */
  const showServerErrors = useCallback((error: unknown): FieldErrors => {
    const campos = serverFieldErrors(error);
    if (error instanceof ApiClientError) setServerErrors(campos);
    return campos;
  }, []);

  const reset = useCallback((next?: V) => {
    setValues(next ?? initialValues);
    setTouched({});
    setSubmitted(false);
    setServerErrors({});
    // initialValues is the first render's object; callers pass `next` to reset to something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Props for a Mantine text-like input (TextInput, PasswordInput, Textarea). */
  const textProps = useCallback(
    (field: keyof V & string) => ({
      name: field,
      value: (values[field] as string | undefined) ?? '',
      onChange: (e: { currentTarget: { value: string } }) =>
        setFieldValue(field, e.currentTarget.value as V[typeof field]),
      onBlur: () => touch(field),
      error: errors[field],
    }),
    [values, errors, setFieldValue, touch],
  );

  /** Props for a Mantine Select / NativeSelect-like input with string values. */
  const selectProps = useCallback(
    (field: keyof V & string) => ({
      name: field,
      value: ((values[field] as string | undefined) ?? '') || null,
      onChange: (v: string | null) => {
        setFieldValue(field, (v ?? '') as V[typeof field]);
        touch(field);
      },
      onBlur: () => touch(field),
      error: errors[field],
    }),
    [values, errors, setFieldValue, touch],
  );

  return {
    values,
    errors,
    submitted,
    setFieldValue,
    showServerErrors,
    touch,
    validate,
    reset,
    textProps,
    selectProps,
    isValid: Object.keys(clientErrors).length === 0,
  };
}

/** Description under the input (before the error) so fields in a row stay aligned. */
export const DESCRIPCION_ABAJO = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
};

/** After a failed submit, moves focus to the first field marked invalid (once React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
