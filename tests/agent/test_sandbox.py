"""The escape corpus (issue 32): every way an agent's browser could load something outside its task's sites,
each tried through the real BrowserEnv with real goto/click/script actions in an episode, in both observation
modes. Each is refused; its content reaches neither the observation text, the page the frame is taken of,
nor the trajectory; the episode's record names it."""

from __future__ import annotations

import base64
import re
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from agent.agents.base import AgentOutput
from agent.browser import BrowserEnv
from agent.browser.sandbox import allowed_origins, bypass_list, canonical_host, may_load
from agent.episode import run_episode
from agent.trajectory import write_trajectory
from evaluation.rewards.evaluators import EvalContext, _ScoringTab

PROJECT = Path(__file__).resolve().parents[2]
SECRET = "OFFLIMITS-7d1c"  # on every page of the other servers; never on the task's site

pytestmark = pytest.mark.xdist_group("sandbox")  # one worker builds the two confined browsers


class _Site(BaseHTTPRequestHandler):
    """The task's site (`task`: pages that try to leave it) or another server (`other`: the secret)."""

    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def _send(self, code: int, body: str, headers: dict | None = None) -> None:
        data = body.encode()
        self.send_response(code)
        for key, value in {"Content-Type": "text/html; charset=utf-8", **(headers or {})}.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        other = self.server.other  # type: ignore[attr-defined]
        if other is None:
            self._send(200, f"<title>elsewhere</title><p>{SECRET} {self.path}</p>")
            return
        pages = {
            "/": "<title>task home</title><p>TASK HOME</p>",
            "/redirect": None,
            "/form": f"<title>form</title><form method=post action='{other}/posted'><input name=q value=x>"
            f"<button type=submit>ESCAPE</button></form>",
            "/link": f"<title>link</title><a href='{other}/linked'>ESCAPE</a>",
            "/popup": f"<title>popup</title><button onclick=\"window.open('{other}/popup')\">ESCAPE</button>",
            "/newtab": f"<title>new tab</title><a target=_blank href='{other}/tab'>ESCAPE</a>",
            "/frame": f"<title>frame</title><p>FRAMED</p><iframe src='{other}/framed' width=600 height=200></iframe>",
            "/fetch": "<title>fetch</title><p id=out>waiting</p><script>"
            f"fetch('{other}/fetched').then(r => r.text()).then(t => out.textContent = 'GOT ' + t)"
            ".catch(e => out.textContent = 'fetch failed')</script>",
        }
        if self.path == "/redirect":
            self._send(302, "", {"Location": f"{other}/redirected"})
        elif self.path in pages:
            self._send(200, pages[self.path] or "")
        else:
            self._send(404, "<title>404</title>not here")

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self._send(302, "", {"Location": f"{self.server.other}/after-post"})  # type: ignore[attr-defined]


def _serve(other: str | None) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    server.other = other  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


@pytest.fixture(scope="module")
def servers():
    other = _serve(None)  # another worker's site on another loopback port
    arena = _serve(None)  # a site of another arena
    base_other = f"http://127.0.0.1:{other.server_address[1]}"
    task = _serve(base_other)
    yield {
        "task": f"http://127.0.0.1:{task.server_address[1]}",
        "other": base_other,
        "other_port": other.server_address[1],
        "arena": f"http://localhost:{arena.server_address[1]}",
    }
    for server in (task, other, arena):
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module", params=["accessibility_tree", "som"])
def env(request, servers):
    with BrowserEnv(viewport=(1280, 1024), mode=request.param, settle_timeout=10.0) as browser:
        browser.confine([servers["task"]])
        yield browser


@dataclass
class Case:
    name: str
    start: str  # path on the task's site
    actions: list[str]  # templates ({other}, {task}, ...); "click ESCAPE" clicks the element named ESCAPE
    secret: str = SECRET  # text of the refused content that must not be seen (never in the URL itself)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


