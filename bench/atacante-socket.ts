// The attacking patient of bench/inundacion-socket.ts, in its own process so its loop never delays the load
// generator that measures. With one token it keeps `sockets` connections trying to be open, each sending
// registrarPaciente/registrarDoctor with someone else's id as fast as its websocket takes them, and reconnecting
// at once whenever the server closes it or refuses it. Talks to its parent over IPC:
//   { tipo: 'atacar', url, token, ajeno, sockets } -> starts, answers { tipo: 'atacando' }
//   { tipo: 'parar' } -> stops, answers { tipo: 'informe', ... } with what happened
import { io, type Socket } from 'socket.io-client';

type Mensaje = { tipo: 'atacar'; url: string; token: string; ajeno: number; sockets: number } | { tipo: 'parar' };

const cuentas = { enviados: 0, aceptadas: 0, cerradas: 0, negadas: 0, otrosErrores: 0 };
const motivos: Record<string, number> = {};
let activo = false;
const abiertos = new Set<Socket>();

/** One slot: connects, floods until closed or refused, then starts over while the attack lasts. */
function ocupar(url: string, token: string, ajeno: number) {
  if (!activo) return;
  const s = io(url, { transports: ['websocket'], auth: { token }, reconnection: false, timeout: 10_000 });
  abiertos.add(s);
  const otraVez = () => {
    abiertos.delete(s);
    s.removeAllListeners();
    s.close();
    setImmediate(() => ocupar(url, token, ajeno));
  };
  s.on('desconexion', (m: { codigo: string }) => (motivos[m.codigo] = (motivos[m.codigo] ?? 0) + 1));
  s.once('connect', () => {
    cuentas.aceptadas++;
    const inundar = () => {
      if (!s.connected || !activo) return;
      // Bursts of 500, then yield so the socket can write them (an unbounded loop would only fill its buffer).
      for (let i = 0; i < 500; i++) s.emit(i % 2 ? 'registrarDoctor' : 'registrarPaciente', ajeno + (i % 50));
      cuentas.enviados += 500;
      setImmediate(inundar);
    };
    inundar();
  });
  s.once('disconnect', () => {
    cuentas.cerradas++;
    otraVez();
  });
  s.once('connect_error', (e: Error) => {
    if (e.message === 'DEMASIADAS_CONEXIONES') cuentas.negadas++;
    else cuentas.otrosErrores++;
    // A refused slot waits a little before it asks again (as a real client would); a flood of handshakes is the
    // sign-in flood's business (bench/inundacion.ts).
    setTimeout(otraVez, 100);
  });
}

process.on('message', (m: Mensaje) => {
  if (m.tipo === 'atacar') {
    activo = true;
    for (let i = 0; i < m.sockets; i++) ocupar(m.url, m.token, m.ajeno);
    process.send?.({ tipo: 'atacando' });
  } else {
    activo = false;
    for (const s of abiertos) {
      s.removeAllListeners();
      s.close();
    }
    process.send?.({ tipo: 'informe', ...cuentas, motivos });
  }
});
process.on('disconnect', () => process.exit(0));
