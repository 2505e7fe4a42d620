// Fields a person's record has wherever it is filled in (sign-up, an administrator's user forms, one's profile):
// same labels, options and limits everywhere. Each takes the input props the form hook gives it.
import { Select, TextInput, type SelectProps, type TextInputProps } from '@mantine/core';
import { generoNombres, generos, tipoDocumentoNombres, tiposDocumento } from '@clinica/contracts/usuarios';
import { DESCRIPCION_ABAJO } from './use-zod-form.ts';

const opcionesTipoDocumento = tiposDocumento.map((t) => ({ value: t, label: `${tipoDocumentoNombres[t]} (${t})` }));
const opcionesGenero = generos.map((g) => ({ value: g, label: generoNombres[g] }));
// The types whose rule in the contracts (reglasDocumento) accepts letters: the hint must say what the rule says.
const ALFANUMERICOS: readonly string[] = ['PA', 'PPT', 'PEP', 'DE'];

const hoy = () => new Date().toISOString().slice(0, 10);

export function CampoFechaNacimiento(props: TextInputProps) {
  return <TextInput label="Fecha de nacimiento" type="date" min="1900-01-01" max={hoy()} {...props} />;
}

/** The placeholder shows the format the clinic dials (a Colombian mobile). */
export function CampoTelefono(props: TextInputProps) {
  return <TextInput label="Teléfono" type="tel" inputMode="tel" placeholder="300 123 4567" {...props} />;
}

export function CampoGenero(props: SelectProps) {
  return <Select label="Género" data={opcionesGenero} placeholder="Elige una opción" {...props} />;
}

/** Document type and number, side by side; the number's hint follows the type. */
export function CamposDocumento({ tipo, numero }: { tipo: SelectProps; numero: TextInputProps }) {
  return (
    <>
      <Select label="Tipo de documento" data={opcionesTipoDocumento} required allowDeselect={false} {...tipo} />
      <TextInput
        label="Número de documento"
        required
        autoComplete="off"
        description={
          ALFANUMERICOS.includes(tipo.value ?? '') ? 'Letras y números, sin espacios' : 'Solo números, sin puntos'
        }
        {...DESCRIPCION_ABAJO}
        {...numero}
      />
    </>
  );
}
