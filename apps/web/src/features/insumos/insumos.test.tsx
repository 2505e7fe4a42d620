// Products and lots on the web (issue 24, item 1): the list's states, a new product sent as typed and a server field
// error on its field, doctors read-only, patients no access; a product's lots, receiving one, an adjustment refused
// with the server's 409 message and a lot's movements.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import type { Rol } from '@clinica/contracts/roles';
import { ProveedorFechas } from '../../components/proveedor-fechas.tsx';
import { lote, producto, productoConLotes } from '../../test/insumos-fixtures.ts';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import InsumosScreen from './insumos-screen.tsx';
import ProductoScreen from './producto-screen.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('InsumosScreen (/insumos)', () => {
  const renderInsumos = (rol: Rol) => renderComoRol(rol, <InsumosScreen />, '/insumos');

  it('lists the products: type, INVIMA, usable stock in es-CO with its unit, low stock and expired stock', async () => {
    mockFetch([
      responde(insumosRutas.productos, {
        body: [
          producto({ existencia: 2.5, stock_bajo: true, existencia_vencida: 1 }),
          producto({
            id: 3,
            nombre: 'Toxina 100 U',
            tipo: 'toxina_botulinica',
            unidad: 'U',
            existencia: 0,
            activo: false,
          }),
        ],
      }),
    ]);
    renderInsumos('asistente');
    expect(screen.getByText('Cargando productos…')).toBeInTheDocument();
    const filas = within(await screen.findByRole('table')).getAllByRole('row');
    expect(filas[1]).toHaveTextContent('Ácido hialurónico');
    expect(filas[1]).toHaveTextContent('Dermalab');
    expect(filas[1]).toHaveTextContent('INVIMA 2019DM-0020231');
    expect(filas[1]).toHaveTextContent('2,5 mL');
    expect(within(filas[1]!).getByText('Stock bajo')).toBeInTheDocument();
    expect(filas[1]).toHaveTextContent('1 mL vencidas por desechar');
    expect(within(filas[1]!).getByRole('link', { name: 'Ácido hialurónico 1 mL' })).toHaveAttribute(
      'href',
      '/insumos/2',
    );
    expect(filas[2]).toHaveTextContent('Toxina botulínica');
    expect(filas[2]).toHaveTextContent('0 U');
    expect(within(filas[2]!).getByText('Inactivo')).toBeInTheDocument();
    expect(within(filas[2]!).getByRole('button', { name: 'Activar Toxina 100 U' })).toBeInTheDocument();
  });

  it('shows the empty state with «Nuevo producto», and an error with a retry', async () => {
    mockFetch([responde(insumosRutas.productos, { body: [] })]);
    const { unmount } = renderInsumos('administrador');
    expect(await screen.findByText('Aún no hay productos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nuevo producto' })).toBeInTheDocument();
    unmount();
    mockFetch([
      responde(insumosRutas.productos, { status: 500, body: { error: 'Falló algo.', code: 'ERROR_INTERNO' } }),
    ]);
    renderInsumos('administrador');
    expect(await screen.findByText('Falló algo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it('creates a product: checked first, then sent as typed; a server field error lands on its field', async () => {
    let intentos = 0;
    const fetch = mockFetch([
      responde(insumosRutas.productos, { body: [producto()] }),
      responde(insumosRutas.crearProducto, () =>
        ++intentos === 1
          ? {
              status: 400,
              body: {
                error: 'Revisa los datos.',
                code: 'VALIDACION',
                issues: [{ campo: 'body.fabricante', mensaje: 'El fabricante no parece válido' }],
              },
            }
          : { status: 201, body: producto({ id: 9, nombre: 'Toxina botulínica tipo A 100 U' }) },
      ),
    ]);
    renderInsumos('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo producto' }));
    const form = await screen.findByRole('form', { name: 'Nuevo producto' });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear producto' }));
    expect(await within(form).findByText('Escribe el registro sanitario INVIMA')).toBeInTheDocument();
    expect(fetch.llamadas()).not.toContain('POST /apiinsumos/productos');

    fireEvent.change(within(form).getByRole('textbox', { name: /^Nombre/ }), {
      target: { value: 'Toxina botulínica tipo A 100 U' },
    });
    fireEvent.click(within(form).getByRole('combobox', { name: /^Tipo/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Toxina botulínica' }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Fabricante/ }), { target: { value: 'Allergan' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Registro sanitario INVIMA/ }), {
      target: { value: 'INVIMA 2008M-0007986' },
    });
    fireEvent.click(within(form).getByRole('combobox', { name: /^Unidad/ }));
    fireEvent.click(await screen.findByRole('option', { name: /^U \(/ }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Stock mínimo/ }), { target: { value: '100' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear producto' }));

    expect(await within(form).findByText('El fabricante no parece válido')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Fabricante/ })).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear producto' }));
    expect(await screen.findByText('Producto «Toxina botulínica tipo A 100 U» guardado.')).toBeInTheDocument();
    const posts = fetch.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({
      nombre: 'Toxina botulínica tipo A 100 U',
      tipo: 'toxina_botulinica',
      fabricante: 'Allergan',
      registro_invima: 'INVIMA 2008M-0007986',
      unidad: 'U',
      stock_minimo: 100,
    });
  });

  it('deactivates a product with a PATCH of activo only', async () => {
    const fetch = mockFetch([
      responde(insumosRutas.productos, { body: [producto()] }),
      responde(insumosRutas.editarProducto, { body: producto({ activo: false }) }),
    ]);
    renderInsumos('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar Ácido hialurónico 1 mL' }));
    expect(await screen.findByText('«Ácido hialurónico 1 mL» quedó inactivo.')).toBeInTheDocument();
    const patch = fetch.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apiinsumos/productos/2');
    expect(patch.body).toEqual({ activo: false });
  });

  it('edits a product sending only what changed', async () => {
    const fetch = mockFetch([
      responde(insumosRutas.productos, { body: [producto()] }),
      responde(insumosRutas.editarProducto, { body: producto({ stock_minimo: 8.5 }) }),
    ]);
    renderInsumos('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Ácido hialurónico 1 mL' }));
    const form = await screen.findByRole('form', { name: 'Editar producto' });
    expect(within(form).getByRole('textbox', { name: /^Registro sanitario INVIMA/ })).toHaveValue(
      'INVIMA 2019DM-0020231',
    );
    fireEvent.change(within(form).getByRole('textbox', { name: /^Stock mínimo/ }), { target: { value: '8,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Producto «Ácido hialurónico 1 mL» guardado.')).toBeInTheDocument();
    const patch = fetch.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url.pathname).toBe('/apiinsumos/productos/2');
    expect(patch.body).toEqual({ stock_minimo: 8.5 });
  });

  it('a doctor reads the list without creating, editing or deactivating', async () => {
    mockFetch([responde(insumosRutas.productos, { body: [producto()] })]);
    renderInsumos('doctor');
    const tabla = await screen.findByRole('table');
    expect(within(tabla).getByText('INVIMA 2019DM-0020231')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nuevo producto' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Editar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Desactivar/ })).not.toBeInTheDocument();
    expect(within(tabla).queryByText('Acciones')).not.toBeInTheDocument();
  });

  it('a patient gets the no-access screen without calling the API', () => {
    const { calls } = mockFetch([]);
    renderInsumos('paciente');
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('ProductoScreen (/insumos/:id)', () => {
  // The dashboard layout gives its screens the Spanish date pickers.
  const renderProducto = (rol: Rol, id = 2) =>
    renderComoRol(
      rol,
      <ProveedorFechas>
        <ProductoScreen />
      </ProveedorFechas>,
      `/insumos/${id}`,
      '/insumos/:id',
    );

  it('shows the lots: expiry with its badge, received, used, stock, supplier and who received it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T15:00:00Z'));
    mockFetch([
      responde(insumosRutas.producto, {
        body: productoConLotes([
          lote({ id: 4, numero: 'P1', vence_el: '2026-12-20' }),
          lote({ id: 5, numero: 'L2', vence_el: '2027-08-31', referencia_compra: null }),
          lote({ id: 6, numero: 'V3', vence_el: '2026-11-01', vencido: true, existencia: 1, consumido: 9 }),
        ]),
      }),
    ]);
    renderProducto('asistente');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ácido hialurónico 1 mL' })).toBeInTheDocument();
    const [, pronto, largo, vencido] = within(screen.getByRole('table')).getAllByRole('row');
    expect(pronto).toHaveTextContent('20/12/2026');
    expect(within(pronto!).getByText('Vence pronto')).toBeInTheDocument();
    expect(pronto).toHaveTextContent('10 mL');
    expect(pronto).toHaveTextContent('2,5 mL');
    expect(pronto).toHaveTextContent('7,5 mL');
    expect(pronto).toHaveTextContent('Dermafarma S.A.S.');
    expect(pronto).toHaveTextContent('Ref. FAC-1020');
    expect(pronto).toHaveTextContent('Ana Ruiz');
    expect(pronto).toHaveTextContent('02/10/2026');
    expect(largo).not.toHaveTextContent(/Vence pronto|Vencido/);
    expect(within(vencido!).getByText('Vencido')).toBeInTheDocument();
    expect(screen.getByText('12,5 mL')).toBeInTheDocument();
  });

  it('receives a lot: the date picked, the quantity with decimals, sent as typed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-10T15:00:00Z'));
    const fetch = mockFetch([
      responde(insumosRutas.producto, { body: productoConLotes([]) }),
      responde(insumosRutas.recibirLote, { status: 201, body: lote({ numero: 'HX-0931', cantidad_recibida: 12.5 }) }),
      responde(insumosRutas.productos, { body: [] }),
      responde(insumosRutas.alertas, { body: { por_vencer: [], stock_bajo: [] } }),
    ]);
    renderProducto('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Recibir lote' }));
    const form = await screen.findByRole('form', { name: 'Recibir lote' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Número de lote/ }), { target: { value: 'HX-0931' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Vence el/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^30 (noviembre|November) 2026$/ }));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Cantidad recibida/ }), { target: { value: '12,5' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Proveedor/ }), { target: { value: 'Dermafarma' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Recibir lote' }));
    expect(await screen.findByText('Lote HX-0931 recibido: 12,5 mL.')).toBeInTheDocument();
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/apiinsumos/productos/2/lotes');
    expect(post.body).toEqual({
      numero: 'HX-0931',
      vence_el: '2026-11-30',
      cantidad: 12.5,
      proveedor: 'Dermafarma',
      referencia_compra: null,
    });
  });

  it('an adjustment needs its reason; when there is not that much, the 409 says what is left', async () => {
    const fetch = mockFetch([
      responde(insumosRutas.producto, { body: productoConLotes([lote()]) }),
      responde(insumosRutas.ajustar, {
        status: 409,
        body: { error: 'El lote B2291 no tiene tanta existencia: quedan 7,5 mL.', code: 'SIN_EXISTENCIAS' },
      }),
    ]);
    renderProducto('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustar el lote B2291' }));
    const form = await screen.findByRole('form', { name: 'Ajustar el lote B2291' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Cantidad que sale/ }), { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar ajuste' }));
    expect(await within(form).findByText('Escribe por qué')).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: /^Por qué/ }), {
      target: { value: 'Se cayó el vial al prepararlo' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar ajuste' }));
    const alerta = await within(form).findByRole('alert');
    expect(alerta).toHaveTextContent('El lote B2291 no tiene tanta existencia: quedan 7,5 mL.');
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/apiinsumos/lotes/4/ajustes');
    expect(post.body).toEqual({ motivo: 'rotura', cantidad: 8, detalle: 'Se cayó el vial al prepararlo' });
  });

  it('a count sends what was counted as «contado»', async () => {
    const fetch = mockFetch([
      responde(insumosRutas.producto, { body: productoConLotes([lote()]) }),
      responde(insumosRutas.ajustar, { status: 201, body: lote({ existencia: 7, consumido: 3 }) }),
      responde(insumosRutas.productos, { body: [] }),
      responde(insumosRutas.movimientos, { body: [] }),
      responde(insumosRutas.alertas, { body: { por_vencer: [], stock_bajo: [] } }),
    ]);
    renderProducto('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustar el lote B2291' }));
    const form = await screen.findByRole('form', { name: 'Ajustar el lote B2291' });
    fireEvent.click(within(form).getByText('Corrección por conteo'));
    fireEvent.change(within(form).getByRole('textbox', { name: /^Lo contado/ }), { target: { value: '7' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Por qué/ }), { target: { value: 'Conteo mensual' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar ajuste' }));
    expect(await screen.findByText('Lote B2291 ajustado: quedan 7 mL.')).toBeInTheDocument();
    const post = fetch.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ motivo: 'correccion_conteo', contado: 7, detalle: 'Conteo mensual' });
  });

  it("shows a lot's movements: uses and adjustments with their reason, who and when", async () => {
    mockFetch([
      responde(insumosRutas.producto, { body: productoConLotes([lote()]) }),
      responde(insumosRutas.movimientos, {
        body: [
          {
            id: 2,
            tipo: 'ajuste',
            cantidad: -0.5,
            motivo: 'correccion_conteo',
            detalle: 'Conteo mensual',
            registrado_por: { id: 3, nombre: 'Ana Ruiz' },
            registrado_en: '2026-11-05T15:00:00.000Z',
          },
          {
            id: 1,
            tipo: 'ajuste',
            cantidad: 3,
            motivo: 'rotura',
            detalle: 'Se cayó el vial',
            registrado_por: { id: 3, nombre: 'Ana Ruiz' },
            registrado_en: '2026-11-01T15:00:00.000Z',
          },
        ],
      }),
    ]);
    renderProducto('asistente');
    fireEvent.click(await screen.findByRole('button', { name: 'Movimientos del lote B2291' }));
    const tabla = await screen.findByRole('table', { name: 'Movimientos del lote B2291' });
    const [, conteo, rotura] = within(tabla).getAllByRole('row');
    expect(conteo).toHaveTextContent('Corrección por conteo');
    expect(conteo).toHaveTextContent('+0,5 mL');
    expect(rotura).toHaveTextContent('Rotura o pérdida');
    expect(rotura).toHaveTextContent('−3 mL');
    expect(rotura).toHaveTextContent('Se cayó el vial');
    expect(rotura).toHaveTextContent('Ana Ruiz');
  });

  it('a doctor reads the lots without receiving, adjusting or reading movements', async () => {
    mockFetch([responde(insumosRutas.producto, { body: productoConLotes([lote()]) })]);
    renderProducto('doctor');
    expect(await screen.findByText('B2291')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Recibir lote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Ajustar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Movimientos/ })).not.toBeInTheDocument();
  });

  it('a patient gets the no-access screen without calling the API', () => {
    const { calls } = mockFetch([]);
    renderProducto('paciente');
    expect(screen.getByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
