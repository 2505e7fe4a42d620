// One outgoing e-mail in the outbox: subject, recipient, state, dates and attempts, the last error, the preview and
// the button that opens it.
import { Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { TarjetaConEstado } from '../../../components/tarjeta-con-estado.tsx';
import { TextoDesplegable } from '../../../components/texto-desplegable.tsx';
import type { Estado } from '../../../app/theme.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import type { CorreoWire } from '../../../lib/api/correos/get-bandeja.ts';
import { Adjuntos, sinCorteHora } from './vista-correo.tsx';

const ESTADOS: Record<CorreoWire['estado'], { texto: string; tono: Estado }> = {
  pendiente: { texto: 'Pendiente', tono: 'warning' },
  enviado: { texto: 'Enviado', tono: 'success' },
  fallido: { texto: 'Fallido', tono: 'danger' },
};

const intentos = (n: number) => `${n} ${n === 1 ? 'intento' : 'intentos'}`;

/**
 * Without a mail server a delivered message was written to the local mailbox, not sent (issue 27.12): its badge and
 * date say so, as the notice above the list does.
 */
const EN_BUZON = { texto: 'Guardado en el buzón local', tono: 'info' } as const;

export function TarjetaCorreo({ correo, enBuzon, onVer }: { correo: CorreoWire; enBuzon: boolean; onVer: () => void }) {
  const guardado = enBuzon && correo.estado === 'enviado';
  const estado = guardado ? EN_BUZON : ESTADOS[correo.estado];
  return (
    <TarjetaConEstado
      etiqueta={`${correo.asunto}, para ${correo.para}`}
      cabecera={
        <>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {correo.asunto ? sinCorteHora(correo.asunto) : '(sin asunto)'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Para: {correo.para}
          </Text>
        </>
      }
      estado={estado}
      detalles={[
        `Creado el ${formatFechaHora(correo.creado_en)}`,
        correo.enviado_en ? `${guardado ? 'guardado' : 'enviado'} el ${formatFechaHora(correo.enviado_en)}` : null,
        correo.intentos > 0 ? intentos(correo.intentos) : null,
      ]}
      fallo={
        correo.estado === 'fallido' &&
        correo.ultimo_error &&
        `Último error: ${correo.ultimo_error}. Se reintentará automáticamente.`
      }
    >
      <TextoDesplegable maxHeight={66} showLabel="Ver todo el texto" hideLabel="Ver menos">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {correo.vista_previa}
        </Text>
      </TextoDesplegable>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {correo.adjuntos.length > 0 ? <Adjuntos nombres={correo.adjuntos} /> : <span />}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} aria-hidden="true" />}
          onClick={onVer}
          aria-label={`Ver el correo «${correo.asunto || 'sin asunto'}» para ${correo.para}`}
        >
          Ver el correo
        </Button>
      </Group>
    </TarjetaConEstado>
  );
}
