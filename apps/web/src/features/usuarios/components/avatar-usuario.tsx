// A person at the top of her record (the details screen, one's profile): her initials, her name as the card's
// heading and her role under it.
import { Avatar, Group, Text, Title } from '@mantine/core';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { iniciales, nombreRol } from '../usuario-textos.ts';

export function AvatarUsuario({ u, tamano }: { u: Pick<UsuarioWire, 'nombre' | 'rol'>; tamano: 'h3' | 'h4' }) {
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar size="lg" radius="xl" color="rosa" aria-hidden="true">
        {iniciales(u.nombre)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Title order={2} fz={tamano}>
          {u.nombre}
        </Title>
        <Text c="dimmed" size="sm">
          {nombreRol(u.rol)}
        </Text>
      </div>
    </Group>
  );
}
