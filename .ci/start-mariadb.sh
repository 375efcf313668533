#!/usr/bin/env bash
# Start a throwaway MariaDB server for querent's live MySQL/MariaDB tests.
#
# Usage (as root, on Debian bookworm; no systemd needed):
#
#   eval "$(bash .ci/start-mariadb.sh)"
#   go test ./internal/database/mysql/
#   eval "$QUERENT_TEST_MYSQL_STOP"
#
# It installs mariadb-server with apt when no server binary is present
# (without letting the package start its own service), creates a data
# directory in a new temporary directory, starts mariadbd there bound to
# 127.0.0.1 on a free port with its own socket and pid file, creates the
# database querent_test and a user with a random password and all
# privileges on it, and prints two lines for the caller to eval:
#
#   export QUERENT_TEST_MYSQL_DSN=mysql://querent:PASSWORD@127.0.0.1:PORT/querent_test
#   export QUERENT_TEST_MYSQL_STOP='sh /tmp/querent-mariadb.XXXX/stop.sh'
#
# The server is for tests only, so it trades durability for speed: InnoDB
# writes its log at each commit but syncs it once a second (a crash of the
# machine may lose the last second; the data is thrown away anyway).
#
# The stop command stops exactly that server (by the pid in its own pid
# file, checked against its data directory) and removes the temporary
# directory. Only those lines go to stdout; progress and errors go to
# stderr.
#
# Idempotent: when QUERENT_TEST_MYSQL_DSN is already set and a server
# answers on it, nothing is started and the current values are printed
# again.
set -euo pipefail

log() { printf 'start-mariadb: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

# Root installs the package, runs the server as the mysql user, and is the
# account the server's own root login (by unix socket) accepts.
[ "$(id -u)" = 0 ] || die "run as root: it installs mariadb-server and starts mariadbd as the mysql user"

# find_bin prints the first of the named programs on PATH or in /usr/sbin.
find_bin() {
  local b
  for b in "$@"; do
    if command -v "$b" >/dev/null 2>&1; then command -v "$b"; return 0; fi
    if [ -x "/usr/sbin/$b" ]; then echo "/usr/sbin/$b"; return 0; fi
  done
  return 1
}

# dsn_part splits mysql://user:pass@host:port/db into the named part.
dsn_part() {
  local dsn=${1#*://} part=$2 userinfo hostport
  userinfo=${dsn%@*}
  hostport=${dsn##*@}
  case $part in
    user) echo "${userinfo%%:*}" ;;
    pass) echo "${userinfo#*:}" ;;
    host) hostport=${hostport%%/*}; echo "${hostport%:*}" ;;
    port) hostport=${hostport%%/*}; echo "${hostport##*:}" ;;
    db) echo "${hostport#*/}" | cut -d'?' -f1 ;;
  esac
}

client=$(find_bin mariadb mysql || true)

# Reuse a server that is already up for this shell.
if [ -n "${QUERENT_TEST_MYSQL_DSN:-}" ] && [ -n "$client" ]; then
  d=$QUERENT_TEST_MYSQL_DSN
  if MYSQL_PWD=$(dsn_part "$d" pass) "$client" --protocol=TCP -h "$(dsn_part "$d" host)" -P "$(dsn_part "$d" port)" \
      -u "$(dsn_part "$d" user)" -e 'SELECT 1' "$(dsn_part "$d" db)" >/dev/null 2>&1; then
    log "a server already answers on QUERENT_TEST_MYSQL_DSN; reusing it"
    printf 'export QUERENT_TEST_MYSQL_DSN=%q\n' "$QUERENT_TEST_MYSQL_DSN"
    printf 'export QUERENT_TEST_MYSQL_STOP=%q\n' "${QUERENT_TEST_MYSQL_STOP:-true}"
    exit 0
  fi
fi

server=$(find_bin mariadbd mysqld || true)
if [ -z "$server" ] || [ -z "$client" ] || ! find_bin mariadb-install-db mysql_install_db >/dev/null; then
  log "installing mariadb-server with apt-get"
  # Debian's maintainer scripts start the packaged service through
  # invoke-rc.d unless policy-rc.d says no (exit 101): without systemd that
  # would be a second server on port 3306 with the system data directory.
  made_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d
    chmod 755 /usr/sbin/policy-rc.d
    made_policy=1
  fi
  cleanup_policy() { if [ -n "$made_policy" ]; then rm -f /usr/sbin/policy-rc.d; fi; }
  trap cleanup_policy EXIT
  export DEBIAN_FRONTEND=noninteractive
  apt-get update >&2
  apt-get install -y --no-install-recommends mariadb-server mariadb-client >&2
  cleanup_policy
  trap - EXIT
  server=$(find_bin mariadbd mysqld) || die "mariadb-server installed but no mariadbd or mysqld binary was found"
  client=$(find_bin mariadb mysql) || die "mariadb-server installed but no mariadb client was found"
