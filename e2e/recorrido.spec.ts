// Every screen, every role, both themes (issues 11.7 and 11.8; DESIGN: WCAG 2.2 AA, no sideways scroll):
// for nobody signed in and each of the four roles, every route of the web is opened once and, once it has its
// data,
//  - the document is no wider than the window at 360, 768 and 1024 px (the window is resized, the page is
//    not reloaded: layout follows the width the same way);
//  - axe-core (wcag2a, wcag2aa, wcag21aa, wcag22aa) finds nothing, in the light and in the dark theme (a screen
//    built exactly like one already checked, e.g. the same catalogue screen for another staff role, is skipped).
// It also checks who may open what (issue 27.13): on every route a role cannot use it sees the one no-access
// screen (its heading the page's only h1), never a failed load with «Reintentar» nor a redirect, and the API
// refuses that role what the screen would have asked or sent (403).
// Routes are visited the way the app itself navigates (history + popstate), so the sweep costs a render per
// route, not a page load. A failure lists each route with what it found.
import {
  auditoriaPaths,
  categoriasPaths,
  citasPaths,
  correosPaths,
  historiasPaths,
  respaldosPaths,
  usuariosPaths,
} from '@clinica/contracts/rutas';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { analizarAxe } from './axe.ts';
import { apiFetch, DEMO, expect, loginToken, signInAs, useSesiones } from './harness.ts';

// The narrowest phone DESIGN names, then the first width of each of Mantine's breakpoints the layouts use (sm, md):
// within one breakpoint a layout overflows most at its narrowest width, so 390 px added nothing to 360.
const ANCHOS = [360, 768, 1024] as const;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const THEME_KEY = 'coreui-free-react-admin-template-theme';
const TEMAS = ['light', 'dark'] as const;

const PUBLICAS = [
  '/inicio',
  '/servicios',
  '/servicios/1',
  '/iniciarsesion',
  '/registrar',
  '/terminoscondiciones',
  '/recuperarcontrasena',
  '/restablecercontrasena',
  '/confirmarcorreo',
  '/respondercita',
  '/404',
];

/** Every dashboard route (routes.tsx). `{yo}`: the signed-in person; `{paciente}`, `{cita}`, `{historia}`: the demo
 *  patient, one of her appointments and her clinical record; `{otra}`: another patient. */
const PANEL = [
  '/dashboard',
  '/carrito',
  '/editarusuario/{yo}',
  '/editarusuario/{paciente}',
  '/listarusuarios',
  '/crear-usuario',
  '/editarusuario/{otra}',
  '/editarusuarioadmin/{paciente}',
  '/DetallesListarUsuarios?id={paciente}',
  '/DetallesListarUsuarios?id={otra}',
  '/categoriaprocedimientos',
  '/categoriaprocedimientoscrear',
  '/editarcategoriaprocedimientos/1',
  '/detallescategorias/1',
  '/crearprocedimiento',
  '/consultarprocedimientos',
  '/editarprocedimientos/1',
  '/detallesprocedimientos?id=1',
  '/crearhistorialclinico',
  '/consultarhistorialmedico',
  '/detalleshistorialmedico?id={historia}',
  '/editarhistorialmedico/{historia}',
  '/mihistorialclinico/{yo}',
  '/calendariocitas',
  '/vertodocita',
  '/crearcita',
  '/crearcitaasistente',
  '/consultarcitas',
  '/miscitas',
  '/detallescitas/{cita}',
  '/editarcita/{cita}',
  '/citaspaciente/{paciente}',
  '/citaspaciente/{otra}',
  '/agenda/horarios',
  '/panelotro',
  '/historial-notificaciones',
  '/notificaciones/usuario/historial',
  '/correos',
  '/respaldos',
  '/auditoria',
  '/seguridad',
];

type Rol = 'paciente' | 'asistente' | 'doctor' | 'administrador';
type Ids = { yo: number; paciente: number; otra: number; cita: number; historia: number; doctor: number };
/** A request the API must refuse (403) to the role, built from the demo ids. */
type Pedido = { method: 'GET' | 'POST' | 'PATCH' | 'PUT'; path: (ids: Ids) => string };
const get = (path: string | ((ids: Ids) => string)): Pedido => ({
  method: 'GET',
  path: typeof path === 'string' ? () => path : path,
});
const enviar = (method: Pedido['method'], path: string | ((ids: Ids) => string)): Pedido => ({
  method,
  path: typeof path === 'string' ? () => path : path,
});

