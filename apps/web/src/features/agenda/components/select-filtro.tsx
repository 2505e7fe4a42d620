// A filter of the appointment lists kept in the address (?doctor=, ?estado=, ?tipo=): its first option,
// «Todos los …», is the empty value, which removes the filter.
import { Select } from '@mantine/core';

const CAMPOS = {
  doctor: { label: 'Doctor', todos: 'Todos los doctores' },
  estado: { label: 'Estado', todos: 'Todos los estados' },
  tipo: { label: 'Tipo', todos: 'Todos los tipos' },
};

type Props = {
  campo: keyof typeof CAMPOS;
  valor: string | number | undefined;
  opciones: { value: string; label: string }[];
  actualizar: (cambios: Record<string, string | null>) => void;
};

export function SelectFiltro({ campo, valor, opciones, actualizar }: Props) {
  const { label, todos } = CAMPOS[campo];
  return (
    <Select
      label={label}
      data={[{ value: '', label: todos }, ...opciones]}
      value={valor?.toString() ?? ''}
      onChange={(v) => actualizar({ [campo]: v })}
      allowDeselect={false}
    />
  );
}
