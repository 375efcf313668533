#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for querent's live PostgreSQL tests.
#
# Usage (as root on Debian bookworm, or as a user who can run the server
# binaries):
#
#   eval "$(bash .ci/start-postgres.sh)"
#   go test ./internal/database/postgres/
#   eval "$QUERENT_TEST_POSTGRES_STOP"      # or: bash .ci/start-postgres.sh stop DIR
#
# It installs PostgreSQL with apt when no runnable server binary is found
# (without letting the package start its own service). dpkg can believe
# postgresql-NN is installed while its /usr/lib/postgresql/NN/bin is gone;
# that case is repaired with `apt-get install --reinstall postgresql-NN`.
# apt-get update runs only when the install fails without it.
#
# It then creates a data directory in a new temporary directory (owned by
# the postgres user when run as root: initdb refuses to run as root), starts
# the server there listening on 127.0.0.1 only, on a free port, with its unix
# socket inside the temporary directory, creates the database querent_test
# and a login role querent (random password, CREATEDB so tests can make
# scratch databases, owner of querent_test), and prints two lines for the
# caller to eval:
#
#   export QUERENT_TEST_POSTGRES_DSN=postgres://querent:PASSWORD@127.0.0.1:PORT/querent_test?sslmode=disable
#   export QUERENT_TEST_POSTGRES_STOP='bash /tmp/querent-postgres.XXXX/stop.sh'
#
# The stop command stops exactly that server (pg_ctl on its own data
# directory, then the pid from its pid file if it is still running and
# still that server) and removes the temporary directory. Only those lines
# go to stdout; progress and errors go to stderr.
#
# Idempotent: when QUERENT_TEST_POSTGRES_DSN is already set and a server
# answers on it, nothing is started and the current values are printed
# again.
set -euo pipefail

