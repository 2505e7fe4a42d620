// The colour scheme before the first paint (SPEC 3, issue 12.6). Pages rendered on the server arrive with their
// content, so the stored theme must be on <html> before the browser paints, not after the JavaScript has loaded.
// This tiny script is inlined in the <head> of index.html (apps/web/vite.config.ts) and allowed by the CSP through
// its SHA-256 hash (apps/api/src/plugins/security.ts), so both sides read the same text from here.

/** localStorage key of the theme, as the admin template the spec comes from stored it (a plain string). */
export const CLAVE_TEMA = 'coreui-free-react-admin-template-theme';

/**
 * 'light' | 'dark' as stored; 'auto' follows the system preference (light when it states none); nothing stored, or
 * anything else, or storage unavailable: light (SPEC 9, "theme light" by default). Same rules as
 * readStoredTheme/resolveTheme in apps/web/src/app/ui-state.tsx (ui-state.test.tsx runs this text against them).
 */
export const SCRIPT_TEMA =
  '(function(){var e=document.documentElement,m="light";try{var t=localStorage.getItem(' +
  JSON.stringify(CLAVE_TEMA) +
  ');m=t==="dark"||t==="auto"&&matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}catch(x){}' +
  'e.setAttribute("data-mantine-color-scheme",m)})()';
