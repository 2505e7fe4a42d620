// Query keys of an appointment's attachments: exam results and before/after photos.
export const adjuntosClaves = {
  resultados: (citaId: number) => ['resultados', 'cita', citaId] as const,
  fotos: (citaId: number) => ['fotos', 'cita', citaId] as const,
};
