// Active / inactive as text and colour (DESIGN: status never by colour alone).
import { Badge } from '@mantine/core';
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