const SIN_ACCESO_TITULO = 'No tienes acceso a esta sección';
const PERSONAL_CATALOGO = { roles: ['paciente'], api: enviar('POST', categoriasPaths.crear) } as const;
const AGENDA = { roles: ['paciente'], api: get(citasPaths.listar) } as const;
const SOLO_ADMIN = ['paciente', 'asistente', 'doctor'] as const;

/**
 * The routes (as PANEL spells them) where a role sees the no-access screen, and what the API refuses that role
 * there: the screen's own read, or for a screen that only writes (a form) its write. Every other route of PANEL,
 * for every role, must not show it. Patients' own pages (`{paciente}` is the demo patient herself) are hers.
 */
const SIN_ACCESO: Record<string, { roles: readonly Rol[]; api: Pedido }> = {
  '/listarusuarios': { roles: ['paciente'], api: get(usuariosPaths.listar) },
  '/crear-usuario': { roles: ['paciente', 'doctor'], api: enviar('POST', usuariosPaths.crearAdmin) },
  '/editarusuario/{paciente}': { roles: ['doctor'], api: enviar('PATCH', (i) => usuariosPaths.editar(i.paciente)) },
  '/editarusuario/{otra}': { roles: ['paciente', 'doctor'], api: enviar('PATCH', (i) => usuariosPaths.editar(i.otra)) },
  '/editarusuarioadmin/{paciente}': {
    roles: ['paciente', 'doctor'],
    api: enviar('PATCH', (i) => usuariosPaths.editar(i.paciente)),
  },
  '/DetallesListarUsuarios?id={paciente}': { roles: ['paciente'], api: get((i) => usuariosPaths.buscar(i.paciente)) },
  '/DetallesListarUsuarios?id={otra}': { roles: ['paciente'], api: get((i) => usuariosPaths.buscar(i.otra)) },
  '/categoriaprocedimientos': PERSONAL_CATALOGO,
  '/categoriaprocedimientoscrear': PERSONAL_CATALOGO,
  '/editarcategoriaprocedimientos/1': { roles: ['paciente'], api: enviar('PATCH', categoriasPaths.editar(1)) },
  '/detallescategorias/1': PERSONAL_CATALOGO,
  '/crearprocedimiento': PERSONAL_CATALOGO,
  '/consultarprocedimientos': PERSONAL_CATALOGO,
  '/editarprocedimientos/1': PERSONAL_CATALOGO,
  '/detallesprocedimientos?id=1': PERSONAL_CATALOGO,
  '/crearhistorialclinico': { roles: ['asistente', 'administrador'], api: enviar('POST', historiasPaths.crear) },
  '/consultarhistorialmedico': { roles: ['paciente'], api: get(historiasPaths.listar) },
  '/calendariocitas': AGENDA,
  '/vertodocita': AGENDA,
  '/consultarcitas': AGENDA,
  '/panelotro': AGENDA,
  // The assistant's booking screen starts from the patient search.
  '/crearcitaasistente': { roles: ['paciente'], api: get(`${usuariosPaths.listar}?rol=paciente`) },
  '/editarcita/{cita}': { roles: ['paciente'], api: enviar('PATCH', (i) => citasPaths.editar(i.cita)) },
  '/citaspaciente/{otra}': { roles: ['paciente'], api: get((i) => citasPaths.citasUsuario(i.otra)) },
  '/agenda/horarios': { roles: ['paciente'], api: get((i) => citasPaths.horarios(i.doctor)) },
  '/correos': { roles: SOLO_ADMIN, api: get(correosPaths.bandeja) },
  '/respaldos': { roles: SOLO_ADMIN, api: get(respaldosPaths.listar) },
  '/auditoria': { roles: SOLO_ADMIN, api: get(auditoriaPaths.listar) },
  '/seguridad': { roles: SOLO_ADMIN, api: get(usuariosPaths.bloqueosRecientes) },
};

