// A new password and its confirmation, as sign-up, the password reset and one's profile ask for them: both
// required, both `new-password` (the browser offers a strong one and saves it), the rule under the first one.
import { SimpleGrid, type PasswordInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { PasswordField } from '../lib/forms/password-field.tsx';
import { DESCRIPCION_ABAJO } from '../lib/forms/zod-form.ts';

type Props = {
  /** `form.getInputProps(…)` of each field. */
  contrasena: PasswordInputProps;
  confirmacion: PasswordInputProps;
  etiquetas: { contrasena: string; confirmacion: string };
  /** Under the password: its length rule, and a tip. */
  descripcion?: string;
  /** In a narrow account card: one under the other, a lock before each. Else side by side from `sm` up. */
  apiladas?: boolean;
};

export function CamposContrasenaNueva({ contrasena, confirmacion, etiquetas, descripcion, apiladas }: Props) {
  const candado = apiladas ? <IconLock size={16} aria-hidden="true" /> : undefined;
  return (
    <SimpleGrid cols={apiladas ? 1 : { base: 1, sm: 2 }} spacing="md">
      <PasswordField
        label={etiquetas.contrasena}
        autoComplete="new-password"
        required
        leftSection={candado}
        description={descripcion}
        {...(descripcion ? DESCRIPCION_ABAJO : {})}
        {...contrasena}
      />
      <PasswordField
        label={etiquetas.confirmacion}
        autoComplete="new-password"
        required
        leftSection={candado}
        {...confirmacion}
      />
    </SimpleGrid>
  );
}

/** The confirmation's message: `falta` while it is empty, then whether it matches the password. */
export function errorConfirmacion(
  contrasena: string,
  confirmacion: string,
  falta = 'Escribe de nuevo la contraseña',
): string | undefined {
  if (!confirmacion) return falta;
  return confirmacion === contrasena ? undefined : 'Las contraseñas no coinciden';
}
