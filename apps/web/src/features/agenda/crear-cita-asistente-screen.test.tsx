import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { citasRutas, procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { MENSAJE_SIN_AUTORIZACION_DATOS } from '@clinica/contracts/usuarios';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { procedimientoDePrueba } from '../../test/carrito-test-utils.tsx';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { cita, diaHabil, doctores, espacio, paciente } from './agenda-fixtures.ts';
import { vendido } from '../../test/paquetes-fixtures.ts';
import CrearCitaAsistenteScreen from './crear-cita-asistente-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

const dia = diaHabil();
const sofia = paciente(10, 'Sofía Ramírez');
const lista = (items = [sofia]) => ({ body: { items, total: items.length, pagina: 1, porPagina: 20 } });
/** What the screen reads before booking: the patient search, the doctors and the day's free times. */
const delEscritorio = (libres: ReturnType<typeof espacio>[]) => [
  responde(usuariosRutas.listar, lista()),
  responde(citasRutas.doctores, { body: doctores }),
  responde(citasRutas.disponibilidad, { body: libres }),
  // A procedure for a chosen patient: her packages of it (none here; components/crear-cita/paquetes-para-la-cita).
  responde(paquetesRutas.dePaciente, { body: [] }),
];

function renderCrear(rol: Rol = 'asistente', extra = '') {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol }));
  return renderWithProviders(<CrearCitaAsistenteScreen />, {
    route: `/crearcitaasistente?fecha=${dia}&doctor=2${extra}`,
    path: '/crearcitaasistente',
  });
}

async function elegirPaciente() {
  const caja = await screen.findByRole('combobox', { name: /Paciente/ });
  // Mantine treats a change to an unfocused input as autofill: focus it as typing would.
  caja.focus();
  fireEvent.click(caja);
  fireEvent.change(caja, { target: { value: 'sof' } });
  fireEvent.click(await screen.findByRole('option', { name: /Sofía Ramírez/ }));
}

