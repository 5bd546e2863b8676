"""Typed task objects loaded from VWA-format JSON files, validated at load.

    tasks = load_task_file("tasks/test_classifieds.json")          # placeholders kept
    task = tasks[0].resolve({"classifieds": "http://127.0.0.1:5123"})  # a copy with base URLs filled in

Every problem is a `TaskFormatError` naming the file, the task id and the field. Unknown extra keys are
allowed anywhere a reader does not interpret them (extensions live under new keys); the fields below
keep the meaning given in shared/vwa-format.md. Input images are checked for syntax here and for
existence only when the task runs (`images.load_input_images`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from evaluation.vocabulary.errors import TaskFormatError
from evaluation.vocabulary.helper_calls import HelperCall, HelperSyntaxError, parse_helper_call
from evaluation.vocabulary.placeholders import PlaceholderError, resolve_tree, unknown_placeholders
from evaluation.vocabulary.spec import (
    DEFAULT_VIEWPORT,
    DIFFICULTIES,
    EVAL_TYPES,
    MULTI_URL_SEP,
    OR_SEP,
    URL_NOTES,
    EvalSpec,
    Expectation,
    ImageQuery,
    ImageRef,
    Inequality,
    Locator,
    ProgramTarget,
)
from sites.config import SITES

# Fields whose strings hold site placeholders (free-text fields such as comments are left alone).
RESOLVED_KEYS = ("start_url", "image", "eval", "reference_solution")
_INEQUALITY = re.compile(r"^\s*(>=|<=|==|!=|>|<)\s*(-?\d[\d,]*(?:\.\d+)?|-?\.\d+)\s*$")


@dataclass(frozen=True)
class Task:
    file: Path
    task_id: int
    sites: tuple[str, ...]
    intent: str
    start_urls: tuple[str, ...]
    images: tuple[ImageRef, ...]
    require_login: bool
    require_reset: bool
    viewport: tuple[int, int]
    difficulty: dict[str, str | None]
    intent_template_id: Any
    official_template_id: int | None  # the official VWA template this task's kind mirrors (our suites)
    eval: EvalSpec
    reference_solution: tuple[dict[str, Any], ...] | None
    geolocation: Any
    storage_state: str | None
    raw: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)
    # problems the official harness ignores (a difficulty typo): the task runs, the loader warns
    warnings: tuple[TaskFormatError, ...] = field(compare=False, default=())

    @property
    def site(self) -> str:
        return self.sites[0]

    @property
    def test_id(self) -> str:
        return f"{self.site}/{self.task_id}"

    @property
    def needed_sites(self) -> tuple[str, ...]:
        """Every site the task needs: its `sites`, then the sites its start URLs open (an official classifieds task
        with the store in a second tab needs the store). Markers and the by-site table use these."""
        from evaluation.vocabulary.placeholders import sites_in_order

        found = list(self.sites)
        for url in self.start_urls:
            found += [s for s in sites_in_order(url) if s not in found]
        return tuple(found)

    @property
    def unachievable(self) -> bool:
        ra = self.eval.reference_answers
        return bool(ra and ra.unachievable)

    def resolve(self, urls: Mapping[str, str]) -> Task:
        """A copy of this task with site placeholders replaced by `urls` (site name -> base URL)."""
        try:
            raw = dict(self.raw)
            for key in RESOLVED_KEYS:
                if key in raw:
                    raw[key] = resolve_tree(raw[key], urls)
        except PlaceholderError as exc:
            raise TaskFormatError(self.file, self.task_id, None, str(exc)) from None
        return parse_task(raw, self.file)


# ---- parsing ---------------------------------------------------------------------------------------


class _Where:
    def __init__(self, file: Path, task_id: Any):
        self.file, self.task_id = file, task_id

    def error(self, field_name: str | None, message: str) -> TaskFormatError:
        return TaskFormatError(self.file, self.task_id, field_name, message)


def _str_list(value: Any, where: _Where, name: str, allow_empty: bool = False) -> tuple[str, ...]:
    if isinstance(value, str):
        raise where.error(name, f"must be a list of strings, got the string {value!r}")
    if not isinstance(value, list):
        raise where.error(name, f"must be a list of strings, got {type(value).__name__}")
    out = []
    for i, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, (str, int, float)):
            raise where.error(f"{name}[{i}]", f"must be a string, got {type(item).__name__}")
        out.append(str(item))
    if not out and not allow_empty:
        raise where.error(name, "is an empty list")
    return tuple(out)


def parse_inequality(text: str) -> Inequality:
    m = _INEQUALITY.match(text)
    if not m:
        raise ValueError(f"{text!r} is not an inequality like '>= 12' (operators: < <= > >= == !=)")
    return Inequality(m.group(1), float(m.group(2).replace(",", "")), text.strip())


EXPECTATION_KEYS = ("exact_match", "must_include", "must_exclude", "one_of", "required_values", "fuzzy_match")


def parse_expectation(obj: Any, where: _Where, name: str) -> Expectation:
    if not isinstance(obj, dict):
        raise where.error(
            name, f"must be an object with any of {', '.join(EXPECTATION_KEYS)}; got {type(obj).__name__}"
        )
    kw: dict[str, Any] = {}
    for key, value in obj.items():
        fname = f"{name}.{key}"
        if key == "exact_match":
            if isinstance(value, bool) or not isinstance(value, (str, int, float)):
                raise where.error(fname, f"must be a string, got {type(value).__name__}")
            kw[key] = str(value)
        elif key in ("must_include", "must_exclude", "one_of"):
            kw[key] = _str_list(value, where, fname)
        elif key == "required_values":
            items = _str_list(value, where, fname)
            parsed = []
            for i, item in enumerate(items):
                try:
                    parsed.append(tuple(parse_inequality(alt) for alt in item.split(OR_SEP)))
                except ValueError as exc:
                    raise where.error(f"{fname}[{i}]", str(exc)) from None
            kw[key] = tuple(parsed)
        elif key == "fuzzy_match":
            if value == "N/A" and not name.startswith("eval.program_html"):
                kw["unachievable"] = True
            elif value == ["N/A"] or value == "N/A":
                # the official harness sends these to the fuzzy judge with the reference "N/A";
                # strict scoring reads them as unachievable (docs/scoring.md)
                kw["unachievable"] = True
                kw[key] = ("N/A",)
            elif isinstance(value, str) and value.strip() and name.startswith("eval.program_html"):
                # one string in required_contents: alternatives, as the official harness reads it there
                kw[key] = tuple(value.split(OR_SEP))
            elif isinstance(value, str):
                raise where.error(fname, f'must be a list of reference strings or "N/A", got {value!r}')
            else:
                kw[key] = _str_list(value, where, fname)
        # other keys: extensions, ignored
    exp = Expectation(**kw)
    if exp.is_empty():
        raise where.error(name, f"has none of {', '.join(EXPECTATION_KEYS)}: nothing would be checked")
    return exp


def _helper_names() -> list[str]:
    from evaluation.scoring.helpers import HELPERS  # the registry (import here: helpers import selenium-heavy modules)

    return list(HELPERS)


def parse_helper(text: str, where: _Where, name: str) -> HelperCall:
    from evaluation.scoring.helpers import check_arguments

    try:
        call = parse_helper_call(text, _helper_names())
        check_arguments(call)
    except (HelperSyntaxError, TypeError) as exc:
        raise where.error(name, str(exc)) from None
    return call


def _check_url(url: str, where: _Where, name: str) -> None:
    bad = unknown_placeholders(url)
    if bad:
        raise where.error(name, f"unknown placeholder(s) {', '.join(bad)} in {url!r}")
    if url.startswith("__"):
        return
    parsed = urlparse(url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise where.error(name, f"{url!r} is not an http(s) URL or a placeholder URL like __CLASSIFIEDS__/...")


def parse_locator(text: Any, where: _Where, name: str) -> Locator:
    if text is None:
        text = ""
    if not isinstance(text, str):
        raise where.error(name, f"must be a string, got {type(text).__name__}")
    src = text.strip()
    if src == "":
        return Locator("html", text)
    if src.startswith("func:"):
        return Locator("helper", text, call=parse_helper(src[len("func:") :], where, name))
    if src.startswith("lambda:"):
        code = src[len("lambda:") :].strip()
        if not code:
            raise where.error(name, "lambda: locator has no JavaScript expression")
        return Locator("lambda", text, code=code)
    if src.startswith(("document.", "[...document.")):
        return Locator("js", text, code=src)
    raise where.error(
        name,
        f"{text!r} is not a locator: use '' (whole page), a JavaScript expression "
        "starting with document. or [...document., lambda:EXPR, or func:HELPER(args)",
    )


def _image_strings(value: Any, where: _Where, name: str) -> Iterator[tuple[str, str]]:
    """(field path, text) of each image entry of `value`: one non-empty string, or a list of them (none when
    `value` is None or "")."""
    if value is None or value == "":
        return
    items = value if isinstance(value, list) else [value]
    for i, item in enumerate(items):
        fname = f"{name}[{i}]" if isinstance(value, list) else name
        if not isinstance(item, str) or not item.strip():
            raise where.error(fname, f"must be a non-empty string (a path or an http(s) URL), got {item!r}")
        yield fname, item


def parse_images(value: Any, where: _Where, name: str) -> tuple[ImageRef, ...]:
    refs = []
    for fname, text in _image_strings(value, where, name):
        item = text.strip()
        if "://" in item or item.startswith("__"):
            if item.startswith("__"):
                bad = unknown_placeholders(item)
                if bad:
                    raise where.error(fname, f"unknown placeholder(s) {', '.join(bad)} in {item!r}")
            else:
                parsed = urlparse(item)
                if parsed.scheme not in ("http", "https") or not parsed.netloc:
                    raise where.error(fname, f"{item!r}: only http(s) URLs and local paths are supported")
        elif "\x00" in item:
            raise where.error(fname, "path contains a NUL byte")
        refs.append(ImageRef(item))
    return tuple(refs)


def parse_image_alternatives(value: Any, where: _Where, name: str) -> tuple[tuple[ImageRef, ...], ...]:
    """eval_fuzzy_image_match: a reference image, or alternatives joined by ` |OR| ` (any one matching is enough,
    as the official evaluator splits them); a list holds several such entries, each of which must match."""
    groups = []
    for fname, item in _image_strings(value, where, name):
        parts = [part.strip() for part in item.split(" |OR| ")]
        if not all(parts):
            raise where.error(fname, f"an empty alternative in {item!r} (alternatives are joined by ' |OR| ')")
        groups.append(parse_images(parts if len(parts) > 1 else parts[0], where, fname))
    return tuple(groups)


def _objects(value: Any, where: _Where, field: str, what: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """(`field[i]`, entry) of each entry of the non-empty list `value` (of `what`), each an object."""
    if not isinstance(value, list) or not value:
        raise where.error(field, f"must be a non-empty list of {what}")
    for i, entry in enumerate(value):
        base = f"{field}[{i}]"
        if not isinstance(entry, dict):
            raise where.error(base, f"must be an object, got {type(entry).__name__}")
        yield base, entry


def _page_url(entry: dict[str, Any], key: str, where: _Where, base: str, hint: str) -> str:
    """The page address `entry[key]`, stripped; missing or blank: an error with `hint`."""
    url = entry.get(key)
    if not isinstance(url, str) or not url.strip():
        raise where.error(f"{base}.{key}", f"missing: {hint}")
    return url.strip()


def _parse_program_html(value: Any, where: _Where) -> tuple[ProgramTarget, ...]:
    targets = []
    for base, t in _objects(value, where, "eval.program_html", "targets for eval type program_html"):
        url = _page_url(t, "url", where, base, "use 'last', a URL, or func:HELPER(args)")
        url_call = None
        if url.startswith("func:"):
            url_call = parse_helper(url[len("func:") :], where, f"{base}.url")
        elif url != "last":
            for alt in url.split(MULTI_URL_SEP):
                _check_url(alt.strip(), where, f"{base}.url")
        prep = t.get("prep_actions") or []
        prep = _str_list(prep, where, f"{base}.prep_actions", allow_empty=True)
        if "required_contents" not in t:
            raise where.error(f"{base}.required_contents", "missing")
        targets.append(
            ProgramTarget(
                url=url,
                url_call=url_call,
                locator=parse_locator(t.get("locator", ""), where, f"{base}.locator"),
                prep_actions=prep,
                required=parse_expectation(t["required_contents"], where, f"{base}.required_contents"),
            )
        )
    return tuple(targets)


def _parse_image_queries(value: Any, where: _Where) -> tuple[ImageQuery, ...]:
    out = []
    for base, q in _objects(value, where, "eval.page_image_query", "queries for eval type page_image_query"):
        url = _page_url(q, "eval_image_url", where, base, "use 'last' or a URL")
        if url != "last":
            _check_url(url, where, f"{base}.eval_image_url")
        selector = q.get("eval_image_class")
        if not isinstance(selector, str) or not selector.strip():
            raise where.error(f"{base}.eval_image_class", "missing: a CSS selector")
        vqa = []
        for j, item in enumerate(q.get("eval_vqa") or []):
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("question"), str)
                or not isinstance(item.get("answer"), (str, int, float))
            ):
                raise where.error(f"{base}.eval_vqa[{j}]", 'must be {"question": str, "answer": str}')
            vqa.append((item["question"], str(item["answer"])))
        refs = parse_image_alternatives(q.get("eval_fuzzy_image_match"), where, f"{base}.eval_fuzzy_image_match")
        threshold = q.get("ssim_threshold", 0.8)
        if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 < threshold <= 1:
            raise where.error(f"{base}.ssim_threshold", f"must be a number in (0, 1], got {threshold!r}")
        if not vqa and not refs:
            raise where.error(base, "has neither eval_vqa nor eval_fuzzy_image_match: nothing would be checked")
        out.append(ImageQuery(url, selector.strip(), tuple(vqa), refs, float(threshold)))
    return tuple(out)


def parse_eval(obj: Any, where: _Where) -> EvalSpec:
    if not isinstance(obj, dict):
        raise where.error("eval", f"must be an object, got {type(obj).__name__}")
    types = obj.get("eval_types")
    if not isinstance(types, list) or not types:
        raise where.error("eval.eval_types", "must be a non-empty list")
    for i, t in enumerate(types):
        if t not in EVAL_TYPES:
            raise where.error(f"eval.eval_types[{i}]", f"unknown evaluator type {t!r}; known: {', '.join(EVAL_TYPES)}")
    reference_answers = None
    if "string_match" in types:
        if obj.get("reference_answers") is None:
            raise where.error("eval.reference_answers", "missing (required by string_match)")
        reference_answers = parse_expectation(obj["reference_answers"], where, "eval.reference_answers")
    reference_url: tuple[str, ...] = ()
    note = obj.get("url_note") or "EXACT"
    if "url_match" in types:
        ref = obj.get("reference_url")
        if not isinstance(ref, str) or not ref.strip():
            raise where.error("eval.reference_url", "missing (required by url_match)")
        reference_url = tuple(u.strip() for u in ref.split(OR_SEP) if u.strip())
        if note not in URL_NOTES:
            raise where.error("eval.url_note", f"unknown url_note {note!r}; known: {', '.join(URL_NOTES)}")
        for u in reference_url:
            if note == "GOLD in PRED" and "://" not in u and not u.startswith("__"):
                continue  # a relative part of a URL (`f/gaming`): the final URL must contain it
            _check_url(u, where, "eval.reference_url")
    string_note = obj.get("string_note") or ""
    if not isinstance(string_note, str):
        raise where.error("eval.string_note", "must be a string")
    return EvalSpec(
        types=tuple(types),
        reference_answers=reference_answers,
        reference_url=reference_url,
        url_note=note,
        string_note=string_note,
        program_html=_parse_program_html(obj.get("program_html"), where) if "program_html" in types else (),
        page_image_query=(
            _parse_image_queries(obj.get("page_image_query"), where) if "page_image_query" in types else ()
        ),
    )


def _bool(obj: dict[str, Any], key: str, where: _Where, default: bool = False) -> bool:
    value = obj.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise where.error(key, f"must be true or false, got {value!r}")
    return value


def _validate_solution(steps: Any, where: _Where) -> tuple[dict[str, Any], ...]:
    if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
        raise where.error("reference_solution", "must be a list of step objects")
    from agent.agents.reference import parse_solution  # the reference agent's own step grammar

    try:
        parse_solution(steps)
    except ValueError as exc:
        raise where.error("reference_solution", str(exc)) from None
    return tuple(steps)


def parse_task(obj: Any, file: str | Path) -> Task:
    file = Path(file)
    if not isinstance(obj, dict):
        raise TaskFormatError(file, None, None, f"a task must be an object, got {type(obj).__name__}")
    task_id = obj.get("task_id")
    where = _Where(file, task_id)
    if task_id is None:
        raise where.error("task_id", "missing")
    if isinstance(task_id, bool) or not isinstance(task_id, int):
        raise where.error("task_id", f"must be an integer, got {task_id!r}")
    for key in ("sites", "intent", "start_url", "eval"):
        if key not in obj:
            raise where.error(key, "missing")
    sites = obj["sites"]
    if not isinstance(sites, list) or not sites or not all(isinstance(s, str) for s in sites):
        raise where.error("sites", f"must be a non-empty list of site names, got {sites!r}")
    for s in sites:
        if s not in SITES:
            raise where.error("sites", f"unknown site {s!r}; known: {', '.join(SITES)}")
    intent = obj["intent"]
    if not isinstance(intent, str) or not intent.strip():
        raise where.error("intent", "must be a non-empty string")
    start = obj["start_url"]
    if not isinstance(start, str) or not start.strip():
        raise where.error("start_url", "must be a non-empty string")
    start_urls = tuple(u.strip() for u in start.split(MULTI_URL_SEP))
    for u in start_urls:
        _check_url(u, where, "start_url")
    viewport = DEFAULT_VIEWPORT
    vs = obj.get("viewport_size")
    if vs is not None:
        # the official files sometimes give only the width: the other side keeps its default
        if not isinstance(vs, dict) or not all(
            isinstance(v := vs.get(k), int) and not isinstance(v, bool) and v > 0
            for k in ("width", "height")
            if k in vs
        ):
            raise where.error(
                "viewport_size", f'must be {{"width": W, "height": H}} with positive integers, got {vs!r}'
            )
        viewport = (vs.get("width", DEFAULT_VIEWPORT[0]), vs.get("height", DEFAULT_VIEWPORT[1]))
    difficulty, notes = {}, []
    for key in ("reasoning_difficulty", "visual_difficulty", "overall_difficulty"):
        value = obj.get(key)
        if value is not None and not isinstance(value, str):
            raise where.error(key, f"must be one of {', '.join(DIFFICULTIES)}, got {value!r}")
        if value is not None and value not in DIFFICULTIES:
            # metadata only (grouping): kept as written, with a warning
            notes.append(where.error(key, f"{value!r} is not one of {', '.join(DIFFICULTIES)}; grouped as written"))
        difficulty[key.split("_")[0]] = value
    storage_state = obj.get("storage_state")
    if storage_state is not None and not isinstance(storage_state, str):
        raise where.error("storage_state", "must be a string or null")
    official = obj.get("official_template_id")
    if official is not None and (not isinstance(official, int) or isinstance(official, bool) or official < 0):
        raise where.error(
            "official_template_id", f"must be a template id (an integer, 0 or more) or null, got {official!r}"
        )
    solution = obj.get("reference_solution")
    return Task(
        file=file,
        task_id=task_id,
        sites=tuple(sites),
        intent=intent,
        start_urls=start_urls,
        images=parse_images(obj.get("image"), where, "image"),
        require_login=_bool(obj, "require_login", where),
        require_reset=_bool(obj, "require_reset", where),
        viewport=viewport,
        difficulty=difficulty,
        intent_template_id=obj.get("intent_template_id"),
        official_template_id=official,
        eval=parse_eval(obj["eval"], where),
        reference_solution=None if solution is None else _validate_solution(solution, where),
        geolocation=obj.get("geolocation"),
        storage_state=storage_state,
        raw=obj,
        warnings=tuple(notes),
    )


def read_task_list(path: str | Path) -> list[Any]:
    """The entries of a task file (a JSON list, or one task object); unreadable or malformed JSON is a
    TaskFormatError naming the file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TaskFormatError(path, None, None, f"cannot read the file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise TaskFormatError(path, None, None, f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TaskFormatError(
            path, None, None, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise TaskFormatError(path, None, None, f"must hold a JSON list of tasks, got {type(data).__name__}")
    return data


def entry_name(obj: Any, index: int) -> str:
    """How a (possibly malformed) entry is named: its task_id when it has an integer one, else #index."""
    task_id = obj.get("task_id") if isinstance(obj, dict) else None
    ident = str(task_id) if isinstance(task_id, int) and not isinstance(task_id, bool) else f"#{index}"
    sites = obj.get("sites") if isinstance(obj, dict) else None
    site = sites[0] if isinstance(sites, list) and sites and isinstance(sites[0], str) else "task"
    return f"{site}/{ident}"


def load_task_entries(
    path: str | Path, urls: Mapping[str, str] | None = None
) -> list[tuple[str, Task | TaskFormatError]]:
    """(name, task or its error) for every entry of a file: one malformed task does not hide the others.
    With `urls`, placeholders are resolved."""
    path = Path(path)
    entries: list[tuple[str, Task | TaskFormatError]] = []
    seen: dict[Any, int] = {}
    for index, obj in enumerate(read_task_list(path)):
        name = entry_name(obj, index)
        try:
            if not isinstance(obj, dict):
                raise TaskFormatError(path, f"#{index}", None, f"entry {index} is not a task object")
            task = parse_task(obj, path)
            if task.task_id in seen:
                raise TaskFormatError(
                    path, task.task_id, "task_id", f"duplicate: entries {seen[task.task_id]} and {index}"
                )
            seen[task.task_id] = index
            entries.append((name, task.resolve(urls) if urls is not None else task))
        except TaskFormatError as exc:
            entries.append((name, exc))
    return entries


def load_task_file(path: str | Path, urls: Mapping[str, str] | None = None) -> list[Task]:
    """All tasks of a file (a JSON list, or one task object); the first malformed task raises.
    With `urls`, placeholders are resolved."""
    tasks = []
    for _, entry in load_task_entries(path, urls):
        if isinstance(entry, TaskFormatError):
            raise entry
        tasks.append(entry)
    return tasks
