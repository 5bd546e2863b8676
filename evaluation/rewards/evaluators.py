"""The reward functions of the VWA format, as a registry `EVALUATORS` (eval type -> function).

    reward = evaluate_task(task, EvalContext(answer=..., final_url=..., driver=driver, judge=judge))
    reward.score            # 1 only if every check of every listed evaluator passed
    reward.explain()        # each check and why it passed or failed

Harness failures (browser, judge, VQA, site API, missing reference image) raise `EvaluationError`
subclasses: the task is an error, not a 0.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from selenium.common.exceptions import JavascriptException, WebDriverException

from agent.browser.navigation import same_document
from evaluation.rewards.images import fetch_page_image, load_image_ref, open_image, page_image_urls, ssim
from evaluation.rewards.judges import VQA, Judge
from evaluation.scoring import matching
from evaluation.scoring.driver import Driver
from evaluation.scoring.helpers import HelperEnv, as_text, call_helper
from evaluation.taskfiles.loader import Task
from evaluation.vocabulary.errors import EvaluationError, JudgeError, VQAError
from evaluation.vocabulary.helper_calls import PAGE, Symbol
from evaluation.vocabulary.outcome import Reward
from evaluation.vocabulary.spec import Expectation, ImageQuery, ProgramTarget


@dataclass
class EvalContext:
    answer: str | None  # the answer of the final stop action (None: no stop)
    final_url: str  # URL of the focused tab when the episode ended
    driver: Driver | None = None  # the browser (program_html, page_image_query): Selenium's driver
    judge: Judge | None = None  # for fuzzy_match
    vqa: VQA | None = None  # for eval_vqa
    shopping_api: Callable[[], Any] | None = None  # factory of a site_api.ShoppingAPI
    image_root: Path | None = None
    page_timeout_s: float = 30.0
    scoring: str = matching.DEFAULT_MODE  # "official" or "strict" (matching.MODES)
    # stop at the first failed check (the reward is then 0 whatever the rest say): for a proof that a task
    # scores 0, whose later checks would only load pages (evaluation/running/proof.py); never for a score
    first_failure_ends: bool = False
    # opens a blank tab and makes it the driver's current window, returning its handle: the agent's own (a
    # BrowserEnv's `open_tab`, in the agent's browser context, so the scoring tab keeps the agent's logins);
    # None: WebDriver's new window
    new_tab: Callable[[], str] | None = None
    # takes the scoring tab back when the checks are done (a BrowserEnv's `release_tab`: kept blank for the
    # next scoring, which saves opening and closing a tab); None: the tab is closed
    release_tab: Callable[[str], None] | None = None
    # the URL the agent's focused tab shows as loaded and untouched since (the null proof: the start page just
    # opened and observed): a check of that URL that only reads (a helper or the page source, no prep action or
    # page script) reads it there instead of loading it again in the scoring tab; None: every URL is loaded
    shown_url: str | None = None


# ---- expectations (shared by string_match and program_html) -------------------------------------------

# In official mode program_html checks only the first of these its required_contents holds (the official
# harness reads them as an if/elif chain); string_match and strict mode check every key.
_OFFICIAL_ORDER = ("exact_match", "must_include", "must_exclude", "required_values", "fuzzy_match")


def _official_first_key(exp: Expectation) -> str | None:
    for key in _OFFICIAL_ORDER:
        if getattr(exp, key) is not None or (key == "fuzzy_match" and exp.unachievable):
            return key
    return None


def check_expectation(
    exp: Expectation,
    text: Any,
    reward: Reward,
    evaluator: str,
    intent: str,
    ctx: EvalContext,
    string_note: str = "",
    label: str = "answer",
    first_only: bool = False,
) -> None:
    mode = ctx.scoring
    only = _official_first_key(exp) if first_only and mode == "official" else None

    def wanted(key: str) -> bool:
        return only is None or key == only

    if exp.required_values is not None and wanted("required_values"):
        reward.add(evaluator, "required_values", *matching.required_values(exp.required_values, text, label, mode=mode))
    text = as_text(text)
    if exp.exact_match is not None and wanted("exact_match"):
        reward.add(evaluator, "exact_match", *matching.exact_match(exp.exact_match, text, label, mode=mode))
    if exp.must_include is not None and wanted("must_include"):
        reward.add(evaluator, "must_include", *matching.must_include(exp.must_include, text, label, mode=mode))
    if exp.must_exclude is not None and wanted("must_exclude"):
        reward.add(evaluator, "must_exclude", *matching.must_exclude(exp.must_exclude, text, label, mode=mode))
    if exp.one_of is not None and (only is None or only == "one_of"):
        reward.add(evaluator, "one_of", *matching.one_of(exp.one_of, text, label, mode=mode))
    # fuzzy_match ["N/A"]: official asks the fuzzy judge with the reference "N/A"; strict reads it as unachievable
    unachievable = exp.unachievable and (mode == "strict" or exp.fuzzy_match is None)
    if exp.fuzzy_match is not None and not unachievable and wanted("fuzzy_match"):
        for reference in exp.fuzzy_match:
            # official: every reference goes to the judge, even one the answer equals
            if mode == "strict" and matching.clean(reference, mode) == matching.clean(text, mode):
                reward.add(evaluator, "fuzzy_match", True, f"answer equals {reference!r} (no judge call)")
                continue
            if mode == "strict" and not matching.clean(text, mode):
                reward.add(evaluator, "fuzzy_match", False, f"empty answer for reference {reference!r} (no judge call)")
                continue
            judge = _need_judge(ctx)
            verdict = judge.equivalent(intent, reference, text)
            reward.add(
                evaluator,
                "fuzzy_match",
                verdict == "correct",
                f"judge says {verdict} for {matching._short(text)!r} against {reference!r}",
            )
    if unachievable and wanted("fuzzy_match"):
        if matching.is_na(text, mode):
            reward.add(evaluator, "unachievable", True, "answer is N/A")
        elif mode == "strict" and not matching.clean(text, mode):
            reward.add(evaluator, "unachievable", False, "empty answer: it neither is N/A nor gives a reason")
        elif not string_note:
            reward.add(
                evaluator,
                "unachievable",
                False,
                f"the task is unachievable and has no string_note; the answer must be N/A, "
                f"got {matching._short(text)!r}",
            )
        else:
            ok = _need_judge(ctx).gives_reason(intent, string_note, text)
            reward.add(
                evaluator,
                "unachievable",
                ok,
                f"judge: answer {matching._short(text)!r} "
                + ("gives" if ok else "does not give")
                + f" the reason {string_note!r}",
            )


def _need_judge(ctx: EvalContext) -> Judge:
    if ctx.judge is None:
        raise JudgeError(
            "fuzzy_match needs a judge model: set JUDGE_MODEL (and JUDGE_BASE_URL / JUDGE_API_KEY)", retryable=False
        )
    return ctx.judge


# ---- string_match --------------------------------------------------------------------------------------


def string_match(task: Task, ctx: EvalContext) -> Reward:
    reward = Reward()
    if ctx.answer is None:
        reward.add("string_match", "answer", False, "the agent gave no answer (no stop action)")
        return reward
    # the official harness cleans the answer once before each check cleans it again
    answer = matching.official_clean(ctx.answer) if ctx.scoring == "official" else ctx.answer
    expected = task.eval.reference_answers
    if expected is None:  # the loader gives every string_match task its reference_answers
        raise EvaluationError("string_match: the task has no reference_answers")
    check_expectation(expected, answer, reward, "string_match", task.intent, ctx, task.eval.string_note)
    return reward


# ---- url_match -----------------------------------------------------------------------------------------


def normalize_url(url: str) -> str:
    """Strict mode: lower-case scheme and host, `localhost` -> 127.0.0.1, default ports dropped, no
    trailing slash on the path (also before a query) or the URL, an empty query or fragment dropped; user
    information is kept as written, and so is the fragment (`#shipping` is not `#payment`)."""
    url = (url or "").strip()
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    if host == "localhost":
        host = "127.0.0.1"
    elif ":" in host:
        host = f"[{host}]"  # an IPv6 address keeps its brackets
    try:
        port = parts.port
    except ValueError:  # not a port number: compared as written
        return url.rstrip("/")
    scheme = parts.scheme.lower()
    if (scheme, port) in (("http", 80), ("https", 443)):
        port = None
    userinfo = parts.netloc.rpartition("@")[0]
    netloc = (f"{userinfo}@" if userinfo else "") + host + (f":{port}" if port else "")
    path = parts.path.rstrip("/")
    return urlunsplit((scheme, netloc, path, parts.query, parts.fragment)).rstrip("/")


def official_url(url: str) -> str:
    """Official mode: `localhost` -> 127.0.0.1 and one trailing slash removed, nothing else."""
    url = str(url).replace("localhost", "127.0.0.1")
    return url[:-1] if url.endswith("/") else url


def url_match(task: Task, ctx: EvalContext) -> Reward:
    reward = Reward()
    norm = official_url if ctx.scoring == "official" else normalize_url
    pred = norm(ctx.final_url)
    refs = [norm(u) for u in task.eval.reference_url]
    if task.eval.url_note == "GOLD in PRED":
        hit = next((raw for r, raw in zip(refs, task.eval.reference_url, strict=False) if r and r in pred), None)
        reward.add(
            "url_match",
            "url",
            hit is not None,
            f"final URL {ctx.final_url!r} contains {hit!r}"
            if hit
            else f"final URL {ctx.final_url!r} contains none of {list(task.eval.reference_url)}",
        )
    else:
        hit = next((raw for r, raw in zip(refs, task.eval.reference_url, strict=False) if r == pred), None)
        reward.add(
            "url_match",
            "url",
            hit is not None,
            f"final URL {ctx.final_url!r} equals {hit!r}"
            if hit
            else f"final URL {ctx.final_url!r} is none of {list(task.eval.reference_url)}",
        )
    return reward


# ---- program_html --------------------------------------------------------------------------------------

_JS_VALUE = "const __v = ({code}); return (typeof __v === 'function') ? __v() : __v;"


def _browser(ctx: EvalContext, what: str) -> Driver:
    if ctx.driver is None:
        raise EvaluationError(f"{what} needs a browser, and none is available")
    return ctx.driver


class _ScoringTab:
    """The tab the checks read their URLs in: opened on the first URL a check reads and closed at the end,
    so that the agent's last page stays as it ended for `last` checks. A URL is loaded again for each check
    that reads it (as the official harness does), except when the tab already shows that URL untouched:
    loaded, then only read by helpers or the whole-page source (no prep action, no page script ran).
    A check whose value comes from the site's API alone (a helper without `__page__`) loads nothing."""

    def __init__(self, ctx: EvalContext):
        self.ctx = ctx
        self.driver: Driver | None = None
        self.original: str | None = None  # the agent's focused tab
        self.handle: str | None = None  # ours
        self.clean_url: str | None = None  # the URL the tab shows, loaded and untouched since

    def __enter__(self) -> _ScoringTab:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def show(self, url: str | None) -> None:
        """Focus the page `url` (None: the agent's last page)."""
        driver = self.driver = _browser(self.ctx, "reading " + (url or "the last page"))
        try:
            if self.original is None:
                self.original = driver.current_window_handle
            if url is None:
                if self.handle is not None:
                    driver.switch_to.window(self.original)
                return
            if self.handle is None:
                if self.ctx.new_tab is not None:
                    self.handle = self.ctx.new_tab()
                else:
                    driver.switch_to.new_window("tab")
                    self.handle = driver.current_window_handle
                driver.set_page_load_timeout(self.ctx.page_timeout_s)
            else:
                driver.switch_to.window(self.handle)
            if self.clean_url != url:
                self.clean_url = None
                if "#" in url and same_document(driver.current_url, url):  # X#f on X#f: no reload
                    driver.get("about:blank")
                driver.get(url)
                self.clean_url = url
        except WebDriverException as exc:
            raise EvaluationError(f"the browser could not open {url or 'the last page'}: {exc.msg or exc}") from exc

    def touched(self) -> None:
        """A script ran in the page shown: the next check of its URL loads it again."""
        self.clean_url = None

    def close(self) -> None:
        if self.handle is None or self.driver is None or self.original is None:
            return
        handle, self.handle = self.handle, None
        try:
            if self.ctx.release_tab is not None:
                self.ctx.release_tab(handle)
            else:
                self.driver.switch_to.window(handle)
                self.driver.close()
            self.driver.switch_to.window(self.original)
        except WebDriverException as exc:
            raise EvaluationError(f"the browser failed closing the scoring tab: {exc.msg or exc}") from exc


