// The month view of /calendariocitas: Monday-to-Sunday weeks (es-CO), each day with its appointments (time and
// patient, coloured by type with the type in the name), a count and «+N más» when they do not fit. A day opens
// its day view. From the keyboard it is one tab stop: the arrows move between days (a week up or down), Inicio and
// Fin go to the week's ends, Enter or Espacio opens the day.
import { VisuallyHidden } from '@mantine/core';
import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { diaDeSemana, fechaEnZona, instanteLocal, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { formatHora, zonaClinica } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { nombreEstado, nombreTipo } from '../agenda-textos.ts';
import classes from './calendario-mes.module.css';

/** Appointments listed in a day's cell; the rest are «+N más». */
export const CITAS_POR_DIA_MES = 3;

export const lunesDe = (f: Fecha) => sumarDias(f, -((diaDeSemana(f) + 6) % 7));
/** The first and last day the month grid of `fecha`'s month shows: whole weeks, Monday to Sunday. */
export function rangoMes(fecha: Fecha): { desde: Fecha; hasta: Fecha } {
  const primero = `${fecha.slice(0, 7)}-01`;
  const [a, m] = fecha.split('-').map(Number) as [number, number];
  const ultimo = sumarDias(`${m === 12 ? a + 1 : a}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1);
  return { desde: lunesDe(primero), hasta: sumarDias(lunesDe(ultimo), 6) };
}

const mediodia = (f: Fecha) => instanteLocal(f, '12:00', zonaClinica);
const nombreDia = new Intl.DateTimeFormat('es-CO', { weekday: 'long', timeZone: zonaClinica });
const nombreDiaCorto = new Intl.DateTimeFormat('es-CO', { weekday: 'short', timeZone: zonaClinica });
const diaLargo = new Intl.DateTimeFormat('es-CO', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: zonaClinica,
});

type Props = {
  /** Any day of the month shown; it also gets the keyboard's focus first. */
  fecha: Fecha;
  citas: CitaWire[];
  hoy: Fecha;
  /** Show the doctor's name (several doctors in the month). */
  conDoctor: boolean;
  onAbrirDia: (dia: Fecha) => void;
};

export function CalendarioMes({ fecha, citas, hoy, conDoctor, onAbrirDia }: Props) {
  const { desde, hasta } = rangoMes(fecha);
  const mes = fecha.slice(0, 7);
  const semanas: Fecha[][] = [];
  for (let d = desde; d <= hasta; d = sumarDias(d, 7))
    semanas.push(Array.from({ length: 7 }, (_, i) => sumarDias(d, i)));
  const porDia = new Map<Fecha, CitaWire[]>();
  for (const c of [...citas].sort((a, b) => a.inicio.localeCompare(b.inicio))) {
    const d = fechaEnZona(new Date(c.inicio), zonaClinica);
    porDia.set(d, [...(porDia.get(d) ?? []), c]);
  }
  const celdas = useRef(new Map<Fecha, HTMLButtonElement>());
  // The roving tab stop: the day of the URL when it is in this month, else the 1st.
  const activo = fecha >= desde && fecha <= hasta ? fecha : `${mes}-01`;

  function teclado(e: KeyboardEvent<HTMLButtonElement>, dia: Fecha) {
    const lunes = lunesDe(dia);
    const destino: Record<string, Fecha> = {
      ArrowLeft: sumarDias(dia, -1),
      ArrowRight: sumarDias(dia, 1),
      ArrowUp: sumarDias(dia, -7),
      ArrowDown: sumarDias(dia, 7),
      Home: lunes,
      End: sumarDias(lunes, 6),
    };
    const a = destino[e.key];
    if (!a) return;
    e.preventDefault();
    const boton = celdas.current.get(a);
    if (!boton) return;
    for (const b of celdas.current.values()) b.tabIndex = -1;
    boton.tabIndex = 0;
    boton.focus();
  }

  return (
    <table className={classes.mes} aria-label="Citas del mes" style={{ '--semanas': semanas.length } as CSSProperties}>
      <thead>
        <tr>
          {semanas[0]!.map((d) => (
            <th key={d} scope="col" abbr={nombreDia.format(mediodia(d))}>
              {nombreDiaCorto.format(mediodia(d)).replace('.', '')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {semanas.map((semana) => (
          <tr key={semana[0]}>
            {semana.map((d) => {
              const delDia = porDia.get(d) ?? [];
              const mas = delDia.length - CITAS_POR_DIA_MES;
              const cuantas =
                delDia.length === 0 ? 'sin citas' : delDia.length === 1 ? '1 cita' : `${delDia.length} citas`;
              return (
                <td
                  key={d}
                  className={classes.dia}
                  data-fuera={d.slice(0, 7) !== mes || undefined}
                  data-hoy={d === hoy || undefined}
                  data-domingo={diaDeSemana(d) === 0 || undefined}
                  // The whole cell opens the day for a pointer; the button is the keyboard's (and the reader's) way.
                  onClick={() => onAbrirDia(d)}
                >
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) celdas.current.set(d, el);
                      else celdas.current.delete(d);
                    }}
                    className={classes.numero}
                    tabIndex={d === activo ? 0 : -1}
                    aria-label={`${diaLargo.format(mediodia(d))}${d === hoy ? ' (hoy)' : ''}: ${cuantas}. Abrir el día`}
                    onKeyDown={(e) => teclado(e, d)}
                    onClick={(e) => {
                      e.stopPropagation();
                      onAbrirDia(d);
                    }}
                  >
                    <span>{Number(d.slice(8))}</span>
                    {delDia.length > 0 && (
                      <span className={classes.cuenta} aria-hidden="true">
                        {delDia.length}
                      </span>
                    )}
                  </button>
                  {delDia.length > 0 && (
                    <ul className={classes.lista}>
                      {delDia.slice(0, mas > 0 ? CITAS_POR_DIA_MES - 1 : CITAS_POR_DIA_MES).map((c) => (
                        <li
                          key={c.id}
                          className={classes.cita}
                          data-tipo={c.tipo}
                          data-estado={c.estado}
                          title={`${formatHora(c.inicio)} ${c.usuario.nombre}, ${nombreTipo[c.tipo]}, ${nombreEstado[c.estado]}${
                            conDoctor ? `, con ${c.doctor.nombre}` : ''
                          }`}
                        >
                          <span className={classes.hora}>{formatHora(c.inicio)}</span>{' '}
                          <span className={classes.nombre}>{c.usuario.nombre}</span>
                          <VisuallyHidden>
                            , {nombreTipo[c.tipo]}, {nombreEstado[c.estado]}
                            {conDoctor ? `, con ${c.doctor.nombre}` : ''}
                          </VisuallyHidden>
                        </li>
                      ))}
                      {mas > 0 && <li className={classes.mas}>+{mas + 1} más</li>}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