fi
install_db=$(find_bin mariadb-install-db mysql_install_db) || die "no mariadb-install-db found: install mariadb-server"

dir=$(mktemp -d "${TMPDIR:-/tmp}/querent-mariadb.XXXXXX")
# mktemp's directory is private to its creator; the server must be able to
# reach its own files when it runs as the mysql user.
chmod 755 "$dir"
id mysql >/dev/null 2>&1 || die "there is no mysql user to run the server as (it comes with mariadb-server)"

# fail reports the server log and removes what was made so far.
fail() {
  log "$*"
  if [ -f "$dir/error.log" ]; then tail -n 30 "$dir/error.log" >&2; fi
  if [ -f "$dir/mariadbd.pid" ]; then kill "$(cat "$dir/mariadbd.pid")" 2>/dev/null || true; fi
  if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$dir"
  exit 1
}

log "creating a data directory in $dir"
# The server's root account authenticates by unix socket (only the OS root
# user can use it, through the socket in $dir); no test database.
"$install_db" --user=mysql --datadir="$dir/data" --auth-root-authentication-method=socket \
  --skip-test-db --skip-name-resolve >"$dir/install.log" 2>&1 || {
    cat "$dir/install.log" >&2
    fail "mariadb-install-db failed"
  }
chown -R mysql:mysql "$dir"

# port_free reports whether nothing listens on 127.0.0.1:$1.
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pid=
for attempt in 1 2 3 4 5; do
  port=$((20000 + RANDOM % 40000))
  port_free "$port" || continue
  log "starting $server on 127.0.0.1:$port (attempt $attempt)"
  # setsid: the server must outlive this script and not get the caller's
  # terminal signals (a Ctrl-C in the shell that evals the output).
  setsid "$server" --no-defaults --user=mysql --datadir="$dir/data" --socket="$dir/mariadbd.sock" \
    --pid-file="$dir/mariadbd.pid" --log-error="$dir/error.log" --bind-address=127.0.0.1 --port="$port" \
    --skip-name-resolve --skip-log-bin --innodb-buffer-pool-size=128M --max-connections=200 \
    --innodb-flush-log-at-trx-commit=2 \
    >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do
    if ! kill -0 "$pid" 2>/dev/null; then break; fi
    if "$client" --no-defaults --protocol=SOCKET --socket="$dir/mariadbd.sock" -u root -e 'SELECT 1' >/dev/null 2>&1; then
      break
    fi
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null && "$client" --no-defaults --protocol=SOCKET --socket="$dir/mariadbd.sock" -u root -e 'SELECT 1' >/dev/null 2>&1; then
    break
  fi
  if kill -0 "$pid" 2>/dev/null; then fail "the server did not accept connections within 60 seconds"; fi
  wait "$pid" 2>/dev/null || true
  # A port taken between the check and the bind: try another.
  if grep -q "Address already in use" "$dir/error.log" 2>/dev/null; then pid=; continue; fi
  fail "the server exited while starting"
done
[ -n "$pid" ] || fail "found no free port on 127.0.0.1 in 5 attempts"

password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
"$client" --no-defaults --protocol=SOCKET --socket="$dir/mariadbd.sock" -u root >&2 <<SQL || fail "creating the test database and user failed"
CREATE DATABASE querent_test CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci;
CREATE USER 'querent'@'%' IDENTIFIED BY '$password';
GRANT ALL PRIVILEGES ON querent_test.* TO 'querent'@'%';
SQL

# The stop script checks that the pid is still this server (its command line
# names this data directory) before signalling it: a stale pid may belong to
# another process by now. SIGTERM makes mariadbd shut down cleanly.
cat >"$dir/stop.sh" <<STOP
#!/bin/sh
dir='$dir'
pid=\$(cat "\$dir/mariadbd.pid" 2>/dev/null || echo $pid)
if [ -r "/proc/\$pid/cmdline" ] && tr '\\0' ' ' <"/proc/\$pid/cmdline" | grep -qF -- "--datadir=\$dir/data"; then
  kill "\$pid"
  i=0
  while kill -0 "\$pid" 2>/dev/null && [ \$i -lt 300 ]; do sleep 0.1; i=\$((i + 1)); done
  if kill -0 "\$pid" 2>/dev/null; then kill -9 "\$pid"; fi
fi
rm -rf "\$dir"
STOP
chmod 755 "$dir/stop.sh"

log "MariaDB $("$client" --no-defaults --protocol=SOCKET --socket="$dir/mariadbd.sock" -u root -N -e 'SELECT VERSION()') is up (pid $pid)"
printf 'export QUERENT_TEST_MYSQL_DSN=%q\n' "mysql://querent:$password@127.0.0.1:$port/querent_test"
printf 'export QUERENT_TEST_MYSQL_STOP=%q\n' "sh $dir/stop.sh"
