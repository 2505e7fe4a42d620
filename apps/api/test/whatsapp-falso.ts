// A local stand-in for Meta's WhatsApp Business Cloud API (issue 25, item 2), so tests never leave the machine: POST
// /{version}/{phone_number_id}/messages with the bearer token answers `{ messaging_product, contacts, messages: [{ id }] }`
// as documented, records each request, and can be told to answer the next ones with an error (429, 5xx, a 4xx with
// Meta's error object). Also the webhook notifications Meta POSTs (statuses sent/delivered/read/failed, a button
// reply, a text), signed with X-Hub-Signature-256 as Meta signs them (or forged).
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CONFIG_PRUEBA = {
  WHATSAPP_PHONE_NUMBER_ID: '109876543210',
  WHATSAPP_TOKEN: 'EAAtoken-de-prueba-0000000000',
  WHATSAPP_APP_SECRET: 'secreto-de-la-app-de-prueba',
  WHATSAPP_VERIFY_TOKEN: 'verificacion-de-prueba-0000',
  WHATSAPP_PLANTILLA_RECORDATORIO: 'recordatorio_cita',
  WHATSAPP_PLANTILLA_CONFIRMACION: 'cita_agendada',
  WHATSAPP_PLANTILLA_OFERTA: 'oferta_espera',
  WHATSAPP_PLANTILLA_CODIGO: 'codigo_verificacion',
} as const;

export type EnvioRecibido = {
  ruta: string;
  autorizacion: string | undefined;
  cuerpo: {
    messaging_product: string;
    to: string;
    type: string;
    template: {
      name: string;
      language: { code: string };
      components: {
        type: string;
        sub_type?: string;
        index?: string;
        parameters: { type: string; text?: string; payload?: string }[];
      }[];
    };
  };
};

export type WhatsappFalso = Awaited<ReturnType<typeof iniciarWhatsappFalso>>;

export async function iniciarWhatsappFalso() {
  const envios: EnvioRecibido[] = [];
  /** Answers for the next requests, in order (then 200 again). */
  const respuestas: { status: number; cuerpo: object }[] = [];
  let n = 0;
  const servidor: Server = createServer((req, res) => {
    let datos = '';
    req.on('data', (c: Buffer) => (datos += c.toString('utf8')));
    req.on('end', () => {
      const responder = (status: number, cuerpo: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(cuerpo));
      };
      const m = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return responder(404, { error: { message: 'Unknown path', code: 100 } });
      if (req.headers.authorization !== `Bearer ${CONFIG_PRUEBA.WHATSAPP_TOKEN}`)
        return responder(401, { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } });
      const cuerpo = JSON.parse(datos) as EnvioRecibido['cuerpo'];
      envios.push({ ruta: req.url!, autorizacion: req.headers.authorization, cuerpo });
      const forzada = respuestas.shift();
      if (forzada) return responder(forzada.status, forzada.cuerpo);
      responder(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: cuerpo.to, wa_id: cuerpo.to }],
        messages: [{ id: `wamid.PRUEBA${++n}`, message_status: 'accepted' }],
      });
    });
  });
  await new Promise<void>((listo) => servidor.listen(0, '127.0.0.1', listo));
  const url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/v21.0`;

  return {
    envios,
    url,
    env: () => ({ ...CONFIG_PRUEBA, WHATSAPP_API_URL: url }),
    /** The next request answers this instead. */
    fallar(status: number, error: { code: number; message: string }) {
      respuestas.push({ status, cuerpo: { error: { ...error, type: 'OAuthException', fbtrace_id: 'Aprueba' } } });
    },
    /** The id the last successful send got. */
    ultimoId: () => `wamid.PRUEBA${n}`,
    cerrar: () => new Promise<void>((listo) => servidor.close(() => listo())),
  };
}

/** A webhook notification with these statuses and messages, as Meta POSTs it. */
export function notificacion(value: { statuses?: object[]; messages?: object[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: '15550783881',
                phone_number_id: CONFIG_PRUEBA.WHATSAPP_PHONE_NUMBER_ID,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export const estado = (
  id: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  para: string,
  ts = 1_790_000_000,
) => ({
  id,
  status,
  timestamp: String(ts),
  recipient_id: para,
  ...(status === 'failed' ? { errors: [{ code: 131026, title: 'Message undeliverable' }] } : {}),
});

let mensajes = 0;
export const boton = (de: string, payload: string, texto: string) => ({
  from: de,
  id: `wamid.ENTRANTE${++mensajes}`,
  timestamp: '1790000000',
  type: 'button',
  button: { payload, text: texto },
  context: { from: '15550783881', id: 'wamid.PRUEBA1' },
});
export const texto = (de: string, cuerpo: string) => ({
  from: de,
  id: `wamid.ENTRANTE${++mensajes}`,
  timestamp: '1790000000',
  type: 'text',
  text: { body: cuerpo },
});

/** The body and its X-Hub-Signature-256 (signed with another secret when `forjada`). */
export function firmado(cuerpo: object, forjada = false) {
  const texto = JSON.stringify(cuerpo);
  const firma = createHmac('sha256', forjada ? 'otro-secreto' : CONFIG_PRUEBA.WHATSAPP_APP_SECRET)
    .update(texto)
    .digest('hex');
  return { texto, firma: `sha256=${firma}` };
}
