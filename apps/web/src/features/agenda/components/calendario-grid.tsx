// The agenda grid (no calendar library, decision 0009): a time gutter and columns (doctors of one day, or the
// days of a week). Every appointment is a link to its details plus an actions menu (Mover, Cancelar), so the
// whole agenda works from the keyboard; with a pointer, an appointment can also be dragged to another time, or in
// the day view to another doctor's column. The parent decides what a drop means (it calls the API and snaps back
// on refusal).
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowsMove, IconCalendarX, IconDotsVertical, IconEye } from '@tabler/icons-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { horaEnZona, instanteLocal, type Fecha } from '@clinica/contracts/tiempo';
import { paths } from '../../../lib/paths.ts';
import { formatHora, zonaClinica } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { nombreEstado, nombreTipo } from '../agenda-textos.ts';
import classes from './calendario.module.css';

/** Pixels per minute: a 30-minute appointment is 36 px, enough for two lines (time and name, type and state), and
 *  the working day fits a 1366x768 screen without scrolling the page. */
export const PX_MINUTO = 1.2;
/** Drops snap to this many minutes. */
export const PASO_MINUTOS = 15;

/**
 * The start (minutes of the day) a dragged appointment gets with the pointer `y` px below the top of a column: the
 * card keeps the point where it was grabbed (`agarreY` px below its top) under the pointer, so its top edge is
 * what moves to the time; that time snaps to PASO_MINUTOS and keeps the whole appointment (`duracion`) in the grid.
 * The guide line is drawn at this time and the drop sends this same time.
 */
export function minutoEnPosicion(y: number, agarreY: number, desdeMin: number, hastaMin: number, duracion: number) {
  const m = desdeMin + Math.round((y - agarreY) / PX_MINUTO / PASO_MINUTOS) * PASO_MINUTOS;
  const ultimo = hastaMin - Math.ceil(Math.max(duracion, PASO_MINUTOS) / PASO_MINUTOS) * PASO_MINUTOS;
  return Math.min(Math.max(m, desdeMin), Math.max(ultimo, desdeMin));
}

export type Columna = {
  clave: string;
  titulo: ReactNode;
  fecha: Fecha;
  /** The doctor of this column (day view): a drop here gives the appointment to them. null: a day of the week
   *  view, whose drops keep each appointment's doctor. */
  doctorId: number | null;
  citas: CitaWire[];
  esHoy?: boolean;
};

type Props = {
  columnas: Columna[];
  /** First and last minute of the day shown. */
  desdeMin: number;
  hastaMin: number;
  /** Show the doctor's name on each appointment (when a column mixes doctors). */
  conDoctor: boolean;
  /** Narrow columns (week view): name, type and state on their own lines. */
  compacto?: boolean;
  /** Appointments being saved after a drop. */
  moviendo: ReadonlySet<number>;
  /** `doctorId`: the doctor of the column it was dropped on (its own one, or another). */
  onSoltar: (cita: CitaWire, nuevoInicio: string, doctorId: number) => void;
  onMover: (cita: CitaWire) => void;
  onCancelar: (cita: CitaWire) => void;
  /** Whether the toolbar's grid is refreshing (aria-busy). */
  ocupado?: boolean;
};

