"""Nothing the agent's browser can reach gives a task's answer away.

One arena of every embedded site (the suites' data), crawled over plain HTTP as the logged-in user of each site:
every page linked from its root, from the tasks' start URLs and from the pages their reference solutions open,
with the images, scripts and stylesheets those pages load, up to a budget per site. Then, over every URL, file
name, page text and attribute found:

- the input images the homepage serves are named by their content, and no part of a name is an id or word of any
  task's answer or reference URL (the old `find-84.png` for `page=item&id=84`); no folder of them is listed;
- the homepage (the only site not holding the tasks' data) shows no task's reference URL;
- no site serves the task files, the builder's comments on a task, the reset token, or the name of an input
  image (which would tie a picture to the item it shows);
- no image URL on the sites names a visual fact a task asks about, and no image attribute (alt, title, data-*)
  states one that the page's own text does not show.

What the sites are meant to show (an item's page holds its id and title: the agent finds it by working) is not a
leak; the checks cover what lies beyond that.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sites.arena import Arena
from tasks.build import SITES, suite_settings
from tests.sites.crawl import crawl, login_session

TASKS_DIR = Path(__file__).resolve().parents[2] / "tasks"
# one worker runs the module (make test: --dist loadgroup), so its arena and crawl are made once
pytestmark = [pytest.mark.xdist_group("answer-leaks"), pytest.mark.slow]  # the crawl: a minute
PLACEHOLDERS = {
    "__CLASSIFIEDS__": "classifieds",
    "__SHOPPING__": "shopping",
    "__REDDIT__": "reddit",
    "__WIKIPEDIA__": "wikipedia",
    "__HOMEPAGE__": "homepage",
}
BUDGET = {"classifieds": 250, "shopping": 250, "reddit": 250, "wikipedia": 60, "homepage": 60}
TASK_FILE_MARKERS = ("reference_solution", "intent_template_id", "reference_answers", "instantiation_dict")
IMAGE_ATTRS = ("alt", "title")


def load_tasks() -> list[dict]:
    return [t for path in sorted(TASKS_DIR.glob("*.json")) for t in json.loads(path.read_text(encoding="utf-8"))]


def fill(url: str, urls: dict[str, str]) -> str:
    for placeholder, site in PLACEHOLDERS.items():
        url = url.replace(placeholder, urls.get(site, placeholder))
    return url


def reference_urls(task: dict) -> list[str]:
    """The task's reference URLs (url_match alternatives), with placeholders."""
    ref = (task["eval"].get("reference_url") or "").strip()
    return [u.strip() for u in ref.split(" |OR| ") if u.strip()]


def answer_strings(task: dict) -> list[str]:
    answers = task["eval"].get("reference_answers") or {}
    out: list[str] = []
    for value in answers.values():
        for item in value if isinstance(value, list) else [value]:
            out += [part.strip() for part in str(item).split(" |OR| ")]
    return [a for a in out if a and a != "N/A"]


def tokens(text: str) -> set[str]:
    return {t for t in re.split(r"[^0-9a-z]+", text.lower()) if t}


def answer_tokens(task: dict) -> set[str]:
    """Ids and words of a task's answer and reference URL paths (not the site's base, not URL syntax)."""
    found: set[str] = set()
    for url in reference_urls(task):
        path = url.split("__", 2)[-1] if url.startswith("__") else url
        found |= tokens(path) - {"index", "php", "page", "item", "id", "f", "html", "search", "user", "q"}
    for answer in answer_strings(task):
        found |= {t for t in tokens(answer) if t.isdigit() or len(t) >= 4}
    return found


WORD = re.compile(r"[0-9A-Za-z]+")
# every byte but an ASCII letter or digit -> a space: the words of WORD are then the runs split() finds
_WORD_BYTES = bytes(b if chr(b).isascii() and chr(b).isalnum() else 32 for b in range(256))


def words_of(text: str) -> set[str]:
    """set(WORD.findall(text)), a third faster (a character outside ASCII is encoded as "?", then a space)."""
    return set(text.encode("ascii", "replace").translate(_WORD_BYTES).decode("ascii").split())


HEX_NAME = re.compile(r"[0-9a-f]{16}")


