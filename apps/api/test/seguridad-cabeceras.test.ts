// QUALITY security, "Output": strict CSP, HSTS, nosniff, Referrer-Policy on every kind of response;
// Cache-Control: no-store wherever personal data leaves; CORS only for the configured origins; the body
// limit (413) and the global rate limit (429) answer in the Spanish envelope; 5xx says nothing internal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carritoPaths } from '@clinica/contracts/carrito';
import { categoriasPaths, procedimientosPaths } from '@clinica/contracts/catalogo';
import { usuariosPaths } from '@clinica/contracts/usuarios';
import { buildApp } from '../src/app.ts';
import {
  CABECERA_INTERNA,
  cabecerasDeSeguridad as cabecerasDeSeguridadCalculadas,
  HASH_SCRIPT_TEMA,
} from '../src/plugins/security.ts';
import { createTestApp, createTestDatabase, testConfig, type TestContext } from './helpers.ts';
import { CLAVE, bearer, crearUsuario, registro, sesionPara } from './usuarios-fixtures.ts';

const ORIGEN = 'https://clinica.example.co';

let t: TestContext;
let admin: Record<string, string>;
let paciente: { id: number; correo: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp({ config: { corsOrigins: [ORIGEN, 'http://localhost:5173'] } });
  const a = await crearUsuario(t.database, { rol: 'administrador' });
  admin = bearer((await sesionPara(t.database, a)).token);
  const p = await crearUsuario(t.database, { rol: 'paciente' });
  paciente = { id: p.id, correo: p.correo, headers: bearer((await sesionPara(t.database, p)).token) };
});
afterAll(() => t.close());

