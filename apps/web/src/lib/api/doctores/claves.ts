// The one key of the doctors list (issue 22: it was cached under two).
export const doctoresClaves = {
  todos: ['doctores'] as const,
};
