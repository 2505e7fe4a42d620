// Query keys of follow-up plans (decision 0017): the plan of an appointment and the proposal of a plan's series.
export const planesClaves = {
  todos: ['planes'] as const,
  cita: (citaId: number) => ['planes', 'cita', citaId] as const,
  propuesta: (id: number) => ['planes', 'propuesta', id] as const,
};
