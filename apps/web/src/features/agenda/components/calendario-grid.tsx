// The agenda grid (no calendar library, decision 0009): a time gutter and columns (doctors of one day, or the
// days of a week). Every appointment is a link to its details plus an actions menu (Mover, Cancelar), so the
// whole agenda works from the keyboard; with a pointer, an appointment can also be dragged to another time, or in
// the day view to another doctor's column. The parent decides what a drop means (it calls the API and snaps back
// on refusal).
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowsMove, IconCalendarX, IconDotsVertical, IconEye } from '@tabler/icons-react';
import { useRef, useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { horaEnZona, instanteLocal, type Fecha } from '@clinica/contracts/tiempo';
import { paths } from '../../../lib/paths.ts';
import { formatHora, zonaClinica } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../api/agenda-api.ts';
import { nombreEstado, nombreTipo } from '../agenda-textos.ts';
import classes from './calendario.module.css';

/** Pixels per minute: a 30-minute appointment is 48 px, enough for time, name and labels. */
export const PX_MINUTO = 1.6;
/** Drops snap to this many minutes. */
export const PASO_MINUTOS = 15;

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

export function descripcionCita(c: CitaWire) {
  return `${formatHora(c.inicio)} a ${formatHora(c.fin)}, ${c.usuario.nombre}, ${nombreTipo[c.tipo]}, ${nombreEstado[c.estado]}, con ${c.doctor.nombre}`;
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
  const horas: number[] = [];
  for (let m = Math.ceil(desdeMin / 60) * 60; m < hastaMin; m += 60) horas.push(m);

  const permitido = () => !!arrastre.current;
  const minutosEn = (e: DragEvent<HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY || 0) - rect.top - (arrastre.current?.agarreY ?? 0);
    const m = desdeMin + Math.round(y / PX_MINUTO / PASO_MINUTOS) * PASO_MINUTOS;
    return Math.min(Math.max(m, desdeMin), hastaMin - PASO_MINUTOS);
  };

  return (
    // It scrolls both ways: focusable and named, so a keyboard can scroll it even on a day without appointments.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={classes.contenedor} aria-busy={ocupado} role="region" aria-label="Agenda" tabIndex={0}>
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
                if (!permitido()) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                const minutos = minutosEn(e);
                if (destino?.clave !== col.clave || destino.minutos !== minutos)
                  setDestino({ clave: col.clave, minutos });
              }}
              onDragLeave={() => setDestino((d) => (d?.clave === col.clave ? null : d))}
              onDrop={(e) => {
                const a = arrastre.current;
                setDestino(null);
                if (!a) return;
                e.preventDefault();
                arrastre.current = null;
                const inicio = instanteLocal(col.fecha, hhmm(minutosEn(e)), zonaClinica);
                const doctorId = col.doctorId ?? a.cita.doctor.id;
                if (inicio.getTime() !== Date.parse(a.cita.inicio) || doctorId !== a.cita.doctor.id)
                  onSoltar(a.cita, inicio.toISOString(), doctorId);
              }}
            >
              {destino?.clave === col.clave && (
                <div className={classes.indicador} style={{ top: (destino.minutos - desdeMin) * PX_MINUTO }} />
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
                        setDestino(null);
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
                          // Narrow week columns: the position gives the time; type and state get a line each.
                          <>
                            <span className={`${classes.nombre} ${classes.conMenu}`}>{c.usuario.nombre}</span>
                            <span className={classes.etiquetas}>{nombreTipo[c.tipo]}</span>
                            <span className={classes.etiquetas}>
                              {nombreEstado[c.estado]}
                              {conDoctor ? ` · ${c.doctor.nombre}` : ''}
                            </span>
                          </>
                        ) : (
                          <>
                            <span className={`${classes.hora} ${classes.conMenu}`}>
                              {formatHora(c.inicio)} – {formatHora(c.fin)}
                            </span>
                            <span className={classes.nombre}>{c.usuario.nombre}</span>
                            <span className={classes.etiquetas}>
                              {nombreTipo[c.tipo]} · {nombreEstado[c.estado]}
                              {conDoctor ? ` · ${c.doctor.nombre}` : ''}
                            </span>
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