/** Routes that send a role to another on purpose: each person's notification feed has its own path. */
const REDIRIGEN = ['/historial-notificaciones', '/notificaciones/usuario/historial'];

const ROLES = [
  { nombre: 'sin sesión', correo: null },
  { nombre: 'paciente', correo: DEMO.paciente },
  { nombre: 'asistente', correo: DEMO.asistente },
  { nombre: 'doctor', correo: DEMO.doctor },
  { nombre: 'administrador', correo: DEMO.admin },
] as const;

type Hallazgo = { ruta: string; que: string; detalle: string[] };

/** Navigates inside the app (as a link would) and waits until the screen has its data: no skeleton, nothing busy. */
async function abrir(page: Page, ruta: string) {
  await page.evaluate((r) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-anterior', '');
    window.history.pushState(null, '', r);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, ruta);
  // The screen before stays on view while the next one's code loads: wait until its heading is gone. Two routes of
  // one screen (or one heading component) keep the element: after 3 s, go on with what is there.
  await page
    .waitForFunction(() => !document.querySelector('h1[data-anterior]'), null, { polling: 'raf', timeout: 3_000 })
    .catch(() => {});
  await page.evaluate(() =>
    document.querySelectorAll('h1[data-anterior]').forEach((h) => h.removeAttribute('data-anterior')),
  );
  await listo(page);
}

async function listo(page: Page) {
  // Every screen has its h1, the no-access one included.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Bounded (Playwright's own wait has no limit): a screen still busy after 30 s fails with what is busy.
  const OCUPADO = '[aria-busy="true"], .mantine-Skeleton-root';
  try {
    await page.waitForFunction((sel) => !document.querySelector(sel), OCUPADO, { timeout: 30_000 });
  } catch (e) {
    const que = await page.evaluate((sel) => document.querySelector(sel)?.outerHTML.slice(0, 300) ?? '', OCUPADO);
    throw new Error(`${page.url()} sigue ocupada tras 30 s: ${que}`, { cause: e });
  }
}

/** How far the page overflows the window, and the elements reaching furthest right (for the failure message). */
async function medir(page: Page): Promise<{ exceso: number; culpables: string[] }> {
  return page.evaluate(async () => {
    // Let the resize reach React (media-query hooks) and the layout settle. Bounded: page.evaluate has no timeout
    // of its own, and a page that paints no frame would hold the whole sweep until the test's limit.
    await new Promise((r) => {
      requestAnimationFrame(() => requestAnimationFrame(r));
      setTimeout(r, 1_000);
    });
    const ancho = window.innerWidth;
    const exceso = document.documentElement.scrollWidth - ancho;
    const culpables: string[] = [];
    if (exceso > 0) {
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right > ancho + 1 && r.width > 0) {
          const clase = typeof el.className === 'string' ? el.className.split(' ').slice(0, 2).join('.') : '';
          culpables.push(`${el.tagName.toLowerCase()}${clase ? `.${clase}` : ''} (${Math.round(r.right)} px)`);
        }
      }
    }
    return { exceso, culpables: culpables.slice(0, 6) };
  });
}

/** Switches the theme the way another tab would (the app follows the stored choice). */
async function tema(page: Page, valor: (typeof TEMAS)[number]) {
  await page.evaluate(
    ([key, v]) => {
      localStorage.setItem(key, v);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: v, storageArea: localStorage }));
    },
    [THEME_KEY, valor] as const,
  );
  // Checked every frame: a retrying assertion would sleep 100 ms and more between its checks, ~130 times per role.
  await page.waitForFunction((v) => document.documentElement.dataset.mantineColorScheme === v, valor, {
    polling: 'raf',
    timeout: 20_000,
  });
}

/** axe-core on the page: every WCAG rule in the light theme; only colour contrast in the dark one (the theme
 *  changes colours, nothing else). */
async function axe(page: Page, valor: (typeof TEMAS)[number], soloMain: boolean): Promise<string[]> {
  // The header and menu are the same on every screen of a role: checked on the first one, then only <main>.
  const incluir = soloMain && (await page.locator('main').count()) > 0 ? ['main'] : [];
  const { violations } = await analizarAxe(
    page,
    { runOnly: valor === 'light' ? { type: 'tag', values: TAGS } : { type: 'rule', values: ['color-contrast'] } },
    incluir,
  );
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? ''}): ${v.help} :: ${v.nodes
        .map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`)
        .join(' | ')
        .slice(0, 400)}`,
  );
}

