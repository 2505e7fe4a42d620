// The only reader of import.meta.env in the web.
export const env = {
  /** API origin; empty means same origin (production: one process serves web and API). */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '',
  clinicaNombre: (import.meta.env.VITE_CLINICA_NOMBRE as string | undefined) ?? 'Clínica Aurora Estética',
};
