// The session and cart cache tests (db/cache-con-avisos.ts): a repository whose cached read is counted each time it
// reaches the database; `retener` holds the next one back (a read in flight while a notice arrives).
export function contarLecturas<R extends object, M extends keyof R>(repo: R, metodo: M) {
  const estado = { lecturas: 0, retener: null as null | Promise<void> };
  const leer = repo[metodo] as (...args: unknown[]) => Promise<unknown>;
  const envuelto = {
    ...repo,
    [metodo]: async (...args: unknown[]) => {
      estado.lecturas++;
      const r = await leer.apply(repo, args);
      if (estado.retener) await estado.retener;
      return r;
    },
  } as R;
  return { estado, envuelto };
}
