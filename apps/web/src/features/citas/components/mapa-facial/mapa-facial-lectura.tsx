// The chart of a signed note as it was signed (issue 24, item 2), for the doctors and for the patient: the views
// that carry points, with their numbers, the table of points and the totals per lot.
import { VISTAS_MAPA, totalesPorLote, vistaMapaNombres, type PuntoAplicadoWire } from '@clinica/contracts/mapa-facial';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { DibujoMapa } from './dibujo-mapa.tsx';
import { etiquetaPunto, lotesConocidos, puntoDeAplicado } from './modelo.ts';
import { TablaPuntos, TotalesMapa } from './tabla-puntos.tsx';

export function MapaFacialLectura({ aplicaciones }: { aplicaciones: readonly PuntoAplicadoWire[] }) {
  const lotes = lotesConocidos(undefined, aplicaciones);
  const puntos = aplicaciones.map(puntoDeAplicado);
  const vistas = VISTAS_MAPA.filter((v) => puntos.some((p) => p.vista === v));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: Math.min(vistas.length, 3) }} spacing="md">
        {vistas.map((vista) => (
          <Stack key={vista} gap={4} align="center">
            <Text size="sm" c="dimmed">
              {vistaMapaNombres[vista]}
            </Text>
            <DibujoMapa
              vista={vista}
              puntos={puntos.flatMap((p, i) =>
                p.vista === vista ? [{ i, x: p.x, y: p.y, zona: p.zona, etiqueta: etiquetaPunto(i, p, lotes) }] : [],
              )}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <TablaPuntos puntos={puntos} lotes={lotes} />
      <TotalesMapa totales={totalesPorLote(aplicaciones)} lotes={lotes} />
    </Stack>
  );
}
