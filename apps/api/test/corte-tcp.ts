// A small TCP relay for tests that need a network blink without touching the shared server behind it (Redis,
// or the API itself): everything through it reaches the target until cortar(), which drops every open
// connection and refuses new ones until restaurar().
import { connect, createServer, type Socket } from 'node:net';

export type CorteTcp = {
  /** host:port to use instead of the target's. */
  puerto: number;
  /** Connections through it that are open now. */
  abiertas(): number;
  /** Drops every connection through it and refuses new ones. */
  cortar(): void;
  /** Lets connections through again. */
  restaurar(): void;
  cerrar(): Promise<void>;
};

export async function corteTcp(destino: { host: string; port: number }): Promise<CorteTcp> {
  const pares = new Set<[Socket, Socket]>();
  let cortado = false;
  const servidor = createServer((entrante) => {
    if (cortado) {
      entrante.resetAndDestroy();
      return;
    }
    const saliente = connect(destino);
    const par: [Socket, Socket] = [entrante, saliente];
    pares.add(par);
    const fin = () => {
      pares.delete(par);
      entrante.destroy();
      saliente.destroy();
    };
    for (const s of par) {
      s.on('error', fin);
      s.on('close', fin);
    }
    entrante.pipe(saliente);
    saliente.pipe(entrante);
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  return {
    puerto: (servidor.address() as { port: number }).port,
    abiertas: () => pares.size,
    cortar() {
      cortado = true;
      for (const [entrante, saliente] of [...pares]) {
        // A reset, as a dead network or a killed server would leave it; no polite close.
        entrante.resetAndDestroy();
        saliente.destroy();
      }
    },
    restaurar() {
      cortado = false;
    },
    cerrar() {
      cortado = true;
      for (const [entrante, saliente] of pares) {
        entrante.destroy();
        saliente.destroy();
      }
      return new Promise<void>((resolve) => servidor.close(() => resolve()));
    },
  };
}

/** Host and port of a redis:// (or http://) URL. */
export function hostPuerto(url: string, porDefecto: number): { host: string; port: number } {
  const u = new URL(url);
  return { host: u.hostname, port: Number(u.port || porDefecto) };
}
