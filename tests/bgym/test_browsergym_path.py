"""The suites as a BrowserGym benchmark (browsergym/vwa_arena, evaluation/bgym/): the classifieds reference
solutions, replayed through BrowserGym's own action space, score 1 and their null outcomes 0; the Selenium path and
the BrowserGym path give the same verdicts, check by check, on a sample of every suite.

make test replays every classifieds task, with BrowserGym's raw page output (`use_raw_page_output=True`: the
observation is the page itself, with no screenshot, DOM snapshot or accessibility tree; the replay marks the page with
BrowserGym's own routine to name its elements, and the actions are the same): 1.3 s of CPU per task with
Chromium's and the sites' since round 8 kept the browser context (2.5 s with a new context per episode, 1.7 s on the
Selenium path; medians of 6 tasks at load 11-17, scripts/browsergym_timing.py), against 4.6 s with the whole
observation at every step in round 7 and 5.8 s as round 6 replayed its 92.
The whole observation is replayed by the agreement test (13 tasks of every suite), and on every classifieds task by
`make test-bgym` (VWA_BGYM_REPLAY=full). The episodes of a process share their Chromiums, their chat page and their
browser context and first tab, emptied between episodes (evaluation/bgym/reuse.py, keptcontext.py), observe without
BrowserGym's fixed 0.5 s pause (pre_observation_delay=0: an action already waits for the navigation it starts, and
BrowserGym waits for each page's DOM before observing; kept where the solution switches tabs) and, as AgentLab's and
BrowserGym's study loops make them, without gymnasium's
environment checker (which validates the first observation and step of every new environment).

The replay is cut into REPLAY_GROUPS xdist groups of consecutive tasks, the agreement into two, so that they
spread over make test's workers (each worker process starts its own sites once, evaluation/bgym/session.py).

Skipped when the `browsergym` extra is not installed (the default install has it; EXTRAS=models leaves it out).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

NO_EXTRA = "the browsergym extra is not installed (make install: the default EXTRAS=models,browsergym)"
pytest.importorskip("playwright.sync_api", reason=NO_EXTRA)
pytest.importorskip("browsergym.core", reason=NO_EXTRA)

import gymnasium as gym  # noqa: E402
from browsergym.core.action.highlevel import HighLevelActionSet  # noqa: E402

import browsergym.vwa_arena as vwa_arena  # noqa: E402
from evaluation.bgym import suites  # noqa: E402
from evaluation.bgym.driver import PlaywrightDriver  # noqa: E402
from evaluation.bgym.replay import replay  # noqa: E402
from evaluation.bgym.reuse import keep_browsers, release  # noqa: E402
from evaluation.bgym.session import shared_stack  # noqa: E402
from evaluation.running.proof import scripts_on_last_page  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browsergym")]

ACTIONS = HighLevelActionSet(subsets=["chat", "infeas", "bid", "nav", "tab"], strict=False, multiaction=False)
REPLAY_GROUPS = 6
WHOLE_OBSERVATION = os.environ.get("VWA_BGYM_REPLAY") == "full"


@pytest.fixture(scope="module", autouse=True)
def _kept_browsers():
    if os.environ.get("VWA_BGYM_KEEP_BROWSERS", "1") == "0":  # BrowserGym's own launches, to compare
        yield
        return
    keep_browsers()  # every episode, of one tab or several, in the worker's kept context
    yield
    release()


def _make(suite: str, task_id: int, scoring: str = "official", raw: bool = False):
    # BrowserGym learns which tab is active from a page's JavaScript callback, which its pause lets arrive: kept
    # for the tasks whose solution switches tabs
    task = suites.load(suite, task_id)
    tabs = any(step["do"] == "tab_focus" for step in task.reference_solution or ())
    return gym.make(
        f"browsergym/vwa_arena.{suite}.{task_id}",
        action_mapping=ACTIONS.to_python_code,
        task_kwargs={"scoring": scoring},
        pre_observation_delay=0.5 if tabs else 0.0,
        disable_env_checker=True,  # as AgentLab's and BrowserGym's study loops make their environments
        use_raw_page_output=raw,
    )


def _sample(suite: str, n: int = 3) -> list[int]:
    ids = suites.task_ids(suite)
    return sorted({ids[round(i * (len(ids) - 1) / max(n - 1, 1))] for i in range(n)})


def test_every_task_of_every_suite_is_registered():
    assert len(vwa_arena.ALL_VWA_ARENA_TASK_IDS) == len(suites.all_tasks()) > 900
    assert set(vwa_arena.TASK_IDS_BY_SUITE) == set(suites.suite_files())
    assert "browsergym/vwa_arena.classifieds.0" in gym.registry


def test_every_reference_step_of_every_suite_has_a_browsergym_action():
    """The replay's translations are keyed by the project's action table (agent/actions.py); every step the suites'
    reference solutions write is one of them."""
    from agent.actions import ACTIONS
    from evaluation.bgym.replay import TRANSLATIONS, UNTRANSLATED

    assert set(TRANSLATIONS) | set(UNTRANSLATED) == {name for name, d in ACTIONS.items() if d.step is not None}
    written = {step["do"] for s, t in suites.all_tasks() for step in suites.load(s, t).reference_solution or ()}
    assert written <= set(TRANSLATIONS), written - set(TRANSLATIONS)


def test_a_task_starts_logged_in_held_to_its_sites_with_its_goal_and_images():
    suite, task_id = next(
        (s, t)
        for s, t in suites.all_tasks()
        if s == "classifieds" and suites.load(s, t).images and suites.load(s, t).require_login
    )
    env = _make(suite, task_id)
    try:
        obs, info = env.reset()
        task = env.unwrapped.task.session.resolved
        assert obs["url"].rstrip("/") == task.start_urls[0].rstrip("/")
        kinds = [m["type"] for m in obs["goal_object"]]
        assert kinds[0] == "text" and obs["goal_object"][0]["text"] == task.intent
        assert kinds.count("image_url") == len(task.images) >= 1
        assert obs["goal_object"][2]["image_url"]["url"].startswith("data:image/png;base64,")
        assert env.unwrapped.context.cookies(task.start_urls[0])  # the site's session
        obs, reward, terminated, _, info = env.step("goto('file:///etc/passwd')")
        assert not obs["url"].startswith("file:") and "root:x:0" not in env.unwrapped.page.content()
        obs, reward, terminated, _, info = env.step("goto('http://127.0.0.1:9/elsewhere')")
        assert "http://127.0.0.1:9/elsewhere" in info["task_info"].get("refused", [])
        assert reward == 0 and not terminated
    finally:
        env.close()


def test_episodes_share_one_chromium_one_chat_page_and_one_context_emptied_between_them():
    first_id, second_id = suites.task_ids("classifieds")[:2]
    first = _make("classifieds", first_id)
    try:
        first.reset()
        browser, context, tab = first.unwrapped.browser.real, first.unwrapped.context, first.unwrapped.page
        chat_page = first.unwrapped.chat.page
        first.step("send_msg_to_user('a message of the first episode')")
        assert "a message of the first episode" in chat_page.content()
        origin = first.unwrapped.task.session.resolved.start_urls[0]
        tab.evaluate("() => { localStorage.setItem('left', '1'); sessionStorage.setItem('left', '1'); }")
        tab.evaluate("() => { document.cookie = 'left=1; path=/'; }")
        first.step(f"goto({origin.rstrip('/') + '/?second'!r})")
        first.step("new_tab()")
        assert len(context.pages) == 2 and any(c["name"] == "left" for c in context.cookies())
    finally:
        first.close()
    assert browser.is_connected() and context.real in browser.contexts  # the episode's context kept, emptied
    assert context.pages == [tab] and tab.url == "about:blank" and not context.cookies()
    assert not chat_page.is_closed()
    second = _make("classifieds", second_id)
    try:
        obs, _ = second.reset()
        assert second.unwrapped.browser.real is browser and second.unwrapped.chat.browser is not browser
        assert second.unwrapped.context is context and second.unwrapped.page is tab and context.pages == [tab]
        assert tab.context == context and context == tab.context  # as BrowserGym compares a page's context
        assert browser.contexts == [context.real]
        assert tab.url.startswith(origin.rstrip("/")) and tab.evaluate("() => history.length") == 1
        left = "() => [localStorage.getItem('left'), sessionStorage.getItem('left'), document.cookie.includes('left=')]"
        assert tab.evaluate(left) == [None, None, False]
        assert second.unwrapped.chat.page is chat_page  # kept, and laid out anew: no message of the first episode
        assert "a message of the first episode" not in chat_page.content()
        assert [m["role"] for m in obs["chat_messages"]] == ["assistant", "user"]
        assert obs["chat_messages"][1]["message"] == second.unwrapped.task.session.resolved.intent
        assert second.unwrapped.task.session.resolved.intent in chat_page.inner_text("body")
        *_, info = second.step("goto('http://127.0.0.1:9/elsewhere')")  # held by this episode's route
        assert info["task_info"].get("refused") == ["http://127.0.0.1:9/elsewhere"]
    finally:
        second.close()


def test_two_episodes_at_once_in_one_process_get_contexts_of_their_own():
    """The kept context goes to one episode at a time; another episode open meanwhile gets a new context."""
    first_id, second_id = suites.task_ids("classifieds")[:2]
    first, second = _make("classifieds", first_id), _make("classifieds", second_id)
    try:
        first.reset()
        second.reset()
        assert second.unwrapped.context != first.unwrapped.context
        assert second.unwrapped.page.context is not first.unwrapped.page.context
        assert first.unwrapped.task.session.resolved.intent in first.unwrapped.chat.messages[1]["message"]
    finally:
        second.close()
        first.close()


def test_pages_playwright_opens_for_itself_never_become_browsergyms_active_page():
    """Round 8's "kept tab found closed": Playwright's `storage_state()` loads every origin the context once loaded
    and no tab shows in a hidden page of the context, where BrowserGym's init script reports that page as the active
    one, and closes it. The scoring driver no longer calls it (its scoring tab's state comes from the agent's tabs),
    and a kept context hands BrowserGym only its tabs' calls (keptcontext.py)."""
    env = _make("classifieds", suites.task_ids("classifieds")[0])
    try:
        env.reset()
        context, tab = env.unwrapped.context, env.unwrapped.page
        origin = env.unwrapped.task.session.resolved.start_urls[0]
        # the scoring driver: on a context of its own, whose init script notes every page it runs in
        probed = context.browser.new_context()
        seen: list = []
        probed.expose_binding("vwaProbe", lambda source: seen.append(source["page"]))
        probed.add_init_script("window.vwaProbe()")
        page, second = probed.new_page(), probed.new_page()
        page.goto(origin)
        page.evaluate("() => localStorage.setItem('kept', 'yes')")
        elsewhere = next(url for site, url in shared_stack().urls.items() if not origin.startswith(url.rstrip("/")))
        second.goto(elsewhere)
        second.goto("about:blank")  # no tab shows that site any more, as after an earlier episode's tab
        driver = PlaywrightDriver(probed, page)
        driver.switch_to.new_window("tab")
        driver.get(origin)
        assert driver.execute_script("return localStorage.getItem('kept')") == "yes"  # the agent's storage, copied
        driver.quit()
        probed.cookies()  # a round trip: every call of the pages is dispatched
        assert seen and all(p is page or p is second for p in seen), [p.url for p in seen]
        probed.close()
        # the kept context: a hidden page of Playwright's own reports itself; BrowserGym's active page stays the tab
        tab.goto("about:blank")
        context.storage_state()
        context.cookies()
        assert env.unwrapped.page is tab and all(p is tab for p in env.unwrapped.page_history)
    finally:
        env.close()


