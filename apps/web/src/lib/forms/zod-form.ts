// Options for @mantine/form's useForm shared by every form: validated by the same zod schemas the API uses
// (packages/contracts), so the messages a person reads inline are the ones the server would answer.
//
// When a message shows (issue 7): after a submit attempt, or once the person changed a field and left it; never
// for fields they only tabbed through. A field already showing a message is checked again on every change, so
// the message goes away as soon as the value is right (a server message too: it was about the old value).
//
// Select-like inputs (Mantine Select) take `form.getInputProps(field, { select: true })`: the form keeps '' for
// "nothing chosen" (what the contracts' helpers expect) and the Select gets null, which is how it spells it.
//
// Screens call `form.onSubmit(send, onInvalid)` inside the <form>'s onSubmit arrow rather than during render:
// their handlers read refs (focus after a failure), which react-hooks/refs forbids passing to a call in render.
import { schemaResolver, type FormErrors, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { z } from 'zod';
import { serverFieldErrors, type FieldErrors } from './field-errors.ts';

// Messages for zod's generic checks in Spanish, as the server configures them (app.ts).
z.config(z.locales.es());

type Field<V> = keyof V & string;

type Options<V, S extends z.ZodType> = {
  schema: S;
  /** Turns the form's values (strings, booleans) into the schema's input (e.g. '' -> null). */
  toInput?: (values: V) => unknown;
  /**
   * Checks the schema cannot give field by field while other fields are still wrong (zod skips object-level
   * refinements until every field parses), e.g. the document number per type or a password confirmation.
   * Their messages win over the schema's for the same field (they are the more specific ones).
   */
  extraErrors?: (values: V) => FieldErrors;
  /** Fields whose check reads another one: when the key changes, they are checked again if already changed. */
  dependents?: Partial<Record<Field<V>, Field<V>[]>>;
};

type ZodFormOptions<V, S extends z.ZodType> = Required<
  Pick<UseFormInput<V, z.output<S>>, 'clearInputErrorOnChange' | 'touchTrigger' | 'enhanceGetInputProps'>
> & {
  validate: (values: V) => FormErrors;
  /** Runs only after `validate` found nothing, so the parse cannot throw; submit handlers get the schema's output. */
  transformValues: (values: V) => z.output<S>;
};

export function zodFormOptions<V extends Record<string, unknown>, S extends z.ZodType>({
  schema,
  toInput = (values) => values,
  extraErrors,
  dependents = {},
}: Options<V, S>): ZodFormOptions<V, S> {
  const resolver = schemaResolver(schema, { sync: true });
  return {
    validate: (values) => {
      const errors = resolver(toInput(values));
      for (const [field, message] of Object.entries(extraErrors?.(values) ?? {})) if (message) errors[field] = message;
      return errors;
    },
    transformValues: (values) => schema.parse(toInput(values)),
    // Changing a field re-checks it below instead of blanking its message while it is still wrong.
    clearInputErrorOnChange: false,
    // "Touched" means changed (focus alone marks nothing: see onFocus below).
    touchTrigger: 'change',
    enhanceGetInputProps: ({ inputProps, field, options, form }) => {
      const name = field as Field<V>;
      const setValue = inputProps.onChange as (value: unknown) => void;
      return {
        // Mantine marks a field touched on focus; without this, tabbing through empty fields would flag them.
        onFocus: undefined,
        onBlur: () => {
          if (form.isTouched(name)) form.validateField(name);
        },
        onChange: (value: unknown) => {
          const hadMessage = Boolean(form.errors[name]);
          setValue(options.select ? (value ?? '') : value);
          if (hadMessage) form.validateField(name);
          for (const other of dependents[name] ?? []) {
            if (form.isTouched(other) || form.errors[other]) form.validateField(other);
          }
        },
        ...(options.select ? { value: inputProps.value || null } : {}),
      };
    },
  };
}

/** The two form actions showServerErrors needs (they do not depend on the form's values). */
export type FormWithErrors = Pick<UseFormReturnType<Record<string, unknown>>, 'setErrors' | 'setTouched'>;

/** Shows the field messages of a failed request on their fields and returns them (none unless the API answered). */
export function showServerErrors(form: FormWithErrors, error: unknown): FieldErrors {
  const campos = serverFieldErrors(error);
  const fields = Object.keys(campos).filter((field) => campos[field]);
  if (fields.length === 0) return campos;
  form.setErrors((prev) => ({ ...prev, ...campos }));
  // Until the person changes the field again, leaving it must not swap the server's message for the client's
  // verdict (the client cannot know an e-mail is taken).
  form.setTouched((prev) => ({ ...prev, ...Object.fromEntries(fields.map((field) => [field, false])) }));
  return campos;
}

/** Description under the input (before the error) so fields in a row stay aligned. */
export const DESCRIPCION_ABAJO = {
  inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
};

/** After a failed submit, moves focus to the first field marked invalid (once React has rendered the errors). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
