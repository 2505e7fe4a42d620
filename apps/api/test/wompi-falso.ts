// A local stand-in for Wompi (issue 23, item 3): the parts of its documented API the clinic uses, so tests and e2e
// never leave the machine. GET /v1/transactions/:id (public key as bearer; `{ data: transaction }`), a minimal Web
// Checkout at /p/ that checks the integrity signature and offers "Aprobar" / "Rechazar" (then POSTs the signed
// `transaction.updated` event to the events URL and redirects to redirect-url with `?id=<tx>&env=test`), and
// helpers that write transactions and events (approved, declined, duplicated, forged, wrong amount, late).
import { createHash, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const LLAVES_PRUEBA = {
  llavePublica: 'pub_test_ClinicaPruebas0000000000000',
  llavePrivada: 'prv_test_ClinicaPruebas0000000000000',
  secretoIntegridad: 'test_integrity_ClinicaPruebas00000',
  secretoEventos: 'test_events_ClinicaPruebas00000000',
} as const;

export type EstadoWompi = 'APPROVED' | 'DECLINED' | 'VOIDED' | 'ERROR' | 'PENDING';
export type TransaccionWompi = {
  id: string;
  reference: string;
  amount_in_cents: number;
  currency: string;
  status: EstadoWompi;
  payment_method_type: string;
  customer_email: string;
  redirect_url: string | null;
  created_at: string;
};

const sha256 = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex');
const PROPIEDADES = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];

export type WompiFalso = Awaited<ReturnType<typeof iniciarWompiFalso>>;

/**
 * Starts the fake on 127.0.0.1 (a free port). `urlEventos`: where its checkout POSTs events (the app's webhook);
 * it may be set later (`wompi.urlEventos = ...`).
 */
