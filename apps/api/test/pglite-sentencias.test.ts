// Named prepared statements for PGlite reads (src/db/pglite-sentencias.ts): same answers and errors as
// PGlite's own query(), statements reused and bounded, and the locks respected.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conSentenciasPreparadas } from '../src/db/pglite-sentencias.ts';

let client: PGlite;
let db: PGlite;

/** Statements this layer has prepared (asked through PGlite directly, not through the layer). */
const preparadas = async () =>
  (
    await client.query<{ name: string }>(
      "select name from pg_prepared_statements where name like 'clinica_%' order by name",
    )
  ).rows.map((r) => r.name);

beforeAll(async () => {
  client = await PGlite.create();
  db = conSentenciasPreparadas(client, { max: 4 });
  await client.exec(`
    create table t (id int primary key, n bigint, x numeric(8,2), s text, b boolean, ts timestamptz, d date,
                    j json, jb jsonb, arr int[]);
    insert into t values
      (1, 9007199254740993, 12.5, 'uno', true, '2026-01-02T03:04:05.678Z', '2026-01-02', '{"a":[1,2]}', '{"b":true}', '{1,2,3}'),
      (2, null, null, null, null, null, null, null, null, null);
  `);
});
afterAll(() => client.close());

describe('a SELECT through named statements', () => {
  const casos: [string, unknown[]][] = [
    ['select * from t order by id', []],
    ['select * from t where id = $1', [1]],
    ['select * from t where id = any($1)', [[1, 2]]],
    ['select * from t where s = $1 or $1 is null order by id', [null]],
    [
      'select $1::int + 1 as a, $2::text as b, $3::timestamptz as c, $4::jsonb as d',
      [41, 'dos', new Date(0), { e: 1 }],
    ],
    ['select count(*) from t where b = $1', [true]],
  ];

  it.each(casos)('answers like PGlite: %s', async (texto, params) => {
    for (const opciones of [undefined, { rowMode: 'array' as const }]) {
      const esperado = await client.query(texto, params, opciones);
      // Twice: the first run prepares, the second reuses.
      expect(await db.query(texto, params, opciones)).toEqual(esperado);
      expect(await db.query(texto, params, opciones)).toEqual(esperado);
    }
  });

  it("applies the query's own parsers, as Drizzle passes them", async () => {
    const opciones = { parsers: { 1184: (v: string) => `ts:${v}` } };
    const esperado = await client.query('select ts from t where id = 1', [], opciones);
    expect((esperado.rows[0] as { ts: string }).ts).toMatch(/^ts:/);
    expect(await db.query('select ts from t where id = 1', [], opciones)).toEqual(esperado);
    expect(await db.query('select ts from t where id = 1', [], opciones)).toEqual(esperado);
  });

  it('prepares each text once and keeps at most `max` of them', async () => {
    await db.query('select 1 as uno');
    const antes = await preparadas();
    await db.query('select 1 as uno');
    expect(await preparadas()).toEqual(antes);
    for (const i of [1, 2, 3, 4, 5, 6]) await db.query(`select ${i} as otro`);
    expect(await preparadas()).toHaveLength(4);
  });

  it('leaves writes and other statements to PGlite', async () => {
    const antes = await preparadas();
    await db.query('insert into t (id) values ($1)', [3]);
    await db.query('with x as (select 1) select * from x');
    await db.query('update t set s = $1 where id = $2', ['tres', 3]);
    expect(await preparadas()).toEqual(antes);
    expect((await db.query('select s from t where id = $1', [3])).rows).toEqual([{ s: 'tres' }]);
  });
});

describe('errors', () => {
  it('a failing SELECT throws what PGlite throws, with the query attached, and the connection goes on', async () => {
    const esperado = await client.query('select 1 / $1::int', [0]).catch((e: unknown) => e);
    const err = (await db.query('select 1 / $1::int', [0]).catch((e: unknown) => e)) as Error & Record<string, unknown>;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe((esperado as Error).message);
    expect(err.code).toBe('22012');
    expect(err.query).toBe('select 1 / $1::int');
    expect(err.params).toEqual([0]);
    // Still usable, and the statement itself stays valid.
    expect((await db.query('select 1 / $1::int as r', [1])).rows).toEqual([{ r: 1 }]);
  });

  it('a statement that does not prepare is not kept', async () => {
    const antes = await preparadas();
    for (let i = 0; i < 2; i++) {
      const err = (await db.query('select no_existe from t').catch((e: unknown) => e)) as { code?: string };
      expect(err.code).toBe('42703');
    }
    expect(await preparadas()).toEqual(antes);
  });

  it('a table changed under a prepared statement is prepared again', async () => {
    await client.exec('create table cambia (a int); insert into cambia values (1)');
    expect((await db.query('select * from cambia')).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table cambia add column b int default 2');
    expect((await db.query('select * from cambia')).rows).toEqual([{ a: 1, b: 2 }]);
  });
});

describe('locks', () => {
  it('a read waits for an open transaction and sees what it committed', async () => {
    let soltar!: () => void;
    const espera = new Promise<void>((r) => (soltar = r));
    let dentro!: () => void;
    const empezada = new Promise<void>((r) => (dentro = r));
    const tx = client.transaction(async (t) => {
      await t.query('insert into t (id, s) values (10, $1)', ['en transacción']);
      dentro();
      await espera;
    });
    await empezada;
    let leida = false;
    const lectura = db.query<{ s: string }>('select s from t where id = $1', [10]).then((r) => {
      leida = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(leida).toBe(false);
    soltar();
    await tx;
    expect((await lectura).rows).toEqual([{ s: 'en transacción' }]);
  });

  it('everything else is the client itself (transactions, exec, listen)', async () => {
    await db.transaction(async (t) => {
      await t.query('insert into t (id) values (11)');
    });
    expect((await db.exec('select count(*)::int as n from t where id = 11'))[0]?.rows).toEqual([{ n: 1 }]);
    expect(db instanceof PGlite).toBe(true);
  });
});