log() { printf 'start-postgres: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# "stop DIR" stops a server this script started in DIR.
if [ "${1:-}" = stop ]; then
  [ -n "${2:-}" ] || die "usage: $0 stop DIR (the directory named in QUERENT_TEST_POSTGRES_STOP)"
  [ -f "$2/stop.sh" ] || die "$2 holds no server started by this script (no stop.sh)"
  exec bash "$2/stop.sh"
fi
[ $# -eq 0 ] || die "usage: $0 [stop DIR]"

# bindir prints the directory of a runnable PostgreSQL server, newest
# version first, or fails.
bindir() {
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4 -n -r); do
    if [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && "$d/postgres" --version >/dev/null 2>&1; then
      echo "$d"
      return 0
    fi
  done
  if command -v pg_config >/dev/null 2>&1; then
    d=$(pg_config --bindir 2>/dev/null || true)
    if [ -n "$d" ] && [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && "$d/postgres" --version >/dev/null 2>&1; then
      echo "$d"
      return 0
    fi
  fi
  d=$(dirname "$(command -v postgres 2>/dev/null || echo /nonexistent/postgres)")
  if [ -x "$d/postgres" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && "$d/postgres" --version >/dev/null 2>&1; then
    echo "$d"
    return 0
  fi
  return 1
}

# psql_bin prints a psql to talk to the server with.
psql_bin() {
  if [ -x "$bin/psql" ]; then echo "$bin/psql"; return 0; fi
  command -v psql 2>/dev/null
}

# Reuse a server that is already up for this shell.
if [ -n "${QUERENT_TEST_POSTGRES_DSN:-}" ] && bin=$(bindir) && p=$(psql_bin); then
  if "$p" -X -q -w -c 'SELECT 1' "$QUERENT_TEST_POSTGRES_DSN" >/dev/null 2>&1; then
    log "a server already answers on QUERENT_TEST_POSTGRES_DSN; reusing it"
    printf 'export QUERENT_TEST_POSTGRES_DSN=%q\n' "$QUERENT_TEST_POSTGRES_DSN"
    printf 'export QUERENT_TEST_POSTGRES_STOP=%q\n' "${QUERENT_TEST_POSTGRES_STOP:-true}"
    exit 0
  fi
fi

# apt_install installs packages without starting their services, running
# apt-get update only when the install fails without it (a fresh machine
# has no package lists; a warm one does not need the download).
apt_install() {
  [ "$(id -u)" = 0 ] || die "PostgreSQL is not installed (or its binaries are missing) and installing it needs root: run as root, or apt-get install postgresql first"
  # Debian's maintainer scripts start the packaged service through
  # invoke-rc.d unless policy-rc.d says no (exit 101): that would be a
  # second server on port 5432 with the system data directory.
  local made_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  export DEBIAN_FRONTEND=noninteractive
  local ok=1
  if ! apt-get install -y --no-install-recommends "$@" >&2; then
    log "apt-get install failed; updating the package lists and trying again"
    apt-get update >&2 && apt-get install -y --no-install-recommends "$@" >&2 || ok=
  fi
  if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi
  [ -n "$ok" ] || die "apt-get install $* failed"
}

if ! bin=$(bindir); then
  # A package dpkg lists as installed whose files are gone needs
  # --reinstall: a plain install would do nothing.
  broken=$(dpkg-query -W -f '${Package} ${db:Status-Abbrev}\n' 'postgresql-[0-9]*' 2>/dev/null |
    awk '$2 ~ /^ii/ && $1 ~ /^postgresql-[0-9]+$/ {print $1}' | sort -t- -k2 -n -r | head -n 1 || true)
  if [ -n "$broken" ]; then
    log "dpkg lists $broken as installed but its server binaries are missing; reinstalling it"
    apt_install --reinstall "$broken"
  else
    log "installing postgresql with apt-get"
    apt_install postgresql
  fi
  bin=$(bindir) || die "PostgreSQL was installed but no runnable postgres, initdb and pg_ctl were found under /usr/lib/postgresql/*/bin"
fi
psql=$(psql_bin) || die "no psql found beside $bin/postgres or on PATH: install postgresql-client"

dir=$(mktemp -d "${TMPDIR:-/tmp}/querent-postgres.XXXXXX")
run_as=()
run_as_text=
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || die "running as root but there is no postgres user to run the server as (it comes with postgresql-common)"
  chown postgres:postgres "$dir"
  run_as=(runuser -u postgres --)
  run_as_text='runuser -u postgres -- '
fi
# The directory stays private (mktemp's 0700): it holds the unix socket,
# through which the superuser connects without a password.

# fail reports the server log and removes what was made so far.
fail() {
  log "$*"
  if [ -f "$dir/server.log" ]; then tail -n 30 "$dir/server.log" >&2; fi
  if [ -f "$dir/data/postmaster.pid" ]; then
    "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
  exit 1
}

log "creating a data directory in $dir"
# Local (socket) connections trust the OS user that can reach the private
# socket directory; TCP connections need a password (scram-sha-256).
"${run_as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C.UTF-8 \
  --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 ||
  "${run_as[@]}" "$bin/initdb" -D "$dir/data" -U postgres -E UTF8 --locale=C \
    --auth-local=trust --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    fail "initdb failed"
  }

# Throwaway server: durability off for speed. max_locks_per_transaction is
# raised because the introspection benchmark creates and drops 2,000 tables.
cat >>"$dir/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$dir'
fsync = off
synchronous_commit = off
full_page_writes = off
max_locks_per_transaction = 1024
max_connections = 100
log_min_messages = warning
CONF

# port_free reports whether nothing listens on 127.0.0.1:$1.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

port=
for attempt in 1 2 3 4 5; do
  p=$((20000 + RANDOM % 40000))
  port_free "$p" || continue
  log "starting $bin/postgres on 127.0.0.1:$p (attempt $attempt)"
  # pg_ctl detaches the server (its own session), so it outlives this
  # script and ignores the caller's terminal signals; -w waits until it
  # accepts connections.
  if "${run_as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "-p $p" -w -t 60 start >/dev/null 2>&1; then
    port=$p
    break
  fi
  # A port taken between the check and the bind: try another.
  if grep -q "could not bind\|Address already in use" "$dir/server.log" 2>/dev/null; then
    : >"$dir/server.log"
    continue
  fi
  fail "the server did not start"
done
[ -n "$port" ] || fail "found no free port on 127.0.0.1 in 5 attempts"

password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
"${run_as[@]}" "$psql" -X -q -v ON_ERROR_STOP=1 -h "$dir" -p "$port" -U postgres -d postgres >&2 <<SQL || fail "creating the test database and role failed"
CREATE ROLE querent LOGIN CREATEDB PASSWORD '$password';
CREATE DATABASE querent_test OWNER querent ENCODING 'UTF8' TEMPLATE template0;
SQL

# The stop script asks pg_ctl to stop this data directory's server; if that
# fails it signals the pid from the server's own pid file, checked against
# its command line first (a stale pid may belong to another process).
cat >"$dir/stop.sh" <<STOP
#!/usr/bin/env bash
dir='$dir'
if [ -f "\$dir/data/postmaster.pid" ]; then
  $run_as_text'$bin/pg_ctl' -D "\$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 || {
    pid=\$(head -n 1 "\$dir/data/postmaster.pid" 2>/dev/null || true)
    if [ -n "\$pid" ] && [ -r "/proc/\$pid/cmdline" ] && tr '\\0' ' ' <"/proc/\$pid/cmdline" | grep -qF -- "\$dir/data"; then
      kill -QUIT "\$pid" 2>/dev/null || true
    fi
  }
fi
rm -rf "\$dir"
STOP
chmod 755 "$dir/stop.sh"

log "$("$bin/postgres" --version) is up on 127.0.0.1:$port (data in $dir/data)"
printf 'export QUERENT_TEST_POSTGRES_DSN=%q\n' "postgres://querent:$password@127.0.0.1:$port/querent_test?sslmode=disable"
printf 'export QUERENT_TEST_POSTGRES_STOP=%q\n' "bash $dir/stop.sh"