export async function iniciarWompiFalso(opts: { urlEventos?: string } = {}) {
  const transacciones = new Map<string, TransaccionWompi>();
  const llaves = LLAVES_PRUEBA;
  let ultimoTimestamp = 1_790_000_000;

  function crear(t: Partial<TransaccionWompi> & Pick<TransaccionWompi, 'reference' | 'amount_in_cents'>) {
    const tx: TransaccionWompi = {
      id: `${randomInt(10_000, 99_999)}-${Date.now()}-${randomInt(10_000, 99_999)}`,
      currency: 'COP',
      status: 'APPROVED',
      payment_method_type: 'CARD',
      customer_email: 'paciente@ejemplo.test',
      redirect_url: null,
      created_at: new Date().toISOString(),
      ...t,
    };
    transacciones.set(tx.id, tx);
    return tx;
  }

  /** The event Wompi POSTs for a transaction, signed with the events secret (or a wrong one: `forjado`). */
  function evento(tx: TransaccionWompi, o: { forjado?: boolean; secreto?: string } = {}) {
    const timestamp = ++ultimoTimestamp;
    const data = { transaction: { ...tx, shipping_address: null, payment_link_id: null, payment_source_id: null } };
    const valores = `${tx.id}${tx.status}${tx.amount_in_cents}`;
    const secreto = o.forjado ? 'no-es-el-secreto' : (o.secreto ?? llaves.secretoEventos);
    return {
      event: 'transaction.updated',
      data,
      environment: 'test',
      signature: { properties: PROPIEDADES, checksum: sha256(`${valores}${timestamp}${secreto}`) },
      timestamp,
      sent_at: new Date().toISOString(),
    };
  }

  async function enviarEvento(cuerpo: object): Promise<number> {
    if (!servidor.urlEventos) return 0;
    const r = await fetch(servidor.urlEventos, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cuerpo),
    });
    return r.status;
  }

  const leerCuerpo = (req: IncomingMessage) =>
    new Promise<string>((ok) => {
      let s = '';
      req.on('data', (c: Buffer) => (s += c.toString('utf8')));
      req.on('end', () => ok(s));
    });

  const html = (titulo: string, cuerpo: string) =>
    `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${titulo}</title></head><body style="font-family:sans-serif;padding:16px"><h1>${titulo}</h1>${cuerpo}</body></html>`;
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  const http: Server = createServer((req, res) => void atender(req, res));
  async function atender(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The browser on the checkout page asks for its icon: nothing, not a 404 in the page's console.
    if (url.pathname === '/favicon.ico') return void res.writeHead(204).end();
    // GET /v1/transactions/:id
    const m = /^\/v1\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m) {
      const autorizado = [`Bearer ${llaves.llavePublica}`, `Bearer ${llaves.llavePrivada}`].includes(
        req.headers.authorization ?? '',
      );
      const tx = transacciones.get(decodeURIComponent(m[1]!));
      res.setHeader('content-type', 'application/json');
      if (!autorizado) return void res.writeHead(401).end(JSON.stringify({ error: { type: 'INVALID_ACCESS_TOKEN' } }));
      if (!tx) return void res.writeHead(404).end(JSON.stringify({ error: { type: 'NOT_FOUND_ERROR' } }));
      return void res.writeHead(200).end(JSON.stringify({ data: tx }));
    }
    // Web Checkout
    if (req.method === 'GET' && url.pathname === '/p/') {
      const q = url.searchParams;
      const referencia = q.get('reference') ?? '';
      const centavos = q.get('amount-in-cents') ?? '';
      const moneda = q.get('currency') ?? '';
      const expiracion = q.get('expiration-time') ?? '';
      const firma = sha256(`${referencia}${centavos}${moneda}${expiracion}${llaves.secretoIntegridad}`);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (
        q.get('public-key') !== llaves.llavePublica ||
        q.get('signature:integrity') !== firma ||
        !q.get('redirect-url')
      )
        return void res
          .writeHead(400)
          .end(html('Firma de integridad inválida', '<p>La transacción no se puede procesar.</p>'));
      const ocultos = ['reference', 'amount-in-cents', 'currency', 'redirect-url']
        .map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k) ?? '')}">`)
        .join('');
      const boton = (estado: string, texto: string) =>
        `<form method="post" action="/p/decidir">${ocultos}<input type="hidden" name="status" value="${estado}"><button type="submit" style="font-size:18px;padding:12px;margin:8px 0;width:100%">${texto}</button></form>`;
      return void res
        .writeHead(200)
        .end(
          html(
            'Wompi (sandbox local)',
            `<p>Referencia ${esc(referencia)}</p><p data-monto>${esc(moneda)} ${Number(centavos) / 100}</p>${boton('APPROVED', 'Aprobar')}${boton('DECLINED', 'Rechazar')}`,
          ),
        );
    }
    if (req.method === 'POST' && url.pathname === '/p/decidir') {
      const f = new URLSearchParams(await leerCuerpo(req));
      const tx = crear({
        reference: f.get('reference') ?? '',
        amount_in_cents: Number(f.get('amount-in-cents')),
        currency: f.get('currency') ?? 'COP',
        status: f.get('status') === 'APPROVED' ? 'APPROVED' : 'DECLINED',
        redirect_url: f.get('redirect-url'),
      });
      await enviarEvento(evento(tx)).catch(() => 0);
      const destino = new URL(f.get('redirect-url') ?? '/');
      destino.searchParams.set('id', tx.id);
      destino.searchParams.set('env', 'test');
      return void res.writeHead(302, { location: destino.toString() }).end();
    }
    res.writeHead(404).end();
  }
  await new Promise<void>((ok) => http.listen(0, '127.0.0.1', ok));
  const { port } = http.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  const servidor = {
    base,
    urlApi: `${base}/v1`,
    urlCheckout: `${base}/p/`,
    urlEventos: opts.urlEventos,
    transacciones,
    /** A transaction as Wompi would hold it after the patient paid (or not). */
    crear,
    evento,
    enviarEvento,
    /** Changes a transaction's state (a PENDING one approved later). */
    cambiar(id: string, status: EstadoWompi) {
      const tx = transacciones.get(id)!;
      tx.status = status;
      return tx;
    },
    /** The environment the app needs to use this fake. */
    env(): Record<string, string> {
      return {
        WOMPI_LLAVE_PUBLICA: llaves.llavePublica,
        WOMPI_LLAVE_PRIVADA: llaves.llavePrivada,
        WOMPI_SECRETO_INTEGRIDAD: llaves.secretoIntegridad,
        WOMPI_SECRETO_EVENTOS: llaves.secretoEventos,
        WOMPI_AMBIENTE: 'sandbox',
        WOMPI_URL_API: `${base}/v1`,
        WOMPI_URL_CHECKOUT: `${base}/p/`,
      };
    },
    cerrar: () => new Promise<void>((ok) => http.close(() => ok())),
  };
  return servidor;
}
