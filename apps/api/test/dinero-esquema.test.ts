// Money is append-only in the database itself (issue 23, item 1; migration 0024): whatever the application does, a
// payment's amount, method, purpose and patient never change, no money row is deleted or truncated, an online
// payment is resolved once, receipt numbers only move forward one at a time, and a package sold keeps what was sold
// with its sessions used moving forward and never past the total.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type BaseDePrueba } from './helpers.ts';
import { crearUsuario } from './auth-helpers.ts';

let database: BaseDePrueba;
let pacienteId: number;
let procedimientoId: number;
let staffId: number;

const ejecutar = (consulta: ReturnType<typeof sql>) => database.db.execute(consulta);
const filas = async <T>(consulta: ReturnType<typeof sql>) => (await ejecutar(consulta)).rows as T[];
const refusedAsImmutable = (consulta: ReturnType<typeof sql>) =>
  expect(ejecutar(consulta)).rejects.toMatchObject({ cause: { code: '42501' } });

async function pago(estado: 'aprobado' | 'pendiente', metodo = 'efectivo', referencia: string | null = null) {
  const [fila] = await filas<{ id: number }>(sql`
    insert into pagos (paciente_id, monto, metodo, concepto, estado, registrado_por, referencia)
    values (${pacienteId}, 150000, ${metodo}, 'anticipo', ${estado}, ${staffId}, ${referencia}) returning id`);
  return fila!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  pacienteId = (await crearUsuario(database, 'paciente')).id;
  staffId = (await crearUsuario(database, 'asistente')).id;
  const [cat] = await filas<{ id: number }>(
    sql`insert into categorias_procedimiento (nombre) values ('Dinero') returning id`,
  );
  const [proc] = await filas<{ id: number }>(sql`
    insert into procedimientos (categoria_id, nombre, descripcion, precio, duracion_minutos)
    values (${cat!.id}, 'Toxina para paquetes', 'Prueba', 900000, 30) returning id`);
  procedimientoId = proc!.id;
});
afterAll(() => database.drop());

