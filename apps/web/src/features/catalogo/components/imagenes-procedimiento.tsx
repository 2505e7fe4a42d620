// Images of a procedure on its edit screen: upload (multipart field 'imagen', JPEG/PNG/WebP up to 5 MB, checked
// here only to save a round trip: the server checks the content), remove with confirmation, and reorder with
// up/down buttons (PUT imagenes/orden with every id in the new order). The first image is the card image.
import {
  IMAGEN_ALT_MAX,
  IMAGEN_MAX_BYTES,
  IMAGEN_TIPOS_ACEPTADOS,
  IMAGENES_MAX_POR_PROCEDIMIENTO,
  type ImagenWire,
} from '@clinica/contracts/catalogo';
import { Badge, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useEliminarImagen,
  useOrdenarImagenes,
  useSubirImagen,
} from '../../../lib/api/procedimientos/imagenes-procedimiento.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { avisarError } from '../form-errors.ts';
import { mediaUrl } from '../../../lib/media.ts';
import classes from '../catalogo.module.css';
import { confirmarEliminacion } from './acciones-fila.tsx';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';
import { BotonIcono } from '../../../components/boton-icono.tsx';

const MB = 1024 * 1024;

/** Spanish reason a file cannot be uploaded, or null when it may be sent. */
export function problemaConImagen(archivo: File): string | null {
  if (!(IMAGEN_TIPOS_ACEPTADOS as readonly string[]).includes(archivo.type)) {
    return 'El archivo debe ser una imagen JPEG, PNG o WebP.';
  }
  if (archivo.size > IMAGEN_MAX_BYTES) {
    const mb = (archivo.size / MB).toLocaleString('es-CO', { maximumFractionDigits: 1 });
    return `La imagen pesa ${mb} MB; el máximo es ${IMAGEN_MAX_BYTES / MB} MB.`;
  }
  if (archivo.size === 0) return 'El archivo está vacío.';
  return null;
}

