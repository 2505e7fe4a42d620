// The patient: searched on the server by name, document or e-mail as the person types (active patients only),
// with the way to register one who has no account.
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { useBuscarPacientes } from '../../../../lib/api/usuarios/get-usuarios.ts';
import { etiquetaPaciente, type FormularioCita } from './formulario-cita.ts';

export const ESPERA_BUSQUEDA_MS = 300;

export function CampoPaciente({ form, puedeCrearPaciente }: { form: FormularioCita; puedeCrearPaciente: boolean }) {
  const paciente = form.values.paciente;
  const [busqueda, setBusqueda] = useState('');
  // A patient chosen from outside the box (the ?paciente= link) or cleared after a booking: the box follows.
  const [mostrada, setMostrada] = useState(paciente);
  if (paciente !== mostrada) {
    setMostrada(paciente);
    setBusqueda(paciente ? etiquetaPaciente(paciente) : '');
  }
  const [debounced] = useDebouncedValue(busqueda, ESPERA_BUSQUEDA_MS);
  // While a patient is chosen the box shows their label: search only what the person types.
  const textoBusqueda = paciente && busqueda === etiquetaPaciente(paciente) ? '' : debounced;
  const pacientes = useBuscarPacientes(textoBusqueda);

  const lista = pacientes.data?.items ?? [];
  const opciones = [...(paciente && !lista.some((p) => p.id === paciente.id) ? [paciente] : []), ...lista].map((p) => ({
    value: String(p.id),
    label: etiquetaPaciente(p),
  }));

  return (
    <Stack gap={6}>
      <Select
        label="Paciente"
        placeholder="Escribe el nombre o el documento"
        searchable
        clearable
        required
        data={opciones}
        value={paciente ? String(paciente.id) : null}
        searchValue={busqueda}
        onSearchChange={setBusqueda}
        onChange={(v) => {
          const p = lista.find((x) => String(x.id) === v) ?? (paciente?.id === Number(v) ? paciente : null);
          form.setFieldValue('paciente', p ?? null);
          form.clearFieldError('paciente');
        }}
        // The server already searched name, document and e-mail.
        filter={({ options }) => options}
        nothingFoundMessage={
          pacientes.isFetching
            ? 'Buscando…'
            : textoBusqueda
              ? `No encontramos pacientes activos con «${textoBusqueda}».`
              : 'Escribe para buscar'
        }
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        error={form.errors.paciente}
        data-autofocus
      />
      {puedeCrearPaciente ? (
        <Anchor component={Link} to={paths.crearPacienteSinCuenta} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconUserPlus size={16} aria-hidden="true" />
            ¿No tiene cuenta? Crear paciente
          </Group>
        </Anchor>
      ) : (
        <Text size="xs" c="dimmed">
          ¿No tiene cuenta? Puede registrarse en el sitio de la clínica, o pide a un administrador que la cree.
        </Text>
      )}
    </Stack>
  );
}
