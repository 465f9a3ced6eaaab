"""A process that has imported the ``oneiros`` command once and forks a copy of itself for
each run the tests ask for (``tests.cli.helpers.oneiros``).

Started as ``python -m tests.cli.zygote SOCKET`` with the environment the command runs in
(``tests.cli.helpers.cli_env``). Each request on the Unix socket carries the arguments, the
working directory and three open files (stdin, stdout, stderr); the forked copy starts a
new session, moves to the directory, puts the files on descriptors 0, 1 and 2 and runs the
command's ``main()`` exactly as ``python -m tests.cli.oneiros_cli ARGS`` would (the test
games registered, the terminal's ``pebbles`` without its rule texts), then answers with its
exit status. A request naming a ``module`` runs it as ``python -m MODULE ARGS`` would: the
web table tests' server (``tests.server.run_server``, ``tests.server.helpers.ServerProcess``)
starts that way, its modules and content packs imported already. A fresh interpreter would only import the same modules again: about half a
second of CPU per run, and the test suite runs the command a few hundred times.

Protocol (one connection per run): the client sends one JSON line with the three file
descriptors attached; the server answers ``pid N`` and, when the command has ended,
``exit N``. A connection closed without ``exit`` means the run was killed.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import random
import runpy
import signal
import socket
import sys
import traceback
from pathlib import Path

CLI = Path(__file__).resolve().with_name("oneiros_cli.py")
"""What ``sys.argv[0]`` is in a run of ``python -m tests.cli.oneiros_cli``."""


def _preload() -> None:
    """Import what the command and the test server import for every game, once."""
    import importlib
    import pkgutil

    import oneiros
    import oneiros.cli
    import oneiros.games
    from oneiros.core import register
    from tests.cli import oneiros_cli

    for package in (oneiros.cli, oneiros.games):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".kernel" in module.name or ".locale" in module.name:
                continue  # the compiled playout kernel is loaded on demand, as in a fresh run
            importlib.import_module(module.name)
    for info in oneiros.games():
        oneiros.make(info.name)  # content packs loaded and checked once
    # as ``python -m tests.cli.oneiros_cli`` does in its own process
    register("pebbles", oneiros_cli.Unexplained)
    with contextlib.suppress(ImportError):  # the web extra: the test server's modules too
        import uvicorn  # noqa: F401

        import tests.server.run_server  # noqa: F401


def _exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1


def _run(args: list[str], cwd: str, module: str | None = None) -> int:
    os.setsid()
    os.chdir(cwd)
    random.seed()  # a fresh process's random state, not the one every copy inherits
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    try:
        if module is None:
            from oneiros.cli.main import main

            sys.argv = [str(CLI), *args]
            main()
        else:  # as ``python -m MODULE ARGS`` (the test server: tests.server.run_server)
            sys.argv = [module, *args]
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        code = 0
    except SystemExit as exc:
        code = _exit_code(exc)
    except KeyboardInterrupt:
        code = 128 + signal.SIGINT
    except BaseException:
        traceback.print_exc()
        code = 1
    try:
        atexit._run_exitfuncs()
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
    return code


def _serve(path: str) -> None:
    _preload()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the copies are reaped by the system
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(16)
    listener.settimeout(5)
    parent = os.getppid()
    print("ready", flush=True)
    while True:
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            if os.getppid() != parent:  # the test process is gone: so is the need for copies
                return
            continue
        conn.settimeout(None)
        try:
            message, fds, _, _ = socket.recv_fds(conn, 1 << 16, 3)
            request = json.loads(message)
        except (OSError, ValueError):
            conn.close()
            continue
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the copy that runs the command
            listener.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for target, fd in enumerate(fds):
                os.dup2(fd, target)
                os.close(fd)
            code = 1
            try:
                conn.sendall(f"pid {os.getpid()}\n".encode())
                code = _run(request["args"], request["cwd"], request.get("module"))
            finally:
                try:
                    conn.sendall(f"exit {code}\n".encode())
                finally:
                    os._exit(code)
        for fd in fds:
            os.close(fd)
        conn.close()


if __name__ == "__main__":
    _serve(sys.argv[1])
