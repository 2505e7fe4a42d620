// The element of a server-rendered page that carries its query data (entrada-servidor.tsx writes it, main.tsx
// reads it before hydrating). A JSON data block, never executed, so the CSP needs nothing for it.
export const ID_DATOS_INICIALES = 'datos-iniciales';
