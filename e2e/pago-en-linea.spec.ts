// Issue 23, items 2, 3 and 8, in a real browser against the production build: a procedure that asks a deposit is
// booked for a patient, who pays it on her phone (375 px) through the local Wompi stand-in (global-setup.ts): «Pagar
// anticipo» leaves for the checkout, «Aprobar» sends the signed event to the webhook and her back to the result page.
// The API confirms the deposit paid (its hold ended) and the approved online payment with its receipt.
import { esDiaNoHabil, sumarDias } from '@clinica/contracts/tiempo';
import { describe, it } from 'vitest';
import { apiFetch, cedulaUnica, DEMO, expect, loginToken, signInAs, unico, useBrowser } from './harness.ts';

const CONTRASENA = 'mi frase secreta de prueba';

/** A working day clear of the demo appointments and of the other specs' bookings. */
function diaLibre(): string {
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
  let d = sumarDias(hoy, 71);
  while (esDiaNoHabil(d)) d = sumarDias(d, 1);
  return d;
}

describe('pago en línea del anticipo', () => {
  const t = useBrowser({ viewport: { width: 375, height: 800 }, tactil: true });

  it('a patient pays her deposit on her phone through the checkout; the hold ends and the receipt is hers', async () => {
    const { page } = t;
    const admin = await loginToken(DEMO.admin);
    const asistente = await loginToken(DEMO.asistente);

    // Her account, and a procedure of the clinic's that asks a fixed deposit.
    const correo = `e2e-pago-${unico()}@prueba.test`;
    const registro = await apiFetch<{ id: number }>('/apiusuarios/registrar', {
      method: 'POST',
      body: {
        nombre: 'Daniela Rincón',
        tipodocumento: 'CC',
        numerodocumento: cedulaUnica(),
        correo,
        contrasena: CONTRASENA,
        telefono: '3001234567',
        genero: 'femenino',
        fecha_nacimiento: '1990-02-17',
        terminos_condiciones: true,
        politica_datos: true,
      },
    });
    expect(registro.status, JSON.stringify(registro.body)).toBe(201);
    const categorias = await apiFetch<{ id: number }[]>('/apicategoriaprocedimientos/listarcategorias');
    const proc = await apiFetch<{ id: number }>('/apiprocedimientos/crearprocedimiento', {
      method: 'POST',
      token: admin,
      body: {
        nombre: `Bioestimulación de prueba ${unico()}`,
        descripcion: 'Procedimiento con anticipo, creado por la prueba del pago en línea.',
        precio: 400_000,
        duracion_minutos: 30,
        categoria_id: categorias.body[0]!.id,
        anticipo: { tipo: 'fijo', valor: 80_000 },
      },
    });
    expect(proc.status, JSON.stringify(proc.body)).toBe(201);

    // The desk books it for her: pending, with the deposit owed and the slot held.
    const doctores = await apiFetch<{ id: number }[]>('/apiusuarios/doctores');
    const doctor = doctores.body[0]!.id;
    const dia = diaLibre();
    const libres = await apiFetch<{ inicio: string }[]>(
      `/apicitas/disponibilidad?doctor_id=${doctor}&procedimiento_id=${proc.body.id}&desde=${dia}&hasta=${dia}`,
      { token: asistente },
    );
    expect(libres.body.length).toBeGreaterThan(0);
    const cita = await apiFetch<{ id: number; anticipo: { monto: number; estado: string } | null }>(
      '/apicitas/crearcitas',
      {
        method: 'POST',
        token: asistente,
        body: {
          doctor_id: doctor,
          paciente_id: registro.body.id,
          tipo: 'procedimiento',
          procedimiento_id: proc.body.id,
          inicio: libres.body[1]!.inicio,
        },
      },
    );
    expect(cita.status, JSON.stringify(cita.body)).toBe(201);
    expect(cita.body.anticipo).toMatchObject({ monto: 80_000, estado: 'pendiente' });

    // On her phone: «Pagar anticipo» on her appointment leaves for the checkout.
    const token = await signInAs(page, correo, CONTRASENA);
    await page.goto('/miscitas');
    const pagar = page.getByRole('button', { name: 'Pagar anticipo' });
    await expect(pagar).toHaveCount(1);
    await pagar.click();
    await page.waitForURL(/\/p\/\?/);
    await expect(page.getByText('COP 80000')).toBeVisible();
    await page.getByRole('button', { name: 'Aprobar' }).click();

    // Back at the clinic: approved, and the API agrees.
    await page.waitForURL(/\/pago-en-linea\/resultado\?/);
    await expect(page.getByText('Pago aprobado')).toBeVisible();
    const despues = await apiFetch<{ estado: string; anticipo: { estado: string; reserva_vence_en: string | null } }>(
      `/apicitas/buscarcitas/${cita.body.id}`,
      { token },
    );
    expect(despues.body.anticipo).toMatchObject({ estado: 'pagado', reserva_vence_en: null });
    const pagos = await apiFetch<{ items: { metodo: string; estado: string; monto: number; recibo_numero: number }[] }>(
      '/apipagos/mispagos',
      { token },
    );
    expect(pagos.body.items).toEqual([
      expect.objectContaining({
        metodo: 'en_linea',
        estado: 'aprobado',
        monto: 80_000,
        recibo_numero: expect.any(Number),
      }),
    ]);
  });
});
