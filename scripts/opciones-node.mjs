// The Node.js flags of the production server: `npm start` runs it with them, and so do the benchmarks and the
// browser tests, so what is measured and tested is what a clinic runs (docs/decisions/0027-opciones-node.md).
// - --enable-source-maps: stack traces in the logs point at the TypeScript sources.
// - --max-semi-space-size=4 (MB): V8's young generation grows to 16 MB per semi-space under load and keeps it;
//   4 MB held ~20 MB less resident memory at the benchmark's peak (a 1 GB server, issue 12 item 5).
export const OPCIONES_NODE = Object.freeze(['--enable-source-maps', '--max-semi-space-size=4']);

// The server's environment for glibc's allocator (docs/decisions/0072-malloc-mmap.md), read when the process starts:
// - MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB or more always come from mmap and go back to the system when
//   freed. By default glibc raises that threshold after the first such free, and later large blocks (argon2's 19 MB
//   per sign-in, start-up's buffers) stay in the heap once freed: ~45 MB less resident memory on PGlite, idle and at
//   the peak of a sign-in flood (bench/results/perfil.md "Memoria"). A value already in the environment wins.
export const ENTORNO_NODE = Object.freeze({ MALLOC_MMAP_THRESHOLD_: '131072' });
