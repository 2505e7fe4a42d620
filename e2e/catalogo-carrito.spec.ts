// Issue 4 in a real browser against the production build with the demo catalogue:
//  - a visitor browses /servicios, filters by category, opens a service, is sent to sign in and brought back,
//    adds it, sees the header badge, is told it is already in the cart, removes it, adds two and clears;
//  - a visitor with no account adds a treatment, goes from sign-in to registration, and is back on the page with it
//    in her cart (issue 27.5);
//  - staff create a category and a procedure with an image, and the public page shows it.
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  apiFetch,
  cedulaUnica,
  DEMO,
  DEMO_PASSWORD,
  expect,
  interactiva,
  loginToken,
  signInAs,
  unico,
  useBrowser,
} from './harness.ts';
import { analizarAxe } from './axe.ts';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/** The header's cart link; its accessible name carries the count ('Carrito, 2 tratamientos'). */
const carritoEnCabecera = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Carrito, / });

async function abrirServicio(page: Page, nombre: string) {
  await page.goto('/servicios');
  // Pages may come rendered from the server: wait for React to own them, or a click is lost.
  const enlace = page.getByRole('link', { name: nombre, exact: true });
  await interactiva(enlace);
  await enlace.click();
  await interactiva(page.getByRole('heading', { level: 1, name: nombre }));
}