ALIASES = (
    "127.0.0.1",
    "localhost",
    "[::1]",
    "127.0.0.2",
    "2130706433",
    "0177.0.0.1",
    "0x7f.0.0.1",
    "0x7f000001",
    "127.1",
    "localhost.",
    "LOCALHOST",
)
CASES = [
    Case("task file", "/", ["goto [file://{project}/tasks/classifieds.json]"], "{intent}"),
    Case("project folder", "/", ["goto [file://{project}/]"], "pyproject.toml"),
    Case("project env", "/", ["goto [file://{project}/.env]"], "TOKEN"),
    Case("passwd", "/", ["goto [file:///etc/passwd]"], "root:x:0"),
    Case("chrome", "/", ["goto [chrome://version]"], "Command Line"),
    Case("about version", "/", ["goto [about:version]"], "Command Line"),
    Case("view-source", "/", ["goto [view-source:{other}/]"]),
    Case("data", "/", [f"goto [data:text/html;base64,{_b64('<p>DATA-RAN</p>')}]"], "DATA-RAN"),
    Case("javascript", "/", [f"goto [javascript:document.body.innerHTML=atob('{_b64('JS-RAN')}')]"], "JS-RAN"),
    Case("devtools scheme", "/", ["goto [devtools://devtools/bundled/inspector.html]"], "Console"),
    Case("ftp", "/", ["goto [ftp://127.0.0.1/]"], "Index of"),
    Case("blob", "/", ["goto [blob:{other}/0b6c2f1e-0000-4000-8000-000000000000]"]),
    Case("devtools list", "/", ["goto [http://{debugger}/json/list]"], "webSocketDebuggerUrl"),
    Case("devtools version", "/", ["goto [http://{debugger}/json/version]"], "webSocketDebuggerUrl"),
    Case("chromedriver status", "/", ["goto [{chromedriver}/status]"], "ready"),
    Case("another arena", "/", ["goto [{arena}/]"]),
    Case("redirect", "/", ["goto [{task}/redirect]"]),
    Case("form post", "/form", ["click ESCAPE"]),
    Case("link", "/link", ["click ESCAPE"]),
    Case("window.open", "/popup", ["click ESCAPE"]),
    Case("new tab link", "/newtab", ["click ESCAPE"]),
    Case("iframe", "/frame", ["wait"]),
    Case("fetch", "/fetch", ["wait"]),
    Case(
        "task port under another alias",
        "/",
        ["goto [http://127.0.0.2:{task_port}/]", "goto [http://[::1]:{task_port}/]"],
    ),
    *(Case(f"other port as {alias}", "/", [f"goto [http://{alias}:{{other_port}}/secret]"]) for alias in ALIASES),
]


def _fill(case: Case, servers: dict, env: BrowserEnv) -> Case:
    import json

    values = {
        "project": PROJECT,
        "debugger": env.session.debugger,
        "chromedriver": env.driver.service.service_url,  # type: ignore[attr-defined]
        "task_port": servers["task"].rsplit(":", 1)[1],
        "intent": json.loads((PROJECT / "tasks" / "classifieds.json").read_text(encoding="utf-8"))[0]["intent"][:40],
        **servers,
    }
    return Case(case.name, case.start, [a.format(**values) for a in case.actions], case.secret.format(**values))


class _Scripted:
    """An agent that plays a list of actions, then stops; `click NAME` clicks the element of that name."""

    max_steps = 10

    def __init__(self, actions: list[str]):
        self.actions = list(actions)
        self.told: list[str] = []  # the feedback lines the agent was given

    def reset(self, intent, images) -> None:
        pass

    def act(self, obs, steps) -> AgentOutput:
        self.told.append(obs.error or "")
        if not self.actions:
            return AgentOutput("stop [done]")
        action = self.actions.pop(0)
        if action.startswith("click "):
            name = action.split(" ", 1)[1]
            found = re.search(rf"\[(\d+)\][^\n]*{name}", obs.text)
            assert found, f"no element {name} in the observation:\n{obs.text}"
            action = f"click [{found.group(1)}]"
        return AgentOutput(action)


