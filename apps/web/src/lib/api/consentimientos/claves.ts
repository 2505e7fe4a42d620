// Query keys of informed consents: an appointment's consent and one consent's verification.
export const consentimientosClaves = {
  todos: ['consentimientos'] as const,
  cita: (citaId: number) => ['consentimientos', 'cita', citaId] as const,
  verificacion: (id: number) => ['consentimientos', 'verificacion', id] as const,
};
