#!/usr/bin/env python3
"""A throwaway PostgreSQL 15 cluster for tests and benchmarks.

As a module:

    from pg_scratch import ScratchPostgres
    with ScratchPostgres() as pg:
        print(pg.url)          # postgres://flowrun@127.0.0.1:PORT/flowrun
        pg.psql("SELECT 1")
        pg.stop(); pg.start()  # a database outage and its end

As a command, `python3 scripts/pg_scratch.py [--durable]` prints the URL and keeps the cluster until Ctrl-C.

The cluster lives in a temporary folder (trust authentication, listening on 127.0.0.1 only; no fsync unless
durable, as for a benchmark that should pay for commits as production does) and is
stopped and removed on exit, also after an error or Ctrl-C. PostgreSQL refuses to run as root, so as root every
PostgreSQL program runs as the `postgres` user (`runuser`). Needs Debian's PostgreSQL 15
(`apt-get install postgresql`).
"""

import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

PG_BIN = "/usr/lib/postgresql/15/bin"
USER = "flowrun"
DATABASE = "flowrun"


class ScratchError(Exception):
    """The cluster could not be created or started."""


class NotInstalled(ScratchError):
    """PostgreSQL 15 is not installed."""


def pg_installed():
    """Whether Debian's PostgreSQL 15 programs are present."""
    return all(os.access(os.path.join(PG_BIN, name), os.X_OK)
               for name in ("initdb", "postgres", "pg_ctl", "pg_isready", "createdb", "psql"))


def free_port():
    """A TCP port on 127.0.0.1 that is free right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_as_owner():
    """The command prefix that runs a PostgreSQL program, and the uid/gid owning the cluster (None: ours)."""
    if os.geteuid() != 0:
        return [], None
    try:
        entry = pwd.getpwnam("postgres")
    except KeyError:
        raise ScratchError("running as root and there is no `postgres` user to run PostgreSQL as "
                           "(apt-get install postgresql creates it)") from None
    return ["runuser", "-u", "postgres", "--"], (entry.pw_uid, entry.pw_gid)


class ScratchPostgres:
    """A PostgreSQL cluster in a temporary folder, removed when the context ends."""

    def __init__(self, port=None, durable=False):
        if not pg_installed():
            raise NotInstalled(f"PostgreSQL 15 is not installed (no {PG_BIN}); apt-get install postgresql")
        self.prefix, self.owner = run_as_owner()
        self.port = port or free_port()
        self.durable = durable
        self.dir = None
        self.server = None
        self.log = None

    @property
    def url(self):
        """The database URL for `flowrun serve --database`."""
        return f"postgres://{USER}@127.0.0.1:{self.port}/{DATABASE}"

    @property
    def data(self):
        return os.path.join(self.dir, "data")

    def __enter__(self):
        try:
            self.create()
            self.start()
            self.run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, DATABASE)
        except BaseException:
            self.cleanup()
            raise
        return self

    def __exit__(self, *exc):
        self.cleanup()
        return False

    def run(self, program, *args, check=True, input=None, timeout=60):
        """Run a PostgreSQL program (as `postgres` when we are root); return its completed process."""
        command = self.prefix + [os.path.join(PG_BIN, program), *args]
        result = subprocess.run(command, input=input, capture_output=True, text=True, timeout=timeout,
                                cwd=self.dir or "/")
        if check and result.returncode != 0:
            raise ScratchError(f"{program} failed ({result.returncode}): {result.stderr.strip()}")
        return result

    def create(self):
        """Make the folder and initialise the cluster."""
        self.dir = tempfile.mkdtemp(prefix="pg-scratch-")
        os.chmod(self.dir, 0o700)
        if self.owner:
            os.chown(self.dir, *self.owner)
        self.run("initdb", "-D", self.data, "-A", "trust", "-U", USER, "-E", "UTF8", "--no-sync")

    def start(self, timeout=30):
        """Start the server as a child process and wait until it accepts connections."""
        if self.server and self.server.poll() is None:
            return
        self.log = open(os.path.join(self.dir, "server.log"), "ab")
        command = self.prefix + [os.path.join(PG_BIN, "postgres"), "-D", self.data, "-p", str(self.port),
                                 "-k", self.dir, "-c", "listen_addresses=127.0.0.1"]
        if not self.durable:
            command += ["-c", "fsync=off"]
        self.server = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, cwd=self.dir,
                                       start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.server.poll() is not None:
                raise ScratchError(f"postgres exited ({self.server.returncode}); see {self.dir}/server.log:\n"
                                   + self.log_tail())
            ready = self.run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, check=False)
            if ready.returncode == 0:
                return
            time.sleep(0.1)
        raise ScratchError(f"postgres did not become ready in {timeout} s:\n" + self.log_tail())

    def stop(self):
        """Stop the server (fast shutdown: open connections are closed)."""
        if not self.server or self.server.poll() is not None:
            return
        self.run("pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop", check=False)
        try:
            self.server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.server.kill()
            self.server.wait()
        if self.log:
            self.log.close()
            self.log = None

    def psql(self, sql):
        """Run SQL through psql (unaligned, tuples only); return its output, raise on an error."""
        result = self.run("psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", USER, "-d", DATABASE,
                          "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql)
        return result.stdout

    def log_tail(self, lines=20):
        """The last lines of the server log."""
        try:
            with open(os.path.join(self.dir, "server.log"), errors="replace") as handle:
                return "".join(handle.readlines()[-lines:])
        except OSError:
            return ""

    def cleanup(self):
        """Stop the server and remove the folder."""
        try:
            self.stop()
        finally:
            if self.server and self.server.poll() is None:
                self.server.kill()
                self.server.wait()
            if self.dir:
                shutil.rmtree(self.dir, ignore_errors=True)
                self.dir = None


def interrupt_on_signals():
    """Make SIGTERM, and SIGINT even when inherited as ignored, raise KeyboardInterrupt, so cleanup runs."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def main():
    """Print the URL and keep the cluster until Ctrl-C (or SIGTERM)."""
    if any(argument not in ("--durable",) for argument in sys.argv[1:]):
        print("usage: pg_scratch.py [--durable]", file=sys.stderr)
        return 2
    interrupt_on_signals()
    try:
        with ScratchPostgres(durable="--durable" in sys.argv[1:]) as pg:
            print(pg.url, flush=True)
            print(f"pg_scratch: cluster in {pg.dir}; Ctrl-C stops and removes it", file=sys.stderr)
            while pg.server.poll() is None:
                time.sleep(0.5)
            print("pg_scratch: postgres exited", file=sys.stderr)
            return 1
    except ScratchError as error:
        print(f"pg_scratch: {error}", file=sys.stderr)
        return 2 if isinstance(error, NotInstalled) else 1
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
