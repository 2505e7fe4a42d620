// A list filter whose first option, «Todos los …», is the empty value: choosing it removes the filter.
import { Select } from '@mantine/core';

type Props = {
  label: string;
  todos: string;
  opciones: { value: string; label: string }[];
  value: string | undefined;
  onChange: (valor: string | null) => void;
};

export function SelectFiltro({ label, todos, opciones, value, onChange }: Props) {
  return (
    <Select
      label={label}
      data={[{ value: '', label: todos }, ...opciones]}
      value={value ?? ''}
      onChange={onChange}
      allowDeselect={false}
    />
  );
}
