// /mis-avisos (issue 24, item 3): the notices the clinic sent a patient about products applied to her (a lot recall,
// an INVIMA alert), newest first. Her notifications link here.
import { Paper, Stack, Text } from '@mantine/core';
import { IconBellCheck } from '@tabler/icons-react';
import { permite } from '@clinica/contracts/roles';
import { trazabilidadRutas } from '@clinica/contracts/trazabilidad-rutas';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTarjetas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useMisAvisos } from '../../lib/api/trazabilidad/trazabilidad.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';

export default function MisAvisosScreen() {
  usePageMeta({ title: 'Avisos sobre productos aplicados' });
  const { userRole } = useAuth();
  const permitido = permite(trazabilidadRutas.misAvisos.auth, userRole);
  const q = useMisAvisos(permitido);
  if (!permitido)
    return <SinAcceso descripcion="Aquí cada paciente lee los avisos sobre los productos que se le aplicaron." />;

  let contenido;
  if (q.isPending) contenido = <SkeletonTarjetas cantidad={2} etiqueta="Cargando tus avisos…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else if (q.data.length === 0)
    contenido = (
      <EstadoVacio
        icono={<IconBellCheck size={26} stroke={1.6} aria-hidden="true" />}
        titulo="No tienes avisos"
        descripcion="Si la clínica necesita contarte algo sobre un producto que se te aplicó, lo verás aquí."
      />
    );
  else
    contenido = (
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {q.data.map((a) => (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} key={a.id} component="li">
            <Text size="sm" c="dimmed">
              {`${formatFechaHora(a.creada_en)} · ${a.producto}, lote ${a.lote}`}
            </Text>
            <Text mt={6} style={{ whiteSpace: 'pre-wrap' }}>
              {a.texto}
            </Text>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Avisos sobre productos aplicados"
        description="Lo que la clínica te contó sobre productos y lotes que se te aplicaron. Si tienes dudas, comunícate con la clínica."
      />
      {contenido}
    </>
  );
}
