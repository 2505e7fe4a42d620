// Creating a patient at the desk (issue 21.4, Ley 1581 de 2012): she reads the terms and the data policy on the
// clinic's screen and the desk records that she accepted them; left unchecked, she accepts at her first sign-in.
import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { EnlaceTerminos } from '../../../lib/forms/autorizacion-datos.tsx';
import { GrupoCampos } from '../../../lib/forms/grupo-campos.tsx';
import { VERSION_TERMINOS } from '@clinica/contracts/usuarios';
import type { UsuarioForm } from './usuario-campos.tsx';

export const TITULO_AUTORIZACION = 'Autorización de datos (Ley 1581 de 2012)';
export const CASILLA_AUTORIZACION_RECEPCION =
  'La paciente leyó y aceptó en esta pantalla los términos y la política de tratamiento de datos';
/** What follows from creating a patient without it. */
export const SIN_AUTORIZACION_AL_CREAR =
  'Si no la acepta ahora, se le pedirá al iniciar sesión por primera vez. Hasta entonces no se puede abrir su historia clínica ni agendarle procedimientos.';

/** Said after creating a patient without it. */
export const AUTORIZACION_PENDIENTE_TRAS_CREAR =
  'Como no aceptó la política de datos en recepción, se le pedirá aceptarla al iniciar sesión por primera vez. Hasta entonces no se puede abrir su historia clínica ni agendarle procedimientos.';

export function AutorizacionDatosRecepcion({ form }: { form: UsuarioForm }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="var(--clinica-superficie-suave)">
      <GrupoCampos titulo={TITULO_AUTORIZACION}>
        <Stack gap="sm">
          <Text size="sm">
            Muéstrale a la paciente los términos y la política de tratamiento de datos en esta pantalla y deja que los
            lea antes de marcar la casilla.
          </Text>
          <Text size="sm" fw={500}>
            <EnlaceTerminos>
              Abrir los términos y la política de tratamiento de datos{' '}
              <IconExternalLink size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />
            </EnlaceTerminos>
          </Text>
          <Checkbox
            name="autorizacion_datos"
            label={CASILLA_AUTORIZACION_RECEPCION}
            description={`Versión ${VERSION_TERMINOS}. ${SIN_AUTORIZACION_AL_CREAR}`}
            {...form.getInputProps('autorizacion_datos', { type: 'checkbox' })}
          />
        </Stack>
      </GrupoCampos>
    </Paper>
  );
}
