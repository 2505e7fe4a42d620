// The comparison by chart zone (issue 24, item 5): one zone's before/after photos across visits, oldest visit first,
// each with its date and whether it is before or after; side by side from tablets up, stacked on phones. Only photos
// tagged with a chart zone line up here; the rest stay in the timeline by visit.
import { NOMBRE_ETIQUETA } from '@clinica/contracts/adjuntos-rutas';
import { zonaFacialNombres, type ZonaFacial } from '@clinica/contracts/mapa-facial';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { FotoPrivada } from '../../../components/comparacion-fotos.tsx';
import { formatFecha } from '../../../lib/tiempo.ts';
import type { FotosDePacienteWire } from '../../../lib/api/historias/get-fotos-paciente.ts';

type Foto = FotosDePacienteWire[number]['fotos'][number];

/** The chart zones the patient has photos of, in the list's order. */
export function zonasConFotos(grupos: FotosDePacienteWire): ZonaFacial[] {
  const hay = new Set(grupos.flatMap((g) => g.fotos.map((f) => f.zona_mapa)));
  return (Object.keys(zonaFacialNombres) as ZonaFacial[]).filter((z) => hay.has(z));
}

/** The zone's photos, oldest visit first; in a visit "antes" before "después", then as they were taken. */
export function fotosDeZona(grupos: FotosDePacienteWire, zona: ZonaFacial) {
  return grupos
    .flatMap((g) => g.fotos.filter((f) => f.zona_mapa === zona).map((foto) => ({ foto, fecha: g.fecha })))
    .sort(
      (a, b) =>
        a.fecha.localeCompare(b.fecha) ||
        Number(a.foto.etiqueta === 'despues') - Number(b.foto.etiqueta === 'despues') ||
        a.foto.tomada_en.localeCompare(b.foto.tomada_en),
    );
}

export function FotosPorZona({ grupos, zona }: { grupos: FotosDePacienteWire; zona: ZonaFacial }) {
  const nombre = zonaFacialNombres[zona];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label={`Fotos de ${nombre}, de la más antigua`}>
      {fotosDeZona(grupos, zona).map(({ foto, fecha }: { foto: Foto; fecha: string }) => {
        const leyenda = `${NOMBRE_ETIQUETA[foto.etiqueta]}, ${formatFecha(fecha)}`;
        return (
          <Paper key={foto.id} withBorder p="xs" component="figure" m={0} aria-label={leyenda}>
            <FotoPrivada foto={foto} alt={`${NOMBRE_ETIQUETA[foto.etiqueta]}: ${nombre}, ${formatFecha(fecha)}`} />
            <Text component="figcaption" size="sm" mt={6}>
              <Text span fw={700} tt="uppercase" size="xs">
                {NOMBRE_ETIQUETA[foto.etiqueta]}
              </Text>{' '}
              · {formatFecha(fecha)}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
