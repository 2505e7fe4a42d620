// Fields a person's record has wherever it is filled in (sign-up, an administrator's user forms, one's profile):
// same labels, options and limits everywhere. Each takes the input props the form hook gives it.
import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState, type FocusEvent, type Ref } from 'react';
import { generoNombres, generos, tipoDocumentoNombres, tiposDocumento } from '@clinica/contracts/usuarios';
import { ProveedorFechas } from '../../components/proveedor-fechas.tsx';
import { hoy } from '../tiempo.ts';
import { DESCRIPCION_ABAJO } from './zod-form.ts';

const opcionesTipoDocumento = tiposDocumento.map((t) => ({ value: t, label: `${tipoDocumentoNombres[t]} (${t})` }));
const opcionesGenero = generos.map((g) => ({ value: g, label: generoNombres[g] }));
// The types whose rule in the contracts (reglasDocumento) accepts letters: the hint must say what the rule says.
const ALFANUMERICOS: readonly string[] = ['PA', 'PPT', 'PEP', 'DE'];

/** 'dd/mm/aaaa' (what a person types here) or 'aaaa-mm-dd' -> 'aaaa-mm-dd' of a real calendar day, else null. */
export function leerFecha(texto: string): string | null {
  const t = texto.trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t) ?? null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [a, mes, d] = m ? [m[3], m[2], m[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!a || !mes || !d) return null;
  const fecha = `${a}-${mes.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const dia = new Date(`${fecha}T12:00:00Z`);
  return !Number.isNaN(dia.getTime()) && dia.toISOString().slice(0, 10) === fecha ? fecha : null;
}

/**
 * The birth date's message goes above the field, and its calendar (open on focus) always below it (issue 27.11):
 * below the field it covered the message it was opened to fix, and flipped above it near the screen's end, it
 * covered it again. Without room below, the page scrolls to it.
 */
const MENSAJE_SOBRE_EL_CAMPO = {
  inputWrapperOrder: ['label', 'description', 'error', 'input'] as ('label' | 'input' | 'description' | 'error')[],
  popoverProps: { position: 'bottom-start', middlewares: { flip: false, shift: true } } as const,
};

/** What a birth date field says of a text that is no date: the format the person types, not the API's. */
export const MENSAJE_FORMATO_FECHA = 'Escribe la fecha como dd/mm/aaaa, por ejemplo 25/03/1990';

const ES_FECHA = /^\d{4}-\d{2}-\d{2}$/;

type CampoFechaProps = Omit<DateInputProps, 'value' | 'onChange'> & {
  /** 'aaaa-mm-dd', '' when empty, or the text the person left that is no date (what the forms hold). */
  value?: string;
  onChange?: (value: string) => void;
};

/**
 * The birth date as es-CO writes it, dd/mm/aaaa, whatever the browser's language (issue 11.7: never the browser's
 * own date format). Up to today in the clinic (not in UTC, which after 19:00 in Bogotá is already tomorrow).
 *
 * Issue 27.11: a text that is no date (31/02/1990, 12/04/90) used to vanish on leaving the field, and the form then
 * said "Usa el formato AAAA-MM-DD" (the API's words) about an empty field. Now the text stays as typed and reaches
 * the form, whose check fails, and the message says what to type here (MENSAJE_FORMATO_FECHA); a date out of range
 * reaches it as a date, for the schema's own message.
 */
export function CampoFechaNacimiento({ value = '', onChange, onBlur, error, ...props }: CampoFechaProps) {
  const esFecha = ES_FECHA.test(value);
  // The calendar's date: the form's, or while the form holds a text that is no date, the last date it held (a
  // change to none would make the calendar blank the text the person is correcting).
  const [fecha, setFecha] = useState<string | null>(value || null);
  if ((esFecha || !value) && (value || null) !== fecha) setFecha(value || null);

  const alSalir = (e: FocusEvent<HTMLInputElement>) => {
    const texto = e.currentTarget.value.trim();
    const leido = texto ? (leerFecha(texto) ?? texto) : '';
    if (leido !== value) onChange?.(leido);
    onBlur?.(e);
  };

  return (
    <ProveedorFechas>
      <DateInput
        label="Fecha de nacimiento"
        placeholder="dd/mm/aaaa"
        valueFormat="DD/MM/YYYY"
        dateParser={leerFecha}
        minDate="1900-01-01"
        maxDate={hoy()}
        defaultLevel="decade"
        inputMode="numeric"
        value={fecha}
        onChange={(v) => onChange?.(v ?? '')}
        // The text stays as typed on leaving: alSalir hands it to the form.
        fixOnBlur={false}
        onBlur={alSalir}
        error={error && value && !esFecha ? MENSAJE_FORMATO_FECHA : error}
        {...MENSAJE_SOBRE_EL_CAMPO}
        {...props}
      />
    </ProveedorFechas>
  );
}

/** The placeholder shows the format the clinic dials (a Colombian mobile); phones get the digit keypad (11.7). */
export function CampoTelefono(props: TextInputProps) {
  return <TextInput label="Teléfono" type="tel" inputMode="numeric" placeholder="300 123 4567" {...props} />;
}

/** An address the person signs in with or receives mail at (sign in, sign up, recovery, e-mail change). */
export function CampoCorreo(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <TextInput
      label="Correo electrónico"
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="tu@correo.com"
      {...props}
    />
  );
}

export function CampoGenero(props: SelectProps) {
  return <Select label="Género" data={opcionesGenero} placeholder="Elige una opción" {...props} />;
}

/** Document type and number, side by side; the number's hint and keyboard follow the type (digits only for the
 *  numeric types, issue 11.7). */
export function CamposDocumento({ tipo, numero }: { tipo: SelectProps; numero: TextInputProps }) {
  return (
    <>
      <Select label="Tipo de documento" data={opcionesTipoDocumento} required allowDeselect={false} {...tipo} />
      <TextInput
        label="Número de documento"
        required
        autoComplete="off"
        inputMode={ALFANUMERICOS.includes(tipo.value ?? '') ? 'text' : 'numeric'}
        description={
          ALFANUMERICOS.includes(tipo.value ?? '') ? 'Letras y números, sin espacios' : 'Solo números, sin puntos'
        }
        {...DESCRIPCION_ABAJO}
        {...numero}
      />
    </>
  );
}
