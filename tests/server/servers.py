"""Real servers for the game server's tests and benchmark: PostgreSQL, Redis and ``python -m nardy_server``
processes, each on a free loopback port of its own, started here and stopped here (also on failure).

PostgreSQL refuses to run as root: as root its data folder belongs to the
``postgres`` user and its programs run through ``runuser`` (PITFALLS.md). Both
come from Debian (``scripts/setup --servers``, which ``scripts/test`` runs).
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, seconds: float = 30, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the process ended with {process.returncode} before port {port} opened")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {seconds} s")


def _missing(what: str) -> RuntimeError:
    return RuntimeError(f"{what} is not installed: run scripts/setup --servers (scripts/test does)")


class Postgres:
    """A PostgreSQL cluster of its own in a temporary folder; ``url`` names a fresh database in it."""

    def __init__(self):
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
        if not found:
            raise _missing("PostgreSQL")
        self.bin = Path(found[-1]).parent
        self.root = os.geteuid() == 0
        self.folder = Path(tempfile.mkdtemp(prefix="nardy-pg-"))
        self.folder.chmod(0o755)
        self.data = self.folder / "data"
        self.port = free_port()
        self.databases = 0
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8",
                  make=self.data)
        self._run("pg_ctl", "-D", str(self.data), "-w", "-t", "60", "-l", str(self.data / "log"), "-o",
                  f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200",
                  "start")

    def _run(self, program: str, *args: str, make: Path | None = None) -> None:
        command = [str(self.bin / program), *args]
        if self.root:
            if make is not None:
                make.mkdir()
                shutil.chown(make, "postgres", "postgres")
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def new_database(self) -> str:
        """The address of a new, empty database."""
        self.databases += 1
        name = f"nardy{self.databases}"
        subprocess.run([str(self.bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q",
                        "-c", f"CREATE DATABASE {name}"], check=True, stdout=subprocess.DEVNULL, timeout=60)
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    def __init__(self):
        program = shutil.which("redis-server")
        if program is None:
            raise _missing("Redis")
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="nardy-redis-"))
        self.process = subprocess.Popen([program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(self.folder)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port, 30, self.process)
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(10)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class ServerProcess:
    """``python -m nardy_server`` on a port of its own (kept across a kill and a start again)."""

    def __init__(self, site: Path, env: dict, port: int | None = None):
        self.site, self.port = site, port or free_port()
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen | None = None
        self.log = Path(tempfile.mkstemp(prefix="nardy-server-", suffix=".log")[1])

    def start(self) -> ServerProcess:
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([PYTHON, "-m", "nardy_server", "--port", str(self.port), "--site",
                                             str(self.site), "--quiet"], cwd=ROOT, env=self.env, stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"nardy_server ended with {self.process.returncode}:\n{self.output()[-3000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "api/server", timeout=2):
                return self
            if time.monotonic() > deadline:
                raise TimeoutError(f"nardy_server did not answer:\n{self.output()[-3000:]}")
            time.sleep(0.05)

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()

    def cpu_seconds(self) -> float:
        """User and system CPU time the process has used so far (Linux /proc)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_bytes(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0
