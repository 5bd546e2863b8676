"""The shared hardening pieces of sites/common: byte-wise token comparison, safe redirect targets, escaping of
access-log text, the session registry, and the access log of sites.serve that uses the escaping."""

from __future__ import annotations

import logging

import pytest

from sites.common.logtext import escape_controls
from sites.common.redirects import local_target
from sites.common.sessions import SessionRegistry
from sites.common.tokens import tokens_equal
from sites.serve import AccessLog, access_line


@pytest.mark.parametrize(
    "sent, expected, equal",
    [
        ("abc", "abc", True),
        ("abd", "abc", False),
        ("", "abc", False),
        ("abc", "", False),
        (None, "abc", False),
        ("é", "abc", False),
        ("\udcff", "abc", False),
        ("é", "é", True),
        (b"abc", "abc", True),
        ("\xe9", "abc", False),
    ],
)
def test_tokens_are_compared_as_bytes_and_never_raise(sent, expected, equal):
    assert tokens_equal(sent, expected) is equal


@pytest.mark.parametrize(
    "raw",
    [
        "/a\nb",
        "/a\r\nb",
        "/\t/evil.example",
        "/\t\t/evil.example",
        "\t//evil.example",
        "//evil.example",
        "/\\evil.example",
        "\\/evil.example",
        "https://evil.example/",
        "javascript:alert(1)",
        "evil.example/x",
        "/a\x00b",
        "/a\x7fb",
        "/a\x85b",
        "",
        None,
        "/" + "a" * 3000,
    ],
)
def test_unsafe_redirect_targets_fall_back_to_the_default(raw):
    assert local_target(raw, "/home") == "/home"


@pytest.mark.parametrize(
    "raw, result",
    [
        ("/", "/"),
        ("/f/aww/12/a-title#comment_3", "/f/aww/12/a-title#comment_3"),
        ("/catalogsearch/result/?q=red+mug&p=2", "/catalogsearch/result/?q=red+mug&p=2"),
        ("/search?q=caf%C3%A9", "/search?q=caf%C3%A9"),
        ("/search?q=café", "/search?q=caf%C3%A9"),
        ("/%09/evil.example", "/%09/evil.example"),
        ("/a b", "/a%20b"),
    ],
)
def test_local_paths_are_kept_and_non_ascii_is_percent_encoded(raw, result):
    assert local_target(raw, "/home") == result


def test_log_text_escapes_control_characters_and_backslashes():
    assert escape_controls("/a\nb\r\x00c\x1b\x7f\x9f\\d é") == "/a\\x0ab\\x0d\\x00c\\x1b\\x7f\\x9f\\x5cd é"
    assert escape_controls(None) == "" and escape_controls("/plain?q=1") == "/plain?q=1"


def test_the_access_log_writes_one_line_per_request_whatever_the_path(caplog):
    def app(environ, start_response):
        start_response("404 NOT FOUND", [("Content-Type", "text/plain")])
        return [b"no"]

    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/a\nFAKE 200 GET /admin\x00", "QUERY_STRING": "x=%0A"}
    with caplog.at_level(logging.INFO, logger="sites.access"):
        AccessLog(app)(environ, lambda status, headers, exc_info=None: None)
    (record,) = [r for r in caplog.records if r.name == "sites.access"]
    line = record.getMessage()
    assert "\n" not in line and "\x00" not in line
    assert line.startswith("GET /a\\x0aFAKE 200 GET /admin\\x00?x=%0A 404 ")
    assert access_line({"REQUEST_METHOD": "POST", "PATH_INFO": "/"}, "200", 1.0) == "POST / 200 1.0ms"


def test_the_registry_ends_one_login_at_logout_and_every_session_at_a_reset():
    reg = SessionRegistry(limit=3)
    a, b = reg.start(1), reg.start(2)
    assert reg.alive(a, 1) and reg.alive(b, 2)
    assert not reg.alive(a, 2) and not reg.alive("made-up", 1) and not reg.alive(None, 1)
    reg.end(a)
    assert not reg.alive(a, 1) and reg.alive(b, 2)
    epoch = reg.epoch
    reg.end_all()
    assert not reg.alive(b, 2) and reg.epoch != epoch
    first = reg.start(1)
    for user in (2, 3, 4):
        reg.start(user)
    assert not reg.alive(first, 1)  # past the limit, the oldest login is forgotten


def test_a_real_server_logs_an_encoded_line_break_and_nul_as_escapes(caplog):
    """Through waitress, as sites.serve runs the sites: `%0A` and `%00` in the URL reach the log escaped."""
    import http.client
    import threading

    from waitress.server import create_server

    def app(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    server = create_server(AccessLog(app), host="127.0.0.1", port=0, threads=1)
    stop = threading.Event()

    def serve():  # waitress's loop, in short turns, so that the server is closed by its own thread
        while not stop.is_set():
            server.asyncore.loop(timeout=0.05, map=server._map, count=1)
        server.close()
        server.task_dispatcher.shutdown()

    thread = threading.Thread(target=serve, daemon=True)
    with caplog.at_level(logging.INFO, logger="sites.access"):
        thread.start()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.effective_port, timeout=10)
            conn.request("GET", "/a%0A2026-01-01%20INFO%20GET%20/forged%20200%00end?q=%0D")
            assert conn.getresponse().read() == b"ok"
            conn.close()
        finally:
            stop.set()
            thread.join(10)
    lines = [r.getMessage() for r in caplog.records if r.name == "sites.access"]
    assert lines == ["GET /a\\x0a2026-01-01 INFO GET /forged 200\\x00end?q=%0D 200 " + lines[0].rsplit(" ", 1)[1]]


@pytest.mark.parametrize(
    "raw, value",
    [
        ("4y", 4),
        ("  12abc", 12),
        ("+7", 7),
        ("-3x", -3),
        ("007", 7),
        ("abc", 0),
        ("", 0),
        (None, 0),
        ("\u0663", 0),
        ("\uff11\uff12", 0),
        ("\u00b2", 0),
        ("1.9", 1),
        ("1e3", 1),
        ("0x10", 0),
        ("9" * 400, 2**63 - 1),
        ("-" + "9" * 30, -(2**63)),
        ("9223372036854775808", 2**63 - 1),
    ],
)
def test_php_intval_reads_leading_ascii_digits_and_clamps(raw, value):
    from sites.common.web import php_intval

    assert php_intval(raw) == value
