// Before/after clinical photos side by side (issue 9, item 6): one row per zone, "Antes" on the left and "Después"
// on the right, the newest of each. The images are private files fetched with the session's token and shown
// through object URLs (never a URL that carries the token, never cached by the browser as a public image).
import { ETIQUETAS_FOTO, NOMBRE_ETIQUETA, type EtiquetaFoto } from '@clinica/contracts/adjuntos-rutas';
import { Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { archivoPrivado } from '../lib/descargas.ts';
import { formatFecha } from '../lib/tiempo.ts';
import classes from './comparacion-fotos.module.css';

export type FotoComparable = {
  id: number;
  etiqueta: EtiquetaFoto;
  zona: string;
  tomada_en: string;
  archivo_id: number | null;
};

/** Loads one private image; the object URL is released when the photo leaves the screen. */
export function FotoPrivada({ foto, alt }: { foto: FotoComparable; alt: string }) {
  const [estado, setEstado] = useState<{ url?: string; error?: boolean }>({});
  useEffect(() => {
    if (foto.archivo_id === null) return;
    let url: string | undefined;
    let vigente = true;
    archivoPrivado(foto.archivo_id).then(
      (blob) => {
        if (!vigente) return;
        url = URL.createObjectURL(blob);
        setEstado({ url });
      },
      () => vigente && setEstado({ error: true }),
    );
    return () => {
      vigente = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [foto.archivo_id]);
  if (foto.archivo_id === null || estado.error)
    return (
      <div className={classes.vacio}>
        <IconPhotoOff aria-hidden="true" />
        <Text size="xs" c="dimmed" ta="center">
          {estado.error ? 'No pudimos cargar la foto.' : 'Solo la paciente y su doctor ven la imagen.'}
        </Text>
      </div>
    );
  if (!estado.url)
    return (
      <div className={classes.vacio}>
        <Loader size="sm" aria-label="Cargando la foto" />
      </div>
    );
  return <img src={estado.url} alt={alt} className={classes.imagen} />;
}

/** The zones in the order they were first photographed, each with its newest "antes" and "después". */
export function agruparPorZona(fotos: readonly FotoComparable[]) {
  const zonas = new Map<string, Partial<Record<EtiquetaFoto, FotoComparable>>>();
  for (const f of fotos) {
    const zona = zonas.get(f.zona) ?? {};
    const previa = zona[f.etiqueta];
    if (!previa || previa.tomada_en <= f.tomada_en) zona[f.etiqueta] = f;
    zonas.set(f.zona, zona);
  }
  return [...zonas.entries()].map(([zona, par]) => ({ zona, par }));
}

export function ComparacionFotos({ fotos }: { fotos: readonly FotoComparable[] }) {
  return (
    <Stack gap="md">
      {agruparPorZona(fotos).map(({ zona, par }) => (
        <Paper key={zona} withBorder p="sm" component="figure" className={classes.zona} aria-label={`Zona: ${zona}`}>
          <Title order={4} fz="sm" component="figcaption" mb="xs">
            {zona}
          </Title>
          <SimpleGrid cols={2} spacing="xs">
            {ETIQUETAS_FOTO.map((etiqueta) => {
              const foto = par[etiqueta];
              return (
                <Stack key={etiqueta} gap={4}>
                  <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                    {NOMBRE_ETIQUETA[etiqueta]}
                  </Text>
                  {foto ? (
                    <>
                      <FotoPrivada
                        foto={foto}
                        alt={`${NOMBRE_ETIQUETA[etiqueta]}: ${zona}, ${formatFecha(foto.tomada_en)}`}
                      />
                      <Text size="xs" c="dimmed">
                        {formatFecha(foto.tomada_en)}
                      </Text>
                    </>
                  ) : (
                    <div className={classes.vacio}>
                      <Text size="xs" c="dimmed" ta="center">
                        Sin foto de {NOMBRE_ETIQUETA[etiqueta].toLowerCase()}
                      </Text>
                    </div>
                  )}
                </Stack>
              );
            })}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
