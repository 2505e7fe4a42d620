// The fields of the user forms, grouped as a receptionist reads a patient's card. Which ones show depends
// on the form: creating (everything, with role and an initial password), an administrator editing
// (no password), or one's own profile (no document, email or role: those change only at the clinic).
import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import type { z } from 'zod';
import { estadoCivilNombres, estadosCiviles, roles, rolNombres } from '@clinica/contracts/usuarios';
import {
  CampoFechaNacimiento,
  CampoGenero,
  CamposDocumento,
  CampoTelefono,
} from '../../../lib/forms/campos-persona.tsx';
import { GrupoCampos } from '../../../lib/forms/grupo-campos.tsx';
import { PasswordField } from '../../../lib/forms/password-field.tsx';
import { DESCRIPCION_ABAJO, type useZodForm } from '../../../lib/forms/use-zod-form.ts';
import type { UsuarioValores } from '../usuario-valores.ts';

export type UsuarioForm = ReturnType<typeof useZodForm<UsuarioValores, z.ZodType>>;
export type ModoFormulario = 'crear' | 'editar-admin' | 'perfil';

const opcionesEstadoCivil = estadosCiviles.map((e) => ({ value: e, label: estadoCivilNombres[e] }));
const opcionesRol = roles.map((r) => ({ value: r, label: rolNombres[r] }));

export function UsuarioCampos({
  form,
  modo,
  rolBloqueado,
}: {
  form: UsuarioForm;
  modo: ModoFormulario;
  rolBloqueado?: string;
}) {
  const requerido = modo === 'crear';
  return (
    <Stack gap="xl">
      <GrupoCampos titulo="Datos personales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nombre completo" autoComplete="off" required {...form.textProps('nombre')} />
          <CampoFechaNacimiento required={requerido} {...form.textProps('fecha_nacimiento')} />
          <CampoGenero required={requerido} clearable={!requerido} {...form.selectProps('genero')} />
          <Select
            label="Estado civil"
            data={opcionesEstadoCivil}
            placeholder="Sin definir"
            clearable
            {...form.selectProps('estado_civil')}
          />
          <TextInput label="Ocupación" placeholder="Ej.: docente, contadora" {...form.textProps('ocupacion')} />
        </SimpleGrid>
      </GrupoCampos>

      {modo !== 'perfil' && (
        <GrupoCampos titulo="Documento de identidad">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CamposDocumento tipo={form.selectProps('tipodocumento')} numero={form.textProps('numerodocumento')} />
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
              required
              {...form.textProps('correo')}
            />
          )}
          <CampoTelefono required={requerido} {...form.textProps('telefono')} />
        </SimpleGrid>
        <Textarea
          label="Dirección"
          mt="md"
          autosize
          minRows={1}
          maxRows={3}
          placeholder="Calle, número, barrio y ciudad"
          {...form.textProps('direccion')}
        />
      </GrupoCampos>

      {modo !== 'perfil' && (
        <GrupoCampos titulo="Cuenta">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Rol"
              data={opcionesRol}
              required
              allowDeselect={false}
              disabled={!!rolBloqueado}
              description={rolBloqueado}
              {...DESCRIPCION_ABAJO}
              {...form.selectProps('rol')}
            />
            {modo === 'crear' && (
              <PasswordField
                label="Contraseña inicial"
                autoComplete="new-password"
                required
                description="Mínimo 8 caracteres. Compártela de forma privada; la persona puede cambiarla desde su perfil."
                {...DESCRIPCION_ABAJO}
                {...form.textProps('contrasena')}
              />
            )}
          </SimpleGrid>
        </GrupoCampos>
      )}
    </Stack>
  );
}
