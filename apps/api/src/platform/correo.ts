// Outgoing e-mail, delivered by the outbox dispatcher (never inside a request). With SMTP_URL through that
// server (nodemailer); without it (development, demo) each message is appended to the day's mailbox file,
// DATA_DIR/correos/AAAA-MM-DD.mbox, where a developer can open it: nothing is sent and nothing is lost. Either way the message
// carries its plain-text part, its HTML part when it has one, and its attachments (an appointment's .ics).
import { createWriteStream, fstatSync, mkdirSync, openSync, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type Mail from 'nodemailer/lib/mailer';
import type { EventosBandeja } from './bandeja.service.ts';

export type Correo = EventosBandeja['correo'];
export type Mailer = {
  enviar(correo: Correo): Promise<void>;
  /** Lets go of what it holds open (the mailbox file); messages already acknowledged are written. */
  cerrar?(): Promise<void>;
};

export const carpetaCorreos = (dataDir: string) => path.join(dataDir, 'correos');

/** The message nodemailer builds from an outbox row. */
export function mensajeDe(remitente: string, c: Correo): Mail.Options {
  return {
    from: remitente,
    to: c.para,
    subject: c.asunto,
    text: c.texto,
    ...(c.html ? { html: c.html } : {}),
    ...(c.adjuntos?.length
      ? {
          attachments: c.adjuntos.map((a) => ({
            filename: a.nombre,
            content: a.contenido,
            contentType: a.tipo,
          })),
        }
      : {}),
  };
}

/**
 * nodemailer is loaded with the first message, not at start-up (issue 12, item 5): the outbox sends in the
 * background, and a process that sends nothing for hours does not hold it.
 */
function transportePerezoso<T>(crear: (nm: (typeof import('nodemailer'))['default']) => T) {
  let transporte: Promise<T> | undefined;
  const obtener = () => (transporte ??= import('nodemailer').then((m) => crear(m.default)));
  /** The transport if a message ever needed it (nothing is loaded to close it). */
  obtener.creado = () => transporte;
  return obtener;
}

export function createMailer(opts: {
  smtpUrl: string | undefined;
  remitente: string;
  dataDir: string;
  /** The clinic's time zone: the mailbox of a day is that day there (default UTC). */
  zona?: string;
}): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    // Pooled: the connection (and its TLS handshake) serves many messages instead of one; a URL that says
    // ?pool=false still gets one connection per message.
    const transporte = transportePerezoso((nm) => nm.createTransport({ url: smtpUrl, pool: true }));
    return {
      async enviar(c) {
        await (await transporte()).sendMail(mensajeDe(opts.remitente, c));
      },
      async cerrar() {
        // Nothing to close if nodemailer never loaded (or failed to).
        const creado = await transporte.creado()?.catch(() => undefined);
        creado?.close();
      },
    };
  }
  const archivo = transportePerezoso((nm) =>
    nm.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const carpeta = carpetaCorreos(opts.dataDir);
  // The day in the clinic's zone (en-CA writes it as AAAA-MM-DD).
  const diaLocal = new Intl.DateTimeFormat('en-CA', { timeZone: opts.zona ?? 'UTC', dateStyle: 'short' });
  /**
   * The day's mailbox, open for appending: one stream keeps the messages whole and in order, and writes the ones
   * that queue up while a write is under way in one system call. Creating a file per message cost 0.2-1.8 ms of
   * kernel time on the benchmark machine, more as the folder grew; opening the file per message and appending one
   * at a time could not keep up with a burst of bookings (bench/results/perfil.md, decision 0032).
   */
  let abierto: { ruta: string; ino: number; flujo: WriteStream } | null = null;
  const buzon = (dia: string): WriteStream => {
    const ruta = path.join(carpeta, `${dia}.mbox`);
    // Still the file at that path? Someone may have removed or moved it (or the folder): writes to it would then
    // succeed and be lost, so the message would count as sent. One stat per message (a few µs).
    if (abierto?.ruta === ruta && statSync(ruta, { throwIfNoEntry: false })?.ino === abierto.ino) return abierto.flujo;
    abierto?.flujo.end();
    abierto = null;
    mkdirSync(carpeta, { recursive: true, mode: 0o700 });
    const fd = openSync(ruta, 'a', 0o600);
    const flujo = createWriteStream('', { fd });
    // A failed write rejects its message (the outbox tries it again); the next one opens the file anew.
    flujo.on('error', () => {
      if (abierto?.flujo === flujo) abierto = null;
    });
    abierto = { ruta, ino: fstatSync(fd).ino, flujo };
    return flujo;
  };
  return {
    async enviar(c) {
      const { message } = await (await archivo()).sendMail(mensajeDe(opts.remitente, c));
      const ahora = new Date();
      const flujo = buzon(diaLocal.format(ahora));
      await new Promise<void>((listo, fallo) =>
        flujo.write(entradaMbox(message as Buffer, ahora), (err) => (err ? fallo(err) : listo())),
      );
    },
    async cerrar() {
      const flujo = abierto?.flujo;
      abierto = null;
      if (flujo && !flujo.destroyed) await new Promise<void>((listo) => flujo.end(listo));
    },
  };
}

const DIAS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MESES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dos = (n: number) => String(n).padStart(2, '0');
const dia = (n: number) => String(n).padStart(2, ' ');

/**
 * One message as an mbox entry (the mboxrd variant): a `From ` line with the date in asctime form (UTC), the
 * message with every line that starts with `From ` (after any `>`) quoted with one more `>`, and a blank line.
 * Mail clients open the day's file as a mailbox; `less` reads it too.
 */
export function entradaMbox(mensaje: Buffer, fecha: Date): Buffer {
  const texto = mensaje.toString('utf8').replace(/^(>*From )/gm, '>$1');
  const cuando = `${DIAS[fecha.getUTCDay()]} ${MESES[fecha.getUTCMonth()]} ${dia(fecha.getUTCDate())} ${dos(fecha.getUTCHours())}:${dos(fecha.getUTCMinutes())}:${dos(fecha.getUTCSeconds())} ${fecha.getUTCFullYear()}`;
  return Buffer.from(`From MAILER-DAEMON ${cuando}\n${texto}${texto.endsWith('\n') ? '' : '\n'}\n`);
}

/** The messages of an mbox file (entradaMbox), oldest first, unquoted, without the final line break. */
export function mensajesMbox(contenido: string): string[] {
  return contenido
    .split(/^From MAILER-DAEMON .*\n/m)
    .slice(1)
    .map((m) => m.replace(/\n\n$/, '').replace(/^>(>*From )/gm, '$1'));
}
