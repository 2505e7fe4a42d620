// /detallesprocedimientos: details of the procedure selected in the list (sessionStorage
// 'procedimientoSeleccionado'), or of `?id=` so a link can be shared or opened in a new tab (issue 11.8). With no
// selection it says so and links to the list.
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { Anchor, Button, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionTarjeta } from '../../components/seccion-tarjeta.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { formatCOP, formatDuracion } from '../../lib/format.ts';
import { formatFecha } from '../../lib/tiempo.ts';
import { useProcedimiento } from '../../lib/api/procedimientos/get-procedimiento.ts';
import classes from './catalogo.module.css';
import { AccesoPersonal } from './components/acceso-personal.tsx';
import { BotonVerEnElSitio } from './components/botones-nuevo.tsx';
import { CargaPorId, noEncontrado } from './components/carga-por-id.tsx';
import { Dato } from '../../components/dato.tsx';
import { NombreConEstado } from './components/estado-badge.tsx';
import { PlantillasConsentimiento } from './components/plantillas-consentimiento.tsx';
import { mediaUrl } from '../../lib/media.ts';
import { idDeConsulta, procedimientoSeleccionado } from './procedimiento-seleccionado.ts';

function Ficha({ p }: { p: ProcedimientoWire }) {
  const imagenes = [...p.imagenes].sort((a, b) => a.orden - b.orden);
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--clinica-superficie)">
        <Stack gap="lg">
          <NombreConEstado nombre={p.nombre} activo={p.activo} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <Dato etiqueta="Categoría">
              <Anchor component={Link} to={paths.detallesCategoria(p.categoria.id)}>
                {p.categoria.nombre}
              </Anchor>
            </Dato>
            <Dato etiqueta="Precio">{formatCOP(p.precio)}</Dato>
            <Dato etiqueta="Duración">{formatDuracion(p.duracion_minutos)}</Dato>
            <Dato etiqueta="Margen después">{p.margen_minutos ? formatDuracion(p.margen_minutos) : 'Sin margen'}</Dato>
            <Dato etiqueta="Edad mínima">{p.edad_minima} años</Dato>
            <Dato etiqueta="Exento de la Ley 1799">{p.exento_ley_1799 ? 'Sí' : 'No'}</Dato>
            <Dato etiqueta="Valoración previa">
              {p.requiere_evaluacion ? 'Sí, requiere valoración' : 'No requiere'}
            </Dato>
            <Dato etiqueta="Creado">{formatFecha(p.creado_en)}</Dato>
            <Dato etiqueta="Última modificación">{formatFecha(p.actualizado_en)}</Dato>
          </SimpleGrid>
          <Dato etiqueta="Descripción">{p.descripcion}</Dato>
          <Dato etiqueta="Recomendaciones previas">
            {p.recomendaciones_previas?.trim() || 'Sin recomendaciones especiales.'}
          </Dato>
          <Dato etiqueta="Exámenes requeridos">{p.examenes_requeridos?.trim() || 'No requiere exámenes.'}</Dato>
        </Stack>
      </Paper>
      <SeccionTarjeta id="imgs-titulo" titulo="Imágenes" bg="var(--clinica-superficie)">
        {imagenes.length === 0 ? (
          <Text c="dimmed" size="sm">
            Sin imágenes. Agrégalas desde Editar.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {imagenes.map((img, i) => (
              <div key={img.id} className={classes.marcoImagen}>
                <img src={mediaUrl(img.url_tarjeta)} alt={img.alt || `${p.nombre}, imagen ${i + 1}`} loading="lazy" />
              </div>
            ))}
          </SimpleGrid>
        )}
      </SeccionTarjeta>
      <PlantillasConsentimiento procedimientoId={p.id} />
    </Stack>
  );
}

export function DetallesProcedimientosScreen() {
  const [sp] = useSearchParams();
  const id = idDeConsulta(sp.get('id')) ?? procedimientoSeleccionado();
  const procedimiento = useProcedimiento(id ?? 0);
  usePageMeta({
    title: procedimiento.data ? `Procedimiento ${procedimiento.data.nombre}` : 'Detalles del procedimiento',
  });

  const volver = (
    <Button component={Link} to={paths.consultarProcedimientos}>
      Ir a la lista de procedimientos
    </Button>
  );
  let noExiste: ReactNode = null;
  if (!id)
    noExiste = (
      <EstadoVacio
        titulo="Selecciona un procedimiento para ver sus detalles"
        descripcion="Elige uno en la lista de procedimientos con el botón «Ver detalles»."
        accion={volver}
      />
    );
  else if (noEncontrado(procedimiento.error))
    noExiste = (
      <EstadoVacio
        titulo="Este procedimiento ya no existe"
        descripcion="Puede que lo hayan eliminado. Elige otro en la lista."
        accion={volver}
      />
    );

  const p = procedimiento.data;
  return (
    <AccesoPersonal>
      <PageHeader
        eyebrow="Catálogo"
        title="Detalles del procedimiento"
        actions={
          p && (
            <>
              <Button component={Link} to={paths.consultarProcedimientos} variant="default">
                Volver a la lista
              </Button>
              {p.activo && <BotonVerEnElSitio procedimientoId={p.id} />}
              <Button
                component={Link}
                to={paths.editarProcedimiento(p.id)}
                leftSection={<IconEdit size={18} aria-hidden="true" />}
              >
                Editar
              </Button>
            </>
          )
        }
      />
      <CargaPorId query={procedimiento} noExiste={noExiste} lineas={8} etiqueta="Cargando procedimiento…">
        {(cargado) => <Ficha p={cargado} />}
      </CargaPorId>
    </AccesoPersonal>
  );
}

export default DetallesProcedimientosScreen;
