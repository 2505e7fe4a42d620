// Per-page <title> and meta description. Call once at the top of a screen:
//   usePageMeta({ title: 'Servicios', description: 'Tratamientos faciales y corporales…' });
// The title becomes 'Servicios · <clinic name>'; without a title only the clinic name is used.
import { createContext, useContext, useEffect } from 'react';
import { env } from '../lib/env.ts';

export type PageMeta = { title?: string; description?: string };

export const DEFAULT_DESCRIPTION =
  'Clínica de medicina estética en Bogotá: tratamientos faciales, corporales, láser e inyectables con médicos certificados. Reserva tu valoración.';

export function pageTitle(title?: string): string {
  return title ? `${title} · ${env.clinicaNombre}` : env.clinicaNombre;
}

/**
 * The server render of the public pages (entrada-servidor.tsx) provides a function here that takes what the screen
 * asks for and writes it into the page's <head>: effects do not run on the server. Null in the browser.
 */
export const MetaDelServidor = createContext<((meta: PageMeta) => void) | null>(null);

export function usePageMeta({ title, description }: PageMeta) {
  useContext(MetaDelServidor)?.({ title, description });
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description ?? DEFAULT_DESCRIPTION;
  }, [title, description]);
}
