"""What the multi-site suite (tasks/multisite.json) adds to the checks every suite gets (test_suite.py,
test_grounding.py): every task needs two sites, in each of the official pairings; a task that opens two tabs
moves between them; its facts are those of the generated data; its pytest items and trajectory files do not
collide with the site suites'. Running the solutions is the task suite itself: `pytest tasks/multisite.json`."""

from __future__ import annotations

import json
import re
from collections import Counter
from urllib.parse import unquote

import pytest

from sites.wikipedia import BOOK
from tasks.build import multisite, suite_settings
from tasks.build.suite import TASKS_DIR
from tests.evaluation.runenv import run_pytest

# one worker runs the module (make test: --dist loadgroup), so its module-scoped arena or browser starts once
pytestmark = pytest.mark.xdist_group("tasks/test_multisite_suite")


@pytest.fixture(scope="module")
def tasks() -> list[dict]:
    return json.loads((TASKS_DIR / "multisite.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def articles() -> dict:
    from sites.wikipedia.build import articles

    conf = suite_settings()
    return {e.title: dict(e.facts) for e in articles(conf.seed, conf.scale)}


@pytest.fixture(scope="module")
def shop():
    from sites.shopping.data import open_pristine

    with open_pristine(suite_settings(), generate=True) as data:
        yield data


def test_every_task_needs_two_sites_in_each_official_pairing(tasks):
    assert len(tasks) >= 15
    for t in tasks:
        assert len(set(t["sites"])) == len(t["sites"]) >= 2, t["task_id"]
        assert t["sites"][0] != "wikipedia", f"task {t['task_id']}: Wikipedia is a knowledge source, not the main site"
    pairs = Counter(frozenset(t["sites"]) for t in tasks)
    for pair in (
        {"reddit", "wikipedia"},
        {"shopping", "wikipedia"},
        {"reddit", "shopping"},
        {"classifieds", "shopping"},
    ):
        assert pairs[frozenset(pair)] >= 3, pair
    # the sites a task names are the sites its URLs use, and the other way round
    for t in tasks:
        text = json.dumps([t["start_url"], t["eval"], t["reference_solution"]])
        used = {s for s in ("classifieds", "shopping", "reddit", "wikipedia") if f"__{s.upper()}__" in text}
        assert used == set(t["sites"]), (t["task_id"], used, t["sites"])


def test_two_tabs_and_the_solution_moves_between_them(tasks):
    three = (78, 86)  # official reddit templates opening three tabs (the store twice, or Wikipedia and the store)
    for t in tasks:
        tabs = t["start_url"].split(" |AND| ")
        assert len(tabs) == (3 if t.get("official_template_id") in three else 2), (
            f"task {t['task_id']} opens {len(tabs)} tab(s)"
        )
        focus = [s["index"] for s in t["reference_solution"] if s["do"] == "tab_focus"]
        assert 1 in focus, f"task {t['task_id']}: the reference solution never looks at the second tab"
        if len(tabs) == 3:
            assert 2 in focus, f"task {t['task_id']}: the reference solution never looks at the third tab"
    # Wikipedia opens on its landing page, except in official 78, which opens the article the post relates to
    on_wikipedia = [t for t in tasks if "wikipedia" in t["sites"] and t.get("official_template_id") != 78]
    assert all(t["start_url"].endswith(multisite.WIKI_LANDING) for t in on_wikipedia)


def test_ids_start_apart_from_the_site_suites_so_items_and_trajectories_do_not_collide(tasks):
    """Items are named `<main site>/<task_id>` and trajectories `<main site>_<task_id>.html`: no two committed
    tasks may share that name, in whichever file they are."""
    assert tasks[0]["task_id"] == multisite.FIRST_TASK_ID
    names: Counter[tuple[str, int]] = Counter()
    for path in sorted(TASKS_DIR.glob("*.json")):
        for t in json.loads(path.read_text(encoding="utf-8")):
            names[(t["sites"][0], t["task_id"])] += 1
    assert not [n for n, c in names.items() if c > 1]
    # the site suites stay below the offset (were one to grow past it, the offset must move)
    for site in ("classifieds", "shopping", "reddit"):
        assert len(json.loads((TASKS_DIR / f"{site}.json").read_text())) < multisite.FIRST_TASK_ID


def test_items_are_marked_with_every_site_and_multisite(tasks, tmp_path):
    from evaluation.taskfiles.loader import load_task_file
    from evaluation.taskfiles.markers import task_markers

    for task in load_task_file(TASKS_DIR / "multisite.json"):
        marks = task_markers(task)
        assert set(task.sites) <= set(marks) and "multisite" in marks
    env = {"PATH": "/usr/bin:/bin", "STACK": "docker", "RUN_DIR": str(tmp_path), "HOME": str(tmp_path)}
    multisite_file = TASKS_DIR / "multisite.json"
    args = ("--collect-only", "-q", "--task-file", multisite_file, "-m", "multisite and wikipedia")
    proc = run_pytest(env, *args, cwd=TASKS_DIR.parent, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PytestUnknownMarkWarning" not in proc.stdout + proc.stderr
    items = sorted(line.split("::")[1] for line in proc.stdout.splitlines() if "::" in line)
    assert items == sorted(f"{t['sites'][0]}/{t['task_id']}" for t in tasks if "wikipedia" in t["sites"])


def wiki_title(url: str) -> str:
    prefix = f"{multisite.WIKI}/{BOOK}/A/"
    assert url.startswith(prefix), url
    return unquote(url[len(prefix) :]).replace("_", " ")


def test_every_article_a_solution_opens_is_in_the_zim(tasks, articles):
    # articles are opened by their hit on the search's results page (tasks/build/cross/kit.py look_up)
    hit = re.compile(rf"^\.results a\[href='(/{BOOK}/A/[^']+)'\]$")
    opened = [
        f"{multisite.WIKI}{m.group(1)}"
        for t in tasks
        for s in t["reference_solution"]
        if s["do"] == "click" and (m := hit.match(s["css"]))
    ]
    assert len(opened) >= 10
    for url in opened:
        assert wiki_title(url) in articles, url


def test_calling_codes_are_the_articles_and_phonenumbers(tasks, articles, shop):
    """The phone tasks' expected numbers: the named country's calling code (its article, from phonenumbers)
    in front of the address's own number in the pristine store."""
    import phonenumbers

    phones = {a["id"]: a["telephone"] for a in shop.customer_addresses()}
    checked = 0
    for t in tasks:
        country = t["instantiation_dict"].get("country")
        if not country:
            continue
        code = articles[country]["Calling code"]
        region = articles[country]["ISO 3166 code"]
        assert code == f"+{phonenumbers.country_code_for_region(region)}"
        edit = next(s["url"] for s in t["reference_solution"] if "/customer/address/edit/id/" in s.get("url", ""))
        address_id = int(edit.rstrip("/").rsplit("/", 1)[1])
        wanted = f"{code} {phones[address_id]}"
        required = [x for target in t["eval"]["program_html"] for x in target["required_contents"]["must_include"]]
        assert wanted in required, (t["task_id"], wanted, required)
        checked += 1
    assert checked >= 4


def test_brand_answers_are_the_facts_of_the_makers_article(tasks, articles, shop):
    checked = 0
    for t in tasks:
        if t["sites"] != ["shopping", "wikipedia"] or "leaf" not in t["instantiation_dict"]:
            continue
        click = next(s["css"] for s in t["reference_solution"] if s["do"] == "click")
        url_key = click.split("href='/", 1)[1].split(".html", 1)[0]
        sku = shop.conn.execute("SELECT sku FROM product WHERE url_key = ?", (url_key,)).fetchone()[0]
        facts = articles[shop.by_sku(sku).attributes["Brand"]]
        answers = t["eval"]["reference_answers"]
        if "required_values" in answers:
            assert answers["required_values"] == [f"== {facts['Founded']}"]
        else:
            assert answers["must_include"] == [facts["Headquarters"]]
        checked += 1
    assert checked >= 5


def test_forum_posts_of_store_photos_are_scored_on_the_new_post(tasks):
    posts = [t for t in tasks if t["sites"] == ["reddit", "shopping"] and t.get("official_template_id") == 77]
    assert len(posts) >= 3
    for t in posts:
        assert t["require_reset"] and set(t["eval"]["eval_types"]) == {"program_html", "page_image_query"}
        [query] = t["eval"]["page_image_query"]
        photo = t["start_url"].split(" |AND| ")[1]
        assert query == {
            "eval_image_url": "last",
            "eval_image_class": ".submission__image",
            "eval_fuzzy_image_match": photo,
            "ssim_threshold": 0.9,
        }
        title = t["eval"]["program_html"][0]["required_contents"]["exact_match"]
        assert " for $" in title and title in json.dumps(t["reference_solution"])
