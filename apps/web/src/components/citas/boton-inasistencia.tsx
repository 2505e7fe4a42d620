// "Marcar inasistencia" (issue 23, item 2): staff, once the appointment's time has passed, record that the patient
// did not come. The appointment is cancelled with causa inasistencia and a paid deposit is retained; the modal says so.
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconUserX } from '@tabler/icons-react';
import { useMarcarInasistencia } from '../../lib/api/citas/marcar-inasistencia.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { formatCOP } from '../../lib/format.ts';

export function BotonInasistencia({ cita }: { cita: CitaWire }) {
  const marcar = useMarcarInasistencia();
  const pagado = cita.anticipo?.estado === 'pagado';
  const abrir = () =>
    modals.openConfirmModal({
      title: '¿Marcar inasistencia?',
      children: (
        <Text size="sm">
          La cita de {cita.usuario.nombre} quedará cancelada por inasistencia.
          {pagado && cita.anticipo ? ` El anticipo de ${formatCOP(cita.anticipo.monto)} queda retenido.` : ''}
        </Text>
      ),
      labels: { confirm: 'Marcar inasistencia', cancel: 'Volver' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        marcar.mutate(
          { id: cita.id },
          {
            onSuccess: () => notifications.show({ color: 'green', message: 'La inasistencia quedó registrada.' }),
            onError: (e) =>
              notifications.show({ color: 'red', title: 'No pudimos marcar la inasistencia', message: e.message }),
          },
        ),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconUserX size={18} aria-hidden="true" />}
      onClick={abrir}
      loading={marcar.isPending}
    >
      Marcar inasistencia
    </Button>
  );
}
