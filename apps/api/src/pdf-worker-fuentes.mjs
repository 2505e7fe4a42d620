// Runs src/pdf-worker.ts in a worker thread from the sources (tests, `npm run dev`): tsx's loader is registered
// inside the thread, since `--import tsx` in a worker's execArgv does not take on Node 20. The build runs
// dist/pdf-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker.ts');
