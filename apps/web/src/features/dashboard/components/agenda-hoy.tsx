// "Agenda de hoy" on the doctor and assistant homes: today's appointments (cancelled ones left out) in time
// order, each a link to its details, with type and state as text badges.
import { Anchor, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EstadoCitaBadge, TipoCitaBadge } from '../../../components/cita-badges.tsx';
import { SeccionConTitulo } from '../../../components/seccion-con-titulo.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatHora, hoy } from '../../../lib/tiempo.ts';
import { useQuery } from '@tanstack/react-query';
import { agendaQueryOptions } from '../../../lib/api/citas/get-agenda.ts';
import classes from '../dashboard.module.css';

export function AgendaHoy({ conDoctor }: { conDoctor: boolean }) {
  const dia = hoy();
  // The whole day (a doctor gets only their own: the API filters), cancelled ones left out.
  const q = useQuery({
    ...agendaQueryOptions({ desde: dia, hasta: dia }),
    select: (r) => r.items.filter((c) => c.estado !== 'cancelada'),
  });
  const citas = [...(q.data ?? [])].sort((a, b) => a.inicio.localeCompare(b.inicio));
  // Appointments already over are not dimmed: faded text fell below WCAG AA contrast (the screen sweep failed
  // only in the hours after the first appointment of the day). Their time and state badge say enough.

  let cuerpo;
  if (q.isPending)
    cuerpo = (
      <Stack gap="xs" role="status" aria-label="Cargando la agenda de hoy">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={44} radius="md" aria-hidden="true" />
        ))}
      </Stack>
    );
  else if (q.isError)
    cuerpo = (
      <Text size="sm" c="dimmed" role="alert">
        No pudimos cargar la agenda de hoy.{' '}
        <Anchor component="button" type="button" onClick={() => void q.refetch()} size="sm">
          Reintentar
        </Anchor>
      </Text>
    );
  else if (citas.length === 0)
    cuerpo = (
      <Text size="sm" c="dimmed">
        No hay citas para hoy.
      </Text>
    );
  else
    cuerpo = (
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {citas.map((c) => {
          return (
            <li key={c.id}>
              <UnstyledButton
                component={Link}
                to={paths.detallesCita(c.id)}
                className={classes.cifra}
                aria-label={`${formatHora(c.inicio)}, ${c.usuario.nombre}${conDoctor ? `, con ${c.doctor.nombre}` : ''}: ver detalles`}
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm" w={86} style={{ flexShrink: 0 }}>
                      {formatHora(c.inicio)}
                    </Text>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {c.usuario.nombre}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {[conDoctor ? c.doctor.nombre : null, c.procedimiento?.nombre].filter(Boolean).join(' · ') ||
                          (c.motivo ?? '')}
                      </Text>
                    </div>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <TipoCitaBadge tipo={c.tipo} size="sm" />
                    <EstadoCitaBadge estado={c.estado} size="sm" />
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    );

  return (
    <SeccionConTitulo
      id="agenda-hoy"
      titulo="Agenda de hoy"
      icono={IconCalendarWeek}
      junto={
        q.data && (
          <Text size="sm" c="dimmed">
            {citas.length === 1 ? '1 cita' : `${citas.length} citas`}
          </Text>
        )
      }
      accion={
        <Anchor component={Link} to={`${paths.calendarioCitas}?fecha=${dia}`} fw={600} size="sm">
          Abrir el calendario
        </Anchor>
      }
    >
      {cuerpo}
    </SeccionConTitulo>
  );
}
