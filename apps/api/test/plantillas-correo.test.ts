// The one e-mail template (platform/plantillas-correo.ts) and the appointment calendar (lib/ics.ts): every value
// escaped, the clinic's colours and name, an accessible HTML part and a plain-text part; an .ics a strict parser
// (ical.js) reads back, folded at 75 octets with CRLF, TEXT values escaped.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ROSA } from '@clinica/contracts/marca';
import { createCorreosCitas, direccionDe } from '../src/features/citas/citas-correos.ts';
import type { CitaDetalle } from '../src/features/citas/citas.repository.ts';
import { crearIcs, escaparTexto, plegar, type EventoIcs } from '../src/lib/ics.ts';
import { createPlantillasCorreo, escaparHtml, RUTA_LOGO_CORREO } from '../src/platform/plantillas-correo.ts';

const MALICIOSO = 'Ana <script>alert("x")</script> & <img src=x onerror=alert(1)>';
const plantillas = createPlantillasCorreo({
  nombre: 'Clínica Aurora Estética',
  urlPublica: 'https://citas.aurora.test',
  direccion: 'Calle 93 # 12-45, consultorio 301; Bogotá',
});

describe('the e-mail template', () => {
  const correo = plantillas.componer({
    asunto: `Hola ${MALICIOSO}`,
    titulo: `Título ${MALICIOSO}`,
    saludo: `Hola, ${MALICIOSO}:`,
    bloques: [
      { tipo: 'parrafo', texto: `Párrafo ${MALICIOSO}` },
      { tipo: 'detalles', filas: [['Profesional', MALICIOSO]] },
      { tipo: 'boton', texto: 'Ver mi cita', url: 'https://citas.aurora.test/detallescitas/7?a="1"&b=<2>' },
      { tipo: 'nota', texto: `Nota ${MALICIOSO}` },
    ],
  });

  it('escapes every interpolated value: no markup a name brings survives in the HTML', () => {
    expect(correo.html).not.toContain('<script');
    expect(correo.html).not.toContain('<img src=x');
    expect(correo.html).not.toContain('onerror=alert(1)>');
    expect(correo.html).toContain(escaparHtml(MALICIOSO));
    expect(escaparHtml(MALICIOSO)).toBe(
      'Ana &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    );
    // Counted: subject (title), hidden preview line, heading, greeting, paragraph, detail, note.
    expect(correo.html.split(escaparHtml(MALICIOSO)).length - 1).toBe(7);
    expect(correo.html).toContain('href="https://citas.aurora.test/detallescitas/7?a=&quot;1&quot;&amp;b=&lt;2&gt;"');
  });

  it('the plain-text part carries everything, as text', () => {
    expect(correo.asunto).toBe(`Hola ${MALICIOSO}`);
    expect(correo.texto).toContain(`Hola, ${MALICIOSO}:`);
    expect(correo.texto).toContain(`Profesional: ${MALICIOSO}`);
    expect(correo.texto).toContain('Ver mi cita:\nhttps://citas.aurora.test/detallescitas/7?a="1"&b=<2>');
    expect(correo.texto).toContain('Clínica Aurora Estética · Calle 93 # 12-45, consultorio 301; Bogotá');
    expect(correo.texto).not.toMatch(/<\/?(p|td|table|a)\b/);
  });

  it('is an accessible HTML e-mail: language, layout tables, inline styles, alt text, the theme colours', () => {
    const { html } = correo;
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain('<html lang="es-CO" dir="ltr">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).not.toContain('<style');
    expect(html).toMatch(/<table role="presentation"/);
    expect(html).toContain(`<th scope="row"`);
    // Every image has a text alternative.
    const imagenes = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(imagenes).toHaveLength(1);
    expect(imagenes[0]).toContain(`src="https://citas.aurora.test${RUTA_LOGO_CORREO}"`);
    expect(imagenes[0]).toContain('alt="Logotipo de Clínica Aurora Estética"');
    expect(html).toContain(`background-color:${ROSA[7]}`);
    expect(html).toContain('<h1 ');
    // Every tag's style attribute is closed where it should be (no quote from a font name breaks it).
    for (const [, estilo] of html.matchAll(/style="([^"]*)"/g)) expect(estilo).not.toMatch(/[<>]/);
  });
});

const evento: EventoIcs = {
  metodo: 'REQUEST',
  uid: 'cita-42@citas.aurora.test',
  secuencia: 3,
  marca: new Date('2026-11-23T12:00:00.123Z'),
  inicio: new Date('2026-11-25T14:00:00Z'),
  fin: new Date('2026-11-25T14:30:00Z'),
  resumen: 'Cita de evaluación, con ; y \\ - Clínica Aurora Estética',
  descripcion: 'Línea uno\nLínea dos, con coma',
  lugar: 'Clínica Aurora Estética, Calle 93 # 12-45; Bogotá',
  estado: 'TENTATIVE',
  organizador: { nombre: 'Clínica Aurora, "Estética"', correo: 'no-responder@aurora.test' },
  asistente: { nombre: 'Ana María Ñúñez Castañeda de la Peña y Restrepo Ospina', correo: 'ana@prueba.test' },
  url: 'https://citas.aurora.test/detallescitas/42',
};

describe('the appointment calendar (.ics)', () => {
  const ics = crearIcs(evento, 'Clínica Aurora Estética');

  it('is CRLF-terminated, with every physical line at most 75 octets and folds never inside a character', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lineas = ics.split('\r\n').slice(0, -1);
    for (const l of lineas) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
    // The attendee line is long: folded, continuation lines start with one space.
    expect(lineas.some((l) => l.startsWith(' '))).toBe(true);
    expect(ics).not.toContain('\uFFFD');
  });

  it('folds multi-byte text by octets and unfolds to the same line', () => {
    const larga = `SUMMARY:${'ñ'.repeat(60)}`;
    const plegada = plegar(larga);
    const partes = plegada.split('\r\n');
    expect(partes.length).toBeGreaterThan(1);
    for (const p of partes) expect(Buffer.byteLength(p, 'utf8')).toBeLessThanOrEqual(75);
    expect(plegada.replace(/\r\n /g, '')).toBe(larga);
    expect(plegar('corta')).toBe('corta');
  });

  it('escapes TEXT values: backslash, semicolon, comma, new line', () => {
    expect(escaparTexto('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'LOCATION;LANGUAGE=es-CO:Clínica Aurora Estética\\, Calle 93 # 12-45\\; Bogotá',
    );
  });

  it('parses back (ical.js) with the method, UID, SEQUENCE, UTC times, summary, location and people', () => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    const vevent = cal.getFirstSubcomponent('vevent')!;
    const e = new ICAL.Event(vevent);
    expect(e.uid).toBe('cita-42@citas.aurora.test');
    expect(e.sequence).toBe(3);
    expect(e.startDate.toJSDate().toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(e.endDate.toJSDate().toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(e.startDate.zone?.tzid).toBe('UTC');
    expect(e.summary).toBe(evento.resumen);
    expect(e.description).toBe(evento.descripcion);
    expect(e.location).toBe(evento.lugar);
    expect(vevent.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-11-23T12:00:00Z');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Clínica Aurora, Estética');
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:no-responder@aurora.test');
    const asistente = vevent.getFirstProperty('attendee')!;
    expect(asistente.getFirstValue()).toBe('mailto:ana@prueba.test');
    expect(asistente.getParameter('cn')).toBe(evento.asistente.nombre);
  });

  it('a cancellation: METHOD:CANCEL and STATUS:CANCELLED', () => {
    const cancelada = crearIcs({ ...evento, metodo: 'CANCEL', estado: 'CANCELLED', secuencia: 4 }, 'Clínica');
    const cal = new ICAL.Component(ICAL.parse(cancelada));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('uid')).toBe(evento.uid);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(4);
  });
});

describe('appointment e-mails', () => {
  const cita: CitaDetalle = {
    id: 9,
    inicio: new Date('2026-11-25T14:00:00Z'),
    fin: new Date('2026-11-25T14:30:00Z'),
    tipo: 'evaluacion',
    estado: 'pendiente',
    paciente_id: 1,
    paciente_nombre: MALICIOSO,
    paciente_correo: 'ana@prueba.test',
    paciente_telefono: null,
    paciente_documento: '1',
    doctor_id: 2,
    doctor_nombre: 'Dra. Laura Gómez',
    procedimiento_id: null,
    procedimiento_nombre: null,
    procedimientos_solicitados: [],
    motivo: null,
    observaciones: null,
    motivo_cancelacion: 'Viaje, imprevisto; lo siento',
    causa_cancelacion: null,
    anticipo_monto: null,
    reserva_vence_en: null,
    anticipo_destino: null,
    devolucion_pagada: null,
    secuencia_calendario: 2,
    confirmada_via: null,
    confirmada_en: null,
    creada_en: new Date(),
    actualizada_en: new Date(),
  };
  const correos = createCorreosCitas({
    plantillas,
    zona: 'America/Bogota',
    remitente: 'Clínica Aurora <no-responder@aurora.test>',
    now: () => new Date('2026-11-23T12:00:00Z'),
  });

  it('each kind: Spanish subject in the clinic zone, escaped name, a calendar with the right method', () => {
    const llano = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    const creada = correos.componer('creada', cita)!;
    expect(creada.para).toBe('ana@prueba.test');
    expect(llano(creada.asunto)).toBe(
      'Tu cita quedó agendada para el miércoles, 25 de noviembre de 2026 a las 9:00 a. m.',
    );
    expect(creada.html).not.toContain('<script');
    expect(creada.adjuntos).toEqual([
      { nombre: 'cita.ics', tipo: 'text/calendar; charset=utf-8; method=REQUEST', contenido: expect.any(String) },
    ]);
    expect(creada.adjuntos![0]!.contenido).toContain('SEQUENCE:2');
    expect(creada.adjuntos![0]!.contenido).toContain('UID:cita-9@citas.aurora.test');

    const cancelada = correos.componer('cancelada', { ...cita, estado: 'cancelada' })!;
    expect(cancelada.adjuntos![0]!.tipo).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancelada.adjuntos![0]!.contenido).toContain('STATUS:CANCELLED');
    expect(cancelada.texto).toContain('Motivo: Viaje, imprevisto; lo siento');
    expect(llano(correos.componer('recordatorio', cita)!.asunto)).toBe(
      'Recordatorio: mañana a las 9:00 a. m. tienes tu cita',
    );
    expect(correos.componer('confirmada', { ...cita, estado: 'confirmada' })!.adjuntos![0]!.contenido).toContain(
      'STATUS:CONFIRMED',
    );
  });

  it('a patient without an e-mail (registered at the desk) gets none: null, nothing to queue', () => {
    for (const clase of ['creada', 'confirmada', 'reagendada', 'cancelada', 'recordatorio'] as const)
      expect(correos.componer(clase, { ...cita, paciente_correo: null })).toBeNull();
  });

  it('the reminder ends its sentence once after "a. m." and, sent inside the 24 h, gives no advice it cannot keep (issue 27.12)', () => {
    // Composed when it is sent: 24 h before the start (the outbox row is due then).
    const alEnviar = createCorreosCitas({
      plantillas,
      zona: 'America/Bogota',
      remitente: 'Clínica Aurora <no-responder@aurora.test>',
      now: () => new Date(cita.inicio.getTime() - 24 * 3_600_000 + 60_000),
    });
    const recordatorio = alEnviar.componer('recordatorio', cita)!;
    expect(recordatorio.texto).toContain('Te recordamos tu cita de evaluación, mañana a las 9:00 a. m.');
    expect(recordatorio.texto).not.toMatch(/m\.\./);
    expect(recordatorio.html).not.toMatch(/m\.\./);
    expect(recordatorio.texto).not.toContain('con al menos 24 horas de anticipación');
    expect(recordatorio.texto).toContain(
      'Si no puedes asistir, avísale a la clínica cuanto antes: faltan menos de 24 horas, así que ya no puedes cancelarla ni cambiarla desde la web, y aplica la política de cancelación de la clínica.',
    );
    // Two days ahead the booking e-mail still says how to cancel on the web.
    expect(correos.componer('creada', cita)!.texto).toContain(
      'cancela o cambia la cita desde la web con al menos 24 horas de anticipación',
    );
  });

  it('the organizer is the sender address', () => {
    expect(direccionDe('Clínica <no-responder@x.test>')).toBe('no-responder@x.test');
    expect(direccionDe('solo@x.test')).toBe('solo@x.test');
  });
});
