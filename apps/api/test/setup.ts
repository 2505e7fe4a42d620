// Runs in every API test file: removes the temporary directories it created (temporales.ts).
import { afterAll } from 'vitest';
import { borrarTemporales } from './temporales.ts';

afterAll(borrarTemporales);