/** Screens already checked with axe, by structure (see `estructura`), across roles. */
const estructurasRevisadas = new Set<string>();

/** The shape of the screen (or of <main>): each element's tag, classes, role, state, data-* and style values and
 *  which ARIA attributes it has, with its children's shapes; no text, ids or ARIA values (they carry names and
 *  data). Children shaped alike count once (a list of 5 appointments and one of 12 are the same screen, as long as
 *  their rows are built alike), and the ids Mantine generates per render (`__m__-_r_2c7_`) are left out. */
async function estructura(page: Page, completa: boolean): Promise<string> {
  return page.evaluate((todo) => {
    const sinIds = (v: string) => v.replace(/_r_[0-9a-z]+_/g, '');
    const forma = (el: Element): string => {
      // Colours ride on data-* (variant, state) and inline styles (Mantine's colour variables): keep their values.
      const attrs = Array.from(el.attributes)
        .filter(
          (a) =>
            a.name === 'role' ||
            a.name === 'disabled' ||
            a.name.startsWith('aria-') ||
            a.name.startsWith('data-') ||
            a.name === 'style',
        )
        .map((a) => (a.name.startsWith('data-') || a.name === 'style' ? `${a.name}=${sinIds(a.value)}` : a.name))
        .sort()
        .join(',');
      const hijos = [...new Set(Array.from(el.children, forma))].join(';');
      return `${el.tagName}.${sinIds(el.getAttribute('class') ?? '')}[${attrs}](${hijos})`;
    };
    return forma((todo ? document.body : document.querySelector('main')) ?? document.body);
  }, completa);
}

/** The demo patient, one of her appointments and her clinical record, another patient and the demo doctor (seeded
 *  on first start). */
async function idsDemo(): Promise<Omit<Ids, 'yo'>> {
  const tokenPaciente = await loginToken(DEMO.paciente);
  const paciente = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: tokenPaciente })).body.id;
  const perfil = async (correo: string) =>
    (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token: await loginToken(correo) })).body.id;
  const citas = await apiFetch<{ id: number }[]>('/apicitas/miscitas', { token: tokenPaciente });
  const historias = await apiFetch<{ id: number; usuario: { correo: string | null } }[]>(
    '/apihistorialmedico/listarhistorialclinico',
    { token: await loginToken(DEMO.doctor) },
  );
  const historia = historias.body.find((h) => h.usuario.correo === DEMO.paciente);
  if (!citas.body[0] || !historia) throw new Error('Faltan los datos de demostración de la paciente');
  return {
    paciente,
    otra: await perfil('juan.rodriguez@demo.test'),
    doctor: await perfil(DEMO.doctor),
    cita: citas.body[0].id,
    historia: historia.id,
  };
}

/** What a signed-in role finds wrong about access on the route it has open: see SIN_ACCESO. */
async function revisarAcceso(page: Page, rol: Rol, patron: string, ruta: string): Promise<string[]> {
  const fallas: string[] = [];
  const sinAcceso = SIN_ACCESO[patron]?.roles.includes(rol) ?? false;
  const h1 = await page.getByRole('heading', { level: 1 }).allTextContents();
  if (sinAcceso && (h1.length !== 1 || h1[0] !== SIN_ACCESO_TITULO))
    fallas.push(`debía mostrar solo «${SIN_ACCESO_TITULO}»; h1: ${JSON.stringify(h1)}`);
  if (!sinAcceso && h1.includes(SIN_ACCESO_TITULO))
    fallas.push(`muestra «${SIN_ACCESO_TITULO}» a quien sí tiene acceso`);
  if (await page.getByRole('button', { name: 'Reintentar' }).count()) fallas.push('muestra «Reintentar»');
  const { pathname, search } = new URL(page.url());
  if (`${pathname}${search}` !== ruta && !REDIRIGEN.includes(patron)) fallas.push(`terminó en ${pathname}${search}`);
  return fallas;
}

