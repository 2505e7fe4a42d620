// The injection chart editor of a procedure note (issue 24, item 2): the three views of the face, the points on the
// drawing (tap or click adds one with the zone under it and opens its fields; drag moves it), the same points as a
// table (the keyboard path: add by view and zone, edit, remove), and the totals per lot. Each new point starts with
// the lot, quantity, plane, technique, device and gauge of the last one, since a toxin chart repeats them 20 times.
import {
  VISTAS_MAPA,
  puntoAplicacionSchema,
  vistaMapaNombres,
  zonasDeVista,
  type PuntoAplicadoWire,
  type VistaMapa,
  type ZonaFacial,
} from '@clinica/contracts/mapa-facial';
import { MAX_PUNTOS_MAPA } from '@clinica/contracts/mapa-facial';
import { Alert, Button, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { mensajeDeError } from '../../../../lib/forms/field-errors.ts';
import { useLotesUsables } from '../../../../lib/api/insumos/get-lotes-usables.ts';
import { DibujoMapa } from './dibujo-mapa.tsx';
import {
  SIN_RECORDAR,
  etiquetaPunto,
  lotesConocidos,
  nombreZona,
  posicionParaZona,
  puntoNuevo,
  recordar,
  totalesDeBorrador,
  type PuntoBorrador,
} from './modelo.ts';
import { PuntoForm } from './punto-form.tsx';
import { TablaPuntos, TotalesMapa } from './tabla-puntos.tsx';

/** What the contracts' schema still misses in a point, per field. */
function problemasDe(p: PuntoBorrador): Partial<Record<keyof PuntoBorrador, string>> {
  const r = puntoAplicacionSchema.safeParse(p);
  if (r.success) return {};
  const errores: Partial<Record<keyof PuntoBorrador, string>> = {};
  for (const issue of r.error.issues) {
    const campo = issue.path[0] as keyof PuntoBorrador;
    errores[campo] ??= issue.message;
  }
  return errores;
}

export function MapaFacialEditor({
  puntos,
  onChange,
  guardados,
  revisar,
}: {
  puntos: readonly PuntoBorrador[];
  onChange: (puntos: PuntoBorrador[]) => void;
  /** The points of the saved draft as the server answered them (they name their lots even if no longer usable). */
  guardados: readonly PuntoAplicadoWire[];
  /** The doctor tried to save: what each point still misses is shown. */
  revisar: boolean;
}) {
  const consulta = useLotesUsables();
  const usables = consulta.data ?? [];
  const lotes = useMemo(() => lotesConocidos(consulta.data, guardados), [consulta.data, guardados]);
  const [vista, setVista] = useState<VistaMapa>('frontal');
  const [abierto, setAbierto] = useState<number | null>(null);
  const [recordado, setRecordado] = useState(() => (puntos.length ? recordar(puntos.at(-1)!) : SIN_RECORDAR));
  const [vistaNueva, setVistaNueva] = useState<VistaMapa>('frontal');
  const [zonaNueva, setZonaNueva] = useState<ZonaFacial | null>(null);
  const lleno = puntos.length >= MAX_PUNTOS_MAPA;
  // On a phone the three views' names do not fit side by side.
  const estrecho = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });

  const agregar = (p: PuntoBorrador) => {
    if (lleno) return;
    onChange([...puntos, p]);
    setVista(p.vista);
    setAbierto(puntos.length);
  };
  const cambiar = (i: number, p: PuntoBorrador) => onChange(puntos.map((q, k) => (k === i ? p : q)));
  const quitar = (i: number) => {
    onChange(puntos.filter((_, k) => k !== i));
    setAbierto(null);
  };
  const cerrar = () => {
    if (abierto !== null && puntos[abierto]) setRecordado(recordar(puntos[abierto]));
    setAbierto(null);
  };

  const problemas = (i: number) => (revisar ? Object.values(problemasDe(puntos[i]!)) : []);
  const conProblemas = revisar ? puntos.flatMap((p, i) => (Object.keys(problemasDe(p)).length ? [i + 1] : [])) : [];
  const deLaVista = puntos.flatMap((p, i) =>
    p.vista === vista ? [{ i, x: p.x, y: p.y, zona: p.zona, etiqueta: etiquetaPunto(i, p, lotes) }] : [],
  );
  const cuantos = (v: VistaMapa) => puntos.filter((p) => p.vista === v).length;

  return (
    <Stack gap="sm" role="group" aria-labelledby="mapa-aplicacion-titulo">
      <Text fw={600} id="mapa-aplicacion-titulo">
        Mapa de aplicación
      </Text>
      <Text size="sm" c="dimmed">
        Toca la cara donde aplicaste para agregar un punto; arrástralo para moverlo o tócalo para editarlo. También
        puedes agregarlos desde la tabla.
      </Text>
      {consulta.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Cargando los lotes disponibles…</Text>
        </Group>
      ) : consulta.isError ? (
        <Alert color="red" variant="light" title="No pudimos cargar los lotes disponibles">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{mensajeDeError(consulta.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void consulta.refetch()}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : (
        usables.length === 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            No hay lotes con existencias y sin vencer. Pide al personal que registre la entrada del producto en Insumos
            para poder cargar los puntos.
          </Alert>
        )
      )}
      <SegmentedControl
        aria-label="Vista del dibujo"
        fullWidth
        orientation={estrecho ? 'vertical' : 'horizontal'}
        data={VISTAS_MAPA.map((v) => ({
          value: v,
          label: cuantos(v) ? `${vistaMapaNombres[v]} (${cuantos(v)})` : vistaMapaNombres[v],
        }))}
        value={vista}
        onChange={(v) => setVista(v as VistaMapa)}
      />
      <DibujoMapa
        vista={vista}
        puntos={deLaVista}
        seleccionado={abierto}
        acciones={{
          agregar: (x, y, zona) => agregar(puntoNuevo(vista, zona, x, y, recordado)),
          mover: (i, x, y, zona) => cambiar(i, { ...puntos[i]!, x, y, zona }),
          abrir: setAbierto,
          quitar,
        }}
      />
      {conProblemas.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="Completa los puntos del mapa">
          {conProblemas.length === 1
            ? `Al punto ${conProblemas[0]} le faltan datos: ábrelo en la tabla.`
            : `A los puntos ${conProblemas.join(', ')} les faltan datos: ábrelos en la tabla.`}
        </Alert>
      )}
      {puntos.length > 0 ? (
        <TablaPuntos puntos={puntos} lotes={lotes} acciones={{ editar: setAbierto, quitar }} problemas={problemas} />
      ) : (
        <Text size="sm" c="dimmed">
          Sin puntos todavía.
        </Text>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Vista del punto"
          data={VISTAS_MAPA.map((v) => ({ value: v, label: vistaMapaNombres[v] }))}
          value={vistaNueva}
          allowDeselect={false}
          w={180}
          onChange={(v) => {
            const nueva = v as VistaMapa;
            setVistaNueva(nueva);
            if (zonaNueva && !zonasDeVista(nueva).includes(zonaNueva)) setZonaNueva(null);
          }}
        />
        <Select
          label="Zona del punto"
          placeholder="Elige la zona"
          searchable
          data={zonasDeVista(vistaNueva).map((z) => ({ value: z, label: nombreZona(z) }))}
          value={zonaNueva}
          w={240}
          onChange={(v) => setZonaNueva(v as ZonaFacial | null)}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          disabled={!zonaNueva || lleno}
          onClick={() => {
            if (!zonaNueva) return;
            const { x, y } = posicionParaZona(vistaNueva, zonaNueva, puntos);
            agregar(puntoNuevo(vistaNueva, zonaNueva, x, y, recordado));
          }}
        >
          Agregar punto
        </Button>
      </Group>
      {lleno && (
        <Text size="sm" c="dimmed">
          El mapa tiene el máximo de {MAX_PUNTOS_MAPA} puntos.
        </Text>
      )}
      <TotalesMapa totales={totalesDeBorrador(puntos, lotes)} lotes={lotes} />
      <PuntoForm
        numero={(abierto ?? 0) + 1}
        punto={abierto === null ? null : (puntos[abierto] ?? null)}
        usables={usables}
        lotes={lotes}
        errores={revisar && abierto !== null && puntos[abierto] ? problemasDe(puntos[abierto]) : {}}
        onCambiar={(p) => abierto !== null && cambiar(abierto, p)}
        onQuitar={() => abierto !== null && quitar(abierto)}
        onCerrar={cerrar}
      />
    </Stack>
  );
}
