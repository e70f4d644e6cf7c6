"""Child processes for tests: a free loopback port and a stop that never hangs. Kept apart from
conftest so fixture modules conftest loads (localstripe) can use them without a circular import."""

import socket
import subprocess


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def stop_process(process: subprocess.Popen) -> int | None:
    """SIGTERM, then SIGKILL after 30 s; answers the exit status (None when killed)."""
    process.terminate()
    try:
        return process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return None
