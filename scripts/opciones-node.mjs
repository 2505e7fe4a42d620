// The Node.js flags of the production server: `npm start` runs it with them, and so do the benchmarks and the
// browser tests, so what is measured and tested is what a clinic runs (docs/decisions/0027-opciones-node.md).
// - --enable-source-maps: stack traces in the logs point at the TypeScript sources.
// - --max-semi-space-size=4 (MB): V8's young generation grows to 16 MB per semi-space under load and keeps it;
//   4 MB held ~20 MB less resident memory at the benchmark's peak (a 1 GB server, issue 12 item 5).
export const OPCIONES_NODE = Object.freeze(['--enable-source-maps', '--max-semi-space-size=4']);
