"""The official classifieds task templates (VisualWebArena test_classifieds.raw.json, intent_template_id 0-74):
facts only (evaluator types, task count, how many with an input image, difficulty labels, sites) and the job each
asks, in our words. The suite tags its templates with `official=<id>` (base.Suite.add); UNMIRRORED says which
official templates have no kind of ours, and why."""
from __future__ import annotations

from typing import NamedTuple


class Official(NamedTuple):
    job: str
    evals: tuple[str, ...]
    tasks: int
    images: int
    difficulty: tuple[str, str, str]
    sites: tuple[str, ...]


JOBS: dict[int, str] = {
    0: "open the cheapest/newest listing of a described item",
    1: "open the listing of a described item within a price range",
    2: "change (price, description) or delete one of the user's own listings",
    3: "answer with the links of the listings that fit a description",
    4: "post a listing for the pictured item priced against similar ones and open it",
    5: "read an attribute of a described listing on a given page",
    6: "answer the seller's email of a described listing",
    7: "answer the seller's email of a listing on the given page",
    8: "open the listing that fits a description (colour, price, date)",
    9: "read a quantity (miles, hours...) of a listing placed on a gallery page",
    10: "count the listings that fit a description",
    11: "comment on a described listing with a given title and text",
    12: "find the pictured listing and comment with an offer below its price",
    13: "search a phrase and answer with the links of matching listings",
    14: "compare the pictured item's classifieds listings with the store's cheapest (two sites)",
    15: "answer an attribute of the three newest listings of a kind in a category",
    16: "search a phrase and answer a detail of a listing in the results",
    17: "answer the price range of listings on a page",
    18: "open the newest listing of the pictured item",
    19: "open the newest listing of the pictured item given a hint",
    20: "open the newest listing of a type in a category for the pictured item",
    21: "search a phrase and open the pictured product",
    22: "open the newest listing in a category whose photo fits a condition (input image)",
    23: "open the listing of an item that fits a condition",
    24: "browse a category in a location and open a described listing",
    25: "open the listing showing what the input image shows, in a location",
    26: "open the listing where a described detail (input image) holds",
    27: "open the listing which fits a detail given by the input image",
    28: "open the listing of an item from a location that fits a visual condition",
    29: "find where to buy items like the pictured one, if any",
    30: "open the listing whose photo fits a condition with the input image",
    31: "answer a detail of the listings on a page that fit a visual condition",
    32: "open the cheapest listing of an item that fits a (visual) condition",
    33: "open a described listing and answer its price",
    34: "open the listing on the given page that fits a visual condition",
    35: "find a described listing and leave a rating with a title and text",
    36: "browse a category and open the listing that fits a visual condition",
    37: "count something on a described listing",
    38: "read what is printed or shown on a described listing's photo",
    39: "browse a category and open the pictured item",
    40: "answer a detail of a described listing (colour, seller, size)",
    41: "search a phrase and open the result whose photo fits a condition",
    42: "search a phrase and open a described result",
    43: "open the listing from a location that fits a visual condition",
    44: "search a phrase and open the result that matches the pictured body part",
    45: "open the listing on the given page that fits a condition (input image)",
    46: "open the listing on the given page whose photo fits a condition",
    47: "open the listing which fits a condition of the input image",
    48: "open the listing on the page that fits a condition, N/A when none",
    49: "answer the seller's email of the pictured item given a hint",
    50: "answer the newest seller's email of the pictured item given a hint",
    51: "answer the state of the pictured item's cheap listing",
    52: "comment on the listing of the pictured item",
    53: "answer a detail read off the photo of a described listing",
    54: "answer a detail of the listing on the given page that fits a condition",
    55: "open the listing on the given page like the input image, N/A when none",
    56: "open the listing of a described item within a price bound",
    57: "open the described listing (category, age, photo detail)",
    58: "open the listing from a location that fits a visual condition",
    59: "open the listing with a detail of the input image",
    60: "open the listing on the given page where a visual detail holds",
    61: "open the listing with a detail of the input image in a location",
    62: "open the classifieds listing like a described store product",
    63: "open the cheapest/newest listing of a described item with a condition",
    64: "comment on a listing if a visual condition holds",
    65: "compare two listings' value from their photos and comment on the better",
    66: "identify the pictured animal and comment with its name",
    67: "answer a detail of a described product",
    68: "open the classifieds listing that fits a condition and act on it",
    69: "answer the seller's email if the photo fits a condition, else comment",
    70: "judge a stated size against a measuring tape in the photo",
    71: "comment if the listing shows a described card",
    72: "of three tabs, comment on the two most alike items",
    73: "open the classifieds listing most like a described one",
    74: "answer whether a forum picture's characters are in a listing (reddit picture)",
}

