// Test helper: a stand-in for socket.io-client's Socket. Tests mock 'socket.io-client' so `io()` returns one,
// then play the server: `servidor.conectar()`, `servidor.emitir('nuevaNotificacion', …)`, and read what the
// client emitted from `enviados`.
type Handler = (...args: never[]) => void;

export class SocketFalso {
  handlers = new Map<string, Set<Handler>>();
  enviados: { evento: string; args: unknown[] }[] = [];
  desconectado = false;
  active = true;
  connected = false;
  connect = () => {
    this.desconectado = false;
    this.active = true;
    return this;
  };

  on(evento: string, fn: Handler) {
    if (!this.handlers.has(evento)) this.handlers.set(evento, new Set());
    this.handlers.get(evento)!.add(fn);
    return this;
  }
  emit(evento: string, ...args: unknown[]) {
    this.enviados.push({ evento, args });
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.desconectado = true;
    this.active = false;
    this.connected = false;
    return this;
  }
  /** Runs the client's handlers for an event, as if the server (or the manager) had sent it. */
  disparar(evento: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(evento) ?? []) (fn as (...a: unknown[]) => void)(...args);
  }
  conectar() {
    this.connected = true;
    this.disparar('connect');
  }
}
