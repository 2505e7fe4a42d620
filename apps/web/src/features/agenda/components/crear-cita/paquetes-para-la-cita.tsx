// When the desk books a procedure for a patient who has a package of it (issue 23, item 4), the form says which
// session the appointment will be: "Sesión 2 de 5 del paquete X, vence el ...". The session is used when the
// appointment is marked realizada, from the package that expires first (the list's order).
import { Alert, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { siguienteSesion } from '../../../../components/paquetes/paquete-textos.ts';
import { usePaquetesPaciente } from '../../../../lib/api/paquetes/get-paquetes-paciente.ts';

export function PaquetesParaLaCita({ pacienteId, procedimientoId }: { pacienteId: number; procedimientoId: number }) {
  const q = usePaquetesPaciente(pacienteId, pacienteId > 0 && procedimientoId > 0);
  const activos = (q.data ?? []).filter((p) => p.estado === 'activo' && p.procedimiento.id === procedimientoId);
  if (!activos.length) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconPackage aria-hidden="true" />}
      title={activos.length === 1 ? 'Tiene un paquete de este procedimiento' : 'Tiene paquetes de este procedimiento'}
      role="status"
    >
      <Stack gap={4}>
        {activos.map((p) => (
          <Text size="sm" key={p.id}>
            {siguienteSesion(p)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          La sesión se descuenta cuando la cita se marque como realizada
          {activos.length > 1 ? ', del paquete que vence primero' : ''}.
        </Text>
      </Stack>
    </Alert>
  );
}