describe('CrearCitaAsistenteScreen', () => {
  it('searches the patient on the server, offers free times and books with an Idempotency-Key', async () => {
    const libre = espacio(dia, '09:30');
    const creada = cita(50, dia, '09:30');
    const { calls } = mockFetch([
      ...delEscritorio([espacio(dia, '09:00'), libre]),
      responde(citasRutas.crear, { status: 201, body: creada }),
    ]);
    renderCrear();
    const caja = await screen.findByRole('combobox', { name: /Paciente/ });
    caja.focus();
    fireEvent.click(caja);
    fireEvent.change(caja, { target: { value: 'sof' } });
    await waitFor(() =>
      expect(
        calls.some((c) => c.url.pathname === '/apiusuarios/listarusuarios' && c.url.searchParams.get('q') === 'sof'),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: /Sofía Ramírez/ }));
    const busqueda = calls.find((c) => c.url.searchParams.get('q') === 'sof')!.url.searchParams;
    expect(busqueda.get('rol')).toBe('paciente');

    fireEvent.click(await screen.findByRole('radio', { name: '9:30 a. m.' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Motivo de la consulta/ }), { target: { value: 'Manchas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));

    expect(await screen.findByText(/tiene evaluación el/)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      doctor_id: 2,
      inicio: libre.inicio,
      tipo: 'evaluacion',
      paciente_id: 10,
      motivo: 'Manchas',
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[\x21-\x7e]{8,100}$/);
    const disp = calls.find((c) => c.url.pathname === '/apicitas/disponibilidad')!.url.searchParams;
    expect(Object.fromEntries(disp)).toMatchObject({ doctor_id: '2', tipo: 'evaluacion', desde: dia, hasta: dia });
    expect(screen.getByRole('link', { name: 'Ver detalles de la cita' })).toHaveAttribute('href', '/detallescitas/50');
  });

  it('from «Reservar valoración» (?procedimiento=) proposes that treatment as the reason', async () => {
    const toxina = procedimientoDePrueba({ id: 7, nombre: 'Toxina botulínica' });
    const { calls } = mockFetch([
      ...delEscritorio([espacio(dia, '09:00')]),
      responde(procedimientosRutas.listar, { body: { items: [toxina], total: 1, pagina: 1, porPagina: 100 } }),
      responde(citasRutas.crear, { status: 201, body: cita(51, dia, '09:00') }),
    ]);
    renderCrear('asistente', '&procedimiento=7');
    const motivo = screen.getByRole('textbox', { name: /Motivo de la consulta/ });
    await waitFor(() => expect(motivo).toHaveValue('Valoración para Toxina botulínica'));
    await elegirPaciente();
    fireEvent.click(await screen.findByRole('radio', { name: '9:00 a. m.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    await screen.findByText(/tiene evaluación el/);
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      tipo: 'evaluacion',
      motivo: 'Valoración para Toxina botulínica',
    });
  });

  it('the doctor and day fields carry one-line descriptions, so their boxes line up side by side', async () => {
    mockFetch(delEscritorio([espacio(dia, '09:00')]));
    renderCrear();
    expect(await screen.findByRole('combobox', { name: 'Doctor' })).toHaveAccessibleDescription(
      'Si no eliges, cualquiera con horas libres.',
    );
    expect(screen.getByText('No se atiende domingos ni festivos.')).toBeInTheDocument();
  });

  it('asks for what is missing before sending anything', async () => {
    const { calls } = mockFetch(delEscritorio([espacio(dia, '09:00')]));
    renderCrear();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findByText('Elige la paciente de la cita.')).toBeInTheDocument();
    expect(screen.getByText('Elige una de las horas libres.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a procedure appointment needs the procedure before showing times', async () => {
    const { calls } = mockFetch([
      ...delEscritorio([espacio(dia, '09:00')]),
      responde(procedimientosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 100 } }),
    ]);
    renderCrear();
    // An evaluation offers the day's free time...
    expect(await screen.findByRole('radio', { name: '9:00 a. m.' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Procedimiento' }));
    expect(await screen.findByText('Elige el procedimiento para ver las horas libres.')).toBeInTheDocument();
    // ...a procedure offers none until it is chosen, and asks the server for none.
    expect(screen.queryByRole('radio', { name: '9:00 a. m.' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Horas libres del/)).not.toBeInTheDocument();
    const pedidas = calls.filter((c) => c.url.pathname === '/apicitas/disponibilidad');
    expect(pedidas.map((c) => c.url.searchParams.get('tipo'))).toEqual(['evaluacion']);
  });

  it('a 409 shows the server message and the next free times, and one click takes one', async () => {
    const mensaje = 'Ese horario ya no está disponible. Elige otro de los horarios libres.';
    const siguiente = espacio(dia, '10:00');
    let intentos = 0;
    const claves: (string | null)[] = [];
    const { calls } = mockFetch([
      ...delEscritorio([espacio(dia, '09:00'), siguiente]),
      responde(citasRutas.crear, () =>
        ++intentos === 1
          ? // The 409 body carries `siguientes` beside the error envelope.
            ({ status: 409, body: { error: mensaje, code: 'HORARIO_OCUPADO', siguientes: [siguiente] } } as never)
          : { status: 201, body: cita(51, dia, '10:00') },
      ),
    ]);
    renderCrear();
    await elegirPaciente();
    fireEvent.click(await screen.findByRole('radio', { name: '9:00 a. m.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findAllByText(mensaje)).not.toHaveLength(0);
    const resumen = screen.getByRole('region', { name: 'Resumen' });
    fireEvent.click(within(resumen).getByRole('button', { name: /10:00 a\. m\./ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect(await screen.findByText(/tiene evaluación el/)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    claves.push(...posts.map((p) => p.headers.get('Idempotency-Key')));
    expect(posts[1]!.body).toMatchObject({ inicio: siguiente.inicio });
    // A different booking is a new attempt: a new key.
    expect(claves[0]).not.toBe(claves[1]);
  });

  it('a procedure for a patient without her data authorisation shows the API’s 422 (Ley 1581, issue 21.4)', async () => {
    const toxina = procedimientoDePrueba({ id: 7, nombre: 'Toxina botulínica' });
    mockFetch([
      ...delEscritorio([espacio(dia, '09:00')]),
      responde(procedimientosRutas.listar, { body: { items: [toxina], total: 1, pagina: 1, porPagina: 100 } }),
      responde(citasRutas.crear, {
        status: 422,
        body: {
          error: MENSAJE_SIN_AUTORIZACION_DATOS,
          code: 'REGLA_NEGOCIO',
          issues: [{ campo: 'paciente_id', mensaje: MENSAJE_SIN_AUTORIZACION_DATOS }],
        },
      }),
    ]);
    renderCrear();
    await elegirPaciente();
    fireEvent.click(screen.getByRole('radio', { name: 'Procedimiento' }));
    fireEvent.click(await screen.findByRole('combobox', { name: /^Procedimiento/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Toxina botulínica' }));
    fireEvent.click(await screen.findByRole('radio', { name: '9:00 a. m.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar cita' }));
    expect((await screen.findAllByText(MENSAJE_SIN_AUTORIZACION_DATOS)).length).toBeGreaterThan(0);
  });

  it('offers creating the patient to those the API lets create users', async () => {
    mockFetch(delEscritorio([]));
    renderCrear('doctor');
    await screen.findByRole('combobox', { name: /Paciente/ });
    expect(screen.queryByRole('link', { name: /Crear paciente/ })).not.toBeInTheDocument();
  });
});

describe("?paciente= (the desk's «Agendar cita» after registering her, issue 27.8)", () => {
  const rosa = { ...paciente(31, 'Rosa Elena Cárdenas'), correo: null, numerodocumento: '41234567' };
  it('«Agendar cita» opens the booking screen with her chosen', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'asistente' }));
    mockFetch([
      responde(usuariosRutas.buscar, { body: rosa }),
      responde(usuariosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 20 } }),
      responde(citasRutas.doctores, { body: [{ id: 2, nombre: 'Dra. Camila Ortiz' }] }),
    ]);
    renderWithProviders(<CrearCitaAsistenteScreen />, {
      route: '/crearcitaasistente?paciente=31',
      path: '/crearcitaasistente',
    });
    const caja = await screen.findByRole('combobox', { name: /Paciente/ });
    await waitFor(() => expect(caja).toHaveValue('Rosa Elena Cárdenas · CC 41234567'));
  });
});

describe("?paciente=&sesion= (a package's «Agendar la siguiente sesión», issue 23.4)", () => {
  it('opens a procedure appointment of that procedure for her, and says which session it will use', async () => {
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'asistente' }));
    const laser = procedimientoDePrueba({ id: 9, nombre: 'Láser axilas' });
    mockFetch([
      responde(usuariosRutas.buscar, { body: sofia }),
      responde(usuariosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 20 } }),
      responde(citasRutas.doctores, { body: doctores }),
      responde(procedimientosRutas.listar, { body: { items: [laser], total: 1, pagina: 1, porPagina: 100 } }),
      responde(paquetesRutas.dePaciente, {
        body: [vendido({ paciente_id: 10, procedimiento: { id: 9, nombre: 'Láser axilas' } })],
      }),
    ]);
    renderWithProviders(<CrearCitaAsistenteScreen />, {
      route: '/crearcitaasistente?paciente=10&sesion=9',
      path: '/crearcitaasistente',
    });
    expect(await screen.findByRole('radio', { name: 'Procedimiento' })).toBeChecked();
    const caja = screen.getByRole<HTMLInputElement>('combobox', { name: /Paciente/ });
    await waitFor(() => expect(caja.value).toMatch(/^Sofía Ramírez · /));
    expect(await screen.findByText(/Tiene un paquete de este procedimiento/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Procedimiento/ })).toHaveValue('Láser axilas');
  });
});
