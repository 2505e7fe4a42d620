// Issue 10.7 in a real browser: "¿Olvidaste tu contraseña?" -> the e-mail (in the day's mailbox file in the
// server's DATA_DIR, as without SMTP_URL) -> its link -> a new password -> sign in with it. Each test registers its
// own patient, so the demo passwords other specs use never change. The administrator's outbox shows the e-mail
// without the link, also in its HTML preview (a sandboxed frame).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, inject, it } from 'vitest';
import { apiFetch, cedulaUnica, DEMO, expect, signInAs, unico, useBrowser } from './harness.ts';

const INICIAL = 'mi frase secreta de prueba';
const NUEVA = 'un colibrí sobre la fuente del parque';

/** Quoted-printable soft line breaks and escapes, as nodemailer writes the text part. */
const decodificarQP = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The messages of an mbox file (the server's mailbox without SMTP_URL: platform/correo.ts), oldest first. */
const mensajesMbox = (contenido: string) => contenido.split(/^From MAILER-DAEMON .*\n/m).slice(1);

/** The recovery link in the newest message to `correo` (the dispatcher writes it right after the request). */
async function enlaceEnviadoA(correo: string): Promise<string> {
  const carpeta = path.join(inject('dataDir'), 'correos');
  let enlace: string | undefined;
  await expect
    .poll(async () => {
      const buzones = (await readdir(carpeta).catch(() => [] as string[])).filter((n) => n.endsWith('.mbox')).sort();
      const mensajes = (
        await Promise.all(buzones.map(async (n) => mensajesMbox(await readFile(path.join(carpeta, n), 'utf8'))))
      ).flat();
      for (const m of mensajes.reverse()) {
        if (!m.includes(`To: ${correo}`)) continue;
        enlace = /https?:\/\/\S+\/restablecercontrasena#token=[\w.-]+/.exec(decodificarQP(m))?.[0];
        if (enlace) return true;
      }
      return false;
    })
    .toBe(true);
  return enlace!;
}

/** A patient registered for one test (so the demo passwords other specs use never change); her e-mail. */
async function registrarPaciente(): Promise<string> {
  const correo = `e2e-recupera-${unico()}@prueba.test`;
  const registro = await apiFetch('/apiusuarios/registrar', {
    method: 'POST',
    body: {
      nombre: 'Paula Recupera',
      tipodocumento: 'CC',
      numerodocumento: cedulaUnica(),
      correo,
      contrasena: INICIAL,
      telefono: '3001234567',
      genero: 'femenino',
      fecha_nacimiento: '1990-03-14',
      terminos_condiciones: true,
      politica_datos: true,
    },
  });
  expect(registro.status).toBe(201);
  return correo;
}

describe('recuperar la contraseña (issue 10.7)', () => {
  const t = useBrowser();

  it('asks for a link, opens it from the e-mail, sets a new password and signs in with it', async () => {
    const { page } = t;
    const correo = await registrarPaciente();

    await page.goto('/iniciarsesion');
    await page.getByLabel('Correo electrónico').fill(correo);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/recuperarcontrasena');
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(correo);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Revisa tu correo')).toBeVisible();

    // The link points at URL_PUBLICA; open the same path and fragment on this server.
    const enlace = new URL(await enlaceEnviadoA(correo));
    expect(enlace.pathname).toBe('/restablecercontrasena');
    expect(enlace.search).toBe('');
    await page.goto(`${enlace.pathname}${enlace.hash}`);
    await page.getByLabel(/^Contraseña nueva/).fill(NUEVA);
    await page.getByLabel(/^Repite la contraseña nueva/).fill(NUEVA);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.waitForURL('**/iniciarsesion');
    await expect(page.getByText('Contraseña cambiada')).toBeVisible();

    await page.getByLabel('Correo electrónico').fill(correo);
    await page.getByLabel(/^Contraseña/).fill(NUEVA);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hola, Paula' }).waitFor();

    // The link worked once.
    const otraVez = await apiFetch<{ code: string }>('/apirecuperacion/restablecer', {
      method: 'POST',
      body: { token: new URLSearchParams(enlace.hash.slice(1)).get('token'), contrasena: 'otra frase cualquiera aquí' },
    });
    expect(otraVez.status).toBe(400);
    expect(otraVez.body.code).toBe('ENLACE_INVALIDO');
  });

  it("the administrator's outbox lists the recovery e-mail without its link", async () => {
    const { page } = t;
    // Its own patient and request: this test does not lean on the e-mail of the one above.
    const correo = await registrarPaciente();
    const solicitud = await apiFetch('/apirecuperacion/solicitar', { method: 'POST', body: { correo } });
    expect(solicitud.status).toBe(202);
    await enlaceEnviadoA(correo);
    await signInAs(page, DEMO.admin);
    await page.goto('/correos');
    await expect(page.getByRole('heading', { level: 1, name: 'Correos salientes' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'Restablece tu contraseña' }).filter({ hasText: correo });
    await expect(item).toBeVisible();
    await expect(item).toContainText('[enlace privado para restablecer la contraseña]');
    await expect(page.locator('body')).not.toContainText('#token=');

    // The HTML part, as the person sees it, inside a sandboxed frame: still the placeholder, never the link.
    await item.getByRole('button', { name: /^Ver el correo/ }).click();
    const marco = page.locator('iframe[title^="Vista previa del correo"]');
    await expect(marco).toHaveAttribute('sandbox', '');
    const cuerpo = page.frameLocator('iframe[title^="Vista previa del correo"]').locator('body');
    await expect(cuerpo).toContainText('Elegir una contraseña nueva');
    await expect(cuerpo).toContainText('[enlace privado para restablecer la contraseña]');
    await expect(cuerpo).not.toContainText('#token=');
    await expect(page.frameLocator('iframe[title^="Vista previa del correo"]').locator('img')).toHaveAttribute(
      'alt',
      /^Logotipo de /,
    );
  });
});
