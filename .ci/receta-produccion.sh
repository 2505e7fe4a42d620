#!/usr/bin/env bash
# CI: the README's production recipe, run as written on a fresh copy of HEAD (git archive, no node_modules,
# no build; RECETA_REV=<commit> tries another revision). It takes the bash block under "## Producción" of
# that copy's README.md and runs it line by line, changing only:
#   - export DATABASE_URL=...   -> a fresh PostgreSQL database when one answers (TEST_DATABASE_URL or
#                                  127.0.0.1:5432), else the line is skipped and the recipe runs on PGlite;
#   - npm run crear-admin       -> the README's non-interactive form (the line with --nombre);
#   - npm start                 -> started in the background on a free port, then checked and stopped.
# JWT_SECRET comes from the recipe itself (throwaway); DATA_DIR is a temporary directory.
# Everything it creates (copy, data, database, server) is removed on exit.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/clinica-receta-XXXXXX")"
APP="$TMP/app"
SERVER_PID=""
DB_NAME=""
ADMIN_URL=""

pg_admin() { # pg_admin <sql>: one statement on the admin database, through the checkout's pg driver
  node -e '
    const pg = require(process.argv[1]);
    const c = new pg.Client({ connectionString: process.argv[2] });
    c.connect().then(() => c.query(process.argv[3])).then(() => c.end(), (e) => { console.error(e.message); process.exit(1); });
  ' "$ROOT/node_modules/pg" "$ADMIN_URL" "$1"
}

cleanup() {
  local status=$?
  if [ -n "$SERVER_PID" ]; then kill -KILL -- "-$SERVER_PID" 2>/dev/null || true; fi
  if [ -n "$DB_NAME" ]; then pg_admin "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" || true; fi
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT

falla() {
  echo "receta de producción: $*" >&2
  [ -f "$TMP/servidor.log" ] && tail -n 40 "$TMP/servidor.log" >&2
  exit 1
}

mkdir -p "$APP" "$TMP/data"
git -C "$ROOT" archive "${RECETA_REV:-HEAD}" | tar -x -C "$APP"

# The recipe: the first ```bash block after the "## Producción" heading.
RECETA="$(awk '/^## Producción/ { s = 1; next } s && /^```bash$/ { b = 1; next } b && /^```$/ { exit } b' "$APP/README.md")"
ADMIN="$(grep -E '^npm run crear-admin -- --nombre ' "$APP/README.md" | head -n 1)"
[ -n "$RECETA" ] || falla "no se encontró el bloque bash bajo '## Producción' en README.md"
[ -n "$ADMIN" ] || falla "README.md no muestra 'npm run crear-admin -- --nombre ...'"
[ "$(printf '%s\n' "$RECETA" | grep -v '^\s*#' | grep -v '^\s*$' | tail -n 1)" = "npm start" ] ||
  falla "la receta debe terminar en 'npm start'"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  ADMIN_URL="$TEST_DATABASE_URL"
elif node -e "
  const s=require('net').connect(5432,'127.0.0.1');
  s.on('connect',()=>{s.end();process.exit(0)});s.on('error',()=>process.exit(1));
  setTimeout(()=>process.exit(1),2000);"; then
  ADMIN_URL="postgres://postgres@127.0.0.1:5432/test"
fi
if [ -n "$ADMIN_URL" ]; then
  DB_NAME="receta_$(date +%s)_$$"
  pg_admin "CREATE DATABASE $DB_NAME"
  RECETA_DATABASE_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$ADMIN_URL" "$DB_NAME")"
  echo "Receta de producción sobre PostgreSQL (base $DB_NAME)"
else
  echo "Receta de producción sobre PGlite"
fi

PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
export PORT HOST=127.0.0.1 DATA_DIR="$TMP/data" LOG_LEVEL=warn
unset DATABASE_URL NODE_ENV JWT_SECRET
# Reuse the npm cache the main install filled; the commands themselves are the README's.
export npm_config_prefer_offline=true npm_config_update_notifier=false

cd "$APP"
while IFS= read -r linea; do
  case "$linea" in
    '' | '#'*) continue ;;
    'export DATABASE_URL='*)
      if [ -n "$DB_NAME" ]; then linea="export DATABASE_URL='$RECETA_DATABASE_URL'"; else continue; fi ;;
    'npm run crear-admin') linea="$ADMIN" ;;
    'npm start') break ;;
  esac
  echo "\$ $linea"
  eval "$linea" || falla "falló: $linea"
done <<<"$RECETA"

echo "\$ npm start  (en segundo plano, puerto $PORT)"
setsid npm start >"$TMP/servidor.log" 2>&1 &
SERVER_PID=$!
# Ready within 60 s: /salud/lista answers 200; then /inicio must be the built web's HTML.
PORT="$PORT" SERVER_PID="$SERVER_PID" node -e '
  const base = `http://127.0.0.1:${process.env.PORT}`;
  const vivo = () => { try { process.kill(Number(process.env.SERVER_PID), 0); return true; } catch { return false; } };
  const fallar = (m) => { console.error(`receta de producción: ${m}`); process.exit(1); };
  (async () => {
    let lista = 0;
    for (let i = 0; i < 120 && lista !== 200; i++) {
      if (!vivo()) fallar("npm start terminó antes de estar listo");
      lista = await fetch(`${base}/salud/lista`).then((r) => r.status, () => 0);
      if (lista !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    if (lista !== 200) fallar(`GET /salud/lista respondió ${lista} en vez de 200`);
    const r = await fetch(`${base}/inicio`);
    const html = await r.text();
    const tipo = r.headers.get("content-type") ?? "";
    if (r.status !== 200 || !tipo.startsWith("text/html") || !html.includes("<div id=\"root\">"))
      fallar(`GET /inicio respondió ${r.status} ${tipo} sin la web compilada`);
    console.log(`GET /salud/lista 200, GET /inicio ${r.status} ${tipo}`);
  })();
' || falla "el servidor no respondió como se esperaba"

# Graceful stop: SIGTERM to the process group (npm, scripts/start.mjs, the server); all of it must be gone.
kill -TERM -- "-$SERVER_PID"
for _ in $(seq 1 30); do kill -0 -- "-$SERVER_PID" 2>/dev/null || break; sleep 0.5; done
if kill -0 -- "-$SERVER_PID" 2>/dev/null; then falla "el servidor no se detuvo con SIGTERM"; fi
estado=0
wait "$SERVER_PID" || estado=$?
SERVER_PID=""
echo "Receta de producción: OK en ${SECONDS} s (/salud/lista 200, /inicio HTML; npm start salió con $estado)"
