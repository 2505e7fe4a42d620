// Issue 8 on a phone (375 x 812) against the production build with the demo data: a patient adds a procedure
// to the cart, books an evaluation of it at a free time from /crearcita, and finds it in /miscitas; a visitor
// books an evaluation straight from a service page («Reservar valoración»), signing in on the way.
// Issue 27.7 at the widths where it broke: the calendar of the reschedule modal whole at 360 px, the booking bar
// off the calendar on a phone's first view, reachable over a long list of times on a tablet, and the success
// message in view.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import type { Page } from 'playwright-core';
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

/** Days of the calendar on screen whose middle shows something else on top of them (a sticky bar). */
function diasTapados(page: Page) {
  return page.evaluate(() => {
    const tapados: string[] = [];
    let vistos = 0;
    for (const dia of document.querySelectorAll<HTMLElement>('.mantine-DatePicker-day:not([data-hidden])')) {
      const r = dia.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
      vistos += 1;
      const encima = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!encima || !dia.contains(encima)) tapados.push(dia.textContent ?? '');
    }
    return { vistos, tapados };
  });
}

describe('reagendar en un teléfono de 360 px', () => {
  const t = useBrowser({ viewport: { width: 360, height: 740 } });

  it('the modal shows the whole week (Sunday too) without scrolling sideways, and says whose date it is', async () => {
    const { page } = t;
    const tokenPaciente = await signInAs(page, DEMO.paciente);
    const tokenDoctor = await loginToken(DEMO.doctor);
    const doctor = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenDoctor })).body;
    const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenPaciente })).body;
    // An appointment she may move (more than 24 hours ahead), through the API (STYLE 11).
    const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
    let dia = sumarDias(hoy, 38);
    while (esDiaNoHabil(dia)) dia = sumarDias(dia, 1);
    const libres = await apiFetch<{ inicio: string }[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor.id}&tipo=evaluacion&desde=${dia}&hasta=${dia}`,
      { token: tokenDoctor },
    );
    expect(libres.body.length).toBeGreaterThan(0);
    const cita = await apiFetch<{ id: number }>('/apicitas/crearcitas', {
      method: 'POST',
      token: tokenDoctor,
      body: { doctor_id: doctor.id, paciente_id: paciente.id, tipo: 'evaluacion', inicio: libres.body.at(-2)!.inicio },
    });
    expect(cita.status, JSON.stringify(cita.body)).toBe(201);

    await page.goto('/miscitas');
    const tarjeta = page.getByRole('article').filter({ has: page.locator(`#cita-${cita.body.id}`) });
    await tarjeta.getByRole('button', { name: 'Reagendar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Reagendar cita' });
    await expect(dialogo.getByRole('group', { name: /^Horarios libres del / })).toBeVisible();
    await expect(dialogo.getByText(/^Tu cita está agendada para el /)).toBeVisible();
    await expect(dialogo.getByText(/Hoy está/)).toHaveCount(0);

    // All seven columns on screen, Sunday whole; nothing in the modal nor the page scrolls sideways.
    for (const columna of ['Lu', 'Sá', 'Do']) {
      await expect(dialogo.getByRole('columnheader', { name: columna })).toBeInViewport({ ratio: 1 });
    }
    const anchos = await page.evaluate(() => {
      const cuerpo = document.querySelector<HTMLElement>('[role="dialog"] .mantine-Modal-body')!;
      return { cuerpo: [cuerpo.scrollWidth, cuerpo.clientWidth], pagina: document.documentElement.scrollWidth };
    });
    expect(anchos.cuerpo[0]).toBeLessThanOrEqual(anchos.cuerpo[1]!);
    expect(anchos.pagina).toBeLessThanOrEqual(360);
    const dias = dialogo.locator('.mantine-DatePicker-day:not([data-hidden])');
    for (const i of [0, (await dias.count()) - 1]) {
      const caja = (await dias.nth(i).boundingBox())!;
      expect(caja.x).toBeGreaterThanOrEqual(0);
      expect(caja.x + caja.width).toBeLessThanOrEqual(360);
    }
  });
});

describe('la barra de «Confirmar cita» en /crearcita', () => {
  describe('en un teléfono (375 px)', () => {
    const t = useBrowser({ viewport: { width: 375, height: 812 } });

    it('leaves the calendar uncovered on the first view, and follows the thumb once a time is chosen', async () => {
      const { page } = t;
      const token = await signInAs(page, DEMO.paciente);
      expect((await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token })).status).toBeLessThan(300);
      await page.goto('/crearcita');
      await page.getByRole('button', { name: 'Agendar una valoración general' }).click();
      const horas = page.getByRole('group', { name: /^Horarios libres del / });
      await expect(horas.getByRole('button').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      const inicio = await diasTapados(page);
      expect(inicio.vistos).toBeGreaterThan(20);
      expect(inicio.tapados).toEqual([]);

      await horas.getByRole('button').first().click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(page.getByRole('button', { name: 'Confirmar cita' })).toBeInViewport();
    });
  });

  describe('en una tableta (768 px)', () => {
    const t = useBrowser({ viewport: { width: 768, height: 700 } });

    it('is in reach over the list of times once one is chosen, and the success message comes into view', async () => {
      const { page } = t;
      const token = await signInAs(page, DEMO.paciente);
      expect((await apiFetch('/apicarrito/limpiarmicarrito', { method: 'DELETE', token })).status).toBeLessThan(300);
      await page.goto('/crearcita');
      await page.getByRole('button', { name: 'Agendar una valoración general' }).click();
      const primera = page
        .getByRole('group', { name: /^Horarios libres del / })
        .getByRole('button')
        .first();
      await expect(primera).toBeVisible();
      // The calendar beside the times keeps its days whole (not squeezed to fit its column).
      const dias = page.locator('.mantine-DatePicker-day:not([data-hidden])');
      for (const i of [0, (await dias.count()) - 1])
        expect((await dias.nth(i).boundingBox())!.width).toBeGreaterThan(38);
      await expect(page.getByRole('columnheader', { name: 'Do' })).toBeInViewport({ ratio: 1 });
      const confirmar = page.getByRole('button', { name: 'Confirmar cita' });
      // Below the times and the note, out of the first view...
      await expect(confirmar).not.toBeInViewport();
      await primera.click();
      // ...and on screen as soon as there is a time to confirm, without scrolling.
      await expect(confirmar).toBeInViewport();
      await expect(primera).toBeInViewport();
      await confirmar.click();

      const exito = page.getByRole('heading', { name: '¡Tu cita quedó agendada!' });
      await expect(exito).toBeInViewport();
      await expect(exito).toBeFocused();
    });
  });
});
