// The only reader of import.meta.env in the web.
export const env = {
  /** API origin; empty means same origin (production: one process serves web and API). */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '',
  clinicaNombre: (import.meta.env.VITE_CLINICA_NOMBRE as string | undefined) ?? 'Clínica Aurora Estética',
  /**
   * IANA zone of the clinic (the API's CLINICA_TZ): "today" and every date the web shows are in it (lib/tiempo.ts).
   * The default is the contracts' ZONA_POR_DEFECTO written out, so this module (in the first download) does not
   * import the calendar module; tiempo.test.tsx checks they agree.
   */
  clinicaTz: (import.meta.env.VITE_CLINICA_TZ as string | undefined) || 'America/Bogota',
};
