// Return targets after sign-in and registration (issue 27.5): only paths of this site, never a loop back to the
// account screens; the cart intent is a procedure id and travels only with a page to return to.
import { describe, expect, it } from 'vitest';
import { estadoDeRegreso, getReturnPath, intencionCarrito, navegacionTrasIniciarSesion } from './guards.tsx';

const desde = (pathname: unknown, search: unknown = '', hash: unknown = '') => ({ from: { pathname, search, hash } });

describe('getReturnPath', () => {
  it('returns a path of this site with its query and fragment', () => {
    expect(getReturnPath(desde('/servicios/7', '?x=1', '#fotos'))).toBe('/servicios/7?x=1#fotos');
    expect(getReturnPath(desde('/carrito'))).toBe('/carrito');
  });

  it.each([
    ['another host', '//evil.example/servicios'],
    ['a backslash browsers read as another host', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'servicios/7'],
    ['a control character', '/servicios\n//evil.example'],
    ['not a string', 42],
  ])('falls back on %s', (_caso, pathname) => {
    expect(getReturnPath(desde(pathname), '/inicio')).toBe('/inicio');
  });

  it.each(['/iniciarsesion', '/cerrarsesion', '/dashboard/cerrarsesion', '/registrar', '/recuperarcontrasena'])(
    'never returns to %s',
    (pathname) => expect(getReturnPath(desde(pathname))).toBe('/dashboard'),
  );

  it('drops a query or fragment that does not start as one (it could change the path)', () => {
    expect(getReturnPath(desde('/servicios', '/../evil', 'x'))).toBe('/servicios');
  });

  it('without state, or with anything else, falls back', () => {
    for (const state of [undefined, null, 'x', {}, { from: null }]) expect(getReturnPath(state)).toBe('/dashboard');
  });
});

describe('the cart intent', () => {
  it('is a positive integer id', () => {
    expect(intencionCarrito({ agregarAlCarrito: 7 })).toBe(7);
    for (const id of ['7', 0, -3, 1.5, 1e10, NaN, null, { id: 7 }])
      expect(intencionCarrito({ agregarAlCarrito: id }), String(id)).toBeNull();
  });

  it('travels only with a page to go back to, and only its checked fields', () => {
    expect(estadoDeRegreso({ ...desde('/servicios/7'), agregarAlCarrito: 7, otro: 'x' })).toEqual({
      from: { pathname: '/servicios/7', search: '', hash: '' },
      agregarAlCarrito: 7,
    });
    expect(estadoDeRegreso({ agregarAlCarrito: 7 })).toBeUndefined();
    expect(estadoDeRegreso({ ...desde('//evil.example'), agregarAlCarrito: 7 })).toBeUndefined();
  });

  it('after signing in: back to the page with the intent, else /dashboard without it', () => {
    expect(navegacionTrasIniciarSesion({ ...desde('/servicios/7'), agregarAlCarrito: 7 })).toEqual([
      '/servicios/7',
      { replace: true, state: { agregarAlCarrito: 7 } },
    ]);
    expect(navegacionTrasIniciarSesion(desde('/carrito'))).toEqual(['/carrito', { replace: true }]);
    expect(navegacionTrasIniciarSesion({ ...desde('/registrar'), agregarAlCarrito: 7 })).toEqual([
      '/dashboard',
      { replace: true },
    ]);
  });
});
