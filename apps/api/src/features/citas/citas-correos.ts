// The e-mails an appointment sends its patient (booked, confirmed, moved, cancelled, the reminder the day before),
// written with the product's one template (platform/plantillas-correo.ts) and carrying the appointment as an .ics
// (lib/ics.ts): REQUEST adds or updates it in the patient's calendar, CANCEL removes it. One UID per appointment;
// its SEQUENCE is the appointment's `secuencia_calendario`, which the service raises with every change it e-mails.
import {
  CANCELACION_HORAS_AVISO,
  HORAS_MINIMAS_CAMBIO_PACIENTE,
  politicaCancelacion,
  type TipoCita,
} from '@clinica/contracts/citas';
import { formatoPesos } from '@clinica/contracts/dinero';
import { finDeFrase, horaEsCo } from '@clinica/contracts/tiempo';
import { crearIcs, type EstadoIcs } from '../../lib/ics.ts';
import type { Correo } from '../../platform/correo.ts';
import type { BloqueCorreo, PlantillasCorreo } from '../../platform/plantillas-correo.ts';
import type { CitaDetalle } from './citas.repository.ts';

/** What an appointment's e-mail shows: known before a new appointment is written (reserva.service componerReserva). */
export type CitaParaCorreo = Pick<
  CitaDetalle,
  | 'id'
  | 'inicio'
  | 'fin'
  | 'tipo'
  | 'estado'
  | 'paciente_nombre'
  | 'paciente_correo'
  | 'doctor_nombre'
  | 'procedimiento_nombre'
  | 'secuencia_calendario'
  | 'motivo_cancelacion'
> &
  Partial<Pick<CitaDetalle, 'anticipo_monto' | 'reserva_vence_en' | 'confirmada_via'>>;

export type ClaseCorreoCita = 'creada' | 'confirmada' | 'reagendada' | 'cancelada' | 'recordatorio';

export const NOMBRE_ARCHIVO_ICS = 'cita.ics';

/** How a type of appointment is said in a sentence (notifications and e-mails). */
export const NOMBRE_TIPO: Record<TipoCita, string> = {
  evaluacion: 'evaluación',
  procedimiento: 'procedimiento',
  control: 'control',
};

/** `Clínica <no-responder@x>` -> `no-responder@x`. */
export function direccionDe(remitente: string): string {
  return (/<([^>]+)>/.exec(remitente)?.[1] ?? remitente).trim();
}

