// Active / inactive as text and colour (DESIGN: status never by colour alone), alone or beside a details card's
// heading.
import { Badge, Group, Title } from '@mantine/core';
import { colorEstado } from '../../../app/theme.ts';

export function EstadoBadge({ activo, femenino = false }: { activo: boolean; femenino?: boolean }) {
  const texto = activo ? (femenino ? 'Activa' : 'Activo') : femenino ? 'Inactiva' : 'Inactivo';
  return (
    // min-width: in narrow table cells a Badge would otherwise ellipsize its only word.
    <Badge color={activo ? colorEstado.success : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
      {texto}
    </Badge>
  );
}

/** A details card's heading: the category's or procedure's name, and whether it is active. */
export function NombreConEstado({ nombre, ...estado }: { nombre: string; activo: boolean; femenino?: boolean }) {
  return (
    <Group gap="sm">
      <Title order={2} fz="h3">
        {nombre}
      </Title>
      <EstadoBadge {...estado} />
    </Group>
  );
}