export function ImagenesProcedimiento({
  procedimientoId,
  nombre,
  imagenes,
}: {
  procedimientoId: number;
  nombre: string;
  imagenes: ImagenWire[];
}) {
  const ordenadas = [...imagenes].sort((a, b) => a.orden - b.orden);
  const subir = useSubirImagen(procedimientoId);
  const eliminar = useEliminarImagen(procedimientoId);
  const ordenar = useOrdenarImagenes(procedimientoId);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errorArchivo, setErrorArchivo] = useState<string | null>(null);
  const lleno = ordenadas.length >= IMAGENES_MAX_POR_PROCEDIMIENTO;

  const elegir = (f: File | null) => {
    setArchivo(f);
    setErrorArchivo(f ? problemaConImagen(f) : null);
  };

  const enviar = async () => {
    if (!archivo) {
      setErrorArchivo('Elige una imagen para subir.');
      return;
    }
    const problema = problemaConImagen(archivo);
    if (problema) {
      setErrorArchivo(problema);
      return;
    }
    try {
      await subir.mutateAsync({ archivo, alt: alt.trim() || undefined });
      notifications.show({ color: 'green', message: 'Imagen subida.' });
      setArchivo(null);
      setAlt('');
    } catch (error) {
      setErrorArchivo(mensajeDeError(error));
      avisarError('No pudimos subir la imagen', error);
    }
  };

  const mover = (indice: number, delta: -1 | 1) => {
    const ids = ordenadas.map((i) => i.id);
    const destino = indice + delta;
    if (destino < 0 || destino >= ids.length) return;
    [ids[indice], ids[destino]] = [ids[destino]!, ids[indice]!];
    ordenar.mutate(ids, { onError: (error) => avisarError('No pudimos cambiar el orden', error) });
  };

  const confirmarEliminar = (imagen: ImagenWire, indice: number) =>
    confirmarEliminacion(
      {
        titulo: '¿Eliminar esta imagen?',
        cuerpo: (
          <Text size="sm">
            Se eliminará la imagen {indice + 1} de «{nombre}» del sitio público. Esta acción no se puede deshacer.
          </Text>
        ),
        boton: 'Eliminar imagen',
      },
      () =>
        eliminar.mutate(imagen.id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Imagen eliminada.' }),
          onError: (error) => avisarError('No pudimos eliminar la imagen', error),
        }),
    );

  return (
    <SeccionTarjeta
      id="imagenes-titulo"
      titulo="Imágenes"
      descripcion={`La primera imagen es la que se ve en la tarjeta de Servicios. JPEG, PNG o WebP de hasta 5 MB; máximo ${IMAGENES_MAX_POR_PROCEDIMIENTO} imágenes.`}
      bg="var(--clinica-superficie)"
    >
      {ordenadas.length === 0 ? (
        <Text c="dimmed" size="sm">
          Este procedimiento aún no tiene imágenes. Sin imagen, el sitio muestra una ilustración genérica.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, xs: 2, md: 3 }}
          spacing="md"
          component="ol"
          className={classes.listaImagenes}
          aria-label="Imágenes en orden"
        >
          {ordenadas.map((img, i) => (
            <Paper key={img.id} withBorder p="xs" component="li">
              <Stack gap="xs">
                <div className={classes.marcoImagen}>
                  <img src={mediaUrl(img.url_tarjeta)} alt={img.alt || `${nombre}, imagen ${i + 1}`} loading="lazy" />
                  <Badge
                    className={classes.posicion}
                    variant="filled"
                    color={i === 0 ? 'rosa' : 'dark'}
                    style={{ minWidth: 'max-content' }}
                  >
                    {i === 0 ? 'Principal' : `Imagen ${i + 1}`}
                  </Badge>
                </div>
                <Text size="xs" c="dimmed" lineClamp={2} title={img.alt || undefined}>
                  {img.alt || 'Sin texto alternativo'}
                </Text>
                <Group justify="flex-end" gap={2} wrap="nowrap">
                  <BotonIcono
                    ayuda="Mover antes"
                    nombre={`Mover la imagen ${i + 1} antes`}
                    icono={IconArrowUp}
                    disabled={i === 0 || ordenar.isPending}
                    onClick={() => mover(i, -1)}
                  />
                  <BotonIcono
                    ayuda="Mover después"
                    nombre={`Mover la imagen ${i + 1} después`}
                    icono={IconArrowDown}
                    disabled={i === ordenadas.length - 1 || ordenar.isPending}
                    onClick={() => mover(i, 1)}
                  />
                  <BotonIcono
                    ayuda="Eliminar imagen"
                    nombre={`Eliminar la imagen ${i + 1}`}
                    icono={IconTrash}
                    color="red"
                    loading={eliminar.isPending && eliminar.variables === img.id}
                    onClick={() => confirmarEliminar(img, i)}
                  />
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {lleno ? (
        <Text size="sm" c="dimmed">
          Ya tiene {IMAGENES_MAX_POR_PROCEDIMIENTO} imágenes, el máximo. Elimina una para subir otra.
        </Text>
      ) : (
        <Paper p="md" radius="md" bg="var(--clinica-superficie-suave)">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FileInput
                label="Nueva imagen"
                placeholder="Elegir archivo…"
                accept={IMAGEN_TIPOS_ACEPTADOS.join(',')}
                clearable
                leftSection={<IconPhotoUp size={18} aria-hidden="true" />}
                value={archivo}
                error={errorArchivo}
                onChange={elegir}
              />
              <TextInput
                label="Texto alternativo"
                description="Describe la imagen para quien no puede verla."
                maxLength={IMAGEN_ALT_MAX}
                value={alt}
                onChange={(e) => setAlt(e.currentTarget.value)}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button
                leftSection={<IconUpload size={18} aria-hidden="true" />}
                loading={subir.isPending}
                disabled={!archivo || !!errorArchivo}
                onClick={() => void enviar()}
              >
                Subir imagen
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </SeccionTarjeta>
  );
}
