#!/bin/sh
# A PostgreSQL server of the benchmarks' own, set up as the README's "Deploy at scale" asks
# (shared_buffers a quarter of memory, at most 8 GB; the machine's server keeps PostgreSQL's 128 MB
# default, which does not hold 100k consultancies and courses). Prints its URL:
#
#   BENCH_DATABASE_URL=$(sh bench/tuned-postgres.sh) npm run bench:api
#   sh bench/tuned-postgres.sh stop
#
# The cluster lives in bench/tmp/pg-tuned (gitignored) and listens on 127.0.0.1:${PG_PORT:-5433}.
# PostgreSQL will not run as root, so as root it runs as the postgres user.
set -eu
dir="$(cd "$(dirname "$0")" && pwd)/tmp/pg-tuned"
bin="${PG_BIN:-/usr/lib/postgresql/15/bin}"
port="${PG_PORT:-5433}"
as_postgres() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sh -c "$1"; fi; }

if [ "${1:-}" = stop ]; then
  as_postgres "$bin/pg_ctl -D '$dir/data' stop -m fast" >&2
  exit 0
fi
buffers_mb=$(awk '/^MemTotal/ { mb = int($2 / 4 / 1024); print (mb > 8192 ? 8192 : mb) }' /proc/meminfo)
mkdir -p "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
[ -d "$dir/data" ] || as_postgres "$bin/initdb -D '$dir/data' -A trust -U postgres" >&2
if ! as_postgres "$bin/pg_ctl -D '$dir/data' status" >/dev/null 2>&1; then
  as_postgres "$bin/pg_ctl -D '$dir/data' -l '$dir/log' -w start -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c shared_buffers=${buffers_mb}MB -c effective_cache_size=$((buffers_mb * 2))MB\"" >&2
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
