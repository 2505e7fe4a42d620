// The lists' search box: "Buscar", a magnifier, and a button that clears what was typed.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';

export function CampoBusqueda({
  value,
  onChange,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (valor: string) => void }) {
  return (
    <TextInput
      label="Buscar"
      {...props}
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
    />
  );
}
