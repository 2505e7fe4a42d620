// Live notifications while Redis is away for long (issue 10, item 8): publishes wait in the Redis client's queue
// and are retried after a dropped connection, but never without end. Past a bound, a publish is refused at once
// (the adapter drops that live push; the web reloads its notifications on every reconnection), so an outage of
// hours does not grow the process's memory by every beat and every notification meanwhile.
import { createServer } from 'node:net';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PUBLICACIONES_EN_ESPERA, publicacionesAcotadas } from '../src/plugins/tiempo-real-redis.ts';

describe('publishes while Redis is down', () => {
  // A port nothing listens on: the client keeps reconnecting and is never ready.
  const cerrado = createServer();
  afterAll(() => new Promise<void>((r) => cerrado.close(() => r())));

  it('at most MAX_PUBLICACIONES_EN_ESPERA wait; the next ones are refused at once; closing rejects the rest', async () => {
    await new Promise<void>((r) => cerrado.listen(0, '127.0.0.1', r));
    const puerto = (cerrado.address() as { port: number }).port;
    await new Promise<void>((r) => cerrado.close(() => r()));
    const cliente = createClient({ url: `redis://127.0.0.1:${puerto}`, socket: { reconnectStrategy: () => 50 } });
    cliente.on('error', () => {});
    cliente.connect().catch(() => {});
    publicacionesAcotadas(cliente);
    expect(cliente.isOpen).toBe(true);
    expect(cliente.isReady).toBe(false);

    const resultados: ('ok' | 'rechazada')[] = [];
    const total = MAX_PUBLICACIONES_EN_ESPERA + 25;
    const promesas = Array.from({ length: total }, (_, i) =>
      cliente.xAdd('socket.io', '*', { n: String(i) }).then(
        () => void (resultados[i] = 'ok'),
        () => void (resultados[i] = 'rechazada'),
      ),
    );
    // The extra ones are refused without waiting for Redis.
    await Promise.all(promesas.slice(MAX_PUBLICACIONES_EN_ESPERA));
    expect(resultados.slice(MAX_PUBLICACIONES_EN_ESPERA)).toEqual(Array(25).fill('rechazada'));
    expect(resultados.slice(0, MAX_PUBLICACIONES_EN_ESPERA).filter(Boolean)).toEqual([]);

    // Closing the client ends the wait of the queued ones (no retry loop outlives it).
    cliente.destroy();
    await Promise.all(promesas);
    expect(resultados.filter((r) => r === 'rechazada')).toHaveLength(total);
  });
});
