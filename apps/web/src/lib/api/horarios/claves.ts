// Query keys of doctors' weekly hours and blocked ranges. Changing either changes the free times: their mutations
// invalidate disponibilidadClaves.todas as well as their own key (useAgendaDoctorCambiada).
export const horariosClaves = {
  horarios: (doctorId: number) => ['horarios', doctorId] as const,
  bloqueosDe: (doctorId: number) => ['bloqueos', doctorId] as const,
  bloqueos: (doctorId: number, desde: string, hasta: string) => ['bloqueos', doctorId, desde, hasta] as const,
};
