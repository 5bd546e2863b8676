"""`python -m sites up/status/reset/doctor/down` as `make` runs them, on free ports in temp folders."""

from __future__ import annotations

import os
import socket
import urllib.request

from sites.arena import check_health
from tests.commands import run_module
from tests.sites.conftest import RESET_TOKEN, TEST_LISTINGS, TEST_SEED


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _run(args, env, timeout=180):
    return run_module("sites", *args, env=env, timeout=timeout)


def test_up_status_reset_down(tmp_path, dataset):
    ports = {
        "classifieds": _free_port(),
        "homepage": _free_port(),
        "wikipedia": _free_port(),
        "shopping": _free_port(),
        "reddit": _free_port(),
    }
    env = {
        **os.environ,
        "STACK": "embedded",
        "SEED": str(TEST_SEED),
        "SCALE": str(TEST_LISTINGS),
        "DATA_DIR": str(dataset.root.parent.parent),
        "RUN_DIR": str(tmp_path / "run"),
        "RESET_TOKEN": RESET_TOKEN,
        "CLASSIFIEDS": f"http://127.0.0.1:{ports['classifieds']}",
        "HOMEPAGE": f"http://127.0.0.1:{ports['homepage']}",
        "WIKIPEDIA": f"http://127.0.0.1:{ports['wikipedia']}",
        "SHOPPING": f"http://127.0.0.1:{ports['shopping']}",
        "REDDIT": f"http://127.0.0.1:{ports['reddit']}",
    }
    up = _run(["up"], env)
    try:
        assert up.returncode == 0, up.stderr
        for name, port in ports.items():  # all five, Wikipedia's kiwix-serve included
            assert f"{name:<12} http://127.0.0.1:{port}" in up.stdout, (name, up.stdout)
        assert check_health(f"http://127.0.0.1:{ports['classifieds']}")
        home = urllib.request.urlopen(f"http://127.0.0.1:{ports['homepage']}/", timeout=10).read().decode()
        # the homepage's card of every site links it live (and the homepage itself answers)
        for name in ("classifieds", "shopping", "reddit", "wikipedia"):
            assert f'href="http://127.0.0.1:{ports[name]}" class="site-link" data-site="{name}"' in home, name
        assert home.count('class="card live"') == 4 and 'class="card off"' not in home
        again = _run(["up"], env)
        assert again.returncode == 1 and "already running" in again.stderr
        status = _run(["status"], env)
        assert status.returncode == 0
        states = {line.split()[0]: line.split(None, 2)[2] for line in status.stdout.splitlines() if line.strip()}
        assert states == {name: "up" for name in ports}, status.stdout
        reset = _run(["reset"], env)
        assert reset.returncode == 0 and "classifieds  reset in" in reset.stdout
        doctor = _run(["doctor"], env)
        assert doctor.returncode == 0, doctor.stdout
        assert f"[ok] classifieds answers at http://127.0.0.1:{ports['classifieds']}" in doctor.stdout
    finally:
        down = _run(["down"], env)
    assert down.returncode == 0 and "classifieds  stopped" in down.stdout
    assert not check_health(f"http://127.0.0.1:{ports['classifieds']}")
    # kiwix-serve (an external program) is stopped by `down` too
    assert "wikipedia    stopped" in down.stdout and not check_health(f"http://127.0.0.1:{ports['wikipedia']}", "/")
    assert not list((tmp_path / "run").glob("*.pid"))


def test_reset_against_nothing_fails_clearly(tmp_path):
    env = {**os.environ, "RUN_DIR": str(tmp_path), "CLASSIFIEDS": f"http://127.0.0.1:{_free_port()}"}
    result = _run(["reset"], env)
    assert result.returncode == 1 and "classifieds  reset FAILED" in result.stderr


def test_bad_scale_is_named(tmp_path):
    env = {**os.environ, "SCALE": "gigantic", "DATA_DIR": str(tmp_path)}
    result = _run(["data"], env)
    assert result.returncode == 2 and "error: SCALE='gigantic'" in result.stderr and "Traceback" not in result.stderr


def test_doctor_reports_a_port_taken_by_another_program(tmp_path, dataset):
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen(1)
    port = blocker.getsockname()[1]
    env = {
        **os.environ,
        "SEED": str(TEST_SEED),
        "SCALE": str(TEST_LISTINGS),
        "RUN_DIR": str(tmp_path),
        "DATA_DIR": str(dataset.root.parent.parent),
        "CLASSIFIEDS": f"http://127.0.0.1:{port}",
    }
    try:
        result = _run(["doctor"], env)
    finally:
        blocker.close()
    assert result.returncode == 1 and f"[!!] classifieds: port {port} is taken by another program" in result.stdout


def test_stale_or_garbled_pid_files_read_as_no_process(tmp_path):
    from sites.__main__ import _our_process, _read_pid

    for text in ("", "\n", "not-a-pid", "-5"):
        (tmp_path / "classifieds.pid").write_text(text)
        assert _read_pid(tmp_path / "classifieds.pid") == 0 and not _our_process(0)
    (tmp_path / "classifieds.pid").write_text(f"{os.getpid()}\n")
    assert _read_pid(tmp_path / "classifieds.pid") == os.getpid()
    assert not _our_process(os.getpid())  # pytest is not a site server
    assert _read_pid(tmp_path / "missing.pid") == 0


def test_data_generates_every_sites_data_the_zim_included(tmp_path):
    env = {**os.environ, "SCALE": "60", "DATA_DIR": str(tmp_path)}
    result = _run(["data"], env)
    assert result.returncode == 0, result.stderr
    for site in ("classifieds", "shopping", "reddit"):
        assert f"{site}: generated" in result.stdout
    assert "wikipedia: built" in result.stdout
    assert list(tmp_path.glob("wikipedia/*/wikipedia_en_all_maxi_2022-05.zim"))
    again = _run(["data"], env)
    assert "wikipedia: ZIM already present" in again.stdout and "generated" not in again.stdout
