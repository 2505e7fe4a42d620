// The stylesheets a server-rendered page deferred (its critical CSS is inline: css-critico.ts): applied all at once,
// when every one of them has arrived, so the page never shows a cascade that is neither the inline one nor the full
// one (e.g. Mantine's stylesheet applied without the public shell's, which overrides it).

/** Keep in step with ATRIBUTO_DIFERIDA in css-critico.ts (that module is server-only). */
const SELECTOR = 'link[data-hoja-diferida]';

function cargada(enlace: HTMLLinkElement): Promise<void> {
  if (enlace.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    enlace.addEventListener('load', () => resolve(), { once: true });
    // A stylesheet that failed applies nothing either way; the others must not wait for it.
    enlace.addEventListener('error', () => resolve(), { once: true });
  });
}

/** Resolves once the deferred stylesheets apply (at once when the page has none). */
export async function aplicarHojasDiferidas(doc: Document = document): Promise<void> {
  const enlaces = [...doc.querySelectorAll<HTMLLinkElement>(SELECTOR)];
  if (enlaces.length === 0) return;
  await Promise.all(enlaces.map(cargada));
  for (const enlace of enlaces) {
    enlace.removeAttribute('media');
    enlace.removeAttribute('data-hoja-diferida');
  }
}
