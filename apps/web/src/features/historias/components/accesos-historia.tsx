// "Who accessed my record and when" (DOMAIN.md: every staff read is audited and the patient can see it): newest
// first, the reader's name and role, the date and time in the clinic's zone. A list, so it reads well on a phone.
import { Button, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconPencil, IconShieldCheck } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { FechaHora } from '../../../components/fecha-hora.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { useAccesos, type AccesoWire } from '../../../lib/api/historias/get-versiones.ts';
import { nombreRol } from '../historia-textos.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

/** What the reader looked at, in the patient's words (one per kind the API lists; issue 21, item 6). */
export const QUE_VIO: Record<AccesoWire['que'], string> = {
  historia: 'Consultó tu historia clínica',
  nota: 'Leyó una nota de evolución',
  copia: 'Descargó una copia completa',
  resumen: 'Vio tus datos y alertas (recepción)',
  alertas: 'Vio tus alergias y alertas antes de tu cita',
  archivos: 'Vio tus resultados, fotos o documentos',
  edicion: 'Actualizó tu historia clínica',
  consentimiento: 'Vio tus consentimientos informados',
  verificacion: 'Verificó la integridad de un consentimiento firmado',
  plan: 'Vio tu plan de seguimiento',
};

/** An edit and an integrity check read the record too, but they are more than a look: their own icon. */
function IconoAcceso({ que }: { que: AccesoWire['que'] }) {
  const Icono = que === 'edicion' ? IconPencil : que === 'verificacion' ? IconShieldCheck : IconEye;
  return <Icono size={16} />;
}

/** Reads shown before "Mostrar todos" (a record read often would otherwise be a very long page on a phone). */
export const ACCESOS_VISIBLES = 8;

export function AccesosHistoria({ usuarioId }: { usuarioId: number }) {
  const q = useAccesos(usuarioId);
  const [todos, setTodos] = useState(false);
  let cuerpo;
  if (q.isPending) cuerpo = <SkeletonLineas lineas={3} etiqueta="Cargando quién consultó tu historia…" />;
  else if (q.isError) cuerpo = <ErrorDeCarga consulta={q} titulo="No pudimos cargar los accesos" />;
  else if (q.data.length === 0)
    cuerpo = (
      <Text size="sm" c="dimmed">
        Nadie del personal ha consultado tu historia clínica todavía.
      </Text>
    );
  else {
    const visibles = todos ? q.data : q.data.slice(0, ACCESOS_VISIBLES);
    cuerpo = (
      <Stack gap="sm" align="stretch">
        <Stack
          gap={0}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Accesos a tu historia clínica"
        >
          {visibles.map((a, i) => (
            <Fragment key={`${a.cuando}-${i}`}>
              {i > 0 && <Divider component="li" aria-hidden="true" />}
              <Group component="li" gap="sm" wrap="nowrap" py="xs" align="flex-start">
                <ThemeIcon variant="light" radius="xl" size={32} aria-hidden="true">
                  <IconoAcceso que={a.que} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {a.quien.nombre}{' '}
                    <Text span size="sm" c="dimmed" fw={400}>
                      · {nombreRol(a.quien.rol)}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {QUE_VIO[a.que]} · <FechaHora valor={a.cuando} />
                  </Text>
                </div>
              </Group>
            </Fragment>
          ))}
        </Stack>
        {q.data.length > visibles.length && (
          <Button variant="subtle" onClick={() => setTodos(true)} style={{ alignSelf: 'flex-start' }}>
            Mostrar todos ({q.data.length})
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <SeccionTarjeta
      id="accesos-titulo"
      titulo="Quién ha consultado tu historia"
      descripcion="Cada vez que alguien del personal consulta o actualiza tu historia, lee tus notas de evolución, tus consentimientos, tu plan de seguimiento, tus resultados o fotos, o descarga una copia completa, queda registrado con su nombre, su rol y la hora."
      relleno="lg"
    >
      {cuerpo}
    </SeccionTarjeta>
  );
}
