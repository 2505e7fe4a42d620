// One patient's package as a card: name, procedure, state, the sessions (a bar and "Quedan 3 de 5"), expiry, price
// and receipt of its sale, and the dates of the sessions used. Her portal and the desk's view show the same card.
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { numeroRecibo } from '@clinica/contracts/pagos';
import type { PaquetePacienteWire } from '../../lib/api/paquetes/tipos.ts';
import { formatCOP } from '../../lib/format.ts';
import { formatFecha, formatFechaHora } from '../../lib/tiempo.ts';
import { BotonEnlace } from '../boton-con-icono.tsx';
import { CitaBadge } from '../cita-badges.tsx';
import { ESTADO_PAQUETE, resumenSesiones } from './paquete-textos.ts';

/** `agendar`: the desk's link to book this package's next session (staff, an active package). */
export function TarjetaPaquete({ p, agendar }: { p: PaquetePacienteWire; agendar?: string | undefined }) {
  const estado = ESTADO_PAQUETE[p.estado];
  const gracia = p.usable_hasta !== p.vence_el && p.estado === 'activo';
  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={`Paquete ${p.nombre}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            {/* h2: the page's h1 is followed by the cards on her portal (no section heading between them). */}
            <Title order={2} fz="h5">
              {p.nombre}
            </Title>
            <Text size="sm" c="dimmed">
              {p.procedimiento.nombre}
            </Text>
          </div>
          <CitaBadge tono={estado.tono} texto={estado.texto} size="sm" />
        </Group>
        <Text fw={600}>{resumenSesiones(p)}</Text>
        <Progress
          value={(p.sesiones_usadas / p.sesiones_total) * 100}
          aria-label={`${p.sesiones_usadas} de ${p.sesiones_total} sesiones usadas`}
          color={p.estado === 'vencido' ? 'gray' : undefined}
        />
        <Text size="sm">
          {p.estado === 'vencido' ? 'Venció' : 'Vence'} el {formatFecha(p.vence_el)}
          {gracia ? ` (se puede usar hasta el ${formatFecha(p.usable_hasta)})` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {`Comprado el ${formatFecha(p.vendido_en)} por ${formatCOP(p.precio)}`}
          {p.recibo_numero !== null ? ` · Recibo de caja N.º ${numeroRecibo(p.recibo_numero)}` : ''}
        </Text>
        {agendar && p.estado === 'activo' && (
          <Group>
            <BotonEnlace to={agendar} icono={IconCalendarPlus} variant="light">
              Agendar la siguiente sesión
            </BotonEnlace>
          </Group>
        )}
        {p.consumos.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Sesiones usadas
            </Text>
            <Stack component="ol" gap={2} m={0} pl="md">
              {p.consumos.map((c) => (
                <Text component="li" size="sm" key={c.cita_id}>
                  {formatFechaHora(c.cita_inicio)}
                </Text>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
