// Issue 8 on a phone (375 x 812) against the production build with the demo data: a patient adds a procedure
// to the cart, books an evaluation of it at a free time from /crearcita, and finds it in /miscitas; a visitor
// books an evaluation straight from a service page («Reservar valoración»), signing in on the way.
import { describe, it } from 'vitest';
import { apiFetch, DEMO, DEMO_PASSWORD, expect, interactiva, loginToken, signInAs, useBrowser } from './harness.ts';

type CitaApi = { id: number; inicio: string; estado: string; procedimientos_solicitados: { nombre: string }[] };

describe('citas de la paciente en el teléfono', () => {
  const t = useBrowser({ viewport: { width: 375, height: 812 } });

  it('adds a procedure, books an evaluation at a free time and sees it in /miscitas', async () => {
    const { page } = t;
    const token = await signInAs(page, DEMO.paciente);
    // Start from an empty cart (state through the API, STYLE 11).
    expect((await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token })).status).toBeLessThan(300);
    const antes = (await apiFetch<CitaApi[]>('/apicitas/miscitas', { token })).body.map((c) => c.id);

    await page.goto('/servicios');
    const enlace = page.getByRole('link', { name: 'Limpieza facial profunda', exact: true });
    await interactiva(enlace);
    await enlace.click();
    await page.getByRole('heading', { level: 1, name: 'Limpieza facial profunda' }).waitFor();
    // The detail page may have come rendered from the server: a click before React hydrates the button is lost.
    const agregar = page.getByRole('button', { name: 'Agregar al carrito' });
    await interactiva(agregar);
    await agregar.click();
    await page.getByText('Puedes seguir explorando o revisar tu carrito.').waitFor();

    // From the cart to booking.
    await page.goto('/carrito');
    await page.getByRole('link', { name: 'Agendar valoración' }).click();
    await page.waitForURL('**/crearcita');
    const evaluar = page.getByRole('region', { name: 'En tu valoración, el doctor revisará:' });
    await expect(evaluar.getByText('Limpieza facial profunda')).toBeVisible();

    // The first free day is open: take its first time.
    const horas = page.getByRole('group', { name: /^Horarios libres del / });
    const primera = horas.getByRole('button').first();
    await expect(primera).toBeVisible();
    const hora = (await primera.textContent())!.trim();
    expect(hora).toMatch(/^\d{1,2}:\d{2} [ap]\. m\.$/);
    await primera.click();
    await expect(primera).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Confirmar cita' }).click();

    await expect(page.getByRole('heading', { name: '¡Tu cita quedó agendada!' })).toBeVisible();
    await expect(page.getByText(hora).first()).toBeVisible();
    await page.getByRole('link', { name: 'Ver mis citas' }).click();
    await page.waitForURL('**/miscitas');

    // The server has one new appointment, an evaluation of the cart, and the cart is empty.
    const despues = (await apiFetch<CitaApi[]>('/apicitas/miscitas', { token })).body;
    const nuevas = despues.filter((c) => !antes.includes(c.id));
    expect(nuevas).toHaveLength(1);
    expect(nuevas[0]!.estado).toBe('pendiente');
    expect(nuevas[0]!.procedimientos_solicitados.map((p) => p.nombre)).toEqual(['Limpieza facial profunda']);
    expect((await apiFetch<unknown[]>('/apicarrito/listarmicarrito', { token })).body).toEqual([]);

    // /miscitas lists it among the upcoming ones, with its time and what will be evaluated.
    const tarjeta = page
      .getByRole('article')
      .filter({ hasText: 'Se evaluará: Limpieza facial profunda' })
      .filter({ hasText: hora });
    await expect(tarjeta.first()).toBeVisible();
    await expect(tarjeta.first().getByText('Pendiente')).toBeVisible();
  });

  it('a visitor books an evaluation from a service page: signs in, comes back to /crearcita with that treatment', async () => {
    const { page } = t;
    const token = await loginToken(DEMO.paciente);
    expect((await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token })).status).toBeLessThan(300);
    const antes = (await apiFetch<CitaApi[]>('/apicitas/miscitas', { token })).body.map((c) => c.id);

    await page.goto('/servicios');
    const enlace = page.getByRole('link', { name: 'Peeling químico superficial', exact: true });
    await interactiva(enlace);
    await enlace.click();
    await page.getByRole('heading', { level: 1, name: 'Peeling químico superficial' }).waitFor();
    const reservar = page.getByRole('button', { name: 'Reservar valoración' });
    await interactiva(reservar);
    await reservar.click();

    // Not signed in: sign in, and land on the booking screen with the treatment already in the evaluation.
    await page.waitForURL('**/iniciarsesion');
    await page.getByLabel('Correo electrónico').fill(DEMO.paciente);
    await page.getByLabel(/^Contraseña/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/crearcita');
    const evaluar = page.getByRole('region', { name: 'En tu valoración, el doctor revisará:' });
    await expect(evaluar.getByText('Peeling químico superficial')).toBeVisible();
    // The phone layout does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const primera = page
      .getByRole('group', { name: /^Horarios libres del / })
      .getByRole('button')
      .first();
    await expect(primera).toBeVisible();
    await primera.click();
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    await expect(page.getByRole('heading', { name: '¡Tu cita quedó agendada!' })).toBeVisible();
    await expect(page.getByText('Se evaluará:')).toBeVisible();

    // One new evaluation of that treatment; the cart is empty again.
    const nuevas = (await apiFetch<CitaApi[]>('/apicitas/miscitas', { token })).body.filter(
      (c) => !antes.includes(c.id),
    );
    expect(nuevas).toHaveLength(1);
    expect(nuevas[0]!.procedimientos_solicitados.map((p) => p.nombre)).toEqual(['Peeling químico superficial']);
    expect((await apiFetch<unknown[]>('/apicarrito/listarmicarrito', { token })).body).toEqual([]);
  });
});
