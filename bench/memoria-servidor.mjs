// Preloaded into the built server by bench/sockets.ts (node --expose-gc --import ./bench/memoria-servidor.mjs):
// on the parent's { tipo: 'memoria' } it runs full garbage collections and answers with process.memoryUsage(),
// so the benchmark reads the server's own heap, not only its RSS from outside. Nothing else changes.
process.channel?.unref();
process.on('message', (m) => {
  if (m?.tipo !== 'memoria') return;
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  process.send?.({ tipo: 'memoria', ...process.memoryUsage() });
});
