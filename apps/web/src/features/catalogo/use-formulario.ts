// Form state of the catalogue forms. Unlike the account forms (lib/forms/use-zod-form.ts) they judge only on
// submit: the shared schema first, then the server, whose field messages land on the matching field. A
// message goes away as soon as its field changes.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { zodFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { avisarErrorDeFormulario } from './form-errors.ts';

type Options<V, S extends z.ZodType> = {
  initialValues: V;
  schema: S;
  /** The form's values as the schema's input (e.g. '' -> null). */
  toInput: (values: V) => unknown;
  /** Sends the parsed values; a thrown ApiClientError with issues marks the fields. */
  send: (data: z.output<S>) => Promise<unknown>;
  /** Title of the toast when sending fails. */
  tituloError: string;
};

export function useFormulario<V extends Record<string, unknown>, S extends z.ZodType>({
  initialValues,
  schema,
  toInput,
  send,
  tituloError,
}: Options<V, S>) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [enviando, setEnviando] = useState(false);

  const set = <K extends keyof V & string>(k: K, v: V[K]) => {
    setValues((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => (prev[k] ? { ...prev, [k]: undefined } : prev));
  };

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = schema.safeParse(toInput(values));
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setEnviando(true);
    try {
      await send(parsed.data);
    } catch (error) {
      setErrors(avisarErrorDeFormulario(error, tituloError));
    } finally {
      setEnviando(false);
    }
  };

  // Props for the inputs, as in lib/forms/use-zod-form.ts.
  const textProps = <K extends keyof V & string>(k: K) => ({
    value: values[k] as string,
    error: errors[k],
    onChange: (e: { currentTarget: { value: string } }) => set(k, e.currentTarget.value as V[K]),
  });
  const checkProps = <K extends keyof V & string>(k: K) => ({
    checked: values[k] as boolean,
    error: errors[k],
    onChange: (e: { currentTarget: { checked: boolean } }) => set(k, e.currentTarget.checked as V[K]),
  });
  /** For inputs whose onChange gives the value itself (NumberInput, Select). */
  const valueProps = <K extends keyof V & string>(k: K) => ({
    value: values[k],
    error: errors[k],
    onChange: (v: V[K]) => set(k, v),
  });

  return { enviando, textProps, checkProps, valueProps, submit: (e: FormEvent) => void enviar(e) };
}
