// The audit log is append-only and usable (issue 21, item 5): with the application's own database role its rows
// can be neither changed nor deleted (nor truncated), and administrators search it by who, what, resource, result
// and dates, page through it and export it to CSV (the export itself audited). Nobody else reads it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoriaPaths as rutas, type ListaAuditoriaWire } from '@clinica/contracts/auditoria';
import { auditoria, usuarios } from '../src/db/schema/index.ts';
import { campoCsv } from '../src/features/auditoria/auditoria.service.ts';
import { crearUsuarios, type UsuarioDePrueba } from './auth-helpers.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let admin: UsuarioDePrueba;
let asistente: UsuarioDePrueba;
let doctor: UsuarioDePrueba;
let paciente: UsuarioDePrueba;

const listar = (quien: UsuarioDePrueba | undefined, consulta = '') =>
  t.app.inject({ method: 'GET', url: `${rutas.listar}${consulta}`, headers: quien?.headers ?? {} });

beforeAll(async () => {
  t = await createTestApp();
  [admin, asistente, doctor, paciente] = await crearUsuarios(t.database, [
    'administrador',
    'asistente',
    'doctor',
    'paciente',
  ]);
  await t.database.db.update(usuarios).set({ nombre: 'Dra. Mónica Ríos' }).where(eq(usuarios.id, doctor.id));
  const fila = (
    usuarioId: number | null,
    accion: string,
    recursoId: string,
    resultado = 'exito',
    detalle?: string,
  ) => ({
    usuario_id: usuarioId,
    accion,
    recurso: accion.split('.')[0]!,
    recurso_id: recursoId,
    resultado: resultado as 'exito',
    ip: '198.51.100.7',
    detalle: detalle ?? null,
  });
  await t.database.db
    .insert(auditoria)
    .values([
      fila(doctor.id, 'historia.leer', '41'),
      fila(doctor.id, 'historia.editar', '41'),
      fila(doctor.id, 'evolucion.firmar', '9'),
      fila(asistente.id, 'cita.cancelar', '77', 'exito', '=HYPERLINK("http://x")'),
      fila(paciente.id, 'sesion.iniciar', '', 'fallo'),
      fila(null, 'respaldo.crear', '3'),
    ]);
});
afterAll(() => t.close());

describe('the audit log is append-only', () => {
  it.each([
    ['UPDATE', sql`update auditoria set detalle = 'borrado' where accion = 'historia.leer'`],
    ['DELETE', sql`delete from auditoria where accion = 'historia.leer'`],
    ['TRUNCATE', sql`truncate auditoria`],
  ])('%s is refused by the database', async (_que, sentencia) => {
    await expect(t.database.db.execute(sentencia)).rejects.toThrow();
    const [f] = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'historia.leer'));
    expect(f?.detalle).toBeNull();
  });
});

describe('GET /apiauditoria/registros', () => {
  it.each([
    ['anonimo', 401, undefined],
    ['paciente', 403, () => paciente],
    ['asistente', 403, () => asistente],
    ['doctor', 403, () => doctor],
  ] as const)('%s: %i', async (_quien, codigo, quien) => {
    expect((await listar(quien?.())).statusCode).toBe(codigo);
    const csv = await t.app.inject({ method: 'GET', url: rutas.exportar, headers: quien?.().headers ?? {} });
    expect(csv.statusCode).toBe(codigo);
  });

  it('an administrator searches by who (accents and case aside), action prefix, result and resource', async () => {
    const porQuien = (await listar(admin, '?quien=monica rios')).json() as ListaAuditoriaWire;
    // Her refused calls to this very screen (previous test) are in the log as well.
    expect(porQuien.items.map((r) => r.accion)).toEqual(
      expect.arrayContaining(['evolucion.firmar', 'historia.editar', 'historia.leer']),
    );
    expect(porQuien.items.every((r) => r.usuario?.id === doctor.id)).toBe(true);
    expect(porQuien.items[0]!.usuario).toMatchObject({ id: doctor.id, nombre: 'Dra. Mónica Ríos', rol: 'doctor' });

    const historia = (await listar(admin, '?accion=historia.')).json() as ListaAuditoriaWire;
    expect(historia.items.map((r) => r.accion).sort()).toEqual(['historia.editar', 'historia.leer']);
    // A LIKE wildcard in the search is a literal character.
    expect(((await listar(admin, '?accion=%25')).json() as ListaAuditoriaWire).items).toEqual([]);

    const fallos = (await listar(admin, '?resultado=fallo')).json() as ListaAuditoriaWire;
    expect(fallos.items.map((r) => r.usuario?.id)).toEqual([paciente.id]);
    const recurso = (await listar(admin, '?recurso=cita&recurso_id=77')).json() as ListaAuditoriaWire;
    expect(recurso.items).toHaveLength(1);
    const sistema = (await listar(admin, '?accion=respaldo.')).json() as ListaAuditoriaWire;
    expect(sistema.items[0]!.usuario).toBeNull();
  });

  it('pages newest first with an exact total; dates are days of the clinic', async () => {
    const uno = (await listar(admin, '?porPagina=2&pagina=1')).json() as ListaAuditoriaWire;
    const dos = (await listar(admin, '?porPagina=2&pagina=2')).json() as ListaAuditoriaWire;
    expect(uno.items).toHaveLength(2);
    expect(uno.items[0]!.id).toBeGreaterThan(uno.items[1]!.id);
    expect(dos.items[0]!.id).toBeLessThan(uno.items[1]!.id);
    expect(uno.total).toBeGreaterThanOrEqual(6);
    expect(uno.totalExacto).toBe(true);
    expect(((await listar(admin, '?desde=2001-01-01&hasta=2001-01-31')).json() as ListaAuditoriaWire).total).toBe(0);
    const mal = await listar(admin, '?desde=2026-02-01&hasta=2026-01-01');
    expect(mal.statusCode).toBe(400);
    expect(mal.json().issues).toEqual([
      { campo: 'hasta', mensaje: 'La fecha final no puede ser anterior a la inicial' },
    ]);
  });

  it('exports the search as CSV for a spreadsheet, defuses formulas, and the export is audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${rutas.exportar}?accion=cita.`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lineas = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lineas[0]).toBe('fecha,usuario_id,nombre,correo,rol,accion,recurso,recurso_id,resultado,ip,detalle');
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toContain(`,cita.cancelar,cita,77,exito,198.51.100.7,"'=HYPERLINK(""http://x"")"`);
    const [exportacion] = await t.database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'auditoria.exportar'));
    expect(exportacion).toMatchObject({ usuario_id: admin.id, detalle: '1 filas; accion=cita.' });
  });

  it('CSV fields: quotes, separators and formula starts', () => {
    expect(campoCsv('simple')).toBe('simple');
    expect(campoCsv('a,b')).toBe('"a,b"');
    expect(campoCsv('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(campoCsv('+57 300')).toBe("'+57 300");
    expect(campoCsv('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(campoCsv(null)).toBe('');
    expect(campoCsv(-3)).toBe('-3');
  });
});
