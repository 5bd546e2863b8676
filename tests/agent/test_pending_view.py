"""An observation waits until the images in view are decoded (lazy ones too), and records what was still
missing when its budget ran out. A real HTTP server that serves its photos slowly, as a busy site does,
and a real Chromium."""

from __future__ import annotations

import io
import itertools
import threading
from http.server import BaseHTTPRequestHandler

import pytest
from PIL import Image

from agent.pending import pending_images
from devtools.local_http import send, serve
from tests.found import rgb

RED = (220, 20, 20)
_png = io.BytesIO()
Image.new("RGB", (120, 120), RED).save(_png, format="PNG")
PNG = _png.getvalue()
_fresh = itertools.count()


def _page(n: int, tag: str, held: bool, source: str = "slow") -> bytes:
    tiles = "".join(
        f"<img loading='lazy' width='120' height='120' alt='photo {i}' "
        f"src='/{source}/{tag}-{i}.png' style='background:#ccc;margin:4px'>"
        for i in range(n)
    )
    extra = f"<img loading='lazy' width='120' height='120' alt='held' src='/held/{tag}.png'>" if held else ""
    return (
        f"<!doctype html><html><head><title>Tiles</title></head><body style='margin:0'>{tiles}"
        f"<a href='#x' class='thumb' style='display:block;width:120px;height:120px;"
        f"background:#ccc url(/slow/{tag}-bg.png)'>background</a>{extra}</body></html>"
    ).encode()


GATES: dict[str, threading.Event] = {}  # tag -> the gate its /gated/ photos wait behind


@pytest.fixture(scope="module")
def slow_server():
    release = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            path = self.path.split("?")[0]
            if path.startswith("/page/"):
                _, _, tag, options = path.split("/")
                source = "gated" if tag in GATES else "slow"
                body, kind = _page(int(options.split("-")[0]), tag, "held" in options, source), "text/html"
            elif path.startswith("/slow/"):
                release.wait(0.4)  # a slow photo server: each photo comes 0.4 s after it is asked for
                body, kind = PNG, "image/png"
            elif path.startswith("/gated/"):
                GATES[path.split("/")[2].split("-")[0]].wait(30)  # until the test opens the gate
                body, kind = PNG, "image/png"
            elif path.startswith("/held/"):
                release.wait(30)  # a photo that does not come while the test looks
                body, kind = PNG, "image/png"
            else:
                self.send_error(404)
                return
            send(self, 200, body, kind, {"Cache-Control": "max-age=3600"})

    server, url = serve(Handler)
    yield url
    release.set()
    server.shutdown()
    server.server_close()


def _url(base: str, n: int, held: bool = False, gate: threading.Event | None = None) -> str:
    tag = f"t{next(_fresh)}"
    if gate is not None:
        GATES[tag] = gate
    return f"{base}/page/{tag}/{n}{'-held' if held else ''}"


def _pixel(obs, x: int, y: int) -> tuple[int, int, int]:
    return rgb(Image.open(io.BytesIO(obs.screenshot)), (x, y))


@pytest.mark.parametrize("env_name", ["som_env", "ax_env"])
def test_lazy_photos_are_decoded_before_the_first_observation(slow_server, request, env_name):
    env = request.getfixturevalue(env_name)
    gate = threading.Event()
    env.open([_url(slow_server, 7, gate=gate)])  # loaded: lazy photos do not hold the load event
    # the photos come 0.4 s after the observation is asked for, however long the page took to open
    threading.Timer(0.4, gate.set).start()
    obs = env.observe()
    report = obs.meta["pending"]
    assert report["images"] == 0 and report["timed_out"] is False, report
    assert report["in_view"] == 8  # 7 photos and the link's background image
    assert report["waited_ms"] >= 100, report  # they were still missing after the page's load event
    assert obs.meta["settle_error"] is None
    for i in range(7):  # every tile shows its photo, not the grey box
        x = 4 + i * 128 + 60
        assert _pixel(obs, x, 64) == RED, (i, _pixel(obs, x, 64))
    assert _pixel(obs, 60, 128 + 60) == RED  # the CSS background image too


def test_a_photo_that_never_comes_is_recorded_with_the_settle_error(slow_server, som_env):
    som_env.set_settle_timeout(2.0)
    try:
        som_env.open([_url(slow_server, 2, held=True)])
        obs = som_env.observe()
    finally:
        som_env.set_settle_timeout(10.0)
    report = obs.meta["pending"]
    assert report["images"] == 1 and report["timed_out"] is True, report
    assert "/held/" in report["image_urls"][0]
    assert pending_images(obs.meta) == 1
    assert "1 image(s) in view not decoded" in obs.meta["settle_error"]
    assert _pixel(obs, 4 + 60, 64) == RED  # the photos that did come are shown


def test_a_page_with_nothing_missing_costs_no_wait(slow_server, som_env):
    url = _url(slow_server, 3)
    som_env.open([url])
    som_env.observe()
    som_env.open([url])  # the photos are in the cache now
    report = som_env.observe().meta["pending"]
    assert report["images"] == 0 and report["waited_ms"] < 100, report


def test_an_episode_keeps_its_worst_view_and_its_trajectory_shows_it(slow_server, som_env, tmp_path):
    from agent.agents.null import NullAgent
    from agent.episode import run_episode
    from agent.trajectory import write_trajectory

    som_env.set_settle_timeout(2.0)
    try:
        result = run_episode(
            som_env,
            NullAgent(observation_mode="som"),
            intent="look",
            start_urls=[_url(slow_server, 2, held=True)],
            record_dir=tmp_path / "frames",
        )
    finally:
        som_env.set_settle_timeout(10.0)
    first, worst = result.steps[0].pending, result.pending
    assert first is not None and worst is not None  # measured on every observation
    assert first["images"] == 1
    assert worst["max_images"] == 1 and worst["incomplete_observations"] == 1, worst
    assert "/held/" in worst["image_urls"][0]
    page = write_trajectory(tmp_path / "t.html", result, "look").read_text()
    assert "Incomplete view" in page and "1 image(s) in view not decoded" in page