def _replay_scores_one_and_null_zero(suite: str, task_id: int, raw: bool = False) -> dict:
    env = _make(suite, task_id, raw=raw)
    try:
        env.reset()
        session = env.unwrapped.task.session
        null = session.null_outcome(env.unwrapped.page)
        assert null.score == 0, f"the null outcome scores 1 on {suite}/{task_id}:\n{null.explain()}"
        if scripts_on_last_page(session.resolved):
            env.reset()  # the null scoring ran a script on the start page: start again
        reward, terminated, info, taken = replay(env, list(session.resolved.reference_solution))
        explanation = info["task_info"].get("explanation", "")
        assert terminated and reward == 1, f"{suite}/{task_id} after {taken}: reward {reward}\n{explanation}"
        return info["task_info"]
    finally:
        env.close()


def _replayed() -> list:
    ids = suites.task_ids("classifieds")
    size = -(-len(ids) // REPLAY_GROUPS)
    return [pytest.param(t, marks=pytest.mark.xdist_group(f"browsergym-replay-{i // size}")) for i, t in enumerate(ids)]


@pytest.mark.slow
@pytest.mark.parametrize("task_id", _replayed())
def test_the_reference_solution_through_browsergym_actions_scores_one_and_the_null_outcome_zero(task_id):
    _replay_scores_one_and_null_zero("classifieds", task_id, raw=not WHOLE_OBSERVATION)


@pytest.fixture(scope="module")
def selenium_runtime(tmp_path_factory):
    """The pytest path's per-worker machinery (its own sites, every one the stack serves, and its browser),
    running the reference agent."""
    from evaluation.running.runtime import RunOptions, Runtime

    runtime = Runtime(RunOptions(agent="reference", results_dir=tmp_path_factory.mktemp("selenium"), worker="agree"))
    runtime.needed_sites = set(runtime.stack.served() or ())
    yield runtime
    runtime.close()


def _placeholders(text: str, urls: dict[str, str]) -> str:
    for site, url in sorted(urls.items(), key=lambda kv: -len(kv[1])):
        text = text.replace(url.rstrip("/"), f"__{site.upper()}__")
    return re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", text)


# Two tabs, the second the Kiwix landing page: BrowserGym took the later-loaded tab for the active one and its
# screenshot waited minutes for a frame of a tab in the background (evaluation/bgym/session.py, _activate). 1034 is
# in the sample; 1033, the same kind, is kept here as the regression.
KIWIX_START = [("multisite", 1033)]


@pytest.mark.slow
@pytest.mark.parametrize(
    "suite,task_id",
    [
        pytest.param(s, t, marks=pytest.mark.xdist_group(f"browsergym-agree-{1 + (s in ('shopping', 'multisite'))}"))
        for s, t in [(s, t) for s in ("classifieds", "reddit", "shopping", "multisite") for t in _sample(s)]
        + KIWIX_START
    ],
)
def test_the_selenium_path_and_the_browsergym_path_agree_check_by_check(suite, task_id, selenium_runtime):
    outcome = selenium_runtime.run_task(suites.load(suite, task_id))
    assert outcome.error is None and outcome.reward is not None, outcome.error
    selenium = [
        (c.evaluator, c.name, c.passed, _placeholders(c.reason, selenium_runtime.urls)) for c in outcome.reward.checks
    ]
    info = _replay_scores_one_and_null_zero(suite, task_id)
    urls = dict(shared_stack().urls)
    browsergym = [(c["evaluator"], c["name"], c["passed"], _placeholders(c["reason"], urls)) for c in info["checks"]]
    assert outcome.reward.score == 1
    assert browsergym == selenium


def test_the_agentlab_benchmark_has_every_task_and_a_subset_per_suite():
    from evaluation.bgym.benchmark import benchmarks

    found = benchmarks()
    assert len(found["vwa_arena"].env_args_list) == len(suites.all_tasks())
    for suite in suites.suite_files():
        subset = found[f"vwa_arena_{suite}"]
        wanted = [suites.gym_name(suite, task_id) for task_id in suites.task_ids(suite)]
        assert [a.task_name for a in subset.env_args_list] == wanted
    first = found["vwa_arena_classifieds"].env_args_list[0]
    assert first.max_steps == 30 and found["vwa_arena"].is_multi_tab


def test_a_study_worker_makes_a_task_environment_without_importing_the_package_first(tmp_path):
    """BrowserGym's loop imports only the benchmark packages it knows by name: the task's EnvArgs registers ours."""
    import pickle
    import subprocess
    import sys

    script = (
        "import gymnasium as gym, pickle, sys\n"
        "args = pickle.loads(sys.stdin.buffer.read())\n"
        "assert 'browsergym/vwa_arena.classifieds.0' not in gym.registry\n"
        "from browsergym.core.action.highlevel import HighLevelActionSet\n"
        "env = args.make_env(HighLevelActionSet().to_python_code, exp_dir=sys.argv[1])\n"
        "print(type(env.unwrapped).__name__, env.unwrapped.task_kwargs)\n"
    )
    from evaluation.bgym.benchmark import benchmarks

    args = benchmarks()["vwa_arena_classifieds"].env_args_list[0]
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        input=pickle.dumps(args),
        capture_output=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert done.stdout.decode().startswith("BrowserEnv")