def _page_texts(env: BrowserEnv) -> list[str]:
    """What every tab (and its frames) shows: the text a frame of the tab would draw."""
    texts = []
    for handle in env.driver.window_handles:
        env.driver.switch_to.window(handle)
        texts.append(env.driver.current_url)
        texts.append(
            env.driver.execute_script("return document.documentElement ? document.documentElement.innerText : ''") or ""
        )
        for frame in env.driver.find_elements("tag name", "iframe"):
            env.driver.switch_to.frame(frame)
            texts.append(env.driver.execute_script("return document.documentElement.innerText") or "")
            env.driver.switch_to.default_content()
    env.driver.switch_to.window(env.tabs.focused_handle)
    return texts


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_escape_is_refused(env, servers, case, tmp_path):
    case = _fill(case, servers, env)
    name = case.name
    agent = _Scripted(case.actions)
    result = run_episode(
        env, agent, intent="stay", start_urls=[servers["task"] + case.start], max_steps=len(case.actions) + 1
    )
    assert result.error is None and result.stop_reason == "stop", result.error
    assert result.blocked, f"{name}: nothing was recorded as refused"
    blocked_steps = [s for s in result.steps if s.blocked]
    assert blocked_steps and all(s.error is None for s in blocked_steps)  # a refusal is not an error
    seen = [s.observation_text for s in result.steps]
    # the agent is told, in one line of the observation after the refused step
    assert any(re.fullmatch(r"refused: .* outside this task's sites", told) for told in agent.told), agent.told
    for text in [*seen, result.final_frames.text if result.final_frames else "", *_page_texts(env)]:
        assert case.secret not in text, f"{name}: refused content reached the agent"
    page = tmp_path / "trajectory.html"
    write_trajectory(page, result, "stay", [], reward={"score": 0, "checks": []}, title=name)
    html = page.read_text(encoding="utf-8")
    assert "outside this task&#x27;s sites" in html or "outside this task's sites" in html
    assert case.secret not in html
    for handle in env.driver.window_handles:  # nothing left on an off-limits page
        env.driver.switch_to.window(handle)
        assert may_load(env.driver.current_url, env.sandbox.allowed or frozenset()), env.driver.current_url
    env.driver.switch_to.window(env.tabs.focused_handle)


def test_the_task_site_itself_is_reachable(env, servers):
    env.open([servers["task"] + "/"])
    assert "TASK HOME" in env.observe().text
    assert env.take_refused() == []


def test_no_download_lands(servers, tmp_path):
    downloads = Path.home() / "Downloads"
    before = set(downloads.iterdir()) if downloads.exists() else set()
    with BrowserEnv(viewport=(800, 600), mode="accessibility_tree") as browser:
        browser.confine([servers["task"]])
        browser.open([servers["task"] + "/"])
        browser.driver.execute_script(
            "const a = document.createElement('a'); a.href = URL.createObjectURL(new Blob(['x'.repeat(99)]));"
            "a.download = 'leak.bin'; document.body.appendChild(a); a.click();"
        )
        browser.step(_parse("wait"))
    after = set(downloads.iterdir()) if downloads.exists() else set()
    assert after == before


def _parse(text: str):
    from agent.actions import parse_action

    return parse_action(text)


