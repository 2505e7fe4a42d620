// iCalendar (RFC 5545) for the appointment e-mails, with the iTIP methods of RFC 5546: REQUEST adds or updates
// the event in the patient's calendar, CANCEL removes it. One UID per appointment, so every update replaces the
// same event; SEQUENCE grows with each change so calendars take the newest. Times in UTC, lines folded at 75
// octets (never inside a UTF-8 character), CRLF line ends, TEXT values escaped.

export type MetodoIcs = 'REQUEST' | 'CANCEL';
export type EstadoIcs = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export type EventoIcs = {
  metodo: MetodoIcs;
  /** Stable per appointment, e.g. `cita-12@clinica.example`. */
  uid: string;
  secuencia: number;
  /** When this version was written (the injected clock). */
  marca: Date;
  inicio: Date;
  fin: Date;
  resumen: string;
  descripcion?: string;
  lugar: string;
  estado: EstadoIcs;
  organizador: { nombre: string; correo: string };
  asistente: { nombre: string; correo: string };
  /** Where the appointment's details open. */
  url?: string;
};

/** `20261125T140000Z`. */
export function fechaUtc(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
export function escaparTexto(v: string): string {
  return v
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (3.2): quoted when it holds `:;,`; DQUOTE and control characters cannot appear, so dropped. */
function parametro(v: string): string {
  // eslint-disable-next-line no-control-regex
  const limpio = v.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(limpio) ? `"${limpio}"` : limpio;
}

/** Folds a content line (3.1): at most 75 octets per physical line, continuation lines start with one space. */
export function plegar(linea: string): string {
  const partes: string[] = [];
  let actual = '';
  let octetos = 0;
  for (const caracter of linea) {
    const n = Buffer.byteLength(caracter, 'utf8');
    // The first line holds 75 octets; each continuation line 74 plus its leading space.
    const limite = partes.length === 0 ? 75 : 74;
    if (octetos + n > limite) {
      partes.push(actual);
      actual = '';
      octetos = 0;
    }
    actual += caracter;
    octetos += n;
  }
  partes.push(actual);
  return partes.join('\r\n ');
}

const mailto = (correo: string) => `mailto:${correo.replace(/[\s"<>]/g, '')}`;

/** The whole VCALENDAR, CRLF-terminated, ready to attach as `text/calendar`. */
export function crearIcs(e: EventoIcs, productoId: string): string {
  const lineas = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escaparTexto(productoId)}//Citas//ES`,
    'CALSCALE:GREGORIAN',
    `METHOD:${e.metodo}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.secuencia}`,
    `DTSTAMP:${fechaUtc(e.marca)}`,
    `DTSTART:${fechaUtc(e.inicio)}`,
    `DTEND:${fechaUtc(e.fin)}`,
    `SUMMARY;LANGUAGE=es-CO:${escaparTexto(e.resumen)}`,
    ...(e.descripcion ? [`DESCRIPTION;LANGUAGE=es-CO:${escaparTexto(e.descripcion)}`] : []),
    `LOCATION;LANGUAGE=es-CO:${escaparTexto(e.lugar)}`,
    `STATUS:${e.estado}`,
    'TRANSP:OPAQUE',
    `ORGANIZER;CN=${parametro(e.organizador.nombre)}:${mailto(e.organizador.correo)}`,
    `ATTENDEE;CN=${parametro(e.asistente.nombre)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(e.asistente.correo)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lineas.map(plegar).join('\r\n') + '\r\n';
}
