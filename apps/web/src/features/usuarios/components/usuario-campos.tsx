// The fields of the user forms, grouped as a receptionist reads a patient's card. Which ones show depends
// on the form: creating (everything, with role and an initial password), an administrator editing
// (no password), or one's own profile (no document, email or role: those change only at the clinic).
import { Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import {
  estadoCivilNombres,
  estadosCiviles,
  generoNombres,
  generos,
  roles,
  rolNombres,
  tipoDocumentoNombres,
  tiposDocumento,
} from '@clinica/contracts/usuarios';
import { PasswordField } from '../../../lib/forms/password-field.tsx';
import { DESCRIPCION_ABAJO, type useZodForm } from '../../../lib/forms/use-zod-form.ts';
import type { UsuarioValores } from '../usuario-valores.ts';

export type UsuarioForm = ReturnType<typeof useZodForm<UsuarioValores, z.ZodType>>;
export type ModoFormulario = 'crear' | 'editar-admin' | 'perfil';

const opcionesTipo = tiposDocumento.map((t) => ({ value: t, label: `${tipoDocumentoNombres[t]} (${t})` }));
const opcionesGenero = generos.map((g) => ({ value: g, label: generoNombres[g] }));
const opcionesEstadoCivil = estadosCiviles.map((e) => ({ value: e, label: estadoCivilNombres[e] }));
const opcionesRol = roles.map((r) => ({ value: r, label: rolNombres[r] }));

const hoy = () => new Date().toISOString().slice(0, 10);

function Grupo({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} mb="sm">
        {titulo}
      </Text>
      {children}
    </fieldset>
  );
}

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
  const alfanumerico = ['PA', 'PPT', 'PEP', 'DE'].includes(form.values.tipodocumento);
  return (
    <Stack gap="xl">
      <Grupo titulo="Datos personales">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Nombre completo" autoComplete="off" required {...form.textProps('nombre')} />
          <TextInput
            label="Fecha de nacimiento"
            type="date"
            min="1900-01-01"
            max={hoy()}
            required={requerido}
            {...form.textProps('fecha_nacimiento')}
          />
          <Select
            label="Género"
            data={opcionesGenero}
            placeholder="Elige una opción"
            required={requerido}
            clearable={!requerido}
            {...form.selectProps('genero')}
          />
          <Select
            label="Estado civil"
            data={opcionesEstadoCivil}
            placeholder="Sin definir"
            clearable
            {...form.selectProps('estado_civil')}
          />
          <TextInput label="Ocupación" placeholder="Ej.: docente, contadora" {...form.textProps('ocupacion')} />
        </SimpleGrid>
      </Grupo>

      {modo !== 'perfil' && (
        <Grupo titulo="Documento de identidad">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label="Tipo de documento"
              data={opcionesTipo}
              required
              allowDeselect={false}
              {...form.selectProps('tipodocumento')}
            />
            <TextInput
              label="Número de documento"
              required
              autoComplete="off"
              description={alfanumerico ? 'Letras y números, sin espacios' : 'Solo números, sin puntos'}
              {...DESCRIPCION_ABAJO}
              {...form.textProps('numerodocumento')}
            />
          </SimpleGrid>
        </Grupo>
      )}

      <Grupo titulo="Contacto">
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
          <TextInput
            label="Teléfono"
            type="tel"
            inputMode="tel"
            placeholder="300 123 4567"
            required={requerido}
            {...form.textProps('telefono')}
          />
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
      </Grupo>

      {modo !== 'perfil' && (
        <Grupo titulo="Cuenta">
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
        </Grupo>
      )}
    </Stack>
  );
}