class Needles:
    """Which of many strings occur in a text: `[n for n in needles if n in text]`, in the same order, without
    searching the whole text for each. A needle with a word inside it (letters and digits with a non-word
    character on both sides, within the needle) can occur only where that word is a whole word of the text, so
    it is searched only in texts holding every such word of it (filed under its longest one); a name of 16 hex
    digits can occur only inside a run of hex digits, so only those runs' 16-character windows are looked up.
    Any other needle is searched for in every text."""

    def __init__(self, needles):
        self.order = {n: i for i, n in enumerate(dict.fromkeys(needles))}
        self.by_word: dict[str, list[str]] = {}
        self.inner: dict[str, set[str]] = {}  # needle -> the words inside it
        self.hex_names: set[str] = set()
        self.always: list[str] = []
        for needle in self.order:
            inner = [m.group() for m in WORD.finditer(needle) if 0 < m.start() and m.end() < len(needle)]
            if inner:
                self.by_word.setdefault(max(inner, key=len), []).append(needle)
                self.inner[needle] = set(inner)
            elif HEX_NAME.fullmatch(needle):
                self.hex_names.add(needle)
            else:
                self.always.append(needle)

    def found_in(self, text: str) -> list[str]:
        # the text's words are read only when a needle is filed under one (image names never are): reading every
        # word of every page was most of the check's time
        words = words_of(text) if self.by_word else set()
        # a needle whose every inner word is a word of the text (its longest alone let many needles through whose
        # longest word is common on the sites, each then searched for in the whole text)
        filed = words & self.by_word.keys()
        candidates = self.always + [n for w in filed for n in self.by_word[w] if self.inner[n] <= words]
        found = {n for n in candidates if n in text}
        if self.hex_names:
            for run in re.findall(r"[0-9a-f]{16,}", text):
                found |= {run[i : i + 16] for i in range(len(run) - 15)} & self.hex_names
        return sorted(found, key=self.order.__getitem__)


def input_images(tasks: list[dict]) -> dict[str, dict]:
    """Reference in a task file ("images/reddit/<hash>.jpg") -> the task using it."""
    out = {}
    for task in tasks:
        images = task.get("image") or []
        for ref in [images] if isinstance(images, str) else images:
            if not ref.startswith(("http://", "https://", "__")):
                out[ref] = task
    return out


def seeds_of(site: str, tasks: list[dict], urls: dict[str, str]) -> list[str]:
    """The pages of `site` the tasks start on or their reference solutions open (their own pages included)."""
    base = urls[site]
    found: list[str] = []
    for task in tasks:
        starts = [u.strip() for u in task["start_url"].split(" |AND| ")]
        steps = [s["url"] for s in task.get("reference_solution") or [] if s.get("do") == "goto" and s.get("url")]
        for url in starts + steps + reference_urls(task):
            full = fill(url, urls)
            if full.startswith(base) and full not in found:
                found.append(full)
    return found


@pytest.fixture(scope="module")
def tasks() -> list[dict]:
    return load_tasks()


@pytest.fixture(scope="module")
def arena(tmp_path_factory):
    import dataclasses

    settings = dataclasses.replace(
        suite_settings(), run_dir=tmp_path_factory.mktemp("leak-run"), reset_token="leak-test-reset-token-7f3a9c"
    )
    # entering the arena starts its sites (no second start: it would leave the first ones running)
    with Arena(["classifieds", "shopping", "reddit", "wikipedia", "homepage"], settings=settings) as running:
        yield running


@pytest.fixture(scope="module")
def crawled(arena, tasks) -> dict[str, dict]:
    """site -> {url: Page} of what the logged-in user's browser can reach there."""
    from concurrent.futures import ThreadPoolExecutor

    urls = arena.urls

    def crawl_site(site: str) -> dict:
        seeds = seeds_of(site, tasks, urls)
        return crawl(urls[site], seeds, login_session(site, urls[site]), budget=len(seeds) + BUDGET[site])

    # the sites are servers of their own: one crawler each at once (each its own session, as before)
    with ThreadPoolExecutor(len(urls)) as pool:
        return dict(zip(urls, pool.map(crawl_site, urls), strict=True))


def test_the_crawl_reaches_each_site_and_its_task_pages(crawled, arena, tasks):
    for site, pages in crawled.items():
        ok = [p for p in pages.values() if p.status == 200]
        assert len(ok) >= min(40, BUDGET[site]) if site != "homepage" else len(ok) >= 3, (site, len(ok))
    homepage_images = [u for u in crawled["homepage"] if "/images/" in u and crawled["homepage"][u].status == 200]
    assert homepage_images, "no task image was reached on the homepage (start URLs of the posting tasks)"
    for site in SITES:
        assert any(p.content_type == "image/jpeg" or p.content_type == "image/png" for p in crawled[site].values())


def test_input_image_names_are_content_hashes_and_carry_no_answer(tasks, crawled):
    images = input_images(tasks)
    assert len(images) >= 90
    everyone = set().union(*(answer_tokens(t) for t in tasks))
    for ref, task in images.items():
        name = ref.rsplit("/", 1)[-1]
        assert re.fullmatch(r"[0-9a-f]{16}\.(png|jpg)", name), (
            f"task {task['task_id']}: image {ref} is not named by a hash"
        )
        leaked = tokens(name.rsplit(".", 1)[0]) & (answer_tokens(task) | everyone)
        assert not leaked, f"task {task['task_id']}: image name {ref} holds {leaked} of an answer"
    for url in crawled["homepage"]:
        if "/images/" in url:
            name = url.rsplit("/", 1)[-1]
            assert re.fullmatch(r"[0-9a-f]{16}\.(png|jpg)", name), url


