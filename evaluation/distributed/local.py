"""A one-node Ray cluster for one run (`--backend ray` with RAY_ADDRESS unset): `ray start --head` on loopback in a
process group of its own, with its own temporary folder and free ports, no dashboard, a small object store.

The driver's watchdog (agent/watchdog.py) holds the group and the folder from the start, so the cluster goes even
when the driver is SIGKILLed; `stop()` ends it at the end of a run. Nothing else on the machine is touched (not
`ray stop`, which stops every Ray cluster of the user).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import MutableMapping
from pathlib import Path

OBJECT_STORE_BYTES = 128 * 1024 * 1024  # results and frames pass through it, one attempt at a time
# What a run's cluster does without, each a process or work that costs CPU and serves nobody here: the log
# monitor (the driver connects with log_to_driver=False), workers started ahead of need (the actors run in the
# run's runtime environment, so Ray starts workers of their own for them anyway) and metrics collection.
QUIET_NODE_FLAGS = ("--include-log-monitor=false",)
# ...and on the head: the autoscaler's monitor (a cluster of fixed nodes) and the same system settings for all
QUIET_HEAD_FLAGS = (
    *QUIET_NODE_FLAGS,
    "--no-monitor",
    '--system-config={"enable_worker_prestart": false, "prestart_worker_first_driver": false, '
    '"enable_metrics_collection": false}',
)
START_TIMEOUT_S = 180.0


class LocalClusterError(RuntimeError):
    pass


def free_ports(count: int) -> list[int]:
    """`count` distinct free ports (all held open while they are picked: one by one, a port closed may be
    handed out again, and Ray refuses a port given to two of its components)."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for s in sockets:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


class LocalCluster:
    def __init__(self, cpus: int):
        self.cpus = cpus
        self.pgid: int | None = None
        self.temp: Path | None = None
        self.address: str | None = None
        # the cluster's own token: Ray 2.60 asks for one, and ~/.ray/auth_token (the user's, for their own
        # clusters) is neither required nor touched; the driver connects with the same one
        self.token = secrets.token_hex(32)

    def use_token(self, env: MutableMapping[str, str]) -> None:
        """Set in `env` (a dict, or os.environ for the driver) this cluster's token as the one Ray uses."""
        env.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=self.token)
        env.pop("RAY_AUTH_TOKEN_PATH", None)

    def start(self) -> str:
        from agent.watchdog import watchdog

        ray_bin = shutil.which(
            "ray", path=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
        )
        if ray_bin is None:
            raise LocalClusterError("the `ray` command is not installed next to this Python (make install)")
        # short: Ray's unix sockets live in it (108 bytes at most)
        self.temp = Path(tempfile.mkdtemp(prefix="vwa-ray-", dir="/tmp" if Path("/tmp").is_dir() else None))
        watchdog().guard_path(self.temp)
        flags = (
            "ray-client-server-port",
            "dashboard-agent-listen-port",
            "dashboard-agent-grpc-port",
            "metrics-export-port",
            "runtime-env-agent-port",
            "node-manager-port",
            "object-manager-port",
        )
        port, *ports = free_ports(1 + len(flags))
        cmd = [
            ray_bin,
            "start",
            "--head",
            "--node-ip-address=127.0.0.1",
            f"--port={port}",
            f"--num-cpus={self.cpus}",
            "--num-gpus=0",
            "--include-dashboard=false",
            f"--object-store-memory={OBJECT_STORE_BYTES}",
            f"--temp-dir={self.temp}",
            "--disable-usage-stats",
            "--min-worker-port=0",
            "--max-worker-port=0",
            *QUIET_HEAD_FLAGS,
        ]
        cmd += [f"--{flag}={p}" for flag, p in zip(flags, ports, strict=True)]
        # without it Ray swaps 127.0.0.1 for the machine's outward address
        env = {**os.environ, "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}
        self.use_token(env)
        proc = subprocess.Popen(
            cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
        )
        self.pgid = proc.pid  # every process of the cluster stays in this group
        watchdog().guard_group(self.pgid)
        try:
            out, _ = proc.communicate(timeout=START_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self.stop()
            raise LocalClusterError(f"`ray start --head` did not finish within {START_TIMEOUT_S:.0f} s") from None
        if proc.returncode != 0:
            self.stop()
            tail = " ".join(out.strip().splitlines()[-3:])
            raise LocalClusterError(f"`ray start --head` failed (exit code {proc.returncode}): {tail}")
        self.address = f"127.0.0.1:{port}"
        return self.address

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM the cluster's group, SIGKILL what is left after `timeout`, remove its folder."""
        from agent.watchdog import watchdog

        if self.pgid is not None:
            for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(self.pgid, sig)
                except ProcessLookupError:
                    break
                deadline = time.monotonic() + wait
                tick = threading.Event()
                while _group_alive(self.pgid) and time.monotonic() < deadline:
                    tick.wait(0.1)
                if not _group_alive(self.pgid):
                    break
            watchdog().release_group(self.pgid)
            self.pgid = None
        if self.temp is not None:
            shutil.rmtree(self.temp, ignore_errors=True)
            watchdog().release_path(self.temp)
            self.temp = None
