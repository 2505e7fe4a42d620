// Query keys of treatment packages (issue 23, item 4): the definitions the clinic sells and each patient's packages.
export const paquetesClaves = {
  todos: ['paquetes'] as const,
  definiciones: () => ['paquetes', 'definiciones'] as const,
  /** One patient's packages (a sale adds one; a completed appointment uses a session). */
  paciente: (pacienteId: number) => ['paquetes', 'paciente', pacienteId] as const,
};