/** One role's sweep: every route it can open, at every width and in both themes. */
async function recorrer(page: Page, rol: (typeof ROLES)[number], permitirErrorDeConsola: (patron: RegExp) => void) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let rutas = PUBLICAS.map((r) => ({ patron: r, ruta: r }));
  let sesion: { token: string; ids: Ids } | undefined;
  if (rol.correo) {
    const token = await signInAs(page, rol.correo);
    const yo = (await apiFetch<{ id: number }>('/apiusuarios/perfil', { token })).body.id;
    const ids = { yo, ...(await idsDemo()) };
    sesion = { token, ids };
    rutas = [...PUBLICAS, ...PANEL].map((r) => ({
      patron: r,
      ruta: r.replace(/\{(\w+)\}/g, (_, k: keyof Ids) => String(ids[k])),
    }));
  }
  // Some screens answer a role with a refusal from the API on purpose (the no-access screen): the browser
  // logs those responses, which are not errors of the page.
  permitirErrorDeConsola(/Failed to load resource: the server responded with a status of (403|404)/);

  await page.goto('/inicio');
  await listo(page);
  const hallazgos: Hallazgo[] = [];
  /** Layouts (public, dashboard) already checked whole in this role. */
  const revisadas = new Set<boolean>();
  for (const { patron, ruta } of rutas) {
    try {
      await abrir(page, ruta);
    } catch (e) {
      throw new Error(`${ruta}: la pantalla no terminó de cargar`, { cause: e });
    }
    if (rol.correo) {
      const fallas = await revisarAcceso(page, rol.nombre, patron, ruta);
      if (fallas.length) hallazgos.push({ ruta, que: 'acceso', detalle: fallas });
    }
    for (const ancho of ANCHOS) {
      await page.setViewportSize({ width: ancho, height: ancho < 700 ? 800 : 900 });
      const m = await medir(page);
      if (m.exceso > 0) hallazgos.push({ ruta, que: `${m.exceso} px más ancha a ${ancho} px`, detalle: m.culpables });
    }
    // axe looks at structure and colours, not at the words: a screen built exactly like one already checked
    // (the same screen with other data, or shown the same to another role) is not checked again. Each role's
    // header and menu are checked whole once per layout; after that only <main>.
    const publica = PUBLICAS.includes(ruta);
    const completa = !revisadas.has(publica);
    const huella = `${completa ? rol.nombre : ''}|${await estructura(page, completa)}`;
    if (estructurasRevisadas.has(huella)) continue;
    estructurasRevisadas.add(huella);

    for (const valor of TEMAS) {
      await tema(page, valor);
      const v = await axe(page, valor, !completa);
      if (v.length) hallazgos.push({ ruta, que: `axe (${valor})`, detalle: v });
    }
    await tema(page, 'light');
    revisadas.add(publica);
  }
  // The server refuses the role what each no-access screen would have asked or sent (a body-less write is
  // refused before it is read).
  if (sesion && rol.correo) {
    for (const [patron, { roles, api }] of Object.entries(SIN_ACCESO)) {
      if (!roles.includes(rol.nombre)) continue;
      const path = api.path(sesion.ids);
      const res = await apiFetch(path, {
        method: api.method,
        token: sesion.token,
        body: api.method === 'GET' ? undefined : {},
      });
      if (res.status !== 403)
        hallazgos.push({ ruta: patron, que: `API ${api.method} ${path}`, detalle: [`${res.status}`] });
    }
  }
  expect(hallazgos).toEqual([]);
}

// The roles run side by side, each in its own context: a sweep mostly waits (for renders, the API, the browser's
// answers), so one role alone leaves the 2-core machine three-quarters idle.
describe.concurrent('cada pantalla, cada rol: sin desplazamiento lateral y sin fallas de accesibilidad', () => {
  const enSesion = useSesiones({ viewport: { width: 1024, height: 900 } });
  for (const rol of ROLES) {
    // A role takes 55-70 s here, up to ~2 min on a loaded machine: a hung browser fails in 5 min, not 10.
    it(rol.nombre, { timeout: 300_000 }, () =>
      enSesion(({ page, permitirErrorDeConsola }) => recorrer(page, rol, permitirErrorDeConsola)),
    );
  }
});