def test_an_answer_id_in_an_image_name_is_caught():
    """The name check catches the old names: `find-84.png` for the task whose answer is `page=item&id=84`."""
    task = {
        "eval": {
            "reference_url": "__CLASSIFIEDS__/index.php?page=item&id=84",
            "reference_answers": {"must_include": ["$1,250 |OR| 1250"]},
        }
    }
    assert tokens("find-84") & answer_tokens(task) == {"84"}
    assert tokens("price-1250") & answer_tokens(task) == {"1250"}
    assert not tokens("d47f6969a209c636") & answer_tokens(task)


def test_the_homepage_lists_no_folder_of_images(arena, tasks):
    import requests

    home = arena.urls["homepage"]
    names = {ref.rsplit("/", 1)[-1] for ref in input_images(tasks)}
    folders = {ref.rsplit("/", 1)[0] for ref in input_images(tasks)} | {"images"}
    for folder in sorted(folders):
        for suffix in ("", "/", "/?C=M;O=A", "/index.html"):
            url = f"{home}/{folder}{suffix}"
            response = requests.get(url, timeout=10)
            assert response.status_code == 404, f"{url} answered {response.status_code}"
            assert not any(n in response.text for n in names), f"{url} names an input image"
    for path in ("/static/", "/static", "/tasks/", "/tasks/classifieds.json", "/images/../classifieds.json"):
        assert requests.get(home + path, timeout=10).status_code == 404, path


def test_the_homepage_shows_no_reference_url(crawled, arena, tasks):
    shown = [
        (url, page.body + " ".join(v for _t, _a, v in page.attributes))
        for url, page in crawled["homepage"].items()
        if page.body
    ]
    for task in tasks:
        for ref in reference_urls(task):
            path = fill(ref, arena.urls).split("//", 1)[-1].partition("/")[2]
            if len(path) < 3:
                continue  # a site's front page: the homepage links every site by design
            for url, text in shown:
                assert path not in text, f"{url} shows the reference URL of task {task['task_id']}: {ref}"


def test_no_site_serves_task_files_comments_tokens_or_image_names(crawled, arena, tasks):
    token = arena.settings.reset_token
    comments = Needles(t["comments"] for t in tasks if len(t.get("comments") or "") >= 25)
    stems = {ref.rsplit("/", 1)[-1].rsplit(".", 1)[0] for ref in input_images(tasks)}
    names = Needles(stems)
    for site, pages in crawled.items():
        for url, page in pages.items():
            text = page.body + " " + " ".join(v for _t, _a, v in page.attributes)
            assert token not in text and token not in url, f"{url} shows the reset token"
            assert not [m for m in TASK_FILE_MARKERS if m in text], f"{url} serves a task file"
            assert not comments.found_in(text), f"{url} shows a task's comment"
            if site != "homepage":
                assert not names.found_in(text) + [s for s in stems if s in url], f"{url} names an input image"


def test_the_many_strings_search_finds_what_a_plain_search_finds():
    """Needles.found_in, which the check above uses on every page, against `in` on each needle."""
    needles = [
        "a comment, with the red bike inside it",
        "0123456789abcdef",
        "fedcba9876543210",
        "nowordinside",
        "x" * 30,
        "ends in a word",
    ]
    texts = [
        "<p>see: a comment, with the red bike inside it!</p>",
        "src=/img/00fedcba9876543210ff.png and 0123456789ABCDEF",
        "0123456789abcde",
        "<i>prefixnowordinsidesuffix</i> " + "x" * 31,
        "it ends in a words list",
        "a comment, with the red bike inside i",
    ]
    search = Needles(needles)
    for text in texts:
        assert search.found_in(text) == [n for n in needles if n in text], text
    assert search.found_in(texts[0]) == [needles[0]] and search.found_in(texts[1]) == [needles[2]]
    for text in [*texts, "caf\u00e9 na\u00efve x\u00e9y \u2014 12\u00b3 a_b-c"]:
        assert words_of(text) == set(WORD.findall(text)), text
    names = Needles(needles[1:3])  # only names of 16 hex digits (the image names' search): no word is read
    assert not names.by_word
    for text in texts:
        assert names.found_in(text) == [n for n in needles[1:3] if n in text], text


def test_no_image_url_or_attribute_states_a_visual_fact(crawled, tasks):
    words = {
        t.lower() for task in tasks for t in task["grounding"].get("visual_terms", []) if t.isalpha() and len(t) >= 3
    }
    assert {"red", "striped", "cracked"} <= words
    checked = 0
    for site in SITES:
        for url, page in crawled[site].items():
            if page.content_type.startswith("image/"):
                path = url.split("?", 1)[0]
                assert not tokens(path.rsplit("/", 1)[-1]) & words, f"the image URL {url} names a visual fact"
                checked += 1
            shown = tokens(page.text)
            for tag, attr, value in page.attributes:
                if tag == "img" and (attr in IMAGE_ATTRS or attr.startswith("data-")):
                    said = (tokens(value) & words) - shown
                    assert not said, f"{url}: <img {attr}={value!r}> says {said}, which the page's text does not"
    assert checked >= 30