describe('catálogo y carrito', () => {
  const t = useBrowser();

  it('a visitor browses, filters, signs in to add, and manages the cart', async () => {
    const { page } = t;
    // Start from an empty cart for the demo patient (state through the API, STYLE 11).
    const token = await loginToken(DEMO.paciente);
    expect((await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token })).status).toBeLessThan(300);

    // Browse and filter by category: the choice is in the URL.
    await page.goto('/servicios');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(5);
    const facial = page.getByRole('radiogroup', { name: 'Filtrar por categoría' }).getByText('Facial', { exact: true });
    await interactiva(facial);
    await facial.click();
    await page.waitForURL(/\/servicios\?categoria=\d+$/);
    await page.getByText(/tratamientos? en Facial/).waitFor();
    // The list may still show the previous results for a moment after the URL changes: wait for the filtered one.
    const categoriasVisibles = async () => {
      const textos = await page.getByRole('article').locator('.mantine-Badge-root').allTextContents();
      return [...new Set(textos.map((c) => c.trim().toLowerCase()))];
    };
    await expect.poll(categoriasVisibles).toEqual(['facial']);
    await expect.poll(() => page.getByRole('link', { name: 'Criolipólisis' }).count()).toBe(0);

    // Open a service; adding without a session goes to sign in, which comes back here.
    await page.getByRole('link', { name: 'Limpieza facial profunda', exact: true }).click();
    await page.waitForURL(/\/servicios\/\d+$/);
    const urlServicio = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Limpieza facial profunda' }).waitFor();
    await expect(page.getByText('$ 180.000').first()).toBeVisible();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.waitForURL('**/iniciarsesion');
    await page.getByLabel('Correo electrónico').fill(DEMO.paciente);
    await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === urlServicio);

    // Back from signing in, it was added: the page says so, offers the cart, the button and the header count show it.
    await page.getByText('Puedes seguir explorando o revisar tu carrito.').waitFor();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, 1 tratamiento');
    await expect(page).toHaveURL((url) => url.search === '');

    // Again: already in the cart, nothing added.
    await page.getByRole('button', { name: 'En tu carrito' }).click();
    await expect(page.getByText('Este tratamiento ya está en tu carrito.')).toBeVisible();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, 1 tratamiento');

    // Remove it in /carrito.
    await page.getByRole('link', { name: 'Ver carrito' }).first().click();
    await page.waitForURL('**/carrito');
    await page.getByRole('button', { name: 'Quitar Limpieza facial profunda del carrito' }).click();
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, sin tratamientos');

    // Add two, check the total, and clear after confirming.
    await abrirServicio(page, 'Limpieza facial profunda');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByText('Puedes seguir explorando o revisar tu carrito.').waitFor();
    await abrirServicio(page, 'Peeling químico superficial');
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByText('Puedes seguir explorando o revisar tu carrito.').waitFor();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, 2 tratamientos');

    await carritoEnCabecera(page).click();
    await page.waitForURL('**/carrito');
    const lista = page.getByRole('list', { name: 'Tratamientos en tu carrito' });
    await expect(lista.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('total-carrito')).toHaveText('$ 430.000');
    await expect(page.getByRole('link', { name: 'Agendar valoración' })).toHaveAttribute('href', '/crearcita');

    await page.getByRole('button', { name: 'Vaciar carrito' }).click();
    const dialogo = page.getByRole('dialog', { name: '¿Vaciar tu carrito?' });
    await dialogo.getByText(/Se quitarán los 2 tratamientos/).waitFor();
    await dialogo.getByRole('button', { name: 'Vaciar carrito' }).click();
    await expect(page.getByText('Tu carrito está vacío')).toBeVisible();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, sin tratamientos');
    const servidor = await apiFetch<unknown[]>('/apicarrito/listarmicarrito', { token });
    expect(servidor.body).toEqual([]);
  });

  it('a visitor with no account adds a treatment, registers from sign-in, and is back with it in her cart', async () => {
    const { page } = t;
    const correo = `e2e-${unico()}@prueba.test`;
    const contrasena = 'mi frase secreta de prueba';
    await abrirServicio(page, 'Peeling químico superficial');
    const urlServicio = new URL(page.url()).pathname;
    const id = Number(urlServicio.split('/').pop());
    await expect(page.getByText('te pediremos iniciar sesión y volverás a esta página')).toBeVisible();
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();

    // Sign-in says what will happen; she has no account yet.
    await page.waitForURL('**/iniciarsesion');
    const nota = page.getByRole('note');
    await expect(nota).toContainText('el tratamiento quedará en tu carrito y volverás a su página');
    // The note passes axe in both themes (a reload keeps the intent: it is in the history entry).
    for (const tema of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('coreui-free-react-admin-template-theme', t), tema);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', tema);
      await expect(nota).toBeVisible();
      const { violations } = await analizarAxe(page, { runOnly: { type: 'tag', values: WCAG } }, ['[role="note"]']);
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    }
    await page.getByRole('link', { name: 'Regístrate' }).click();
    await page.waitForURL('**/registrar');
    await expect(page.getByRole('note')).toContainText('Cuando crees tu cuenta, el tratamiento quedará en tu carrito');

    await page.getByLabel('Nombre completo').fill('Mariana Prueba Carrito');
    await page.getByLabel('Fecha de nacimiento').fill('1995-03-08');
    await page.getByLabel('Número de documento').fill(cedulaUnica());
    await page.getByRole('combobox', { name: /Género/ }).click();
    await page.getByRole('option', { name: 'Femenino' }).click();
    await page.getByLabel('Teléfono celular').fill('310 555 0142');
    await page.getByLabel('Correo electrónico').fill(correo);
    await page.getByLabel(/^Contraseña/).fill(contrasena);
    await page.getByLabel(/^Confirma la contraseña/).fill(contrasena);
    await page.getByRole('checkbox', { name: /términos y condiciones/ }).check();
    await page.getByRole('checkbox', { name: /tratamiento de mis datos personales/ }).check();
    await page.getByRole('button', { name: 'Crear mi cuenta' }).click();

    // Back on the page she came from, not /dashboard: welcomed, the treatment added, and the page says so.
    await page.waitForURL((url) => url.pathname === urlServicio);
    await expect(page.getByText('¡Te damos la bienvenida, Mariana!')).toBeVisible();
    await expect(page.getByText('Peeling químico superficial quedó en tu carrito.')).toBeVisible();
    await page.getByText('Puedes seguir explorando o revisar tu carrito.').waitFor();
    await expect(page.getByRole('button', { name: 'En tu carrito' })).toBeVisible();
    await expect(carritoEnCabecera(page)).toHaveAttribute('aria-label', 'Carrito, 1 tratamiento');
    await expect(page).toHaveURL((url) => url.search === '');

    // The server has it in her cart, once; a reload does not add it again.
    const token = await loginToken(correo, contrasena);
    const carrito = async () =>
      (await apiFetch<{ id_procedimiento: number }[]>('/apicarrito/listarmicarrito', { token })).body.map(
        (i) => i.id_procedimiento,
      );
    expect(await carrito()).toEqual([id]);
    await page.reload();
    await expect(page.getByRole('button', { name: 'En tu carrito' })).toBeVisible();
    await expect(page.getByText('Puedes seguir explorando o revisar tu carrito.')).toHaveCount(0);
    expect(await carrito()).toEqual([id]);
  });

  it('staff create a category and a procedure with an image, and the public page shows it', async () => {
    const { page } = t;
    const sufijo = unico();
    const categoria = `Categoría e2e ${sufijo}`;
    const procedimiento = `Tratamiento e2e ${sufijo}`;
    // A real PNG to upload: a screenshot of a plain page (no image files needed in the repo).
    await page.setContent('<body style="margin:0;background:#c98ca1"></body>');
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 320, height: 240 } });

    await signInAs(page, DEMO.asistente);

    // Category.
    await page.goto('/categoriaprocedimientoscrear');
    await page.getByRole('textbox', { name: /^Nombre/ }).fill(categoria);
    await page.getByRole('textbox', { name: /^Descripción/ }).fill('Creada por la prueba de extremo a extremo.');
    await page.getByRole('button', { name: 'Crear categoría' }).click();
    await page.waitForURL('**/categoriaprocedimientos');
    const fila = page.getByRole('row').filter({ hasText: categoria });
    await expect(fila.getByText('Activa', { exact: true })).toBeVisible();

    // Procedure: after creating it, the edit screen opens for the images.
    await page.goto('/crearprocedimiento');
    await page.getByRole('textbox', { name: /^Nombre/ }).fill(procedimiento);
    await page.getByRole('combobox', { name: /^Categoría/ }).click();
    await page.getByRole('option', { name: categoria }).click();
    await page
      .getByRole('textbox', { name: /^Descripción/ })
      .fill('Un tratamiento de prueba con descripción suficiente para el sitio público.');
    await page.getByRole('textbox', { name: /^Precio/ }).fill('123456');
    await page.getByRole('textbox', { name: /^Duración/ }).fill('45');
    await expect(page.getByRole('textbox', { name: /^Precio/ })).toHaveValue('$ 123.456');
    await page.getByRole('button', { name: 'Crear procedimiento' }).click();
    await page.waitForURL(/\/editarprocedimientos\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Image upload.
    await page.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('textbox', { name: /^Texto alternativo/ }).fill('Imagen de prueba rosada');
    await page.getByRole('button', { name: 'Subir imagen' }).click();
    await expect(page.getByRole('list', { name: 'Imágenes en orden' }).getByText('Principal')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Imagen de prueba rosada' })).toBeVisible();

    // Public page: the card with its image, price and category, then the service page.
    await page.goto(`/servicios?q=${encodeURIComponent(procedimiento)}`);
    const tarjeta = page.getByRole('article').filter({ hasText: procedimiento });
    await expect(tarjeta.getByText('$ 123.456')).toBeVisible();
    await expect(tarjeta.getByText(categoria)).toBeVisible();
    const img = tarjeta.getByRole('img', { name: 'Imagen de prueba rosada' });
    await expect(img).toHaveAttribute('src', /^\/media\//);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await tarjeta.getByRole('link', { name: procedimiento }).click();
    await page.waitForURL(`**/servicios/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: procedimiento })).toBeVisible();
  });
});
