// npm test: every suite (API on PGlite and, with TEST_DATABASE_URL, on PostgreSQL; web; browser e2e
// against the production build), then one closing line "N passed, M failed". Lint and typecheck are their own
// commands (npm run lint, npm run typecheck), which .ci/run runs before this.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'clinica-test-'));
const only = process.argv.slice(2);
const results = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/**
 * The first non-empty line of a failure message (at most 300 characters, no ANSI colours), and where in a test file
 * it failed when the stack says so.
 */
function primeraLinea(mensaje = '') {
  const lineas = stripVTControlCharacters(mensaje).split('\n');
  const primera = (lineas.find((l) => l.trim()) ?? '').trim().slice(0, 300);
  const donde = lineas.map((l) => /[\w./-]+\.(?:test|spec)\.tsx?:\d+/.exec(l)?.[0]).find(Boolean);
  return donde ? `${primera} (${path.basename(donde)})` : primera;
}

function vitest(name, dir, env = {}) {
  if (only.length && !only.some((o) => name.includes(o))) return;
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const status = run(
    name,
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    env,
  );
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const fallas = [];
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests;
    skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
    // A suite that failed to load counts as one failure.
    const broken = (j.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
    failed += broken;
    // Which ones, with the first line of why: the summary is the tail CI shows, and it must say what to fix.
    for (const f of j.testResults ?? []) {
      const archivo = path.relative(root, f.name);
      if (f.status === 'failed' && f.assertionResults.length === 0)
        fallas.push(`${archivo}: ${primeraLinea(f.message)}`);
      for (const a of f.assertionResults)
        if (a.status === 'failed') fallas.push(`${archivo} › ${a.fullName}: ${primeraLinea(a.failureMessages?.[0])}`);
    }
  }
  if (status !== 0 && failed === 0) failed = 1;
  results.push({ name, passed, failed, skipped, fallas });
}

function step(name, cmd, args) {
  if (only.length && !only.some((o) => name.includes(o))) return;
  const status = run(name, cmd, args);
  results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, skipped: 0 });
  return status;
}

vitest('api (PGlite)', 'apps/api', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('api (PostgreSQL)', 'apps/api');
vitest('web', 'apps/web');
const built = step('build', 'npm', ['run', '--silent', 'build']);
if (built === 0 || built === undefined) vitest('e2e (Chromium)', 'e2e');

console.log('\nResumen:');
for (const r of results)
  console.log(
    `  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
for (const r of results) for (const f of r.fallas ?? []) console.log(`    ✗ [${r.name}] ${f}`);
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
const skipped = results.reduce((a, r) => a + r.skipped, 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
// The suites' JSON reports were only needed for the counts above.
rmSync(tmp, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