_FACTS: dict[int, tuple] = {
    0: (('url_match',), 3, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    1: (('url_match',), 3, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    2: (('program_html',), 6, 0, ('hard', 'easy', 'hard'), ('classifieds',)),
    3: (('string_match',), 2, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    4: (('program_html', 'page_image_query'), 2, 2, ('hard', 'medium', 'hard'), ('classifieds',)),
    5: (('string_match',), 5, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    6: (('string_match',), 3, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    7: (('string_match',), 2, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    8: (('url_match',), 5, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    9: (('string_match',), 5, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    10: (('string_match',), 3, 0, ('hard', 'easy', 'medium'), ('classifieds',)),
    11: (('program_html',), 5, 0, ('hard', 'medium', 'hard'), ('classifieds',)),
    12: (('program_html',), 3, 1, ('hard', 'easy', 'medium'), ('classifieds',)),
    13: (('string_match',), 2, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    14: (('string_match',), 2, 2, ('hard', 'easy', 'hard'), ('classifieds', 'shopping')),
    15: (('string_match',), 2, 0, ('hard', 'easy', 'hard'), ('classifieds',)),
    16: (('string_match',), 4, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    17: (('string_match',), 3, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    18: (('url_match',), 3, 3, ('hard', 'medium', 'medium'), ('classifieds',)),
    19: (('url_match',), 4, 4, ('hard', 'medium', 'hard'), ('classifieds',)),
    20: (('url_match',), 2, 2, ('medium', 'hard', 'hard'), ('classifieds',)),
    21: (('url_match',), 1, 1, ('easy', 'easy', 'easy'), ('classifieds',)),
    22: (('url_match',), 2, 2, ('easy', 'easy', 'easy'), ('classifieds',)),
    23: (('url_match',), 4, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    24: (('url_match',), 1, 0, ('medium', 'easy', 'medium'), ('classifieds',)),
    25: (('url_match',), 4, 4, ('medium', 'medium', 'medium'), ('classifieds',)),
    26: (('url_match',), 7, 6, ('hard', 'medium', 'medium'), ('classifieds',)),
    27: (('url_match',), 3, 3, ('hard', 'hard', 'hard'), ('classifieds',)),
    28: (('url_match',), 5, 0, ('medium', 'medium', 'medium'), ('classifieds',)),
    29: (('url_match',), 1, 1, ('hard', 'medium', 'hard'), ('classifieds',)),
    30: (('url_match',), 5, 5, ('medium', 'medium', 'medium'), ('classifieds',)),
    31: (('string_match',), 2, 0, ('easy', 'medium', 'medium'), ('classifieds',)),
    32: (('url_match',), 6, 2, ('medium', 'hard', 'hard'), ('classifieds',)),
    33: (('url_match', 'string_match'), 6, 1, ('medium', 'medium', 'medium'), ('classifieds',)),
    34: (('url_match',), 3, 1, ('easy', 'medium', 'easy'), ('classifieds',)),
    35: (('program_html',), 4, 0, ('hard', 'easy', 'hard'), ('classifieds',)),
    36: (('url_match',), 7, 0, ('medium', 'easy', 'easy'), ('classifieds',)),
    37: (('string_match',), 2, 0, ('medium', 'easy', 'easy'), ('classifieds',)),
    38: (('string_match',), 3, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    39: (('url_match',), 2, 2, ('medium', 'hard', 'hard'), ('classifieds',)),
    40: (('string_match',), 6, 1, ('medium', 'hard', 'hard'), ('classifieds',)),
    41: (('url_match',), 1, 0, ('medium', 'hard', 'hard'), ('classifieds',)),
    42: (('url_match',), 3, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    43: (('url_match',), 1, 0, ('medium', 'medium', 'medium'), ('classifieds',)),
    44: (('url_match',), 2, 2, ('medium', 'medium', 'medium'), ('classifieds',)),
    45: (('url_match',), 3, 2, ('easy', 'medium', 'medium'), ('classifieds',)),
    46: (('url_match',), 6, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
    47: (('url_match',), 2, 2, ('easy', 'medium', 'medium'), ('classifieds',)),
    48: (('string_match',), 5, 1, ('easy', 'medium', 'medium'), ('classifieds',)),
    49: (('string_match',), 1, 1, ('hard', 'hard', 'hard'), ('classifieds',)),
    50: (('string_match',), 3, 3, ('hard', 'hard', 'hard'), ('classifieds',)),
    51: (('string_match',), 1, 1, ('hard', 'medium', 'hard'), ('classifieds',)),
    52: (('program_html',), 3, 3, ('hard', 'hard', 'hard'), ('classifieds',)),
    53: (('string_match',), 5, 0, ('easy', 'hard', 'medium'), ('classifieds',)),
    54: (('string_match',), 4, 0, ('easy', 'hard', 'medium'), ('classifieds',)),
    55: (('string_match',), 4, 4, ('easy', 'easy', 'easy'), ('classifieds',)),
    56: (('url_match',), 3, 0, ('hard', 'easy', 'medium'), ('classifieds',)),
    57: (('url_match',), 3, 0, ('medium', 'easy', 'easy'), ('classifieds',)),
    58: (('url_match',), 5, 1, ('hard', 'medium', 'hard'), ('classifieds',)),
    59: (('url_match',), 3, 3, ('medium', 'medium', 'medium'), ('classifieds',)),
    60: (('url_match',), 4, 0, ('easy', 'hard', 'medium'), ('classifieds',)),
    61: (('url_match',), 1, 1, ('easy', 'hard', 'medium'), ('classifieds',)),
    62: (('url_match',), 6, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    63: (('url_match',), 7, 1, ('hard', 'hard', 'hard'), ('classifieds',)),
    64: (('program_html',), 1, 0, ('medium', 'hard', 'hard'), ('classifieds',)),
    65: (('program_html',), 1, 0, ('medium', 'hard', 'hard'), ('classifieds',)),
    66: (('program_html',), 1, 0, ('medium', 'medium', 'medium'), ('classifieds',)),
    67: (('string_match',), 1, 0, ('easy', 'hard', 'medium'), ('classifieds',)),
    68: (('url_match',), 5, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    69: (('program_html',), 1, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    70: (('string_match',), 1, 0, ('easy', 'hard', 'hard'), ('classifieds',)),
    71: (('program_html',), 1, 0, ('medium', 'hard', 'hard'), ('classifieds',)),
    72: (('program_html',), 1, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    73: (('url_match',), 1, 0, ('hard', 'hard', 'hard'), ('classifieds',)),
    74: (('string_match',), 1, 0, ('easy', 'easy', 'easy'), ('classifieds',)),
}

OFFICIAL: dict[int, Official] = {k: Official(JOBS[k], *v) for k, v in _FACTS.items()}

# official id -> why no kind of ours mirrors it (at most 4)
UNMIRRORED: dict[int, str] = {
    66: "names the species of a photographed insect: the generated photos draw no animals or insects",
    69: "hinges on a photo of a real celebrity's stage show: not something generated data can honestly show",
    74: "compares a forum picture of real cartoon characters with a listing: needs real characters on two sites",
}


def table(tasks: list[dict]) -> str:
    """The README table: each official template, its evaluator types and count beside ours (template ids and task
    count), or why it is not mirrored (yet)."""
    ours: dict[int, list[dict]] = {}
    for t in tasks:
        if t.get("official_template_id") is not None:
            ours.setdefault(t["official_template_id"], []).append(t)
    lines = ["| official id | sites | evaluators | official tasks (with image) | our template ids | our tasks |",
             "|---:|---|---|---:|---|---:|"]
    for oid, o in OFFICIAL.items():
        mine = ours.get(oid, [])
        ids = ", ".join(str(i) for i in sorted({t["intent_template_id"] for t in mine}))
        mirror = f"{ids} | {len(mine)}" if mine else \
            f"not mirrored: {UNMIRRORED.get(oid, 'not built yet')} | 0"
        lines.append(f"| {oid} | {'+'.join(o.sites)} | {', '.join(o.evals)} | {o.tasks} ({o.images}) | {mirror} |")
    return "\n".join(lines) + "\n"


def difficulty_table(tasks: list[dict]) -> str:
    """The suite's overall difficulty distribution beside the official one."""
    from collections import Counter

    official: Counter[str] = Counter()
    for o in OFFICIAL.values():
        official[o.difficulty[2]] += o.tasks
    mine = Counter(t["overall_difficulty"] for t in tasks)
    rows = ["| overall difficulty | official tasks | our tasks |", "|---|---:|---:|"]
    rows += [f"| {level} | {official[level]} | {mine[level]} |" for level in ("easy", "medium", "hard")]
    return "\n".join(rows) + "\n"


if __name__ == "__main__":      # python -m tasks.build.classifieds.official: the tables of docs/official-classifieds.md
    import json
    from pathlib import Path

    suite = json.loads((Path(__file__).resolve().parents[2] / "classifieds.json").read_text(encoding="utf-8"))
    print(table(suite) + "\n" + difficulty_table(suite), end="")
