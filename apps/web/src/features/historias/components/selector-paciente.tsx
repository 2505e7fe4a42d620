// The doctor's "whose record" picker: active patients searched on the server by name, document or e-mail; the ones
// who already have a record are shown but cannot be chosen (one record per patient).
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useListaHistorias, usePacientes } from '../../../lib/api/historias/get-historias.ts';

type Opcion = { value: string; label: string; disabled?: boolean };

export function SelectorPaciente(props: Pick<SelectProps, 'value' | 'onChange' | 'error' | 'onBlur'>) {
  const [busqueda, setBusqueda] = useState('');
  const [debounced] = useDebouncedValue(busqueda, 300);
  const [elegida, setElegida] = useState<Opcion | null>(null);
  const termino = elegida && debounced === elegida.label ? '' : debounced;
  const pacientes = usePacientes(termino, true);
  const historias = useListaHistorias(true);
  const conHistoria = new Set((historias.data ?? []).map((h) => h.usuario.id));
  const opciones: Opcion[] = (pacientes.data?.items ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.nombre} · ${u.tipodocumento} ${u.numerodocumento}${conHistoria.has(u.id) ? ' (ya tiene historia)' : ''}`,
    disabled: conHistoria.has(u.id),
  }));
  if (elegida && !opciones.some((o) => o.value === elegida.value)) opciones.unshift(elegida);

  return (
    <Select
      label="Paciente"
      description="Busca por nombre, documento o correo. Las pacientes que ya tienen historia no se pueden elegir."
      placeholder="Escribe para buscar"
      required
      searchable
      clearable
      data={opciones}
      searchValue={busqueda}
      onSearchChange={setBusqueda}
      // The server already filtered by the search.
      filter={({ options }) => options}
      nothingFoundMessage={pacientes.isFetching ? 'Buscando…' : 'No encontramos pacientes con esa búsqueda'}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      {...props}
      onChange={(value, opcion) => {
        setElegida(opcion ? { value: opcion.value, label: opcion.label } : null);
        props.onChange?.(value, opcion);
      }}
    />
  );
}
