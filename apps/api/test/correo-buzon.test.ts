// Without SMTP_URL every e-mail is appended to the day's mailbox (platform/correo.ts): whole, readable back as the
// messages that were sent (a body line that starts with "From " included), and never into a file nobody can read.
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { carpetaCorreos, createMailer, entradaMbox, mensajesMbox, type Mailer } from '../src/platform/correo.ts';

let dataDir: string;
let mailer: Mailer;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'clinica-buzon-'));
  mailer = createMailer({
    smtpUrl: undefined,
    remitente: 'Clínica <citas@clinica.test>',
    dataDir,
    zona: 'America/Bogota',
  });
});
afterEach(async () => {
  await mailer.cerrar?.();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every message in the mailboxes of the folder, by file name order. */
async function leidos(): Promise<string[]> {
  const carpeta = carpetaCorreos(dataDir);
  const archivos = (await readdir(carpeta)).sort();
  for (const a of archivos) {
    expect(a).toMatch(/^\d{4}-\d{2}-\d{2}\.mbox$/);
    expect((await stat(path.join(carpeta, a))).mode & 0o777).toBe(0o600);
  }
  const contenidos = await Promise.all(archivos.map((a) => readFile(path.join(carpeta, a), 'utf8')));
  return contenidos.flatMap(mensajesMbox);
}
const para = (m: string) => /^To: (.*)$/m.exec(m)?.[1];

describe('the mailbox without SMTP_URL', () => {
  it('appends each message whole to the day’s private .mbox, and reads back as sent', async () => {
    const cuerpos = Array.from({ length: 12 }, (_, i) => `Hola ${i}:\nFrom now on, your appointment is set.\nAdios`);
    await Promise.all(
      cuerpos.map((texto, i) => mailer.enviar({ para: `p${i}@prueba.test`, asunto: `n.º ${i}`, texto })),
    );

    const carpeta = carpetaCorreos(dataDir);
    // The body's "From " line is quoted in the file, so no reader takes it for a new message.
    const crudo = (
      await Promise.all((await readdir(carpeta)).map((a) => readFile(path.join(carpeta, a), 'utf8')))
    ).join('');
    expect(crudo).toContain('\n>From now on');
    const mensajes = await leidos();
    expect(mensajes.map(para).sort()).toEqual(cuerpos.map((_, i) => `p${i}@prueba.test`).sort());
    for (const m of mensajes) {
      const i = Number(/^To: p(\d+)@/m.exec(m)![1]);
      expect(m).toContain(`Hola ${i}:\nFrom now on, your appointment is set.\nAdios`);
    }
  });

  it('a removed folder is made again: the next message is not written into a file that is gone', async () => {
    await mailer.enviar({ para: 'antes@prueba.test', asunto: 'uno', texto: 'uno' });
    await rm(carpetaCorreos(dataDir), { recursive: true, force: true });
    await mailer.enviar({ para: 'despues@prueba.test', asunto: 'dos', texto: 'dos' });
    expect((await leidos()).map(para)).toEqual(['despues@prueba.test']);
  });

  it('starts each entry with a From line in asctime form and ends it with a blank line', () => {
    const entrada = entradaMbox(
      Buffer.from('Subject: x\n\n>From a quoted line\nbody'),
      new Date('2026-03-05T07:08:09Z'),
    );
    expect(entrada.toString()).toBe(
      'From MAILER-DAEMON Thu Mar  5 07:08:09 2026\nSubject: x\n\n>>From a quoted line\nbody\n\n',
    );
    expect(mensajesMbox(entrada.toString())).toEqual(['Subject: x\n\n>From a quoted line\nbody']);
  });
});
