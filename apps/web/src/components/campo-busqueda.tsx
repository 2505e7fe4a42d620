// The «Buscar» field above a list: a magnifier, what it searches in as placeholder, and a button that empties it.
//   <CampoBusqueda placeholder="Nombre, documento o correo" value={busqueda} onChange={setBusqueda} />
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

type Props = Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (valor: string) => void };

export function CampoBusqueda({ value, onChange, ...props }: Props) {
  return (
    <TextInput
      label="Buscar"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={
        value ? (
          <ActionIcon variant="subtle" color="gray" onClick={() => onChange('')} aria-label="Borrar búsqueda">
            <IconX size={14} aria-hidden="true" />
          </ActionIcon>
        ) : null
      }
      {...props}
    />
  );
}
