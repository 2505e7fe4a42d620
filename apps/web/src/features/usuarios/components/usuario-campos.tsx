// The fields of the user forms, grouped as a receptionist reads a patient's card. Which ones show, and which
// can be changed, depends on the form: an administrator creating (everything, with role and an initial password),
// the front desk registering a patient (the same without the role: always a patient), an administrator editing
// (no password), the front desk fixing a patient's contact data (only teléfono, dirección and correo editable, the
// rest shown read-only; issue 11.6), one's own profile (no document, email or role: those change only at the
// clinic), or the desk registering a walk-in patient without an online account (name, document and phone; the e-mail
// optional, no password; issue 27.8).
import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { estadoCivilNombres, estadosCiviles, roles, rolNombres } from '@clinica/contracts/usuarios';
import {
  CampoFechaNacimiento,
  CampoGenero,
  CamposDocumento,
  CampoTelefono,
} from '../../../lib/forms/campos-persona.tsx';
import { GrupoCampos } from '../../../lib/forms/grupo-campos.tsx';
import { PasswordField } from '../../../lib/forms/password-field.tsx';
import { DESCRIPCION_ABAJO } from '../../../lib/forms/zod-form.ts';
import type { UsuarioValores } from '../usuario-valores.ts';

/** Any of the user forms: what they send differs, the fields they show do not. */
export type UsuarioForm = UseFormReturnType<UsuarioValores, unknown>;
export type ModoFormulario = 'crear' | 'registrar-paciente' | 'sin-cuenta' | 'editar-admin' | 'contacto' | 'perfil';

const opcionesEstadoCivil = estadosCiviles.map((e) => ({ value: e, label: estadoCivilNombres[e] }));
const opcionesRol = roles.map((r) => ({ value: r, label: rolNombres[r] }));

export function UsuarioCampos({
  form,
  modo,
  rolBloqueado,
  pedirMotivoFecha = false,
}: {
  form: UsuarioForm;
  modo: ModoFormulario;
  rolBloqueado?: string;
  /** An administrator changed the birth date: ask why (Ley 1799 de 2016, issue 21.3; kept in the audit). */
  pedirMotivoFecha?: boolean;
}) {
  const creando = modo === 'crear' || modo === 'registrar-paciente';
  const requerido = creando;
  const sinCuenta = modo === 'sin-cuenta';
  // Contact-only editing: every other field is shown as it is, read-only and visibly so.
  const fijo = modo === 'contacto' ? ({ readOnly: true, variant: 'filled' } as const) : {};
  const fijoSelect = modo === 'contacto' ? ({ ...fijo, clearable: false, rightSection: <span /> } as const) : {};
  return (
    <Stack gap="xl">
      {modo === 'contacto' && (
        <Text size="sm" c="dimmed">
          Puedes cambiar el teléfono, la dirección y el correo. Para corregir los demás datos, pídeselo a un
          administrador.
        </Text>
      )}
      <GrupoCampos titulo="Datos personales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nombre completo" autoComplete="off" required {...form.getInputProps('nombre')} {...fijo} />
          <CampoFechaNacimiento required={requerido} {...form.getInputProps('fecha_nacimiento')} {...fijo} />
          <CampoGenero
            required={requerido}
            clearable={!requerido}
            {...form.getInputProps('genero', { select: true })}
            {...fijoSelect}
          />
          {!sinCuenta && (
            <>
              <Select
                label="Estado civil"
                data={opcionesEstadoCivil}
                placeholder="Sin definir"
                clearable
                {...form.getInputProps('estado_civil', { select: true })}
                {...fijoSelect}
              />
              <TextInput
                label="Ocupación"
                placeholder={modo === 'contacto' ? 'Sin definir' : 'Ej.: docente, contadora'}
                {...form.getInputProps('ocupacion')}
                {...fijo}
              />
            </>
          )}
        </SimpleGrid>
        {pedirMotivoFecha && (
          <Textarea
            label="Motivo del cambio de fecha de nacimiento"
            description="La fecha de nacimiento decide qué procedimientos puede recibir la persona (Ley 1799 de 2016). El motivo queda en la auditoría junto con el cambio."
            {...DESCRIPCION_ABAJO}
            placeholder="Ej.: la paciente mostró su cédula; la fecha registrada tenía un error de digitación"
            mt="md"
            required
            autosize
            minRows={2}
            maxRows={4}
            maxLength={300}
            {...form.getInputProps('motivo_fecha_nacimiento')}
          />
        )}
      </GrupoCampos>

      {modo !== 'perfil' && (
        <GrupoCampos titulo="Documento de identidad">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CamposDocumento
              tipo={{ ...form.getInputProps('tipodocumento', { select: true }), ...fijoSelect }}
              numero={{ ...form.getInputProps('numerodocumento'), ...fijo }}
            />
          </SimpleGrid>
        </GrupoCampos>
      )}

      <GrupoCampos titulo="Contacto">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {modo !== 'perfil' && (
            <TextInput
              label="Correo electrónico"
              type="email"
              autoComplete="off"
              required={!sinCuenta}
              {...(sinCuenta
                ? {
                    description:
                      'Opcional. Si lo tiene, le enviamos una invitación para que elija su contraseña y use su cuenta en línea.',
                    ...DESCRIPCION_ABAJO,
                  }
                : {})}
              {...form.getInputProps('correo')}
            />
          )}
          <CampoTelefono required={requerido || sinCuenta} {...form.getInputProps('telefono')} />
        </SimpleGrid>
        {!sinCuenta && (
          <Textarea
            label="Dirección"
            mt="md"
            autosize
            minRows={1}
            maxRows={3}
            placeholder="Calle, número, barrio y ciudad"
            {...form.getInputProps('direccion')}
          />
        )}
      </GrupoCampos>

      {(modo === 'crear' || modo === 'editar-admin' || modo === 'registrar-paciente') && (
        <GrupoCampos titulo="Cuenta">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {modo !== 'registrar-paciente' && (
              <Select
                label="Rol"
                data={opcionesRol}
                required
                allowDeselect={false}
                disabled={!!rolBloqueado}
                description={rolBloqueado}
                {...DESCRIPCION_ABAJO}
                {...form.getInputProps('rol', { select: true })}
              />
            )}
            {modo === 'editar-admin' && form.values.rol === 'doctor' && (
              <TextInput
                label="Registro profesional"
                description="Registro médico o tarjeta profesional (Resolución 1403 de 2007). Va en sus fórmulas médicas y órdenes de exámenes: sin él no puede firmar notas que las lleven."
                {...DESCRIPCION_ABAJO}
                placeholder="Ej.: RM 25-118734"
                autoComplete="off"
                maxLength={30}
                {...form.getInputProps('registro_profesional')}
              />
            )}
            {creando && (
              <PasswordField
                label="Contraseña inicial"
                autoComplete="new-password"
                required
                description="Mínimo 8 caracteres. Compártela de forma privada; la persona puede cambiarla desde su perfil."
                {...DESCRIPCION_ABAJO}
                {...form.getInputProps('contrasena')}
              />
            )}
          </SimpleGrid>
        </GrupoCampos>
      )}
    </Stack>
  );
}
