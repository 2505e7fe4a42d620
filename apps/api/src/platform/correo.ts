// Outgoing e-mail, delivered by the outbox dispatcher (never inside a request). With SMTP_URL through that
// server (nodemailer); without it (development, demo) each message is written as an .eml file under
// DATA_DIR/correos, where a developer can open it: nothing is sent and nothing is lost. Either way the message
// carries its plain-text part, its HTML part when it has one, and its attachments (an appointment's .ics).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type Mail from 'nodemailer/lib/mailer';
import type { EventosBandeja } from './bandeja.service.ts';

export type Correo = EventosBandeja['correo'];
export type Mailer = { enviar(correo: Correo): Promise<void> };

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
function transportePerezoso<T>(crear: (nm: (typeof import('nodemailer'))['default']) => T): () => Promise<T> {
  let transporte: Promise<T> | undefined;
  return () => (transporte ??= import('nodemailer').then((m) => crear(m.default)));
}

export function createMailer(opts: { smtpUrl: string | undefined; remitente: string; dataDir: string }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    const transporte = transportePerezoso((nm) => nm.createTransport(smtpUrl));
    return {
      async enviar(c) {
        await (await transporte()).sendMail(mensajeDe(opts.remitente, c));
      },
    };
  }
  const archivo = transportePerezoso((nm) =>
    nm.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const carpeta = carpetaCorreos(opts.dataDir);
  return {
    async enviar(c) {
      const { message } = await (await archivo()).sendMail(mensajeDe(opts.remitente, c));
      const nombre = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const escribir = () => writeFile(path.join(carpeta, nombre), message as Buffer, { mode: 0o600 });
      // The folder is made on the first mail (and again if someone removed it), not before every one.
      await escribir().catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
        await mkdir(carpeta, { recursive: true, mode: 0o700 });
        await escribir();
      });
    },
  };
}
