// Query keys of clinical notes: the note of an appointment.
export const evolucionesClaves = {
  todas: ['evoluciones'] as const,
  cita: (citaId: number) => ['evoluciones', 'cita', citaId] as const,
};
