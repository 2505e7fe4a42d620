// Issue 8, staff agenda, in a real browser against the production build with the demo data: the assistant books
// an evaluation for a patient from /crearcitaasistente, opens it in the calendar, moves it with the keyboard
// path («Mover»: a day and one of the doctor's free times) and cancels it with a reason. The API confirms
// each step.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { analizarAxe } from './axe.ts';
import { apiFetch, DEMO, expect, loginToken, signInAs, useBrowser } from './harness.ts';

/** Free times are chips: the radio input is visually hidden and its label is what a person clicks. */
async function elegir(page: Page, radio: Locator) {
  const id = await radio.getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await expect(radio).toBeChecked();
}

type CitaApi = { id: number; inicio: string; estado: string; motivo_cancelacion: string | null };

/** A working day far enough ahead to be clear of the demo appointments (`desde` days from today at least). */
function diaLibre(desde = 50): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, desde);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('agenda del personal', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the assistant books for a patient, moves the appointment and cancels it with a reason', async () => {
    const { page } = t;
    const tokenPaciente = await loginToken(DEMO.paciente);
    const perfil = await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente });
    const paciente = perfil.body;
    const doctores = await apiFetch<{ id: number; nombre: string }[]>('/apiusuarios/doctores');
    const doctor = doctores.body[0]!;
    const dia = diaLibre();
    const tokenAsistente = await signInAs(page, DEMO.asistente);

    // Book: patient by name, evaluation, the doctor and day the calendar passed, the first free time.
    await page.goto(`/crearcitaasistente?fecha=${dia}&doctor=${doctor.id}`);
    const caja = page.getByRole('combobox', { name: 'Paciente' });
    await caja.fill(paciente.nombre.split(' ')[0]!);
    await page.getByRole('option', { name: new RegExp(paciente.nombre) }).click();
    const primera = page
      .getByRole('group', { name: /^Horas libres del/ })
      .getByRole('radio')
      .first();
    await expect(primera).toBeAttached();
    const horaReservada = (await primera.locator('xpath=..').innerText()).trim();
    await elegir(page, primera);
    await page.getByRole('textbox', { name: /Motivo de la consulta/ }).fill('Valoración de manchas');
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    const detalles = page.getByRole('link', { name: 'Ver detalles de la cita' });
    await expect(detalles).toBeVisible();
    const id = Number((await detalles.getAttribute('href'))!.split('/').pop());
    const creada = await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente });
    expect(creada.body.estado).toBe('pendiente');

    // The calendar shows it on that day in the doctor's column.
    await page.getByRole('link', { name: 'Verla en el calendario' }).click();
    await page.waitForURL(/\/calendariocitas\?/);
    const acciones = page.getByRole('button', { name: `Acciones de la cita de ${paciente.nombre}, ${horaReservada}` });
    await expect(acciones).toBeVisible();

    // Move it with «Mover»: another free time of that day.
    await acciones.click();
    await page.getByRole('menuitem', { name: 'Mover' }).click();
    const mover = page.getByRole('dialog', { name: 'Mover la cita' });
    const libre = mover.getByRole('radio').nth(1);
    await expect(libre).toBeAttached();
    await elegir(page, libre);
    await mover.getByRole('button', { name: 'Mover cita' }).click();
    await expect(page.getByText('Cita movida')).toBeVisible();
    await expect(mover).toBeHidden();
    await expect
      .poll(async () => (await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente })).body.inicio)
      .not.toBe(creada.body.inicio);

    // Cancel it with a reason: asked first, then gone from the calendar (cancelled ones are hidden).
    await page.getByRole('button', { name: new RegExp(`^Acciones de la cita de ${paciente.nombre}`) }).click();
    await page.getByRole('menuitem', { name: 'Cancelar cita' }).click();
    const cancelar = page.getByRole('dialog', { name: '¿Cancelar la cita?' });
    await cancelar.getByRole('textbox', { name: /Motivo de la cancelación/ }).fill('La paciente viaja esa semana');
    await cancelar.getByRole('button', { name: 'Cancelar cita' }).click();
    await expect(page.getByText('Cita cancelada', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Acciones de la cita de ${paciente.nombre}`) }),
    ).toHaveCount(0);
    const final = await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente });
    expect(final.body).toMatchObject({ estado: 'cancelada', motivo_cancelacion: 'La paciente viaja esa semana' });
  });

  it('a drag sends the time its guide line shows, a refusal says why and snaps back, «Deshacer» moves it back (issue 27.6)', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1366, height: 768 });
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const doctor = (await apiFetch<{ id: number; nombre: string }[]>('/apiusuarios/doctores')).body[0]!;
    const tokenAsistente = await signInAs(page, DEMO.asistente);
    // The refusal below is a 422 the page logs as a failed request.
    t.permitirErrorDeConsola(/status of 422/);
    // A day with 9:00 free for the doctor (a retried run finds its first day taken).
    let dia = diaLibre(57);
    const bogota = (hora: string) => new Date(`${dia}T${hora}:00-05:00`).toISOString();
    const reservar = () =>
      apiFetch<CitaApi>('/apicitas/crearcitas', {
        method: 'POST',
        token: tokenAsistente,
        body: { doctor_id: doctor.id, paciente_id: paciente.id, tipo: 'evaluacion', inicio: bogota('09:00') },
      });
    let reserva = await reservar();
    for (let n = 58; reserva.status === 409 && n < 63; n++) {
      dia = diaLibre(n);
      reserva = await reservar();
    }
    expect(reserva.status).toBe(201);
    const id = reserva.body.id;
    const inicioEnApi = async () =>
      (await apiFetch<CitaApi>(`/apicitas/buscarcitas/${id}`, { token: tokenAsistente })).body.inicio;

    await page.goto(`/calendariocitas?fecha=${dia}&doctor=${doctor.id}`);
    const agenda = page.getByRole('region', { name: 'Agenda' });
    const tarjeta = page.getByTestId(`cita-${id}`);
    await expect(tarjeta).toBeVisible();
    const guia = page.getByTestId('guia-arrastre');

    /** Grabs the card 20 px below its top (well inside it, as a person does) and drags until its top edge is on
     *  the hour line of `hora` plus `minutos`, reading the lines' positions from the grid's own hour labels. */
    async function arrastrarA(hora: string, minutos: number) {
      const caja = (await tarjeta.boundingBox())!;
      const diez = (await agenda.getByText('10:00 a. m.', { exact: true }).boundingBox())!;
      const once = (await agenda.getByText('11:00 a. m.', { exact: true }).boundingBox())!;
      const pxMinuto = (once.y - diez.y) / 60;
      const etiqueta = (await agenda.getByText(hora, { exact: true }).boundingBox())!;
      // The labels sit 3 px below their line.
      const linea = etiqueta.y - 3 + minutos * pxMinuto;
      const x = caja.x + 60;
      await page.mouse.move(x, caja.y + 20);
      await page.mouse.down();
      await page.mouse.move(x, caja.y + 30, { steps: 4 });
      await page.mouse.move(x, linea + 20, { steps: 12 });
    }

    // 11:00: the guide says it, the drop sends it, the API has it.
    await arrastrarA('11:00 a. m.', 0);
    await expect(guia).toHaveText('11:00 a. m.');
    await page.mouse.up();
    await expect(page.getByText('Cita movida')).toBeVisible();
    await expect.poll(inicioEnApi).toBe(bogota('11:00'));
    await expect(agenda.getByRole('link', { name: /^Ver la cita: 11:00 a\. m\. a 11:30 a\. m\./ })).toBeVisible();

    // «Deshacer» puts it back at 9:00 through the same path, and says so.
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect(page.getByText('Movimiento deshecho')).toBeVisible();
    await expect.poll(inicioEnApi).toBe(bogota('09:00'));
    await expect(agenda.getByRole('link', { name: /^Ver la cita: 9:00 a\. m\. a 9:30 a\. m\./ })).toBeVisible();

    // 11:15 is inside the doctor's hours but not one of her 30-minute slots: the server's reason, and it snaps back.
    const antes = (await tarjeta.boundingBox())!;
    await arrastrarA('11:00 a. m.', 15);
    await expect(guia).toHaveText('11:15 a. m.');
    await page.mouse.up();
    await expect(page.getByText('No se movió la cita')).toBeVisible();
    await expect(
      page.getByText(/^A las 11:15\sa\.\sm\. no empieza ninguna cita de 30 minutos con este doctor/),
    ).toBeVisible();
    await expect.poll(async () => (await tarjeta.boundingBox())?.y).toBe(antes.y);
    expect(await inicioEnApi()).toBe(bogota('09:00'));
  });

  it('month view: the day of an appointment lists it, the arrows move between days, Enter opens the day (issue 27.6)', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 1366, height: 768 });
    const tokenPaciente = await loginToken(DEMO.paciente);
    const paciente = (await apiFetch<{ id: number; nombre: string }>('/apiusuarios/perfil', { token: tokenPaciente }))
      .body;
    const doctor = (await apiFetch<{ id: number; nombre: string }[]>('/apiusuarios/doctores')).body[0]!;
    const tokenAsistente = await signInAs(page, DEMO.asistente);
    let dia = diaLibre(64);
    const reservar = () =>
      apiFetch<CitaApi>('/apicitas/crearcitas', {
        method: 'POST',
        token: tokenAsistente,
        body: {
          doctor_id: doctor.id,
          paciente_id: paciente.id,
          tipo: 'evaluacion',
          inicio: new Date(`${dia}T10:00:00-05:00`).toISOString(),
        },
      });
    let reserva = await reservar();
    for (let n = 65; reserva.status === 409 && n < 70; n++) {
      dia = diaLibre(n);
      reserva = await reservar();
    }
    expect(reserva.status).toBe(201);

    await page.goto(`/calendariocitas?vista=mes&fecha=${dia}&doctor=${doctor.id}`);
    const mes = page.getByRole('table', { name: 'Citas del mes' });
    await expect(mes).toBeVisible();
    const diaLargo = new Intl.DateTimeFormat('es-CO', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: 'America/Bogota',
    }).format(new Date(`${dia}T12:00:00-05:00`));
    const boton = mes.getByRole('button', { name: new RegExp(`^${diaLargo}: \\d+ citas?\\. Abrir el día$`) });
    await expect(boton).toHaveAttribute('tabindex', '0');
    await expect(boton.locator('xpath=ancestor::td[1]').getByText(paciente.nombre).first()).toBeVisible();

    for (const tema of ['light', 'dark'] as const) {
      await page.evaluate((v) => localStorage.setItem('coreui-free-react-admin-template-theme', v), tema);
      await page.reload();
      await expect(mes).toBeVisible();
      const { violations } = await analizarAxe(
        page,
        tema === 'light'
          ? { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] } }
          : { runOnly: { type: 'rule', values: ['color-contrast'] } },
        ['main'],
      );
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }

    // One tab stop; the arrows move between days and Enter opens the focused one as the day view.
    await boton.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await expect(boton).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Agenda' })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('fecha')).toBe(dia);
    expect(new URL(page.url()).searchParams.get('vista')).toBeNull();
    await expect(
      page.getByRole('button', { name: `Acciones de la cita de ${paciente.nombre}, 10:00 a. m.` }),
    ).toBeVisible();

    // The days of the months around recede in both schemes: their cells are no brighter than the month's own (in
    // the dark one they were lighter). November 2026 starts on a Sunday: its grid opens with six October days.
    await page.goto(`/calendariocitas?vista=mes&fecha=2026-11-15&doctor=${doctor.id}`);
    const brillo = (celda: Locator) =>
      celda.evaluate((el) => {
        // A cell without a fill of its own shows the grid's.
        const propio = getComputedStyle(el).backgroundColor;
        const color = propio === 'rgba(0, 0, 0, 0)' ? getComputedStyle(el.closest('table')!).backgroundColor : propio;
        const [r, g, b] = color.match(/[\d.]+/g)!.map(Number);
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      });
    for (const tema of ['light', 'dark'] as const) {
      await page.evaluate((v) => localStorage.setItem('coreui-free-react-admin-template-theme', v), tema);
      await page.reload();
      await expect(mes.locator('td[data-fuera]').first()).toBeVisible();
      const fuera = await brillo(mes.locator('td[data-fuera]').first());
      expect(fuera, tema).toBeLessThanOrEqual(await brillo(mes.locator('td:not([data-fuera])').first()));
    }
  });
});