@pytest.mark.parametrize(
    "host, canonical",
    [
        ("127.0.0.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("0177.0.0.1", "127.0.0.1"),
        ("0x7f.1", "127.0.0.1"),
        ("[::1]", "::1"),
        ("LocalHost", "localhost"),
        ("localhost.", "localhost."),
        ("127.0.0.2", "127.0.0.2"),
    ],
)
def test_hosts_are_compared_in_one_spelling(host, canonical):
    assert canonical_host(host) == canonical


def test_the_bypass_list_is_exactly_the_allowed_origins():
    allowed = allowed_origins(["http://localhost:9980/", "http://127.0.0.1:4399"])
    assert bypass_list(allowed) == (
        "<-loopback>;http://127.0.0.1:4399;http://127.0.0.1:9980;http://localhost:4399;http://localhost:9980"
    )
    assert may_load("http://2130706433:9980/x", allowed) and not may_load("http://127.0.0.2:9980/", allowed)
    assert not may_load("file:///etc/passwd", allowed) and may_load("about:blank", allowed)


def test_a_kept_tab_carries_nothing_into_the_next_episode(servers):
    """Under the same rule set the agent's first tab is kept from one task to the next (confine): the next
    episode cannot go back to the last one's pages, finds none of its cookies or web storage, and never sees
    the harness's scoring tab among its tabs."""
    task = servers["task"]
    with BrowserEnv(viewport=(800, 600), mode="accessibility_tree") as browser:
        browser.confine([task])
        browser.open([task + "/"])
        browser.step(_parse(f"goto [{task}/link]"))
        browser.driver.execute_script(
            "document.cookie = 'left=1; path=/'; localStorage.setItem('left', '1');sessionStorage.setItem('left', '1')"
        )
        scoring = browser.open_tab()
        browser.driver.get(task + "/frame")
        browser.release_tab(scoring)
        first = browser.tabs.handles[0]

        browser.confine([task])
        assert browser.tabs.handles == [first]  # kept, not a new tab
        browser.open([task + "/"])
        left = browser.driver.execute_script(
            "return [document.cookie, localStorage.getItem('left'), sessionStorage.getItem('left')]"
        )
        assert left == ["", None, None]
        history = browser.cdp("Page.getNavigationHistory", {})
        assert [e["url"] for e in history["entries"]] == [task + "/"]
        assert browser.step(_parse("go_back")) is None
        assert browser.observe().url == task + "/"  # nowhere to go back to
        assert scoring in browser.driver.window_handles and scoring not in browser.tabs.handles
        assert len(browser.observe().tabs) == 1
        assert browser.open_tab() == scoring  # the harness gets its tab back
        browser.driver.switch_to.window(browser.tabs.focused_handle)

        browser.confine([task, servers["arena"]])  # another rule set: a new context, a new blank tab
        assert browser.tabs.handles != [first] and browser.driver.window_handles == browser.tabs.handles


def test_closing_the_only_tab_of_a_confined_browser_leaves_a_blank_tab_to_go_on_in(servers):
    """close_tab on the agent's only tab opens a blank tab first (closing the last window would end the session);
    confined, that tab is made in the task's context, and WebDriver must end on it (it was left on the closed
    window: every later command failed with "no such window")."""
    task = servers["task"]
    with BrowserEnv(viewport=(800, 600), mode="accessibility_tree") as browser:
        browser.confine([task])
        browser.open([task + "/"])
        browser.observe()
        assert browser.step(_parse("close_tab")) is None
        obs = browser.observe()
        assert obs.url == "about:blank" and len(obs.tabs) == 1
        assert browser.step(_parse(f"goto [{task}/link]")) is None
        assert browser.observe().url == task + "/link"


def test_a_kept_tab_loads_a_fragment_address_afresh(servers):
    """Loading X#f in a tab that shows X#f is a same-document navigation (the page stays as it is). The tabs
    kept from one task to the next (the agent's first tab, the harness's scoring tab) must still show a fresh
    copy of a start page or a checked page that the task before left on the same address (the store's
    /checkout/#payment, say)."""
    task = servers["task"]
    address = task + "/#payment"
    stale = "document.title = 'left by the task before'"
    with BrowserEnv(viewport=(800, 600), mode="accessibility_tree") as browser:
        browser.confine([task])
        browser.open([address])
        browser.driver.execute_script(stale)
        kept = browser.tabs.handles[0]
        browser.confine([task])
        browser.open([address])
        assert browser.tabs.handles == [kept]
        assert browser.driver.title == "task home"
        assert browser.cdp("Page.getNavigationHistory", {})["entries"][-1]["url"] == address

        ctx = EvalContext(
            answer="",
            final_url=address,
            driver=browser.driver,
            new_tab=browser.open_tab,
            release_tab=browser.release_tab,
        )
        with _ScoringTab(ctx) as tab:
            tab.show(address)
            first = tab.handle
            browser.driver.execute_script(stale)
        browser.driver.switch_to.window(browser.tabs.focused_handle)
        with _ScoringTab(ctx) as tab:
            tab.show(address)
            assert tab.handle == first  # the same tab, kept
            assert browser.driver.title == "task home"
        browser.driver.switch_to.window(browser.tabs.focused_handle)
