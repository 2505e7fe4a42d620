// Issue 23, items 4, 5 and 8, in a real browser against the production build: the desk sells a package to a patient
// (cash), books its next session from the package, and closes the day with the cash it counted. The API confirms the
// sale's payment and receipt, the procedure appointment, and the close with its difference.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, DEMO, expect, signInAs, useBrowser } from './harness.ts';

/** A working day far enough ahead to be clear of the demo appointments and of the other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 64);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

type Definicion = { id: number; nombre: string; sesiones: number; precio: number; activo: boolean };
type Caja = {
  efectivo_esperado: number;
  totales: { efectivo: { cobrado: number } };
  cierre: { efectivo_contado: number; diferencia: number } | null;
};

describe('caja: paquete, su siguiente sesión y el cierre del día', () => {
  const t = useBrowser({ viewport: { width: 1366, height: 900 } });

  it('the desk sells a package in cash, books its next session from it and closes the day', async () => {
    const { page } = t;
    const token = await signInAs(page, DEMO.asistente);
    // A patient of her own per run (CC: 5 to 10 digits), created as the desk does for a walk-in.
    const documento = String(Date.now()).slice(-10).replace(/^0/, '6');
    const nombre = `Yolanda Pérez ${documento.slice(-4)}`;
    const creada = await apiFetch<{ usuario: { id: number } }>('/apiusuarios/crearpaciente', {
      method: 'POST',
      token,
      body: {
        nombre,
        tipodocumento: 'CC',
        numerodocumento: documento,
        telefono: '3115556677',
        // Procedures check her age (Ley 1799 de 2016).
        fecha_nacimiento: '1989-08-21',
        autorizacion_datos: true,
      },
    });
    expect(creada.status).toBe(201);
    const id = creada.body.usuario.id;
    const antes = await apiFetch<Caja>('/apipagos/caja', { token });
    expect(antes.body.cierre).toBeNull();

    // The sale: the package chosen by name, paid in cash; the screen gives the receipt number.
    const definiciones = await apiFetch<Definicion[]>('/apipaquetes/paquetes', { token });
    const paquete = definiciones.body.find((d) => d.activo)!;
    await page.goto(`/paquetespaciente/${id}`);
    await expect(page.getByRole('heading', { name: `Paquetes de ${nombre}` })).toBeVisible();
    const venta = page.getByRole('form', { name: 'Vender paquete' });
    await venta.getByRole('combobox', { name: /^Paquete/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${paquete.nombre}`) }).click();
    await venta.getByRole('combobox', { name: /^Cómo pagó/ }).click();
    await page.getByRole('option', { name: 'Efectivo' }).click();
    await venta.getByRole('button', { name: 'Registrar venta' }).click();
    await expect(venta.getByText(/Recibo de caja N\.º \d{6}/)).toBeVisible();
    const tarjeta = page.getByRole('listitem', { name: `Paquete ${paquete.nombre}` });
    await expect(tarjeta).toContainText(`Quedan ${paquete.sesiones} de ${paquete.sesiones} sesiones`);

    // «Agendar la siguiente sesión»: the desk's form opens with her and the package's procedure.
    await tarjeta.getByRole('link', { name: 'Agendar la siguiente sesión' }).click();
    await page.waitForURL(/\/crearcitaasistente\?paciente=\d+&sesion=\d+/);
    const sesion = new URL(page.url()).searchParams.get('sesion');
    const doctores = await apiFetch<{ id: number }[]>('/apiusuarios/doctores');
    await page.goto(
      `/crearcitaasistente?paciente=${id}&sesion=${sesion}&fecha=${diaLibre()}&doctor=${doctores.body[0]!.id}`,
    );
    await expect(page.getByRole('radio', { name: 'Procedimiento' })).toBeChecked();
    await expect(page.getByText('Tiene un paquete de este procedimiento')).toBeVisible();
    const primera = page
      .getByRole('group', { name: /^Horas libres del/ })
      .getByRole('radio')
      .first();
    await expect(primera).toBeAttached();
    await page.locator(`label[for="${await primera.getAttribute('id')}"]`).click();
    await page.getByRole('button', { name: 'Confirmar cita' }).click();
    const detalles = page.getByRole('link', { name: 'Ver detalles de la cita' });
    await expect(detalles).toBeVisible();
    const citaId = Number((await detalles.getAttribute('href'))!.split('/').pop());
    const cita = await apiFetch<{ tipo: string; procedimiento: { id: number } | null; usuario: { id: number } }>(
      `/apicitas/buscarcitas/${citaId}`,
      { token },
    );
    expect(cita.body).toMatchObject({ tipo: 'procedimiento', procedimiento: { id: Number(sesion) }, usuario: { id } });

    // The day's close: the cash the sale brought in is expected; the desk counts it and closes.
    await page.goto('/caja');
    await expect(page.getByRole('heading', { name: 'Caja del día' })).toBeVisible();
    const resumen = await apiFetch<Caja>('/apipagos/caja', { token });
    expect(resumen.body.totales.efectivo.cobrado - antes.body.totales.efectivo.cobrado).toBe(paquete.precio);
    await page.getByRole('textbox', { name: /^Efectivo contado/ }).fill(String(resumen.body.efectivo_esperado));
    await expect(page.getByText('Cuadra: sin diferencia')).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar caja' }).click();
    await page
      .getByRole('dialog', { name: '¿Cerrar la caja?' })
      .getByRole('button', { name: 'Confirmar cierre' })
      .click();
    await expect(page.getByText('Caja cerrada', { exact: true })).toBeVisible();
    const despues = await apiFetch<Caja>('/apipagos/caja', { token });
    expect(despues.body.cierre).toMatchObject({ efectivo_contado: resumen.body.efectivo_esperado, diferencia: 0 });
  });
});
