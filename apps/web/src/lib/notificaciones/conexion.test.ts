// SPEC 9, on the real socket.io-client (the context's tests mock it): the manager the web opens has the spec's
// limits, not only the options object handed to io().
import { describe, expect, it } from 'vitest';
import { abrirSocket } from './conexion.ts';

describe('abrirSocket', () => {
  it("gives socket.io-client's manager websocket only, 20000 ms, 1000 ms up to 5000 ms, 0.5 and no attempt limit", async () => {
    const s = await abrirSocket();
    try {
      expect(s.io.opts.transports).toEqual(['websocket']);
      expect(s.io.opts.path).toBe('/socket.io');
      expect(s.io.timeout()).toBe(20_000);
      expect(s.io.reconnection()).toBe(true);
      expect(s.io.reconnectionDelay()).toBe(1_000);
      expect(s.io.reconnectionDelayMax()).toBe(5_000);
      expect(s.io.randomizationFactor()).toBe(0.5);
      expect(s.io.reconnectionAttempts()).toBe(Infinity);
      // The token never travels in the URL.
      expect(s.io.opts.query ?? {}).toEqual({});
    } finally {
      s.disconnect();
    }
  });
});
