// /crearhistorialclinico (issue 9 item 2): the patient's intake and the doctor's new record, with the API's
// validation, who may, and where each goes after saving.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { historiasRutas, usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import CrearHistorialScreen from './crear-historial-screen.tsx';
import { historia, resumen } from './historias-fixtures.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCrear(rol: Rol) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol }));
  return renderWithProviders(<CrearHistorialScreen />, { route: '/crearhistorialclinico' });
}

const noExiste = {
  status: 404 as const,
  body: { error: 'No encontramos esa historia clínica.', code: 'NO_ENCONTRADO' as const },
};

function paciente(id: number, nombre: string): UsuarioWire {
  return {
    id,
    nombre,
    correo: `p${id}@demo.test`,
    rol: 'paciente',
    estado: true,
    tipodocumento: 'CC',
    numerodocumento: String(52000000 + id),
    telefono: null,
    direccion: null,
    genero: 'femenino',
    fecha_nacimiento: null,
    ocupacion: null,
    estado_civil: null,
    fecha_registro: null,
  };
}

describe('CrearHistorialScreen', () => {
  it('lets a patient fill their intake, with the API checks, and takes them to their record', async () => {
    const { calls } = mockFetch([
      responde(historiasRutas.mia, noExiste, { usuarioId: 9 }),
      responde(historiasRutas.crear, { status: 201, body: historia({ id: 5, paciente_id: 9 }) }),
    ]);
    renderCrear('paciente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu historia clínica' })).toBeInTheDocument();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Alergias' }), {
      target: { value: 'Penicilina\nLátex' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: '¿Usas algún método anticonceptivo?' }));
    fireEvent.click(screen.getByRole('radio', { name: /^II · / }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi historia clínica' }));
    expect(await screen.findByText('Cuéntanos qué método anticonceptivo usas')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^¿Qué método anticonceptivo usas\?/ }), {
      target: { value: 'Píldora' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar mi historia clínica' }));
    expect(await screen.findByText('¡Listo! Guardamos tu historia clínica')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/apihistorialmedico/crearhistorialclinico');
    expect(post.body).toEqual({
      antecedentes: {
        enfermedades: [],
        alergias: ['Penicilina', 'Látex'],
        cirugias_previas: [],
        medicamentos: [],
        condiciones_piel: [],
      },
      otras_condiciones: null,
      embarazo_lactancia: false,
      consume_tabaco: false,
      consume_alcohol: false,
      usa_anticonceptivos: true,
      detalles_anticonceptivos: 'Píldora',
      diabetes: false,
      hipertension: false,
      historial_cancer: false,
      problemas_coagulacion: false,
      epilepsia: false,
      fototipo: 2,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/mihistorialclinico/9'));
  });

  it('sends a patient who already has a record to it', async () => {
    mockFetch([responde(historiasRutas.mia, { body: historia({ paciente_id: 9 }) }, { usuarioId: 9 })]);
    renderCrear('paciente');
    expect(await screen.findByText('Ya llenaste tu historia clínica')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mi historia clínica' })).toHaveAttribute(
      'href',
      '/mihistorialclinico/9',
    );
  });

  it('lets a doctor create one for a chosen patient; those with a record cannot be chosen', async () => {
    const { calls } = mockFetch([
      responde(usuariosRutas.listar, {
        body: { items: [paciente(21, 'Ana Gómez'), paciente(22, 'Sara Ruiz')], total: 2, pagina: 1, porPagina: 20 },
      }),
      responde(historiasRutas.listar, { body: [resumen(3, { id: 22, nombre: 'Sara Ruiz' })] }),
      responde(historiasRutas.crear, {
        status: 201,
        body: historia({ id: 6, paciente_id: 21, usuario: { ...historia().usuario, id: 21, nombre: 'Ana Gómez' } }),
      }),
    ]);
    renderCrear('doctor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nueva historia clínica' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Crear historia clínica' }));
    expect(await screen.findByText('Elige la paciente de esta historia clínica')).toBeInTheDocument();

    fireEvent.click(screen.getByPlaceholderText('Escribe para buscar'));
    const sara = await screen.findByRole('option', { name: /Sara Ruiz .*\(ya tiene historia\)/ });
    expect(sara).toHaveAttribute('data-combobox-disabled', 'true');
    fireEvent.click(screen.getByRole('option', { name: /^Ana Gómez · CC 52000021$/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Diabetes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crear historia clínica' }));
    expect(await screen.findByText('Historia clínica creada')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ paciente_id: 21, diabetes: true, fototipo: null });
    expect(calls.find((c) => c.url.pathname === '/apiusuarios/listarusuarios')?.url.searchParams.get('rol')).toBe(
      'paciente',
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/detalleshistorialmedico'));
  });

  it('tells the front desk that the record is filled by the patient or her doctor', async () => {
    const { calls } = mockFetch([]);
    renderCrear('asistente');
    expect(await screen.findByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