export function createCorreosCitas(deps: {
  plantillas: PlantillasCorreo;
  zona: string;
  /** The From of the e-mails: the calendar's ORGANIZER. */
  remitente: string;
  now: () => Date;
  /** config.cancelacionHorasAviso: the cancellation policy the booking e-mail states. */
  horasAviso?: number;
}) {
  const { plantillas, zona, now } = deps;
  const { nombre: clinica, urlPublica, direccion } = plantillas.identidad;
  const lugar = direccion ? `${clinica}, ${direccion}` : clinica;
  const dominio = new URL(urlPublica).hostname;
  const organizador = { nombre: clinica, correo: direccionDe(deps.remitente) };
  const fecha = new Intl.DateTimeFormat('es-CO', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zona,
  });
  /** 'h:mm a. m.' (contracts/tiempo horaEsCo): it ends in a period, so a sentence ending on it gets no other. */
  const hora = { format: (d: Date) => horaEsCo(d, zona) };

  const que = (c: CitaParaCorreo) =>
    c.tipo === 'procedimiento' && c.procedimiento_nombre
      ? `tu cita de procedimiento (${c.procedimiento_nombre})`
      : `tu cita de ${NOMBRE_TIPO[c.tipo]}`;

  function detalles(c: CitaParaCorreo, motivo?: string): BloqueCorreo {
    const filas: [string, string][] = [
      ['Fecha', fecha.format(c.inicio)],
      ['Hora', `${hora.format(c.inicio)} a ${hora.format(c.fin)}`],
      ['Tipo', NOMBRE_TIPO[c.tipo]],
    ];
    if (c.procedimiento_nombre) filas.push(['Procedimiento', c.procedimiento_nombre]);
    filas.push(['Profesional', c.doctor_nombre], ['Lugar', lugar]);
    if (motivo) filas.push(['Motivo', motivo]);
    return { tipo: 'detalles', filas };
  }

  const verCita = (c: CitaParaCorreo): BloqueCorreo => ({
    tipo: 'boton',
    texto: 'Ver mi cita',
    url: `${urlPublica}/detallescitas/${c.id}`,
  });
  /**
   * How to cancel or move it. Patients do it on the web up to HORAS_MINIMAS_CAMBIO_PACIENTE hours before the start;
   * an e-mail written inside that window (the reminder always is) says what still applies (issue 27.12).
   */
  const cambios = (c: CitaParaCorreo): BloqueCorreo => ({
    tipo: 'nota',
    texto:
      c.inicio.getTime() - now().getTime() > HORAS_MINIMAS_CAMBIO_PACIENTE * 3_600_000
        ? `Si no puedes asistir, cancela o cambia la cita desde la web con al menos ${HORAS_MINIMAS_CAMBIO_PACIENTE} horas de anticipación, o comunícate con la clínica.`
        : `Si no puedes asistir, avísale a la clínica cuanto antes: faltan menos de ${HORAS_MINIMAS_CAMBIO_PACIENTE} horas, así que ya no puedes cancelarla ni cambiarla desde la web, y aplica la política de cancelación de la clínica.`,
  });
  const adjunto = (quita: boolean): BloqueCorreo => ({
    tipo: 'parrafo',
    texto: quita
      ? 'Adjuntamos un archivo de calendario (cita.ics): ábrelo para quitar la cita de tu calendario.'
      : 'Adjuntamos la cita como archivo de calendario (cita.ics): ábrelo para agregarla o actualizarla en tu calendario.',
  });

  /** A booking that owes a deposit: how much, until when it holds the slot, and the cancellation policy. */
  const anticipo = (c: CitaParaCorreo): BloqueCorreo[] =>
    c.anticipo_monto && c.reserva_vence_en
      ? [
          {
            tipo: 'parrafo',
            texto: `Para conservar este horario, paga el anticipo de ${formatoPesos(c.anticipo_monto)} antes del ${fecha.format(c.reserva_vence_en)} a las ${hora.format(c.reserva_vence_en)} en la clínica. Si no se paga a tiempo, la reserva se libera y el horario queda disponible para otra persona.`,
          },
          { tipo: 'nota', texto: politicaCancelacion(deps.horasAviso ?? CANCELACION_HORAS_AVISO) },
        ]
      : [];

  function mensaje(clase: ClaseCorreoCita, c: CitaParaCorreo) {
    const cuando = `${fecha.format(c.inicio)} a las ${hora.format(c.inicio)}`;
    const base = { saludo: `Hola, ${c.paciente_nombre}:` };
    switch (clase) {
      case 'creada':
        return plantillas.componer({
          ...base,
          asunto: `Tu cita quedó agendada para el ${cuando}`,
          titulo: 'Tu cita quedó agendada',
          bloques: [
            {
              tipo: 'parrafo',
              texto: `Agendamos ${que(c)} en ${clinica}. Está pendiente de confirmación: te escribiremos cuando la clínica la confirme.`,
            },
            ...anticipo(c),
            detalles(c),
            adjunto(false),
            verCita(c),
            cambios(c),
          ],
        });
      case 'confirmada':
        return plantillas.componer({
          ...base,
          asunto: `Tu cita del ${cuando} está confirmada`,
          titulo: 'Tu cita está confirmada',
          bloques: [
            {
              tipo: 'parrafo',
              // Issue 25.3: she confirmed it herself from the reminder (e-mail link or WhatsApp).
              texto:
                c.confirmada_via === 'correo' || c.confirmada_via === 'whatsapp'
                  ? `Recibimos tu confirmación de ${que(c)}. Te esperamos.`
                  : `La clínica confirmó ${que(c)}. Te esperamos.`,
            },
            detalles(c),
            adjunto(false),
            verCita(c),
            cambios(c),
          ],
        });
      case 'reagendada':
        return plantillas.componer({
          ...base,
          asunto: `Tu cita cambió: ahora es el ${cuando}`,
          titulo: 'Tu cita cambió',
          bloques: [
            {
              tipo: 'parrafo',
              texto: `${mayuscula(que(c))} cambió (fecha, hora o profesional). Estos son los datos actuales:`,
            },
            detalles(c),
            adjunto(false),
            verCita(c),
            cambios(c),
          ],
        });
      case 'cancelada':
        return plantillas.componer({
          ...base,
          asunto: `Tu cita del ${cuando} fue cancelada`,
          titulo: 'Tu cita fue cancelada',
          bloques: [
            { tipo: 'parrafo', texto: `${mayuscula(que(c))} fue cancelada.` },
            detalles(c, c.motivo_cancelacion ?? undefined),
            adjunto(true),
            { tipo: 'boton', texto: 'Agendar una nueva cita', url: `${urlPublica}/crearcita` },
          ],
        });
      case 'recordatorio':
        return plantillas.componer({
          ...base,
          asunto: `Recordatorio: mañana a las ${hora.format(c.inicio)} tienes tu cita`,
          titulo: 'Te esperamos mañana',
          bloques: [
            { tipo: 'parrafo', texto: finDeFrase(`Te recordamos ${que(c)}, mañana a las ${hora.format(c.inicio)}`) },
            detalles(c),
            verCita(c),
            cambios(c),
          ],
        });
    }
  }

  function ics(clase: ClaseCorreoCita, c: CitaParaCorreo & { paciente_correo: string }): string {
    const cancela = clase === 'cancelada';
    const estado: EstadoIcs = cancela ? 'CANCELLED' : c.estado === 'confirmada' ? 'CONFIRMED' : 'TENTATIVE';
    const resumen =
      c.tipo === 'procedimiento' && c.procedimiento_nombre
        ? `${mayuscula(c.procedimiento_nombre)} - ${clinica}`
        : `Cita de ${NOMBRE_TIPO[c.tipo]} - ${clinica}`;
    return crearIcs(
      {
        metodo: cancela ? 'CANCEL' : 'REQUEST',
        uid: `cita-${c.id}@${dominio}`,
        secuencia: c.secuencia_calendario,
        marca: now(),
        inicio: c.inicio,
        fin: c.fin,
        resumen,
        descripcion: `Con ${c.doctor_nombre}. Detalles de la cita: ${urlPublica}/detallescitas/${c.id}`,
        lugar,
        estado,
        organizador,
        asistente: { nombre: c.paciente_nombre, correo: c.paciente_correo },
        url: `${urlPublica}/detallescitas/${c.id}`,
      },
      clinica,
    );
  }

  return {
    /**
     * The outbox payload of one appointment e-mail to its patient, with its calendar; null for a patient without an
     * e-mail (registered at the desk, decision 0048): she has her in-app notification and the desk's call.
     */
    componer(clase: ClaseCorreoCita, c: CitaParaCorreo): Correo | null {
      if (!c.paciente_correo) return null;
      const metodo = clase === 'cancelada' ? 'CANCEL' : 'REQUEST';
      return {
        para: c.paciente_correo,
        ...mensaje(clase, c),
        adjuntos: [
          {
            nombre: NOMBRE_ARCHIVO_ICS,
            tipo: `text/calendar; charset=utf-8; method=${metodo}`,
            contenido: ics(clase, { ...c, paciente_correo: c.paciente_correo }),
          },
        ],
      };
    },
  };
}
export type CorreosCitas = ReturnType<typeof createCorreosCitas>;

const mayuscula = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