/** The CSP header as directive -> sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy missing').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([nombre, ...fuentes]) => [nombre!.toLowerCase(), fuentes]),
  );
}

function cabecerasDeSeguridad(headers: Record<string, unknown>, donde: string) {
  const d = csp(headers['content-security-policy']);
  // The only addition to 'self': the hash of the inline theme script (packages/contracts/src/tema.ts).
  expect(d.get('script-src'), donde).toEqual(["'self'", HASH_SCRIPT_TEMA]);
  expect(d.get('object-src'), donde).toEqual(["'none'"]);
  expect(d.get('base-uri'), donde).toEqual(["'none'"]);
  expect(d.get('frame-ancestors'), donde).toEqual(["'none'"]);
  expect(d.get('default-src'), donde).toEqual(["'self'"]);
  // Nothing anywhere may re-open script execution.
  for (const [nombre, fuentes] of d) {
    expect(fuentes, `${donde}: ${nombre}`).not.toContain("'unsafe-eval'");
    if (nombre.startsWith('script')) expect(fuentes, `${donde}: ${nombre}`).not.toContain("'unsafe-inline'");
  }
  const hsts = String(headers['strict-transport-security'] ?? '');
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0), `${donde}: HSTS ${hsts}`).toBeGreaterThanOrEqual(31_536_000);
  expect(hsts, donde).toMatch(/includeSubDomains/i);
  expect(headers['x-content-type-options'], donde).toBe('nosniff');
  expect(headers['referrer-policy'], donde).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by'], donde).toBeUndefined();
}

describe('security headers', () => {
  it('are on JSON answers, errors of every kind and the web shell', async () => {
    const respuestas = {
      'GET /salud': await t.app.inject({ method: 'GET', url: '/salud' }),
      'catalogue 200': await t.app.inject({ method: 'GET', url: categoriasPaths.listar }),
      'perfil 200': await t.app.inject({ method: 'GET', url: usuariosPaths.perfil, headers: paciente.headers }),
      '401': await t.app.inject({ method: 'GET', url: usuariosPaths.perfil }),
      '403': await t.app.inject({ method: 'GET', url: usuariosPaths.listar, headers: paciente.headers }),
      '400 validation': await t.app.inject({ method: 'GET', url: categoriasPaths.buscar('abc') }),
      '400 bad JSON': await t.app.inject({
        method: 'POST',
        url: usuariosPaths.iniciarSesion,
        headers: { 'content-type': 'application/json' },
        payload: '{',
      }),
      '404 API': await t.app.inject({ method: 'GET', url: '/apinoexiste/nada' }),
      '404 media': await t.app.inject({ method: 'GET', url: '/media/procedimientos/no-existe.webp' }),
    };
    for (const [donde, res] of Object.entries(respuestas)) cabecerasDeSeguridad(res.headers, donde);
    expect(respuestas['perfil 200'].statusCode).toBe(200);
    expect(respuestas['403'].statusCode).toBe(403);
  });

  it('are the full helmet set, identical on every response (computed once, not per request)', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/salud' });
    const b = await t.app.inject({ method: 'GET', url: '/apinoexiste/nada' });
    // The CSP also lets the e-mails' images load from URL_PUBLICA's origin (the /correos preview frame).
    const origen = new URL(t.app.services.config.urlPublica).origin;
    const esperadas = new Map(cabecerasDeSeguridadCalculadas(false, origen).map(([k, v]) => [k.toLowerCase(), v]));
    expect([...esperadas.keys()].sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ]);
    for (const res of [a, b]) for (const [nombre, valor] of esperadas) expect(res.headers[nombre], nombre).toBe(valor);
  });

  it('are on the built web when it is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/inicio' });
    // Without a web build the app serves only the API (404); both must carry the headers.
    expect([200, 404]).toContain(res.statusCode);
    cabecerasDeSeguridad(res.headers, 'web');
    if (res.statusCode === 200) expect(String(res.headers['content-type'])).toContain('text/html');
  });

  it('production adds upgrade-insecure-requests; a 5xx there says nothing internal', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ env: 'production' }), database });
    app.get('/apiprueba/explota', { config: { auth: 'publico' } }, async () => {
      throw new Error('detalle interno: select * from usuarios at /srv/app/x.ts:1:1');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/salud' });
      cabecerasDeSeguridad(res.headers, 'production');
      expect(csp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);

      const fallo = await app.inject({ method: 'GET', url: '/apiprueba/explota' });
      expect(fallo.statusCode).toBe(500);
      expect(fallo.json()).toEqual({
        error: 'Ocurrió un error inesperado. Inténtalo de nuevo en unos minutos.',
        code: 'ERROR_INTERNO',
      });
      expect(fallo.body).not.toMatch(/detalle interno|select|\.ts:|stack/);
      cabecerasDeSeguridad(fallo.headers, '500');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('Cache-Control: no-store on personal data', () => {
  const noStore = (res: { headers: Record<string, unknown> }, donde: string) =>
    expect(String(res.headers['cache-control'] ?? ''), donde).toMatch(/\bno-store\b/);

  it('profile, user list and detail, cart, sign-in, registration and token renewal', async () => {
    const cat = await t.app.inject({
      method: 'POST',
      url: categoriasPaths.crear,
      headers: admin,
      payload: { nombre: 'Cabeceras' },
    });
    const proc = await t.app.inject({
      method: 'POST',
      url: procedimientosPaths.crear,
      headers: admin,
      payload: {
        nombre: 'Limpieza',
        descripcion: 'Descripción suficientemente larga.',
        precio: 1000,
        duracion_minutos: 30,
        categoria_id: cat.json().id,
      },
    });
    await t.app.inject({
      method: 'POST',
      url: carritoPaths.agregar,
      headers: paciente.headers,
      payload: { id_procedimiento: proc.json().id },
    });

    const casos: [string, Promise<{ statusCode: number; headers: Record<string, unknown> }>, number][] = [
      ['GET perfil', t.app.inject({ method: 'GET', url: usuariosPaths.perfil, headers: paciente.headers }), 200],
      [
        'PATCH perfil',
        t.app.inject({
          method: 'PATCH',
          url: usuariosPaths.perfil,
          headers: paciente.headers,
          payload: { ocupacion: 'Docente' },
        }),
        200,
      ],
      ['listarusuarios', t.app.inject({ method: 'GET', url: usuariosPaths.listar, headers: admin }), 200],
      ['buscarusuarios', t.app.inject({ method: 'GET', url: usuariosPaths.buscar(paciente.id), headers: admin }), 200],
      ['listarmicarrito', t.app.inject({ method: 'GET', url: carritoPaths.listar, headers: paciente.headers }), 200],
      [
        'renovarsesion',
        t.app.inject({ method: 'POST', url: usuariosPaths.renovarSesion, headers: paciente.headers }),
        200,
      ],
      [
        'iniciarsesion',
        t.app.inject({
          method: 'POST',
          url: usuariosPaths.iniciarSesion,
          payload: { correo: paciente.correo, contrasena: CLAVE },
        }),
        200,
      ],
      [
        'iniciarsesion fallida',
        t.app.inject({
          method: 'POST',
          url: usuariosPaths.iniciarSesion,
          payload: { correo: paciente.correo, contrasena: 'no es esta clave' },
        }),
        401,
      ],
      ['registrar', t.app.inject({ method: 'POST', url: usuariosPaths.registrar, payload: registro() }), 201],
    ];
    for (const [donde, promesa, status] of casos) {
      const res = await promesa;
      expect(res.statusCode, donde).toBe(status);
      noStore(res, donde);
    }
  });

  it('HEAD of a signed-in GET checks the session like the GET and is no-store too', async () => {
    const sin = await t.app.inject({ method: 'HEAD', url: carritoPaths.listar });
    expect(sin.statusCode).toBe(401);
    const con = await t.app.inject({ method: 'HEAD', url: carritoPaths.listar, headers: paciente.headers });
    expect(con.statusCode).toBe(200);
    noStore(con, 'HEAD listarmicarrito');
    const ajeno = await t.app.inject({ method: 'HEAD', url: usuariosPaths.listar, headers: paciente.headers });
    expect(ajeno.statusCode).toBe(403);
  });

  it('the public catalogue stays cacheable for anonymous visitors', async () => {
    const res = await t.app.inject({ method: 'GET', url: procedimientosPaths.listar });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['cache-control'] ?? '')).not.toMatch(/no-store/);
  });
});

describe('CORS allow-list', () => {
  it('an allowed origin is echoed, any other is not', async () => {
    const si = await t.app.inject({ method: 'GET', url: categoriasPaths.listar, headers: { origin: ORIGEN } });
    expect(si.headers['access-control-allow-origin']).toBe(ORIGEN);
    expect(String(si.headers.vary)).toMatch(/origin/i);
    expect(si.headers['access-control-allow-credentials']).toBeUndefined();

    for (const otro of [
      'https://evil.example',
      'https://clinica.example.co.evil.example',
      'null',
      `${ORIGEN}:8443`,
      'http://clinica.example.co',
    ]) {
      const no = await t.app.inject({ method: 'GET', url: categoriasPaths.listar, headers: { origin: otro } });
      expect(no.headers['access-control-allow-origin'], otro).toBeUndefined();
    }
  });

  it('preflight: allowed origin gets methods and headers, another gets nothing', async () => {
    const pedir = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: carritoPaths.agregar,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const si = await pedir(ORIGEN);
    expect(si.statusCode).toBeLessThan(300);
    expect(si.headers['access-control-allow-origin']).toBe(ORIGEN);
    expect(String(si.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(si.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const no = await pedir('https://evil.example');
    expect(no.headers['access-control-allow-origin']).toBeUndefined();
    expect(no.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('limits answer in Spanish', () => {
  it('a body over the limit is 413 with the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: usuariosPaths.registrar,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...registro(), nombre: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'La solicitud es demasiado grande.', code: expect.any(String) });
    cabecerasDeSeguridad(res.headers, '413');
  });

  it('a malformed URL and an over-long path parameter are 400/414 in the envelope, not Fastify English', async () => {
    const mala = await t.app.inject({ method: 'GET', url: '/apicategoriaprocedimientos/buscarcategoria/%E0%A4%A' });
    expect(mala.statusCode).toBe(400);
    expect(mala.json()).toEqual({ error: 'La dirección de la solicitud no es válida.', code: 'VALIDACION' });
    // (a GET would fall through to the web's catch-all and be a plain 404)
    const larga = await t.app.inject({
      method: 'DELETE',
      url: `/apicategoriaprocedimientos/eliminarcategoria/${'1'.repeat(500)}`,
    });
    expect(larga.statusCode).toBe(414);
    expect(larga.json()).toEqual({ error: 'La dirección de la solicitud no es válida.', code: 'VALIDACION' });
  });

  it('the global rate limit answers 429 in Spanish; health probes are exempt', async () => {
    const limitado = await createTestApp({ config: { rateLimitMax: 5 } });
    try {
      const codigos: number[] = [];
      let ultimo;
      for (let i = 0; i < 7; i++) {
        ultimo = await limitado.app.inject({ method: 'GET', url: categoriasPaths.listar });
        codigos.push(ultimo.statusCode);
      }
      expect(codigos).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const cuerpo = ultimo!.json();
      expect(cuerpo.code).toBe('DEMASIADOS_INTENTOS');
      expect(cuerpo.error).toMatch(/^Demasiadas solicitudes\. Espera/);
      expect(Object.keys(cuerpo).sort()).toEqual(['code', 'error']);
      expect(Number(ultimo!.headers['retry-after'])).toBeGreaterThan(0);
      cabecerasDeSeguridad(ultimo!.headers, '429');
      // Probes keep answering so that an orchestrator does not kill a busy instance.
      expect((await limitado.app.inject({ method: 'GET', url: '/salud/lista' })).statusCode).toBe(200);
      // The exemption of the public pages' own reads needs the process's random secret, not just the header.
      for (const valor of ['', 'x', 'a'.repeat(43)]) {
        const r = await limitado.app.inject({
          method: 'GET',
          url: categoriasPaths.listar,
          headers: { [CABECERA_INTERNA]: valor },
        });
        expect(r.statusCode, valor).toBe(429);
      }
    } finally {
      await limitado.close();
    }
  });
});
