// Issue 3 in a real browser: registration and sign-in, the guard's return path, the expired-session dialog,
// sign-out across tabs, and a deactivated user's open session failing.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { apiFetch, cedulaUnica, DEMO, DEMO_PASSWORD, expect, loginToken, unico, useBrowser } from './harness.ts';

const CONTRASENA = 'mi frase secreta de prueba';

/** Creates a patient through the public API and returns its id and email. */
async function crearPaciente(nombre: string): Promise<{ id: number; correo: string }> {
  const correo = `e2e-${unico()}@prueba.test`;
  const res = await apiFetch<{ id: number }>('/apiusuarios/registrar', {
    method: 'POST',
    body: {
      nombre,
      tipodocumento: 'CC',
      numerodocumento: cedulaUnica(),
      correo,
      contrasena: CONTRASENA,
      telefono: '3001234567',
      genero: 'femenino',
      fecha_nacimiento: '1991-06-15',
      terminos_condiciones: true,
      politica_datos: true,
    },
  });
  if (res.status !== 201) throw new Error(`No se pudo registrar ${correo}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, correo };
}

async function iniciarSesionUI(page: Page, correo: string, contrasena: string) {
  await page.getByLabel('Correo electrónico').fill(correo);
  await page.getByLabel(/^Contraseña/).fill(contrasena);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function cerrarSesionUI(page: Page) {
  await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

describe('sesión (issue 3)', () => {
  const t = useBrowser();

  it('register -> dashboard -> sign out -> sign in -> dashboard -> sign out', async () => {
    const { page } = t;
    const correo = `e2e-${unico()}@prueba.test`;
    await page.goto('/registrar');
    await page.getByLabel('Nombre completo').fill('Valeria Prueba Registro');
    await page.getByLabel('Fecha de nacimiento').fill('1993-02-11');
    await page.getByLabel('Número de documento').fill(cedulaUnica());
    await page.getByRole('combobox', { name: /Género/ }).click();
    await page.getByRole('option', { name: 'Femenino' }).click();
    await page.getByLabel('Teléfono celular').fill('310 555 0199');
    await page.getByLabel('Correo electrónico').fill(correo);
    await page.getByLabel(/^Contraseña/).fill(CONTRASENA);
    await page.getByLabel(/^Confirma la contraseña/).fill(CONTRASENA);
    await page.getByRole('checkbox', { name: /términos y condiciones/ }).check();
    await page.getByRole('checkbox', { name: /tratamiento de mis datos personales/ }).check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();

    // Registration signs in on its own.
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hola, Valeria' }).waitFor();
    await expect.poll(() => token(page)).toBeTruthy();

    await cerrarSesionUI(page);
    await page.waitForURL('**/iniciarsesion');
    await expect.poll(() => token(page)).toBeNull();

    await iniciarSesionUI(page, correo, CONTRASENA);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hola, Valeria' }).waitFor();
    await page
      .getByRole('link', { name: /Mi carrito/ })
      .first()
      .waitFor();

    await cerrarSesionUI(page);
    await page.waitForURL('**/iniciarsesion');
    await expect.poll(() => token(page)).toBeNull();
    // The dashboard is guarded again.
    await page.goto('/dashboard');
    await page.waitForURL('**/iniciarsesion');
  });

  it('wrong credentials show a clear message and keep the visitor signed out', async () => {
    const { page } = t;
    // The browser logs the refused sign-in itself.
    t.permitirErrorDeConsola(/status of 401 .*\/apiusuarios\/iniciarsesion:/);
    await page.goto('/iniciarsesion');
    await iniciarSesionUI(page, DEMO.paciente, 'no-es-la-contraseña');
    await page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos.' }).waitFor();
    await expect.poll(() => token(page)).toBeNull();
    await expect(page).toHaveURL(/\/iniciarsesion$/);
  });

  it('a guarded page (/carrito) sends to sign-in and comes back after it', async () => {
    const { page } = t;
    await page.goto('/carrito');
    await page.waitForURL('**/iniciarsesion');
    await iniciarSesionUI(page, DEMO.paciente, DEMO_PASSWORD);
    await page.waitForURL('**/carrito');
    await expect.poll(() => token(page)).toBeTruthy();
  });

  it('an expired stored token shows "Sesión expirada" and lands on /iniciarsesion, replacing history', async () => {
    const { page } = t;
    // The first requests with the expired token are refused, and the browser logs them.
    t.permitirErrorDeConsola(/status of 401 /);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('__e2e_expirado')) return;
      sessionStorage.setItem('__e2e_expirado', '1');
      const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(
        'token',
        `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 1, rol: 'paciente', exp })}.firma`,
      );
    });
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Sesión expirada' });
    await expect(dialog).toContainText('Tu sesión ha caducado. Por favor, inicia sesión de nuevo.');
    await expect.poll(() => token(page)).toBeNull();
    const antes = await page.evaluate(() => history.length);
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await page.waitForURL('**/iniciarsesion');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => history.length)).toBe(antes);
  });

  it('signing out in one tab signs out the other', async () => {
    const { context, page } = t;
    await page.goto('/iniciarsesion');
    await iniciarSesionUI(page, DEMO.asistente, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');

    const otra = await context.newPage();
    await otra.goto('/listarusuarios');
    await otra.getByRole('heading', { level: 1, name: 'Pacientes' }).waitFor();

    // Background tabs run timers slowly in Chromium: act in the tab that is in front, as a person would.
    await page.bringToFront();
    await cerrarSesionUI(page);
    await page.waitForURL('**/iniciarsesion');
    await otra.waitForURL('**/iniciarsesion');
    await expect.poll(() => token(otra)).toBeNull();

    // Signing in again in one tab signs the other in too.
    await iniciarSesionUI(page, DEMO.asistente, DEMO_PASSWORD);
    await page.waitForURL('**/dashboard');
    await otra.waitForFunction(() => !!localStorage.getItem('token'));
    await otra.goto('/dashboard');
    await otra.getByRole('heading', { level: 1, name: /^Hola/ }).waitFor();
    await otra.close();
  });

  it("an administrator deactivates a user and that user's open session fails at its next request", async () => {
    const { page } = t;
    // Refused on purpose: the dead session's requests (401) and the inactive account's sign-in (403).
    t.permitirErrorDeConsola(/status of 401 /);
    t.permitirErrorDeConsola(/status of 403 .*\/apiusuarios\/iniciarsesion:/);
    const paciente = await crearPaciente('Lucía Desactivada Prueba');
    await page.goto('/iniciarsesion');
    await iniciarSesionUI(page, paciente.correo, CONTRASENA);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Hola, Lucía' }).waitFor();

    const admin = await loginToken(DEMO.admin);
    const res = await apiFetch<{ estado: boolean }>(`/apiusuarios/editarestadousuario/${paciente.id}`, {
      method: 'PATCH',
      token: admin,
      body: { estado: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.estado).toBe(false);

    // The next API call of the open session is refused: the session-expired dialog, then sign-in.
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Sesión expirada' });
    await dialog.waitFor();
    await expect.poll(() => token(page)).toBeNull();
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await page.waitForURL('**/iniciarsesion');

    // Signing in again is refused with a clear message.
    await iniciarSesionUI(page, paciente.correo, CONTRASENA);
    await page.getByRole('alert').filter({ hasText: 'Tu cuenta está inactiva' }).waitFor();
    await expect.poll(() => token(page)).toBeNull();
  });
});