def _reads_page(target: ProgramTarget) -> bool:
    """Whether the check reads the browser's page (else its value comes from helpers' site API calls)."""
    if target.prep_actions or target.locator.kind != "helper":
        return True
    call = target.locator.call
    values = (*call.args, *(v for _, v in call.kwargs)) if call is not None else ()
    return any(isinstance(v, Symbol) and v.name == PAGE for v in values)


def _target_url(target: ProgramTarget, env: HelperEnv) -> str | None:
    """The URL to check (None: stay on the agent's last page)."""
    if target.url == "last":
        return None
    if target.url_call is not None:
        value = as_text(call_helper(target.url_call, env))
        if not value:
            raise EvaluationError(f"url helper {target.url_call.source} gave no URL")
        return value
    return target.url


_NOTHING = object()  # the locator raised in the page: nothing located


def _locate(target: ProgramTarget, ctx: EvalContext, env: HelperEnv) -> tuple[Any, str]:
    """(value, note) of the target's locator on the current page (`_NOTHING` if the locator raised)."""
    driver = _browser(ctx, "program_html")
    loc = target.locator
    try:
        if loc.kind == "html":
            return driver.page_source, "whole page"
        if loc.kind in ("js", "lambda"):
            code = loc.code
            if loc.kind == "lambda" and ctx.scoring == "official":
                # the official harness removes the prefix with str.lstrip, which also takes any of the
                # letters l a m b d : after it: `lambda:document.title` runs `ocument.title` there
                code = loc.source.strip().lstrip("lambda:")  # noqa: B005 (that very behaviour)
            try:
                return driver.execute_script(_JS_VALUE.format(code=code)), code
            except JavascriptException as exc:
                return _NOTHING, f"{code} raised {exc.msg.splitlines()[0] if exc.msg else 'an error'}"
        if loc.call is None:  # the loader parses every helper locator into its call
            raise EvaluationError(f"program_html: the locator {loc.source!r} has no parsed helper call")
        return call_helper(loc.call, env), loc.call.source
    except JavascriptException:
        raise
    except WebDriverException as exc:
        raise EvaluationError(f"the browser failed while reading the page: {exc.msg or exc}") from exc


