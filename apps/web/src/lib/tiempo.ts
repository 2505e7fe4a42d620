// The clinic's clock in the web (issue 7): "today" and every date or time a person reads are in the clinic's
// zone (env.clinicaTz), whatever zone the browser is in. Computing them in UTC made forms think it was already
// tomorrow after 19:00 in Bogotá. The calendar arithmetic is the contracts' (shared with the API), so the web
// and the server agree on what day it is. Formats as DESIGN.md asks: dd/mm/aaaa and h:mm a. m. (es-CO).
import { esZonaValida, FECHA, fechaEnZona, horaEsCo, type Fecha } from '@clinica/contracts/tiempo';
import { env } from './env.ts';

if (!esZonaValida(env.clinicaTz)) {
  // A mistyped VITE_CLINICA_TZ would otherwise show dates in the wrong zone or break every screen with dates.
  throw new Error(`VITE_CLINICA_TZ no es una zona horaria válida: «${env.clinicaTz}» (ej.: America/Bogota).`);
}

/** The clinic's IANA zone. */
export const zonaClinica = env.clinicaTz;

/** Today in the clinic, 'YYYY-MM-DD' (e.g. the latest birth date a form accepts). */
export function hoy(ahora: Date = new Date()): Fecha {
  return fechaEnZona(ahora, zonaClinica);
}

const fecha = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: zonaClinica,
});
const fechaHora = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: zonaClinica,
});
const fechaLarga = new Intl.DateTimeFormat('es-CO', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: zonaClinica,
});

// Browsers separate "p. m." with no-break spaces; plain ones keep the text equal to what people type and search.
const espacios = (texto: string) => texto.replace(/\s/g, ' ');

/**
 * 'dd/mm/aaaa'. A calendar day ('YYYY-MM-DD', e.g. a birth date) is shown as is; an instant (ISO date-time or
 * Date) on the day it falls in the clinic.
 */
export function formatFecha(valor: string | Date): string {
  if (typeof valor === 'string' && FECHA.test(valor)) {
    const [a, m, d] = valor.split('-');
    return `${d}/${m}/${a}`;
  }
  return fecha.format(new Date(valor));
}

/**
 * Time of an instant in the clinic: 'h:mm a. m.' (the contracts' horaEsCo, as the API writes it). It ends in a period:
 * a sentence that ends on it takes finDeFrase, never another '.'.
 */
export function formatHora(valor: string | Date): string {
  return horaEsCo(new Date(valor), zonaClinica);
}

/** Date and time of an instant in the clinic: 'dd/mm/aaaa, h:mm a. m.'. */
export function formatFechaHora(valor: string | Date): string {
  return espacios(fechaHora.format(new Date(valor)));
}

/** 'martes, 10 de marzo de 2026': the day of an instant in the clinic, spelled out. */
export function formatFechaLarga(valor: string | Date): string {
  return espacios(fechaLarga.format(new Date(valor)));
}
