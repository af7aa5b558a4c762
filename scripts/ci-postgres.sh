#!/usr/bin/env bash
# Installs Debian's PostgreSQL if missing, starts a cluster, makes a test role and database, and
# prints the connection string. `.ci/run` uses it so the API suite also runs on a real server.
# The role may create databases: the API suite migrates one template database per run and gives
# each test file a copy of it (tests/api/fixtures/postgres-template.ts).
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
fi
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >&2
pg_lsclusters -h | grep "^$version main" | grep -q online || pg_ctlcluster "$version" main start >&2
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')
as_postgres() { su postgres -c "psql -p $port -tAq -c \"$1\"" ; }
for _ in $(seq 1 30); do as_postgres 'SELECT 1' >/dev/null 2>&1 && break; sleep 1; done
[ "$(as_postgres "SELECT 1 FROM pg_roles WHERE rolname = 'amber_ci'")" = 1 ] || as_postgres "CREATE ROLE amber_ci LOGIN PASSWORD 'amber_ci'" >&2
as_postgres "ALTER ROLE amber_ci CREATEDB" >&2
# The run's end drops its databases WITH (FORCE), which must also end an autovacuum worker that
# happens to be in one: only a role in pg_signal_backend may end a process of no role of its own.
as_postgres "GRANT pg_signal_backend TO amber_ci" >&2
[ "$(as_postgres "SELECT 1 FROM pg_database WHERE datname = 'amber_ci'")" = 1 ] || su postgres -c "createdb -p $port -O amber_ci amber_ci" >&2
echo "postgres://amber_ci:amber_ci@127.0.0.1:$port/amber_ci"
