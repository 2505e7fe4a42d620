// The green notice after a booking: who, what and when, with links to the details and to the calendar.
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { fechaEnZona } from '@clinica/contracts/tiempo';
import { AnticipoTexto } from '../../../../components/citas/anticipo-cita.tsx';
import { PoliticaCancelacion } from '../../../../components/citas/politica-cancelacion.tsx';
import type { CitaWire } from '../../../../lib/api/citas/tipos.ts';
import { paths } from '../../../../lib/paths.ts';
import { formatFechaHora, zonaClinica } from '../../../../lib/tiempo.ts';
import { nombreTipo } from '../../agenda-textos.ts';

export function AvisoCitaAgendada({ cita, onClose }: { cita: CitaWire; onClose: () => void }) {
  const fechaCalendario = fechaEnZona(new Date(cita.inicio), zonaClinica);
  return (
    <Alert
      color="green"
      variant="light"
      mb="lg"
      title="Cita agendada"
      icon={<IconCalendarCheck size={20} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Cerrar aviso"
      onClose={onClose}
    >
      <Stack gap={6}>
        <Text size="sm">
          {cita.usuario.nombre} tiene {nombreTipo[cita.tipo].toLowerCase()} el {formatFechaHora(cita.inicio)} con{' '}
          {cita.doctor.nombre}.
        </Text>
        {cita.anticipo && <AnticipoTexto anticipo={cita.anticipo} />}
        {cita.anticipo && <PoliticaCancelacion size="xs" c="dimmed" />}
        <Group gap="md">
          <Anchor component={Link} to={paths.detallesCita(cita.id)} size="sm">
            Ver detalles de la cita
          </Anchor>
          <Anchor
            component={Link}
            to={`${paths.calendarioCitas}?fecha=${fechaCalendario}&doctor=${cita.doctor.id}`}
            size="sm"
          >
            Verla en el calendario
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
