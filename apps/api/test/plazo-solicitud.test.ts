// A request dribbled a byte at a time cannot hold its connection for ever (issue 21, item 2): 1,000 such
// connections stayed open 100 s. Past the deadline for a whole request the server answers 408 and closes it, and
// everyone else is served meanwhile.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig, type BaseDePrueba } from './helpers.ts';

let app: FastifyInstance;
let database: BaseDePrueba;
let puerto: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, intervaloBandejaMs: 0, plazoSolicitudMs: 1_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  puerto = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('request deadline', () => {
  it('a body sent a byte at a time is cut with 408 after the deadline; /salud answers meanwhile', async () => {
    const socket = connect(puerto, '127.0.0.1');
    await new Promise<void>((r) => socket.once('connect', () => r()));
    let recibido = '';
    socket.on('data', (d) => (recibido += d));
    const cerrado = new Promise<number>((r) => socket.once('close', () => r(Date.now())));
    socket.write(
      'POST /apiusuarios/iniciarsesion HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const inicio = Date.now();
    const goteo = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 100);
    try {
      const salud = await fetch(`http://127.0.0.1:${puerto}/salud`);
      expect(salud.status).toBe(200);
      const fin = await Promise.race([cerrado, new Promise<number>((r) => setTimeout(() => r(-1), 15_000))]);
      expect(fin, 'la conexión seguía abierta a los 15 s').toBeGreaterThan(0);
      expect(fin - inicio).toBeGreaterThanOrEqual(900);
      expect(recibido).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(goteo);
      socket.destroy();
    }
  }, 30_000);
});
