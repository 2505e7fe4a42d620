// Ley 1581 de 2012: the two acceptances of the terms and the data policy, worded once for every screen that asks
// for them (registration, the patient's first sign-in, the front desk's record of it), with links to the
// public terms page that open in a new tab so the form keeps what was typed.
import { Anchor, Checkbox, Stack, Text, VisuallyHidden, type CheckboxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { VERSION_TERMINOS } from '@clinica/contracts/usuarios';
import { paths } from '../paths.ts';

/** Anchors of the terms page (features/auth/terminos-screen.tsx). */
export type SeccionTerminos = 'terminos' | 'politica-datos';

export function EnlaceTerminos({ hash, children }: { hash?: SeccionTerminos; children: ReactNode }) {
  return (
    // fz inherit: inside a checkbox's smaller label the link keeps the label's size.
    <Anchor
      component={Link}
      to={hash ? `${paths.terminos}#${hash}` : paths.terminos}
      target="_blank"
      rel="noopener"
      fz="inherit"
    >
      {children}
      <VisuallyHidden> (se abre en una pestaña nueva)</VisuallyHidden>
    </Anchor>
  );
}

/** What `form.getInputProps(field, { type: 'checkbox' })` gives a Checkbox. */
type CasillaProps = Omit<CheckboxProps, 'label'>;

/** «Acepto los términos…» and «Autorizo el tratamiento de mis datos…», as the patient says them. */
export function CasillasAutorizacionDatos({
  terminos,
  politica,
}: {
  terminos: CasillaProps & { name?: string };
  politica: CasillaProps & { name?: string };
}) {
  return (
    <Stack gap="sm">
      <Checkbox
        name="terminos_condiciones"
        {...terminos}
        label={
          <>
            Acepto los <EnlaceTerminos hash="terminos">términos y condiciones</EnlaceTerminos> de uso.
          </>
        }
      />
      <Checkbox
        name="politica_datos"
        {...politica}
        label={
          <>
            Autorizo el tratamiento de mis datos personales, incluidos mis datos de salud, según la{' '}
            <EnlaceTerminos hash="politica-datos">política de tratamiento de datos</EnlaceTerminos> (Ley 1581 de 2012).
          </>
        }
      />
      <Text size="xs" c="dimmed">
        Versión de los términos y la política: {VERSION_TERMINOS}.
      </Text>
    </Stack>
  );
}