describe('payments', () => {
  it('amount, method, purpose, patient and author never change; no payment is deleted or truncated', async () => {
    const id = await pago('aprobado');
    await refusedAsImmutable(sql`update pagos set monto = 1 where id = ${id}`);
    await refusedAsImmutable(sql`update pagos set metodo = 'datafono' where id = ${id}`);
    await refusedAsImmutable(sql`update pagos set concepto = 'saldo' where id = ${id}`);
    await refusedAsImmutable(sql`update pagos set paciente_id = ${staffId} where id = ${id}`);
    await refusedAsImmutable(sql`update pagos set registrado_por = null where id = ${id}`);
    await refusedAsImmutable(sql`delete from pagos where id = ${id}`);
    await refusedAsImmutable(sql`truncate pagos cascade`);
    expect(await filas(sql`select monto, metodo, concepto from pagos where id = ${id}`)).toEqual([
      { monto: 150000, metodo: 'efectivo', concepto: 'anticipo' },
    ]);
  });

  it('an approved payment stays approved; a pending one is resolved once, its receipt number set once', async () => {
    const aprobado = await pago('aprobado');
    await refusedAsImmutable(sql`update pagos set estado = 'rechazado' where id = ${aprobado}`);
    const pendiente = await pago('pendiente', 'en_linea', 'wompi-1');
    await ejecutar(sql`update pagos set estado = 'aprobado', recibo_numero = 900001, resuelto_en = now()
      where id = ${pendiente}`);
    await refusedAsImmutable(sql`update pagos set estado = 'rechazado' where id = ${pendiente}`);
    await refusedAsImmutable(sql`update pagos set recibo_numero = 900002 where id = ${pendiente}`);
    await refusedAsImmutable(sql`update pagos set referencia = 'otra' where id = ${pendiente}`);
  });

  it('an online transaction is one payment; amounts are positive', async () => {
    await pago('pendiente', 'en_linea', 'wompi-2');
    await expect(pago('pendiente', 'en_linea', 'wompi-2')).rejects.toMatchObject({ cause: { code: '23505' } });
    await expect(
      ejecutar(sql`insert into pagos (paciente_id, monto, metodo, concepto, estado)
        values (${pacienteId}, 0, 'efectivo', 'saldo', 'aprobado')`),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it('voids and cash closes are never changed or deleted', async () => {
    const id = await pago('aprobado');
    await ejecutar(sql`insert into pagos_anulaciones (pago_id, motivo, anulado_por)
      values (${id}, 'Digitado dos veces', ${staffId})`);
    await refusedAsImmutable(sql`update pagos_anulaciones set motivo = 'otro' where pago_id = ${id}`);
    await refusedAsImmutable(sql`delete from pagos_anulaciones where pago_id = ${id}`);
    await ejecutar(sql`insert into cierres_caja
      (fecha, usuario_id, totales, efectivo_esperado, efectivo_contado, diferencia, cerrado_por)
      values ('2026-11-27', ${staffId}, '{}'::jsonb, 100, 90, -10, ${staffId})`);
    await refusedAsImmutable(sql`update cierres_caja set efectivo_contado = 100`);
    await refusedAsImmutable(sql`delete from cierres_caja`);
    await refusedAsImmutable(sql`truncate cierres_caja`);
  });
});

describe('receipt numbers', () => {
  const siguiente = () =>
    filas<{ ultimo: number }>(sql`
      insert into consecutivos (nombre, ultimo) values ('prueba', 1)
      on conflict (nombre) do update set ultimo = consecutivos.ultimo + 1 returning ultimo`);

  it('start at 1 and move forward one at a time; nothing else', async () => {
    expect(await siguiente()).toEqual([{ ultimo: 1 }]);
    expect(await siguiente()).toEqual([{ ultimo: 2 }]);
    await refusedAsImmutable(sql`update consecutivos set ultimo = 10 where nombre = 'prueba'`);
    await refusedAsImmutable(sql`update consecutivos set ultimo = 1 where nombre = 'prueba'`);
    await refusedAsImmutable(sql`delete from consecutivos`);
    await refusedAsImmutable(sql`insert into consecutivos (nombre, ultimo) values ('otro', 50)`);
    expect(await siguiente()).toEqual([{ ultimo: 3 }]);
  });
});

describe('packages sold', () => {
  it('keep what was sold; sessions used move forward only, never past the total', async () => {
    const [def] = await filas<{ id: number }>(sql`
      insert into paquetes (nombre, procedimiento_id, sesiones, precio, vigencia_dias)
      values ('3 sesiones', ${procedimientoId}, 3, 2400000, 180) returning id`);
    const [vendido] = await filas<{ id: number }>(sql`
      insert into paquetes_paciente
        (paquete_id, paciente_id, procedimiento_id, nombre, sesiones_total, precio, vence_el, vendido_por)
      values (${def!.id}, ${pacienteId}, ${procedimientoId}, '3 sesiones', 3, 2400000, '2027-05-26', ${staffId})
      returning id`);
    const id = vendido!.id;
    await ejecutar(sql`update paquetes_paciente set sesiones_usadas = 3 where id = ${id}`);
    await expect(
      ejecutar(sql`update paquetes_paciente set sesiones_usadas = 4 where id = ${id}`),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
    await refusedAsImmutable(sql`update paquetes_paciente set sesiones_usadas = 2 where id = ${id}`);
    await refusedAsImmutable(sql`update paquetes_paciente set precio = 1 where id = ${id}`);
    await refusedAsImmutable(sql`update paquetes_paciente set vence_el = '2030-01-01' where id = ${id}`);
    await refusedAsImmutable(sql`delete from paquetes_paciente where id = ${id}`);
  });
});