export const minutosDe = (iso: string) => {
  const [h, m] = horaEnZona(new Date(iso), zonaClinica).split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const hhmm = (min: number) => `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
export const modificable = (c: CitaWire) => c.estado === 'pendiente' || c.estado === 'confirmada';

/** Side-by-side lanes for overlapping appointments of one column. */
function carriles(citas: CitaWire[]): Map<number, { carril: number; total: number }> {
  const orden = [...citas].sort((a, b) => a.inicio.localeCompare(b.inicio) || a.id - b.id);
  const out = new Map<number, { carril: number; total: number }>();
  let grupo: { id: number; carril: number }[] = [];
  let finGrupo = -Infinity;
  let finesCarril: number[] = [];
  const cerrar = () => {
    for (const g of grupo) out.set(g.id, { carril: g.carril, total: finesCarril.length });
    grupo = [];
    finesCarril = [];
  };
  for (const c of orden) {
    const ini = Date.parse(c.inicio);
    const fin = Date.parse(c.fin);
    if (ini >= finGrupo) cerrar();
    let carril = finesCarril.findIndex((f) => f <= ini);
    if (carril === -1) {
      carril = finesCarril.length;
      finesCarril.push(fin);
    } else finesCarril[carril] = fin;
    grupo.push({ id: c.id, carril });
    finGrupo = Math.max(finGrupo, fin);
  }
  cerrar();
  return out;
}

/** The deposit on a calendar card, for its accessible name. */
const ANTICIPO_CORTO: Partial<Record<NonNullable<CitaWire['anticipo']>['estado'], string>> = {
  pendiente: 'Anticipo pendiente',
  pagado: 'Anticipo pagado',
};
/** And in sight: a short chip first on its line, so a narrow card (375 px) never cuts it. */
const ANTICIPO_CHIP: Partial<Record<NonNullable<CitaWire['anticipo']>['estado'], { texto: string; tono: string }>> = {
  pendiente: { texto: '$ por pagar', tono: 'warning' },
  pagado: { texto: '$ pagado', tono: 'success' },
};

export function descripcionCita(c: CitaWire) {
  const anticipo = c.anticipo && c.estado !== 'cancelada' ? ANTICIPO_CORTO[c.anticipo.estado] : undefined;
  return `${formatHora(c.inicio)} a ${formatHora(c.fin)}, ${c.usuario.nombre}, ${nombreTipo[c.tipo]}, ${nombreEstado[c.estado]}${anticipo ? `, ${anticipo.toLowerCase()}` : ''}, con ${c.doctor.nombre}`;
}

export function CalendarioGrid({
  columnas,
  desdeMin,
  hastaMin,
  conDoctor,
  compacto = false,
  moviendo,
  onSoltar,
  onMover,
  onCancelar,
  ocupado,
}: Props) {
  const alto = (hastaMin - desdeMin) * PX_MINUTO;
  const arrastre = useRef<{ cita: CitaWire; agarreY: number } | null>(null);
  const [destino, setDestino] = useState<{ clave: string; minutos: number } | null>(null);
  // The guide's time as last drawn, read by the drop: the time sent is the one the person saw.
  const guia = useRef<{ clave: string; minutos: number } | null>(null);
  const horas: number[] = [];
  for (let m = Math.ceil(desdeMin / 60) * 60; m < hastaMin; m += 60) horas.push(m);

  /** Where the dragged appointment would start with the pointer where this event is (needs the drag's state). */
  const minutosEn = (e: DragEvent<HTMLDivElement>, a: { cita: CitaWire; agarreY: number }) =>
    minutoEnPosicion(
      (e.clientY || 0) - e.currentTarget.getBoundingClientRect().top,
      a.agarreY,
      desdeMin,
      hastaMin,
      (Date.parse(a.cita.fin) - Date.parse(a.cita.inicio)) / 60_000,
    );
  const mostrarGuia = (g: { clave: string; minutos: number } | null) => {
    guia.current = g;
    setDestino((d) => (d?.clave === g?.clave && d?.minutos === g?.minutos ? d : g));
  };

  // A new day or week opens at the clinic's morning (8:00, or the first appointment if earlier): the early hours
  // stay a scroll away and the working day fills the grid.
  const contenedor = useRef<HTMLDivElement>(null);
  const vistaClave = `${columnas[0]?.fecha}:${columnas.length}`;
  const primera = Math.min(8 * 60, ...columnas.flatMap((c) => c.citas.map((x) => minutosDe(x.inicio))));
  const abrirEn = Math.max(0, (Math.floor(primera / 60) * 60 - desdeMin) * PX_MINUTO);
  useEffect(() => {
    if (contenedor.current) contenedor.current.scrollTop = abrirEn;
    // Only when the day or week changes, not when an appointment moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vistaClave]);

  // The grid takes the rest of the screen: its height is the window's less what is above and below it (header,
  // toolbar, the page's margins), measured, so the page itself does not scroll on a desktop.
  useLayoutEffect(() => {
    const el = contenedor.current;
    if (!el) return;
    const medir = () => {
      const r = el.getBoundingClientRect();
      const debajo = document.documentElement.scrollHeight - (r.bottom + window.scrollY);
      el.style.setProperty('--calendario-encima', `${Math.round(r.top + window.scrollY + Math.max(debajo, 0))}px`);
    };
    medir();
    window.addEventListener('resize', medir);
    return () => window.removeEventListener('resize', medir);
  }, []);

  return (
    // It scrolls both ways: focusable and named, so a keyboard can scroll it even on a day without appointments.
    <div
      ref={contenedor}
      className={classes.contenedor}
      aria-busy={ocupado}
      role="region"
      aria-label="Agenda"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <div
        className={classes.grid}
        style={{ gridTemplateColumns: `88px repeat(${columnas.length}, minmax(150px, 1fr))` }}
      >
        <div className={classes.esquina} aria-hidden="true" />
        {columnas.map((col) => (
          <div key={col.clave} className={classes.cabecera} data-hoy={col.esHoy || undefined}>
            {col.titulo}
          </div>
        ))}
        <div className={classes.horas} style={{ height: alto }} aria-hidden="true">
          <div style={{ position: 'relative', height: '100%' }}>
            {horas.map((m) => (
              <span key={m} className={classes.etiquetaHora} style={{ top: (m - desdeMin) * PX_MINUTO }}>
                {formatHora(instanteLocal('2026-01-05', hhmm(m), zonaClinica))}
              </span>
            ))}
          </div>
        </div>
        {columnas.map((col) => {
          const lanes = carriles(col.citas);
          return (
            <div
              key={col.clave}
              className={classes.columna}
              style={{ height: alto, '--alto-hora': `${60 * PX_MINUTO}px` } as CSSProperties}
              data-destino={destino?.clave === col.clave || undefined}
              onDragOver={(e) => {
                const a = arrastre.current;
                if (!a) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                mostrarGuia({ clave: col.clave, minutos: minutosEn(e, a) });
              }}
              onDragLeave={(e) => {
                // Leaving for one of the column's own children (an appointment, the guide) is not leaving it.
                if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
                if (guia.current?.clave === col.clave) mostrarGuia(null);
              }}
              onDrop={(e) => {
                const a = arrastre.current;
                if (!a) return;
                e.preventDefault();
                // The time the guide shows in this column; computed here only if no dragover drew it (the grab
                // offset still counts: the drag's state is read before it is cleared).
                const minutos = guia.current?.clave === col.clave ? guia.current.minutos : minutosEn(e, a);
                arrastre.current = null;
                mostrarGuia(null);
                const inicio = instanteLocal(col.fecha, hhmm(minutos), zonaClinica);
                const doctorId = col.doctorId ?? a.cita.doctor.id;
                if (inicio.getTime() !== Date.parse(a.cita.inicio) || doctorId !== a.cita.doctor.id)
                  onSoltar(a.cita, inicio.toISOString(), doctorId);
              }}
            >
              {destino?.clave === col.clave && (
                <div
                  className={classes.indicador}
                  style={{ top: (destino.minutos - desdeMin) * PX_MINUTO }}
                  data-testid="guia-arrastre"
                >
                  <span className={classes.indicadorHora}>
                    {formatHora(instanteLocal(col.fecha, hhmm(destino.minutos), zonaClinica))}
                  </span>
                </div>
              )}
              {[...col.citas]
                .sort((a, b) => a.inicio.localeCompare(b.inicio))
                .map((c) => {
                  const ini = minutosDe(c.inicio);
                  const fin = Math.max(minutosDe(c.fin), ini + 15);
                  const lane = lanes.get(c.id) ?? { carril: 0, total: 1 };
                  const ancho = 100 / lane.total;
                  const mover = modificable(c);
                  return (
                    <div
                      key={c.id}
                      className={classes.cita}
                      data-tipo={c.tipo}
                      data-estado={c.estado}
                      data-moviendo={moviendo.has(c.id) || undefined}
                      // A 15-minute card has room for one line: no padding, a smaller menu button.
                      data-corta={fin - ini < 30 || undefined}
                      data-testid={`cita-${c.id}`}
                      draggable={mover && !moviendo.has(c.id)}
                      onDragStart={(e) => {
                        arrastre.current = {
                          cita: c,
                          agarreY: e.clientY - e.currentTarget.getBoundingClientRect().top,
                        };
                        e.dataTransfer.effectAllowed = 'move';
                        e.dataTransfer.setData('text/plain', String(c.id));
                      }}
                      onDragEnd={() => {
                        arrastre.current = null;
                        mostrarGuia(null);
                      }}
                      style={{
                        top: (ini - desdeMin) * PX_MINUTO + 1,
                        height: (fin - ini) * PX_MINUTO - 2,
                        left: `calc(${lane.carril * ancho}% + 2px)`,
                        width: `calc(${ancho}% - 4px)`,
                      }}
                    >
                      <Link
                        to={paths.detallesCita(c.id)}
                        className={classes.enlace}
                        draggable={false}
                        aria-label={`Ver la cita: ${descripcionCita(c)}`}
                      >
                        {compacto ? (
                          // Narrow week columns: the position gives the time; the name, then type and state.
                          <>
                            <span className={`${classes.nombre} ${classes.conMenu}`}>
                              <span className={classes.nombreTexto}>{c.usuario.nombre}</span>
                            </span>
                            <Etiquetas cita={c} conDoctor={conDoctor} lineas={lineasDeEtiquetas(fin - ini)} />
                          </>
                        ) : (
                          // Two lines fit a 30-minute appointment: time and name, then type and state.
                          <>
                            <span className={`${classes.nombre} ${classes.conMenu}`}>
                              <span className={classes.hora}>
                                {formatHora(c.inicio)} – {formatHora(c.fin)}
                              </span>{' '}
                              <span className={classes.nombreTexto}>{c.usuario.nombre}</span>
                            </span>
                            <Etiquetas cita={c} conDoctor={conDoctor} lineas={lineasDeEtiquetas(fin - ini)} />
                          </>
                        )}
                      </Link>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon
                            className={classes.acciones}
                            variant="subtle"
                            color="gray"
                            size={24}
                            aria-label={`Acciones de la cita de ${c.usuario.nombre}, ${formatHora(c.inicio)}`}
                          >
                            <IconDotsVertical size={16} aria-hidden="true" />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item
                            component={Link}
                            to={paths.detallesCita(c.id)}
                            leftSection={<IconEye size={16} aria-hidden="true" />}
                          >
                            Ver detalles
                          </Menu.Item>
                          <Menu.Item
                            disabled={!mover}
                            onClick={() => onMover(c)}
                            leftSection={<IconArrowsMove size={16} aria-hidden="true" />}
                          >
                            Mover
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            disabled={!mover}
                            onClick={() => onCancelar(c)}
                            leftSection={<IconCalendarX size={16} aria-hidden="true" />}
                          >
                            Cancelar cita
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </div>
                  );
                })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Type and state (and the doctor when the column mixes them) under the name. */
/** The lines of 14 px a card of `minutos` has under its name line (at least one): the labels wrap into them. */
export const lineasDeEtiquetas = (minutos: number) => Math.max(1, Math.floor((minutos * PX_MINUTO - 6) / 14) - 1);

function Etiquetas({ cita, conDoctor, lineas }: { cita: CitaWire; conDoctor: boolean; lineas: number }) {
  // Issue 23.2: a deposit owed or paid. The link's name says it in full (descripcionCita); the chip's title too.
  const estado = cita.anticipo && cita.estado !== 'cancelada' ? cita.anticipo.estado : null;
  const chip = estado ? ANTICIPO_CHIP[estado] : undefined;
  return (
    <span className={classes.etiquetas} style={{ WebkitLineClamp: lineas }}>
      {chip && estado && (
        <span className={classes.anticipo} data-tono={chip.tono} title={ANTICIPO_CORTO[estado]}>
          {chip.texto}
        </span>
      )}
      {nombreTipo[cita.tipo]} · {nombreEstado[cita.estado]}
      {conDoctor ? ` · ${cita.doctor.nombre}` : ''}
    </span>
  );
}
