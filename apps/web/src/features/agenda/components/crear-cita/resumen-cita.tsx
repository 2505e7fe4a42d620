// The summary beside the form is the confirmation: what will be booked, the last failure (with the next free times
// a 409 offers, one click takes one) and the button that books.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { instanteLocal } from '@clinica/contracts/tiempo';
import type { EspacioWire } from '../../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { formatFechaHora, formatFechaLarga, formatHora, zonaClinica } from '../../../../lib/tiempo.ts';
import { nombreTipo } from '../../agenda-textos.ts';
import { claveEspacio } from '../horarios-libres.tsx';
import type { ValoresCita } from './formulario-cita.ts';

export type Fallo = { mensaje: string; siguientes: EspacioWire[] | null };

type Props = {
  valores: ValoresCita;
  nombreProcedimiento: string | null;
  nombreDoctor: (id: number) => string;
  fallo: Fallo | null;
  onElegirSiguiente: (e: EspacioWire) => void;
  onConfirmar: () => void;
  enviando: boolean;
};

export function ResumenCita({
  valores: { paciente, tipo, doctor, dia, espacio },
  nombreProcedimiento,
  nombreDoctor,
  fallo,
  onElegirSiguiente,
  onConfirmar,
  enviando,
}: Props) {
  const filas = [
    ['Paciente', paciente?.nombre ?? 'Sin elegir'],
    ['Tipo', nombreTipo[tipo] + (tipo === 'procedimiento' && nombreProcedimiento ? `: ${nombreProcedimiento}` : '')],
    ['Doctor', espacio ? nombreDoctor(espacio.doctor_id) : doctor ? nombreDoctor(Number(doctor)) : 'Cualquier doctor'],
    [
      'Fecha y hora',
      espacio
        ? `${formatFechaLarga(espacio.inicio)}, ${formatHora(espacio.inicio)}`
        : dia
          ? `${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}, sin hora`
          : 'Sin elegir',
    ],
  ];
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      style={{ position: 'sticky', top: 'calc(var(--clinica-header-height) + 16px)' }}
      component="section"
      aria-labelledby="resumen-cita"
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="resumen-cita">
          Resumen
        </Title>
        <Stack gap={8} component="dl" m={0}>
          {filas.map(([k, v]) => (
            <div key={k}>
              <Text component="dt" size="xs" c="dimmed" fw={600}>
                {k}
              </Text>
              <Text component="dd" m={0} size="sm">
                {v}
              </Text>
            </div>
          ))}
        </Stack>
        {fallo && (
          <Alert color="red" variant="light" role="alert" title="No se agendó la cita">
            <Stack gap="xs">
              <Text size="sm">{fallo.mensaje}</Text>
              {fallo.siguientes && fallo.siguientes.length > 0 && (
                <>
                  <Text size="sm" fw={600}>
                    Próximas horas libres:
                  </Text>
                  <Group gap={6}>
                    {fallo.siguientes.slice(0, 6).map((e) => (
                      <Button
                        key={claveEspacio(e)}
                        size="compact-sm"
                        variant="default"
                        onClick={() => onElegirSiguiente(e)}
                      >
                        {formatFechaHora(e.inicio)}
                        {doctor ? '' : ` · ${nombreDoctor(e.doctor_id)}`}
                      </Button>
                    ))}
                  </Group>
                </>
              )}
            </Stack>
          </Alert>
        )}
        <Button
          onClick={onConfirmar}
          loading={enviando}
          leftSection={<IconCalendarCheck size={18} aria-hidden="true" />}
          fullWidth
        >
          Confirmar cita
        </Button>
      </Stack>
    </Paper>
  );
}
