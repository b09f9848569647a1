#!/bin/bash
# Runs a test program (TAP) inside a throwaway PostgreSQL cluster of its own: Debian's
# pg_virtualenv (postgresql-common) makes it, sets PGHOST, PGPORT, PGUSER, PGPASSWORD,
# PGDATABASE and PGVERSION, runs the program and drops the cluster. No two tests share a server,
# since a test may stop its own (pg_ctlcluster "$PGVERSION" regress stop).
#
#   tests/pg/in_cluster.sh PROGRAM [ARGS...]
#
# TC_PG_SETTINGS, when set, holds settings for the cluster's postgresql.conf, space-separated
# (pg_virtualenv -o each): a bench of 100 players' connections sets "max_connections=300".
#
# Without PostgreSQL the program does not run: the test is skipped, with the reason.
set -u

skip() {
	echo "1..0 # SKIP $*"
	exit 0
}
command -v pg_virtualenv >/dev/null 2>&1 ||
	skip "no pg_virtualenv (install postgresql: apt-get install postgresql)"
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 ||
	skip "no PostgreSQL server (install postgresql: apt-get install postgresql)"
command -v flock >/dev/null 2>&1 || skip "no flock (util-linux)"

# pg_virtualenv takes 5432 and up, and clusters starting at once take the same port (or, as
# root without -t, the same /etc/postgresql/VERSION/regress): each run takes a port of its own,
# held by a lock while its cluster lives, and a temporary cluster folder (-t) even as root.
locks=${TMPDIR:-/tmp}/tilecade-pg-ports
mkdir -p "$locks" 2>/dev/null
port=54320
while :; do
	port=$((port + 1))
	[ $port -lt 54420 ] || skip "no free port for a test cluster in 54321-54419"
	exec 9>"$locks/$port" || continue
	flock -n 9 || continue
	# Free, unless something else (not a test of ours) listens there.
	(exec 8<>/dev/tcp/127.0.0.1/$port) 2>/dev/null && continue
	break
done 2>/dev/null

# pg_virtualenv writes its own lines (and the cluster's log when the program fails) on standard
# output: they go to standard error, the program's TAP to standard output (fd 3).
settings=()
for setting in ${TC_PG_SETTINGS:-}; do
	settings+=(-o "$setting")
done
exec 3>&1
PGPORT=$port TC_TEST_DB=postgresql:// pg_virtualenv -t "${settings[@]}" sh -c 'exec "$@" >&3 3>&-' sh "$@" >&2
