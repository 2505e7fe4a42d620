// Query keys of payments and the cash desk (issue 23): an appointment's balance, the desk's lists, the patient's own,
// a desk's day and the day's closes. Every payment, void or close invalidates them all.
export const pagosClaves = {
  todos: ['pagos'] as const,
  saldo: (citaId: number) => ['pagos', 'saldo', citaId] as const,
  lista: (q: object) => ['pagos', 'lista', q] as const,
  mios: (q: object) => ['pagos', 'mios', q] as const,
  caja: (q: object) => ['pagos', 'caja', q] as const,
  cierres: (fecha: string | undefined) => ['pagos', 'cierres', fecha ?? 'hoy'] as const,
};
