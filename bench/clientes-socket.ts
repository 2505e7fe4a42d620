// A client process of bench/sockets.ts: opens socket.io connections (websocket transport, token in the handshake
// `auth`, as the web does) for the users it is given, and records when each `nuevaNotificacion` arrives. Several of
// these share the connections so the client side is not the bottleneck. Talks to its parent over IPC:
//   { tipo: 'conectar', url, usuarios: [id, token][] } -> { tipo: 'conectados', ok, fallos, error? }
//   { tipo: 'informe' } -> { tipo: 'informe', recibidas: [citaId, usuarioId, recibidaEn, creadaEn][] }
//   { tipo: 'cerrar' } -> closes every socket -> { tipo: 'cerrados' }
import { io, type Socket } from 'socket.io-client';

type Mensaje =
  { tipo: 'conectar'; url: string; usuarios: [number, string][] } | { tipo: 'informe' } | { tipo: 'cerrar' };

/** Wall-clock ms with sub-ms resolution, comparable between processes of the same machine. */
const ahora = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const recibidas: [number, number, number, number][] = [];
const responder = (m: object) => process.send?.(m);

function conectar(url: string, id: number, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, timeout: 60_000 });
    s.on('nuevaNotificacion', (n: { cita_id: number | null; creada_en: string }) => {
      recibidas.push([n.cita_id ?? 0, id, ahora(), Date.parse(n.creada_en)]);
    });
    s.once('connect', () => {
      sockets.push(s);
      resolve();
    });
    s.once('connect_error', (err) => {
      s.close();
      reject(err);
    });
  });
}

process.on('message', (m: Mensaje) => {
  if (m.tipo === 'conectar') {
    void (async () => {
      let ok = 0;
      let fallos = 0;
      let error: string | undefined;
      // A bounded number of handshakes at once: each is an authentication (token + session) on the server.
      const cola = [...m.usuarios];
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          for (let u = cola.shift(); u; u = cola.shift()) {
            try {
              await conectar(m.url, u[0], u[1]);
              ok++;
            } catch (err) {
              fallos++;
              error ??= String(err);
            }
          }
        }),
      );
      responder({ tipo: 'conectados', ok, fallos, error });
    })();
  } else if (m.tipo === 'informe') {
    responder({ tipo: 'informe', recibidas: recibidas.splice(0) });
  } else if (m.tipo === 'cerrar') {
    for (const s of sockets.splice(0)) s.close();
    responder({ tipo: 'cerrados' });
  }
});
process.on('disconnect', () => process.exit(0));
