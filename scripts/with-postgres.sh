#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster: initdb in a temp
# directory as the unprivileged `postgres` OS user (PostgreSQL refuses to run as root), listening on
# 127.0.0.1 only on a free port, fsync off (-F: the data is thrown away), stopped and removed when the
# command ends, whatever its outcome. Test files create their own databases inside it.
# Usage: bash scripts/with-postgres.sh npx vitest run
# A TEST_DATABASE_URL already in the environment is used as it is (no cluster is started).
# WITH_POSTGRES_OPTIONAL=1 (npm run bench): without PostgreSQL binaries, run the command anyway
# without TEST_DATABASE_URL (its PostgreSQL rows then say "not measured").
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

BIN="$(compgen -G '/usr/lib/postgresql/*/bin' | sort -V | tail -n 1 || true)"
if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
  if [ "${WITH_POSTGRES_OPTIONAL:-}" = "1" ]; then exec "$@"; fi
  echo "with-postgres: no PostgreSQL binaries under /usr/lib/postgresql (run scripts/ensure-postgres.sh)" >&2
  exit 1
fi

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

DIR="$(mktemp -d "${TMPDIR:-/tmp}/storefront-pg.XXXXXX")"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$DIR"; fi
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

stop() {
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap stop EXIT

# C.UTF-8: byte order for text, like SQLite's default, and available on every Debian.
as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 ||
  { cat "$DIR/initdb.log" >&2; exit 1; }
as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 \
  -o "-F -h 127.0.0.1 -p $PORT -k $DIR -c max_connections=200" start >/dev/null ||
  { cat "$DIR/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (throwaway, $DIR)" >&2
status=0
"$@" || status=$?
exit "$status"
