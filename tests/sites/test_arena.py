"""The arena: real waitress subprocesses on free ports, health waits, reset over HTTP, isolation, stop."""

from __future__ import annotations

import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

import pytest

from sites.arena import Arena, SiteUnavailable, check_health
from sites.config import Settings
from tests.found import found

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = pytest.mark.xdist_group("sites/test_arena")


def _opener():
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


def _post_listing(base: str, title: str) -> int:

    opener = _opener()
    login_page = opener.open(base + "/index.php?page=login").read().decode()
    opener.open(
        base + "/index.php",
        urllib.parse.urlencode(
            {
                "page": "login",
                "action": "login_post",
                "email": "blake.sullivan@gmail.com",
                "password": "Password.123",
                "csrf": found(r'name="csrf" value="([^"]+)"', login_page),
            }
        ).encode(),
    )
    form = opener.open(base + "/index.php?page=item&action=item_add").read().decode()
    csrf = found(r'name="csrf" value="([^"]+)"', form)
    response = opener.open(
        base + "/index.php",
        urllib.parse.urlencode(
            {
                "page": "item",
                "action": "item_add_post",
                "csrf": csrf,
                "title": title,
                "description": "arena test",
                "price": "9",
                "sCategory": "1",
                "sRegion": "",
                "sCity": "1",
            }
        ).encode(),
    )
    return int(found(r"id=(\d+)", response.geturl()))


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@pytest.fixture(scope="module")
def two_arenas(site_settings, dataset, tmp_path_factory):
    a = Arena(["classifieds", "homepage"], run_dir=tmp_path_factory.mktemp("arena-a"), settings=site_settings)
    b = Arena(["classifieds"], run_dir=tmp_path_factory.mktemp("arena-b"), settings=site_settings)
    a.start()
    try:
        b.start()
        try:
            yield a, b
        finally:
            b.stop()
    finally:
        a.stop()


def test_two_arenas_are_isolated_and_reset(two_arenas):
    a, b = two_arenas
    assert set(a.urls) == {"classifieds", "homepage"} and set(b.urls) == {"classifieds"}
    assert a.urls["classifieds"] != b.urls["classifieds"]
    item_id = _post_listing(a.urls["classifieds"], "Only in arena A")
    assert _get(f"{a.urls['classifieds']}/index.php?page=item&id={item_id}")[0] == 200
    status, body = _get(f"{b.urls['classifieds']}/index.php?page=item&id={item_id}")
    assert status == 404 and "Only in arena A" not in body
    seconds = a.reset(["classifieds"])
    assert 0 < seconds < 1.0
    assert _get(f"{a.urls['classifieds']}/index.php?page=item&id={item_id}")[0] == 404


def test_homepage_links_to_live_sites(two_arenas):
    a, _ = two_arenas
    status, html = _get(a.urls["homepage"] + "/")
    assert status == 200 and f'href="{a.urls["classifieds"]}"' in html
    assert "not served by this stack" in html  # this arena does not run shopping, reddit or wikipedia
    status, html = _get(a.urls["homepage"] + "/accounts")
    assert "blake.sullivan@gmail.com" in html and "Password.123" in html


def test_sites_log_requests_and_survive_bad_ones(two_arenas):
    a, _ = two_arenas
    base = a.urls["classifieds"]
    for path in (
        "/index.php?page=item&id=%00%ff",
        "/index.php?page=search&iPage=-1&sPriceMin=%%%",
        "/index.php?page=search&sPattern=" + "a" * 5000,
        "/index.php?%zz=1&page=item&id=1",
    ):
        assert _get(base + path)[0] in (200, 400, 404)
    assert check_health(base)
    log = (a.run_dir / "classifieds.log").read_text()
    assert "GET /index.php?page=search&iPage=-1" in log and " 400 " in log


def test_reset_of_a_site_not_running_is_an_error(two_arenas):
    _, b = two_arenas
    with pytest.raises(SiteUnavailable, match="homepage"):
        b.reset(["homepage"])


def test_unknown_site_is_refused(tmp_path, site_settings):
    arena = Arena(["auction"], run_dir=tmp_path, settings=site_settings)
    assert "classifieds" in arena.available_sites()
    with pytest.raises(SiteUnavailable, match="auction"):
        arena.start()


def test_failed_start_names_site_and_log(tmp_path):
    bad = Settings(data_dir=tmp_path / "data", seed=1, scale="nonsense", run_dir=tmp_path)
    with pytest.raises(SiteUnavailable, match=r"classifieds.*SCALE"):
        Arena(["classifieds"], run_dir=tmp_path / "run", settings=bad).start()


def test_context_manager_stops_processes(tmp_path, site_settings, dataset):
    with Arena(["classifieds"], run_dir=tmp_path, settings=site_settings) as arena:
        url = arena.urls["classifieds"]
        process = arena.running["classifieds"].process
        assert check_health(url) and (tmp_path / "classifieds.pid").is_file()
    assert process.poll() is not None
    assert not check_health(url) and not (tmp_path / "classifieds.pid").exists()


def test_site_that_cannot_bind_its_port_is_reported_with_its_log(tmp_path, site_settings, dataset):
    import socket

    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen(1)
    port = blocker.getsockname()[1]
    try:
        with pytest.raises(SiteUnavailable) as info:
            Arena(["classifieds"], run_dir=tmp_path, ports={"classifieds": port}, settings=site_settings).start()
    finally:
        blocker.close()
    message = str(info.value)
    assert "classifieds exited" in message and "classifieds.log" in message and "Address" in message


def _lan_address() -> str | None:
    """This machine's address on its network (no packet is sent: a UDP connect only picks the route)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))
        except OSError:
            return None
        address = s.getsockname()[0]
    return None if address.startswith("127.") else address


def test_arena_host_serves_the_sites_where_a_grid_can_reach_them(tmp_path, site_settings, dataset):
    import dataclasses

    # this machine's network address; else another loopback address (Linux routes all of 127/8 to lo), which
    # still shows the sites listen on ARENA_HOST only and put it in their URLs
    address = _lan_address() or "127.0.0.2"
    settings = dataclasses.replace(site_settings, arena_host=address)
    with Arena(["classifieds", "homepage"], run_dir=tmp_path, settings=settings) as arena:
        url = arena.urls["classifieds"]
        port = int(url.rsplit(":", 1)[1])
        assert url == f"http://{address}:{port}" and check_health(url)
        assert not check_health(f"http://127.0.0.1:{port}")  # listening on that address only
        status, page = _get(arena.urls["homepage"] + "/")
        assert status == 200 and f'href="{url}' in page  # the homepage links to the same URLs