def _located_value(value: Any, kind: str, mode: str) -> Any:
    """The located value the expectations read, or None when the page counts as wrong (score 0).
    Strict: nothing located reads as "". Official: a document. locator's value becomes text with Python's
    str() (`['404']`, `12.5`, `None`, `True`) and an error in it reads as ""; null from a lambda: or func:
    locator, anything falsy from a lambda: locator and an error in a lambda: locator score 0."""
    if mode == "official":
        if kind == "js":
            return "" if value is _NOTHING else str(value)
        if value is _NOTHING or value is None or (kind == "lambda" and not value):
            return None
        return value
    return "" if value is _NOTHING or value is None else value


def program_html(task: Task, ctx: EvalContext) -> Reward:
    reward = Reward()
    driver = _browser(ctx, "program_html")
    env = HelperEnv(driver=driver, last_url=ctx.final_url, shopping_api_factory=ctx.shopping_api)
    with _ScoringTab(ctx) as tab:
        for i, target in enumerate(task.eval.program_html):
            _program_target(i, target, ctx, env, tab, task, reward)
            if ctx.first_failure_ends and reward.failed():
                break
    return reward


def _program_target(
    i: int, target: ProgramTarget, ctx: EvalContext, env: HelperEnv, tab: _ScoringTab, task: Task, reward: Reward
) -> None:
    name = f"program_html[{i}]"
    driver = _browser(ctx, "program_html")
    url = _target_url(target, env)
    scripts = bool(target.prep_actions) or target.locator.kind in ("js", "lambda")
    # a page the agent's tab already shows, loaded and untouched, is read there: a fresh load would show the same
    shown = url is not None and not scripts and url == ctx.shown_url
    if url is None or _reads_page(target):
        tab.show(None if shown else url)
    if url is not None and scripts:
        tab.touched()
    for statement in target.prep_actions:
        try:
            driver.execute_script(statement)
        except JavascriptException as exc:
            reward.add(name, "prep_actions", False, f"prep action {statement!r} failed in the page: {exc.msg}")
        except WebDriverException as exc:
            raise EvaluationError(f"the browser failed running a prep action: {exc.msg or exc}") from exc
    raw, note = _locate(target, ctx, env)
    value = _located_value(raw, target.locator.kind, ctx.scoring)
    before = len(reward.checks)
    if value is None:
        reward.add(name, "located", False, "the locator found nothing (null): the page is wrong")
    else:
        check_expectation(target.required, value, reward, name, task.intent, ctx, label="located text", first_only=True)
    where = url or "the last page"
    for j in range(before, len(reward.checks)):
        c = reward.checks[j]
        reward.checks[j] = replace(c, reason=f"{c.reason} (on {where}, read by {note})")


