// One chart point's fields (issue 24, item 2), edited in place: each change goes straight to the note's form. The
// lot is chosen among the usable ones, grouped by product, with expiry and what is left; the quantity is in that
// product's unit. A drawer at the side on a desktop, from the bottom on tablets and phones (the drawing stays
// visible above it on a tablet).
import {
  CALIBRES,
  DISPOSITIVOS_APLICACION,
  PLANOS_APLICACION,
  TECNICAS_APLICACION,
  VISTAS_MAPA,
  dispositivoAplicacionNombres,
  planoAplicacionNombres,
  tecnicaAplicacionNombres,
  vistaMapaNombres,
  zonasDeVista,
  type VistaMapa,
  type ZonaFacial,
} from '@clinica/contracts/mapa-facial';
import {
  Button,
  Drawer,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { camposCantidad, cantidadConUnidad } from '../../../../components/insumos/insumos-textos.ts';
import type { LoteUsableWire } from '../../../../lib/api/insumos/tipos.ts';
import { formatFecha } from '../../../../lib/tiempo.ts';
import { nombreZona, type LoteInfo, type PuntoBorrador } from './modelo.ts';

const opciones = <T extends string>(valores: readonly T[], nombres: Record<T, string>) =>
  valores.map((value) => ({ value, label: nombres[value] }));

function datosLotes(usables: readonly LoteUsableWire[], actual: LoteInfo | undefined) {
  const grupos = new Map<string, { value: string; label: string }[]>();
  for (const l of usables) {
    const grupo = `${l.producto.nombre} (${l.producto.unidad})`;
    const items = grupos.get(grupo) ?? [];
    items.push({
      value: String(l.id),
      label: `Lote ${l.numero} · vence ${formatFecha(l.vence_el)} · quedan ${cantidadConUnidad(l.existencia, l.producto.unidad)}`,
    });
    grupos.set(grupo, items);
  }
  const datos = [...grupos].map(([group, items]) => ({ group, items }));
  // A draft may name a lot that is no longer usable (it ran out or expired since): it stays visible, to be changed.
  if (actual && !usables.some((l) => l.id === actual.id)) {
    datos.push({
      group: 'Ya no disponible',
      items: [{ value: String(actual.id), label: `${actual.producto.nombre} · lote ${actual.numero}` }],
    });
  }
  return datos;
}

export function PuntoForm({
  numero,
  punto,
  usables,
  lotes,
  errores,
  onCambiar,
  onQuitar,
  onCerrar,
}: {
  numero: number;
  punto: PuntoBorrador | null;
  usables: readonly LoteUsableWire[];
  lotes: Map<number, LoteInfo>;
  /** Messages per field (shown once the doctor tried to save). */
  errores: Partial<Record<keyof PuntoBorrador, string>>;
  onCambiar: (p: PuntoBorrador) => void;
  onQuitar: () => void;
  onCerrar: () => void;
}) {
  const escritorio = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });
  // While it slides away after «Listo» the drawer keeps showing the point it had (its name included), not an empty
  // «Punto 1».
  const [visto, setVisto] = useState({ numero, punto });
  if (punto !== null && (punto !== visto.punto || numero !== visto.numero)) setVisto({ numero, punto });
  const mostrado = punto ?? visto.punto;
  const n = punto ? numero : visto.numero;
  const lote = mostrado?.lote_id == null ? undefined : lotes.get(mostrado.lote_id);
  const cambiar = (cambio: Partial<PuntoBorrador>) => punto && onCambiar({ ...punto, ...cambio });
  return (
    <Drawer
      opened={punto !== null}
      onClose={onCerrar}
      position={escritorio ? 'right' : 'bottom'}
      // From below on a tablet or phone, the whole height: a shorter drawer left the lot's long list of options
      // too little room, and they kept moving under the finger (the tablet e2e could not pick one).
      size={escritorio ? 'md' : '100%'}
      title={`Punto ${n}${mostrado ? `: ${nombreZona(mostrado.zona)}` : ''}`}
    >
      {mostrado && (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Select
              label="Vista"
              data={opciones(VISTAS_MAPA, vistaMapaNombres)}
              value={mostrado.vista}
              allowDeselect={false}
              onChange={(v) => {
                const vista = v as VistaMapa;
                // The zone must be seen in the new view; otherwise the point moves to that view's first zone.
                const zona = zonasDeVista(vista).includes(mostrado.zona) ? mostrado.zona : zonasDeVista(vista)[0]!;
                cambiar({ vista, zona });
              }}
            />
            <Select
              label="Zona"
              data={zonasDeVista(mostrado.vista).map((z) => ({ value: z, label: nombreZona(z) }))}
              value={mostrado.zona}
              allowDeselect={false}
              searchable
              onChange={(v) => cambiar({ zona: v as ZonaFacial })}
            />
          </SimpleGrid>
          <Select
            label="Lote"
            placeholder={usables.length ? 'Elige el producto y su lote' : 'No hay lotes disponibles'}
            required
            searchable
            nothingFoundMessage="Ningún lote coincide"
            data={datosLotes(usables, lote)}
            value={mostrado.lote_id === null ? null : String(mostrado.lote_id)}
            error={errores.lote_id}
            onChange={(v) => cambiar({ lote_id: v ? Number(v) : null })}
          />
          <NumberInput
            label={`Cantidad${lote ? ` (${lote.producto.unidad})` : ''}`}
            description={
              lote
                ? `En ${lote.producto.unidad === 'unidad' ? 'unidades' : lote.producto.unidad} de ${lote.producto.nombre}`
                : 'Elige primero el lote'
            }
            required
            {...camposCantidad}
            rightSection={
              lote ? (
                <Text size="sm" c="dimmed" pr={6}>
                  {lote.producto.unidad}
                </Text>
              ) : undefined
            }
            rightSectionWidth={lote?.producto.unidad === 'unidad' ? 64 : 40}
            value={mostrado.cantidad}
            error={errores.cantidad}
            onChange={(v) => cambiar({ cantidad: typeof v === 'number' ? v : '' })}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
            <Select
              label="Plano"
              required
              data={opciones(PLANOS_APLICACION, planoAplicacionNombres)}
              value={mostrado.plano || null}
              error={errores.plano}
              onChange={(v) => cambiar({ plano: (v ?? '') as PuntoBorrador['plano'] })}
            />
            <Select
              label="Técnica"
              required
              data={opciones(TECNICAS_APLICACION, tecnicaAplicacionNombres)}
              value={mostrado.tecnica || null}
              error={errores.tecnica}
              onChange={(v) => cambiar({ tecnica: (v ?? '') as PuntoBorrador['tecnica'] })}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={`dispositivo-${numero}`}>
              Aguja o cánula
            </Text>
            <SegmentedControl
              aria-labelledby={`dispositivo-${numero}`}
              data={opciones(DISPOSITIVOS_APLICACION, dispositivoAplicacionNombres)}
              value={mostrado.dispositivo || ''}
              onChange={(v) => cambiar({ dispositivo: v as PuntoBorrador['dispositivo'] })}
            />
            {errores.dispositivo && (
              <Text size="xs" c="red">
                {errores.dispositivo}
              </Text>
            )}
          </Stack>
          <Select
            label="Calibre"
            required
            data={[...CALIBRES]}
            value={mostrado.calibre || null}
            error={errores.calibre}
            onChange={(v) => cambiar({ calibre: (v ?? '') as PuntoBorrador['calibre'] })}
          />
          <TextInput
            label="Nota del punto"
            maxLength={300}
            value={mostrado.nota}
            error={errores.nota}
            onChange={(e) => cambiar({ nota: e.currentTarget.value })}
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden="true" />}
              onClick={onQuitar}
            >
              Quitar punto
            </Button>
            <Button leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={onCerrar}>
              Listo
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
