// Stop signals for npm start and npm run dev (issue 28 item 6, decision 0039). npm runs a script as
// `sh -c "node scripts/start.mjs"` and passes SIGTERM and SIGINT to that shell only; dash dies of them without
// passing them on, so npm and the shell exited while this process and the server ran on with PPID 1, holding the
// data-directory lock. Here:
// - the children run in their own process group (start.mjs, dev.mjs spawn them detached), so a signal sent to the
//   whole group, e.g. Ctrl-C in a terminal, reaches them once, from here: to the server a second SIGINT or
//   SIGTERM means "leave now, without finishing requests";
// - each SIGINT or SIGTERM this process receives goes to every child still running;
// - the death of the parent (the shell npm started, killed by npm's forwarded signal) counts as SIGTERM: the parent
//   pid is polled, since Node has no parent-death signal.
import { constants } from 'node:os';

const SENALES = ['SIGINT', 'SIGTERM'];
const VIGILANCIA_PADRE_MS = 200;

/**
 * Passes stop signals on to `hijos`. Returns detener(): stops them with SIGTERM unless a stop was already sent (a
 * second one would make them leave without finishing).
 * @param {import('node:child_process').ChildProcess[]} hijos
 */
export function reenviarSenales(hijos) {
  let enviada = false;
  const enviar = (senal) => {
    enviada = true;
    for (const h of hijos) if (h.exitCode === null && h.signalCode === null) h.kill(senal);
  };
  const detener = () => {
    if (!enviada) enviar('SIGTERM');
  };
  // Every signal received is passed on, a second one too: that is how an operator forces the exit.
  for (const senal of SENALES) process.on(senal, () => enviar(senal));
  const padre = process.ppid;
  const vigia = setInterval(() => {
    if (process.ppid === padre) return;
    clearInterval(vigia);
    detener();
  }, VIGILANCIA_PADRE_MS);
  // The children keep this process alive while they run; the watch alone must not.
  vigia.unref();
  return detener;
}

/** This process's exit code for a child's end: its code, or 128 + the signal that ended it, as a shell reports it. */
export function codigoDeSalida(code, signal) {
  if (code !== null) return code;
  return signal ? 128 + (constants.signals[signal] ?? 0) : 1;
}
