// Active/inactive badge: the word is always shown, colour is only a second cue (WCAG 1.4.1).
import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleOff } from '@tabler/icons-react';
import { colorEstado } from '../../../app/theme.ts';
import { textoEstado } from '../usuario-textos.ts';

export function EstadoBadge({ estado, size = 'md' }: { estado: boolean; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      size={size}
      color={estado ? colorEstado.success : 'gray'}
      variant="light"
      leftSection={
        estado ? <IconCircleCheck size={14} aria-hidden="true" /> : <IconCircleOff size={14} aria-hidden="true" />
      }
    >
      {textoEstado(estado)}
    </Badge>
  );
}
