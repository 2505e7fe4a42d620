// SPEC 2: the page body style differs on the login page, the register page and all other pages.
// One class on <body> per route; the backgrounds live in global.css.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';

export const BODY_CLASSES = ['pagina-login', 'pagina-registro', 'pagina-general'] as const;
export type BodyClass = (typeof BODY_CLASSES)[number];

export function bodyClassFor(pathname: string): BodyClass {
  if (pathname === paths.iniciarSesion) return 'pagina-login';
  if (pathname === paths.registrar) return 'pagina-registro';
  return 'pagina-general';
}

export function BodyClassSync() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const cls = bodyClassFor(pathname);
    document.body.classList.remove(...BODY_CLASSES);
    document.body.classList.add(cls);
  }, [pathname]);
  return null;
}
