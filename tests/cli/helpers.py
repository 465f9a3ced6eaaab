"""Drive the real ``oneiros`` command in a subprocess with piped, scripted answers."""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def default_sigint() -> None:
    """For ``preexec_fn``: Ctrl-C as a fresh shell would deliver it, whatever the test
    process's own state (a signal ignored or blocked in the parent stays so in its children,
    and Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def cli_env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": f"{ROOT / 'src'}{os.pathsep}{ROOT}",  # this checkout first
        "COLUMNS": "100",
        "NO_COLOR": "1",
        "TERM": "dumb",
        "HOME": os.environ.get("HOME", "/tmp"),
    }


def oneiros(
    cwd: Path, *args: str, answers: list[str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``oneiros ARGS`` run in ``cwd`` with each answer typed on its own line.

    The run is a fork of a process that imported the command once (``tests/cli/zygote.py``):
    the same ``main()`` in its own process and session, with the same environment and files,
    without importing everything again. Where that process cannot be had, a fresh
    ``python -m tests.cli.oneiros_cli`` runs instead."""
    stdin = "".join(a + "\n" for a in answers or [])
    argv = [sys.executable, "-m", "tests.cli.oneiros_cli", *args]
    forked = _ZYGOTE.run(cwd, list(args), stdin, timeout)
    if forked is not None:
        code, out, err = forked
        return subprocess.CompletedProcess(argv, code, out, err)
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        cwd=cwd, env=cli_env(), start_new_session=True,
    )  # fmt: skip
    try:
        out, err = proc.communicate(stdin, timeout=timeout)
    finally:
        if proc.poll() is None:  # timed out or interrupted: end its whole process group
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err)


class _Zygote:
    """The client of ``tests/cli/zygote.py``: started on first use, one per test process."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.path = ""
        self.failed = os.environ.get("ONEIROS_TEST_ZYGOTE") == "off"

    def _start(self) -> bool:
        if self.failed:
            return False
        if self.proc is not None and self.proc.poll() is None:
            return True
        folder = tempfile.mkdtemp(prefix="oneiros-zygote-")
        self.path = os.path.join(folder, "socket")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.cli.zygote", self.path],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True,
            cwd=ROOT, env=cli_env(), start_new_session=True,
        )  # fmt: skip
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != "ready":  # it failed to start: fresh runs
            self.proc.kill()
            self.proc.wait(10)
            self.failed = True
            return False
        atexit.register(self.stop)
        return True

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        with contextlib.suppress(OSError):
            shutil.rmtree(os.path.dirname(self.path))

    def run(
        self, cwd: Path, args: list[str], stdin: str, timeout: float
    ) -> tuple[int, str, str] | None:
        """(exit status, stdout, stderr) of one forked run; None if no fork could be had."""
        if not self._start():
            return None
        with contextlib.ExitStack() as stack:
            files = [stack.enter_context(tempfile.TemporaryFile("w+b")) for _ in range(3)]
            files[0].write(stdin.encode("utf-8"))
            files[0].seek(0)
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
                conn.connect(self.path)
                request = json.dumps({"args": args, "cwd": str(cwd)}).encode("utf-8")
                socket.send_fds(conn, [request], [f.fileno() for f in files])
                code = self._wait(conn, timeout)
            out, err = (self._read(f) for f in files[1:])
            return code, out, err

    def spawn(self, cwd: Path, module: str, args: list[str], stderr: int) -> Forked | None:
        """``python -m MODULE ARGS`` as a fork, running until it ends or is killed (stdin
        and stdout on /dev/null, stderr on the descriptor ``stderr``); None if no fork
        could be had."""
        if not self._start():
            return None
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(self.path)
            request = json.dumps({"args": args, "cwd": str(cwd), "module": module})
            with open(os.devnull, "r+b") as null:
                fds = [null.fileno(), null.fileno(), stderr]
                socket.send_fds(conn, [request.encode("utf-8")], fds)
            conn.settimeout(30)
            line = b""
            while not line.endswith(b"\n"):
                chunk = conn.recv(1)
                if not chunk:
                    raise OSError("the fork ended before it started")
                line += chunk
            kind, _, pid = line.decode().strip().partition(" ")
            assert kind == "pid", line
        except BaseException:
            conn.close()
            raise
        return Forked(int(pid), conn)

    @staticmethod
    def _wait(conn: socket.socket, timeout: float) -> int:
        """The run's exit status: ``-SIGKILL`` when it had to be killed or died."""
        conn.settimeout(timeout)
        pid, received = 0, b""
        try:
            while True:
                chunk = conn.recv(64)
                if not chunk:
                    return -signal.SIGKILL
                received += chunk
                for line in received.decode().splitlines():
                    kind, _, value = line.partition(" ")
                    if kind == "pid":
                        pid = int(value)
                    elif kind == "exit" and line + "\n" in received.decode():
                        return int(value)
        except TimeoutError:
            if pid:  # end its whole session, as a timed-out subprocess is ended
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGKILL)
            raise subprocess.TimeoutExpired(["oneiros"], timeout) from None

    @staticmethod
    def _read(file: Any) -> str:
        file.seek(0)
        text: str = file.read().decode("utf-8", errors="replace")
        return text.replace("\r\n", "\n").replace("\r", "\n")  # as text=True reads


class Forked:
    """A process forked by the zygote: what ``subprocess.Popen`` offers of it (its pid,
    ``poll``, ``wait``), read from the zygote's answer on the connection (``exit N``, or
    the connection closed when it was killed)."""

    def __init__(self, pid: int, conn: socket.socket) -> None:
        self.pid = pid
        self.conn = conn
        self.returncode: int | None = None
        self._received = b""

    def _read(self, timeout: float | None) -> None:
        if self.returncode is not None:
            return
        self.conn.settimeout(timeout)
        try:
            chunk = self.conn.recv(64)
        except (BlockingIOError, TimeoutError):
            return
        if not chunk:
            self.returncode = -signal.SIGKILL
        self._received += chunk
        for line in self._received.decode().splitlines(keepends=True):
            kind, _, value = line.partition(" ")
            if kind == "exit" and line.endswith("\n"):
                self.returncode = int(value)
        if self.returncode is not None:
            self.conn.close()

    def poll(self) -> int | None:
        self._read(0)
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        end = None if timeout is None else time.monotonic() + timeout
        while self.returncode is None:
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(["fork", str(self.pid)], timeout or 0)
            self._read(left)
        return self.returncode


_ZYGOTE = _Zygote()


def ok(result: subprocess.CompletedProcess[str]) -> str:
    """The output of a run that ended well, with no traceback anywhere."""
    out = result.stdout + result.stderr
    assert "Traceback" not in out, out
    assert result.returncode == 0, out
    return result.stdout


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    """The single error line of a run that failed cleanly."""
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def after(text: str, marker: str) -> str:
    """The part of ``text`` after the last ``marker`` (which must be there)."""
    assert marker in text, text
    return text.rsplit(marker, 1)[1]