# ---- page_image_query ----------------------------------------------------------------------------------


def _page_images(query: ImageQuery, ctx: EvalContext) -> list[tuple[str, Any]]:
    driver = _browser(ctx, "page_image_query")
    with _ScoringTab(ctx) as tab:
        tab.show(None if query.url == "last" else query.url)
        try:
            urls = page_image_urls(driver, query.selector)
        except WebDriverException as exc:
            raise EvaluationError(f"the browser failed while listing images: {exc.msg or exc}") from exc
        if urls is None:
            raise EvaluationError(f"eval_image_class {query.selector!r} is not a valid CSS selector")
        images = []
        for url in urls:
            data = fetch_page_image(driver, url)
            images.append((url, open_image(data, f"page image {url}")))
    return images


def page_image_query(task: Task, ctx: EvalContext) -> Reward:
    reward = Reward()
    for i, query in enumerate(task.eval.page_image_query):
        name = f"page_image_query[{i}]"
        images = _page_images(query, ctx)
        where = f"{query.selector!r} on {query.url if query.url != 'last' else 'the last page'}"
        if not images:
            reward.add(name, "images", False, f"no image under {where}")
            continue
        for question, expected in query.vqa:
            if ctx.vqa is None:
                raise VQAError(
                    "eval_vqa needs a VQA backend: set VQA_BACKEND (openai or blip2) and its model", retryable=False
                )
            replies = []
            for url, image in images:
                reply = ctx.vqa.ask(image, question)
                replies.append(reply)
                if matching.clean(expected) in matching.clean(reply):
                    reward.add(name, "eval_vqa", True, f"{question!r}: model answered {reply!r} for {url}")
                    break
            else:
                reward.add(
                    name,
                    "eval_vqa",
                    False,
                    f"{question!r}: expected {expected!r}, model answered "
                    f"{replies!r} for the {len(images)} image(s) under {where}",
                )
        for alternatives in query.reference_images:
            field_name = f"eval.page_image_query[{i}].eval_fuzzy_image_match"
            scores = []
            for ref in alternatives:  # ` |OR| ` alternatives: the best match of any of them counts
                reference = load_image_ref(ref, task, field_name, ctx.image_root)
                scores += [(ssim(reference, image), url, ref.value) for url, image in images]
            best, best_url, best_ref = max(scores)
            against = best_ref if len(alternatives) == 1 else f"{best_ref} (best of {len(alternatives)} alternatives)"
            reward.add(
                name,
                "ssim",
                best >= query.ssim_threshold,
                f"best SSIM {best:.3f} ({best_url}) vs threshold {query.ssim_threshold} for {against}",
            )
    return reward


EVALUATORS: dict[str, Callable[[Task, EvalContext], Reward]] = {
    "string_match": string_match,
    "url_match": url_match,
    "program_html": program_html,
    "page_image_query": page_image_query,
}


def evaluate_task(task: Task, ctx: EvalContext) -> Reward:
    """Run every evaluator listed in the task's eval_types; the reward is the product of their scores."""
    reward = Reward()
    for eval_type in task.eval.types:
        reward.extend(EVALUATORS[eval_type](task, ctx))
        if ctx.first_failure_ends and reward.failed():
            break
    return reward
