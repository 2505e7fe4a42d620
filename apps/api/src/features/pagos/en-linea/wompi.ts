// The Wompi adapter (docs.wompi.co, Colombia): Web Checkout with its integrity signature, the transaction lookup
// and the events' checksum. A small client over Node's fetch with a timeout; the keys and secrets never reach a log,
// an error message or a URL other than the checkout's own public parameters.
//
// - Web Checkout: GET https://checkout.wompi.co/p/ with public-key, currency, amount-in-cents, reference,
//   signature:integrity, redirect-url (and expiration-time). The integrity signature is the SHA-256 hex of
//   `<reference><amount-in-cents><currency>[<expiration-time>]<integrity secret>`.
// - Transactions: GET {api}/transactions/{id} (sandbox https://sandbox.wompi.co/v1, production
//   https://production.wompi.co/v1), authenticated with the public key; the answer is `{ data: transaction }`.
// - Events: POSTed as `{ event, data: { transaction }, signature: { properties, checksum }, timestamp, ... }`;
//   checksum = SHA-256 hex of the values of the listed properties (paths inside `data`), then the timestamp, then
//   the events secret, concatenated.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ConfigWompi } from '../../../config.ts';
import {
  EventoInvalido,
  PasarelaNoResponde,
  type DatosCheckout,
  type PasarelaPagos,
  type TransaccionPasarela,
} from './pasarela.ts';

/** How long a lookup may take before the caller is told to try again. */
export const ESPERA_WOMPI_MS = 8_000;

const sha256 = (texto: string) => createHash('sha256').update(texto, 'utf8').digest('hex');

/** The integrity signature of a checkout (Wompi: "Paso 3 — Genera una firma de integridad"). */
export function firmaIntegridad(
  d: { referencia: string; montoCentavos: number; moneda: string; expiracion?: string | undefined },
  secreto: string,
): string {
  return sha256(`${d.referencia}${d.montoCentavos}${d.moneda}${d.expiracion ?? ''}${secreto}`);
}

/** The value at a dotted path of an object ("transaction.amount_in_cents"). */
function valorEn(objeto: unknown, ruta: string): unknown {
  let v: unknown = objeto;
  for (const parte of ruta.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[parte];
  }
  return v;
}

/** An event's checksum: the listed properties' values, the timestamp and the events secret. */
export function checksumEvento(
  data: unknown,
  propiedades: readonly string[],
  timestamp: number | string,
  secreto: string,
) {
  return sha256(`${propiedades.map((p) => String(valorEn(data, p) ?? '')).join('')}${timestamp}${secreto}`);
}

const ESTADOS: Record<string, TransaccionPasarela['estado']> = {
  APPROVED: 'aprobada',
  DECLINED: 'rechazada',
  VOIDED: 'rechazada',
  ERROR: 'rechazada',
  PENDING: 'pendiente',
};

/** A Wompi transaction object in our words; throws when it lacks what we need. */
function transaccionDe(t: unknown): TransaccionPasarela {
  const o = (t ?? {}) as Record<string, unknown>;
  const { id, reference, amount_in_cents, currency, status } = o;
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    typeof reference !== 'string' ||
    typeof amount_in_cents !== 'number' ||
    !Number.isSafeInteger(amount_in_cents) ||
    typeof currency !== 'string' ||
    typeof status !== 'string' ||
    !(status in ESTADOS)
  )
    throw new EventoInvalido('transacción incompleta');
  return {
    id: String(id),
    referencia: reference,
    montoCentavos: amount_in_cents,
    moneda: currency,
    estado: ESTADOS[status]!,
    estadoProveedor: status,
  };
}

function iguales(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createWompi(
  config: ConfigWompi,
  opts: { fetch?: typeof fetch; esperaMs?: number } = {},
): PasarelaPagos {
  const pedir = opts.fetch ?? fetch;
  const esperaMs = opts.esperaMs ?? ESPERA_WOMPI_MS;
  return {
    proveedor: 'wompi',
    ambiente: config.ambiente,

    checkout(d: DatosCheckout): string {
      const expiracion = d.expiraEn?.toISOString();
      const url = new URL(config.urlCheckout);
      url.searchParams.set('public-key', config.llavePublica);
      url.searchParams.set('currency', d.moneda);
      url.searchParams.set('amount-in-cents', String(d.montoCentavos));
      url.searchParams.set('reference', d.referencia);
      url.searchParams.set('signature:integrity', firmaIntegridad({ ...d, expiracion }, config.secretoIntegridad));
      url.searchParams.set('redirect-url', d.urlRetorno);
      if (expiracion) url.searchParams.set('expiration-time', expiracion);
      return url.toString();
    },

    async consultar(transaccionId: string): Promise<TransaccionPasarela | null> {
      let res: Response;
      try {
        res = await pedir(`${config.urlApi}/transactions/${encodeURIComponent(transaccionId)}`, {
          headers: { authorization: `Bearer ${config.llavePublica}`, accept: 'application/json' },
          signal: AbortSignal.timeout(esperaMs),
        });
      } catch (err) {
        // Only the kind of failure: the request's headers carry a key.
        throw new PasarelaNoResponde(err instanceof Error ? err.name : 'error de red');
      }
      if (res.status === 404) return null;
      if (!res.ok) throw new PasarelaNoResponde(`HTTP ${res.status}`);
      let cuerpo: unknown;
      try {
        cuerpo = await res.json();
      } catch {
        throw new PasarelaNoResponde('respuesta no es JSON');
      }
      try {
        return transaccionDe((cuerpo as { data?: unknown }).data);
      } catch {
        throw new PasarelaNoResponde('respuesta incompleta');
      }
    },

    verificarEvento(body: unknown): TransaccionPasarela | null {
      const e = (body ?? {}) as Record<string, unknown>;
      const firma = (e.signature ?? {}) as { properties?: unknown; checksum?: unknown };
      const { timestamp, data, event } = e;
      if (
        typeof event !== 'string' ||
        !Array.isArray(firma.properties) ||
        firma.properties.length === 0 ||
        !firma.properties.every((p) => typeof p === 'string') ||
        typeof firma.checksum !== 'string' ||
        (typeof timestamp !== 'number' && typeof timestamp !== 'string') ||
        data === null ||
        typeof data !== 'object'
      )
        throw new EventoInvalido('evento sin firma');
      const esperado = checksumEvento(data, firma.properties as string[], timestamp, config.secretoEventos);
      if (!iguales(esperado, firma.checksum)) throw new EventoInvalido('checksum no coincide');
      // Wompi also sends events of payment-source tokens (Nequi, Bancolombia): authentic, not ours.
      if (event !== 'transaction.updated') return null;
      return transaccionDe((data as { transaction?: unknown }).transaction);
    },
  };
}
