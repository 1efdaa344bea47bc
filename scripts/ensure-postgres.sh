#!/usr/bin/env bash
# Installs Debian's PostgreSQL server binaries when they are missing: the store's contract suite and
# the multi-instance test run against a real PostgreSQL (scripts/with-postgres.sh starts a throwaway
# cluster from these binaries). The embedded SQLite default never needs this.
set -euo pipefail
# pg_dump and pg_restore (postgresql-client, which the server package depends on) are checked too: the
# PostgreSQL leg tests the backups docs/operations.md describes.
if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/pg_restore' >/dev/null; then exit 0; fi
echo "PostgreSQL not found under /usr/lib/postgresql: installing Debian's postgresql package" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq postgresql >/dev/null
compgen -G '/usr/lib/postgresql/*/bin/initdb'
