// A real SMTP server for the tests (smtp-server), on a free local port: what the API sends through SMTP_URL arrives
// here and is parsed (mailparser) for the test to read. `rechazar` refuses a message with a temporary error (451),
// as a busy or failing mail server does.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ServidorSmtp = {
  url: string;
  recibidos: ParsedMail[];
  /** Messages refused so far. */
  rechazados: number;
  /** Connections opened so far. */
  conexiones: number;
  /** Connections open now. */
  abiertas: number;
  /** The next `n` messages are refused with 451. */
  rechazarSiguientes(n: number): void;
  cerrar(): Promise<void>;
};

export async function iniciarSmtp(): Promise<ServidorSmtp> {
  const recibidos: ParsedMail[] = [];
  let porRechazar = 0;
  const estado = { rechazados: 0, conexiones: 0, abiertas: 0 };
  const servidor = new SMTPServer({
    onConnect(_sesion, listo) {
      estado.conexiones += 1;
      estado.abiertas += 1;
      listo();
    },
    onClose() {
      estado.abiertas -= 1;
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _sesion, listo) {
      const trozos: Buffer[] = [];
      stream.on('data', (t: Buffer) => trozos.push(t));
      stream.on('end', () => {
        if (porRechazar > 0) {
          porRechazar -= 1;
          estado.rechazados += 1;
          listo(Object.assign(new Error('Servidor ocupado, intenta más tarde'), { responseCode: 451 }));
          return;
        }
        simpleParser(Buffer.concat(trozos))
          .then((m) => {
            recibidos.push(m);
            listo();
          })
          .catch((err: Error) => listo(err));
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    recibidos,
    get rechazados() {
      return estado.rechazados;
    },
    get conexiones() {
      return estado.conexiones;
    },
    get abiertas() {
      return estado.abiertas;
    },
    rechazarSiguientes(n) {
      porRechazar = n;
    },
    cerrar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
