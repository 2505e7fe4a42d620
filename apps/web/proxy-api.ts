// The development server's proxy (npm run dev): every prefix the API answers goes to the API, derived from the
// contracts' endpoint descriptors; the web's own routes stay with Vite. Tested by src/proxy-api.test.ts.
// A relative path, not the package name: Vite bundles relative imports of its config but loads packages with
// Node, which cannot run the contracts' TypeScript sources on Node 20.
import { prefijosServidor } from '../../packages/contracts/src/prefijos-servidor.ts';

export type ProxyApi = Record<string, { target: string; ws?: boolean }>;

export function proxyApi(target: string): ProxyApi {
  return {
    ...Object.fromEntries(prefijosServidor().map((p) => [p, { target }])),
    // The live connection (socket.io, websocket transport only) is on the API's port too.
    '/socket.io': { target, ws: true },
  };
}

/** Whether Vite's proxy sends this URL to the API (Vite: a key starting with '^' is a RegExp, else a prefix). */
export function vaAlApi(proxy: ProxyApi, url: string): boolean {
  return Object.keys(proxy).some((k) => (k.startsWith('^') ? new RegExp(k).test(url) : url.startsWith(k)));
}
