// WhatsApp behind a provider interface (issue 25, item 2; decision 0069-whatsapp): the product asks a provider to send
// an approved template to a number and gets the provider's message id back. The first provider is Meta's WhatsApp
// Business Cloud API, spoken to with a plain `fetch` (one endpoint: POST {API_URL}/{phone_number_id}/messages with the
// bearer token). Also here: the webhook's signature check (X-Hub-Signature-256, HMAC-SHA256 of the raw body with
// the app secret) and the shapes of the webhook notifications the product reads.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConfigWhatsapp } from '../../config.ts';

/** One template message: the approved template's name, its body's variables and its quick-reply buttons' payloads. */
export type PlantillaWhatsapp = {
  nombre: string;
  /** {{1}}, {{2}}... of the template's body, in order. */
  variables: string[];
  /** The payload of each quick-reply button, in the template's button order (index 0, 1...). */
  respuestasRapidas?: string[];
  /** An authentication template's code: also the parameter of its copy-code button (index 0). */
  codigo?: string;
};

export interface ProveedorWhatsapp {
  /** Sends a template to `numero` (E.164 digits); resolves to the provider's message id. */
  enviarPlantilla(numero: string, plantilla: PlantillaWhatsapp): Promise<{ id: string }>;
}

/**
 * The provider refused or could not be reached. `reintentable`: try again later (429, 5xx, a network failure, or
 * one of Meta's throughput codes); otherwise the message can never go as it is (a 4xx: a number not on WhatsApp, a
 * template not approved, a bad token) and retrying would loop forever.
 */
export class ErrorWhatsapp extends Error {
  constructor(
    message: string,
    readonly reintentable: boolean,
    readonly codigo?: number,
  ) {
    super(message);
    this.name = 'ErrorWhatsapp';
  }
}

/**
 * Meta's error codes that mean "later" although the HTTP status is 4xx: 4/80007/130429 (rate and throughput limits),
 * 131056 (pair rate limit: too many messages to one number), 131000/1/2 (unknown or temporary).
 */
const CODIGOS_REINTENTABLES = new Set([1, 2, 4, 80007, 130429, 131000, 131056]);

/** The component list of a template message as the Cloud API documents it. */
export function componentesPlantilla(p: PlantillaWhatsapp): object[] {
  const componentes: object[] = [];
  if (p.variables.length)
    componentes.push({ type: 'body', parameters: p.variables.map((text) => ({ type: 'text', text: limpiar(text) })) });
  (p.respuestasRapidas ?? []).forEach((payload, i) =>
    componentes.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(i),
      parameters: [{ type: 'payload', payload }],
    }),
  );
  if (p.codigo)
    componentes.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: p.codigo }] });
  return componentes;
}

/** A template variable may not hold new lines, tabs or more than four spaces in a row (Meta refuses the message). */
const limpiar = (t: string) =>
  t
    .replace(/[\n\r\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim()
    .slice(0, 1000);

export function createCloudApi(
  config: Pick<ConfigWhatsapp, 'apiUrl' | 'phoneNumberId' | 'token' | 'idioma'>,
): ProveedorWhatsapp {
  return {
    async enviarPlantilla(numero, plantilla) {
      let res: Response;
      try {
        res = await fetch(`${config.apiUrl}/${config.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: numero,
            type: 'template',
            template: {
              name: plantilla.nombre,
              language: { code: config.idioma },
              components: componentesPlantilla(plantilla),
            },
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new ErrorWhatsapp(`WhatsApp no respondió: ${(err as Error).name}`, true);
      }
      const cuerpo = (await res.json().catch(() => ({}))) as {
        messages?: { id?: unknown }[];
        error?: { code?: unknown; message?: unknown };
      };
      if (res.ok) {
        const id = cuerpo.messages?.[0]?.id;
        if (typeof id !== 'string' || !id) throw new ErrorWhatsapp('WhatsApp respondió sin id de mensaje', true);
        return { id };
      }
      const codigo = typeof cuerpo.error?.code === 'number' ? cuerpo.error.code : undefined;
      // Meta's own text (never the number or the message's content).
      const detalle = typeof cuerpo.error?.message === 'string' ? cuerpo.error.message.slice(0, 200) : '';
      const reintentable =
        res.status === 429 || res.status >= 500 || (codigo !== undefined && CODIGOS_REINTENTABLES.has(codigo));
      throw new ErrorWhatsapp(
        `WhatsApp ${res.status}${codigo ? ` (${codigo})` : ''}: ${detalle}`,
        reintentable,
        codigo,
      );
    },
  };
}

/** X-Hub-Signature-256 is `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret; compared in constant time. */
export function firmaValida(cuerpo: Buffer, cabecera: string | undefined, appSecret: string): boolean {
  if (!cabecera?.startsWith('sha256=')) return false;
  const recibida = Buffer.from(cabecera.slice('sha256='.length), 'hex');
  const esperada = createHmac('sha256', appSecret).update(cuerpo).digest();
  return recibida.length === esperada.length && timingSafeEqual(recibida, esperada);
}

// ---- the webhook notifications the product reads (object "whatsapp_business_account", field "messages") ----
export type EstadoWebhook = {
  id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed' | string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string }[];
};
export type MensajeWebhook = {
  id: string;
  from: string;
  timestamp?: string;
  type: string;
  text?: { body?: string };
  button?: { payload?: string; text?: string };
  interactive?: { type?: string; button_reply?: { id?: string; title?: string } };
};
export type NotificacionWebhook = {
  object?: string;
  entry?: {
    id?: string;
    changes?: { field?: string; value?: { statuses?: EstadoWebhook[]; messages?: MensajeWebhook[] } }[];
  }[];
};

/** Every status and inbound message of a notification (anything else in it is ignored). */
export function contenidoWebhook(n: NotificacionWebhook): { estados: EstadoWebhook[]; mensajes: MensajeWebhook[] } {
  const estados: EstadoWebhook[] = [];
  const mensajes: MensajeWebhook[] = [];
  if (n?.object !== 'whatsapp_business_account' || !Array.isArray(n.entry)) return { estados, mensajes };
  for (const e of n.entry)
    for (const c of Array.isArray(e?.changes) ? e.changes : []) {
      if (c?.field !== 'messages' || !c.value) continue;
      for (const s of Array.isArray(c.value.statuses) ? c.value.statuses : [])
        if (typeof s?.id === 'string' && typeof s.status === 'string') estados.push(s);
      for (const m of Array.isArray(c.value.messages) ? c.value.messages : [])
        if (typeof m?.id === 'string' && typeof m.from === 'string') mensajes.push(m);
    }
  return { estados, mensajes };
}
