"""The official VisualWebArena reddit templates (config_files/vwa/test_reddit.raw.json) as facts: for each
official `intent_template_id`, what job it asks for (in our words), how many tasks instantiate it, the sites it
spans (main site first), its evaluator types, whether it has an input image and its difficulty labels
(reasoning, visual, overall). The forum and multi-site kinds that mirror one pass its id to `Suite.add`
(`official=`) and use its labels (`labels`); UNMIRRORED says which ones have no kind here, and why.
"""
from __future__ import annotations

from typing import NamedTuple


class Official(NamedTuple):
    job: str
    tasks: int       # how many official tasks instantiate it
    sites: tuple[str, ...]
    eval_types: tuple[str, ...]
    image: bool
    difficulty: tuple[str, str, str]


OFFICIAL: dict[int, Official] = {
    0: Official('open the comments of the post whose picture is given', 3, ('reddit',),
             ('url_match',), True, ('easy', 'medium', 'easy')),
    1: Official('count the comments of the pictured post that mention a word', 2, ('reddit',),
             ('string_match',), True, ('medium', 'easy', 'easy')),
    2: Official('count the comments of the pictured post', 2, ('reddit',),
             ('string_match',), True, ('medium', 'medium', 'medium')),
    3: Official("give the address of the OP's recipe comment on the pictured post", 4, ('reddit',),
             ('string_match',), True, ('hard', 'easy', 'hard')),
    4: Official('open the comments of the pictured post (no forum named)', 3, ('reddit',),
             ('url_match',), True, ('hard', 'medium', 'hard')),
    5: Official('open an image post showing something like the given picture', 2, ('reddit',),
             ('page_image_query',), True, ('medium', 'easy', 'medium')),
    6: Official('say when the pictured post was posted', 1, ('reddit',),
             ('string_match',), True, ('hard', 'easy', 'hard')),
    7: Official('open the forum with content most like the given picture', 2, ('reddit',),
             ('url_match',), True, ('medium', 'easy', 'medium')),
    8: Official('find and upvote the pictured post in a named forum', 3, ('reddit',),
             ('program_html',), True, ('hard', 'medium', 'hard')),
    9: Official('find the pictured post and give its top comment', 5, ('reddit',),
             ('string_match',), True, ('hard', 'medium', 'hard')),
    10: Official('post the given picture in the best forum and open the post', 1, ('reddit',),
             ('url_match', 'page_image_query'), True, ('hard', 'easy', 'hard')),
    11: Official('write and post a story about the given picture in the best forum', 2, ('reddit',),
             ('program_html', 'page_image_query'), True, ('hard', 'easy', 'hard')),
    12: Official('open another post by the author of the pictured post', 4, ('reddit',),
             ('url_match',), True, ('hard', 'medium', 'hard')),
    13: Official('open the first image post in a forum, by a sort, whose picture shows something', 4, ('reddit',),
             ('url_match',), False, ('medium', 'medium', 'medium')),
    14: Official('open the forum of the city a picture was taken in', 3, ('reddit',),
             ('url_match',), True, ('medium', 'hard', 'hard')),
    15: Official('open the first hot image post of a forum whose picture lacks something', 2, ('reddit',),
             ('url_match',), False, ('medium', 'medium', 'medium')),
    16: Official("copy a store product's name into a new forum post", 1, ('reddit', 'shopping'),
             ('url_match', 'program_html'), False, ('hard', 'easy', 'hard')),
    17: Official("post a store product's picture to a forum with its name as title", 1, ('reddit', 'shopping'),
             ('url_match', 'program_html', 'page_image_query'), False, ('hard', 'easy', 'hard')),
    18: Official("answer about what a post's picture shows, from Wikipedia", 14, ('reddit', 'wikipedia'),
             ('string_match',), False, ('hard', 'hard', 'hard')),
    19: Official('answer a question about a post, looking the fact up on Wikipedia', 1, ('reddit', 'wikipedia'),
             ('string_match',), False, ('hard', 'medium', 'hard')),
    20: Official('answer about a pictured thing, from Wikipedia', 1, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'hard', 'hard')),
    21: Official('say when something pictured in a post happened, from Wikipedia', 1, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'hard', 'hard')),
    22: Official('say who made or is linked to a pictured thing, from Wikipedia', 2, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'hard', 'hard')),
    23: Official('say who is linked to a pictured thing (Wikipedia tab)', 1, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'medium', 'medium')),
    24: Official('say who is linked to a pictured thing, from Wikipedia', 2, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'hard', 'hard')),
    25: Official("answer a question about a chart's fact that needs outside knowledge", 1, ('reddit',),
             ('string_match',), False, ('easy', 'hard', 'medium')),
    26: Official('say who is linked to a pictured thing (Wikipedia tab)', 1, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'medium', 'medium')),
    27: Official('comment on this post by a stated rule', 2, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'medium')),
    28: Official('count the comments of a post that meet a condition', 1, ('reddit',),
             ('string_match',), False, ('hard', 'medium', 'hard')),
    29: Official('find a post by a description, then act on it', 2, ('reddit',),
             ('program_html',), False, ('hard', 'medium', 'hard')),
    30: Official('find a post, repost its picture to another forum and act', 1, ('reddit',),
             ('program_html', 'page_image_query', 'url_match'), False, ('hard', 'medium', 'hard')),
    31: Official('find the answer in a forum and act on the store', 1, ('reddit', 'shopping'),
             ('program_html',), False, ('hard', 'hard', 'hard')),
    32: Official('answer a question, act and comment in a format', 1, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'medium')),
    33: Official('open a post whose picture matches a description', 3, ('reddit',),
             ('page_image_query',), False, ('easy', 'easy', 'easy')),
    34: Official('upvote every post on this page whose picture shows something', 5, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'medium')),
    35: Official('downvote some posts and upvote others by what they show', 1, ('reddit',),
             ('program_html',), False, ('medium', 'medium', 'medium')),
    36: Official('downvote and upvote posts by a fact from Wikipedia', 1, ('reddit', 'wikipedia'),
             ('program_html',), False, ('hard', 'hard', 'hard')),
    37: Official("answer a question about a set of posts' pictures", 2, ('reddit',),
             ('string_match',), False, ('easy', 'medium', 'easy')),
    38: Official('answer a question about the picture in a comment of a given format', 3, ('reddit',),
             ('program_html',), False, ('easy', 'easy', 'easy')),
    39: Official('answer a question about a picture in a named forum', 6, ('reddit',),
             ('string_match',), False, ('easy', 'easy', 'easy')),
    40: Official('open the comments of a post whose picture meets a condition', 4, ('reddit',),
             ('page_image_query',), False, ('easy', 'easy', 'easy')),
    41: Official("reply to a named user's comment with an answer in a given format", 3, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'easy')),
    42: Official('subscribe to a forum holding the given picture', 3, ('reddit',),
             ('program_html',), True, ('easy', 'easy', 'easy')),
    43: Official('message the author of the pictured post', 3, ('reddit',),
             ('program_html',), True, ('medium', 'easy', 'easy')),
    44: Official('post each given picture in its most fitting forum', 3, ('reddit',),
             ('page_image_query',), True, ('hard', 'hard', 'hard')),
    45: Official('open a listing across forums and answer a question about it', 3, ('reddit',),
             ('url_match', 'string_match'), False, ('hard', 'easy', 'hard')),
    46: Official('give the birth year of a pictured character, from Wikipedia', 3, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'medium', 'medium')),
    47: Official('read a value off the picture of this post', 1, ('reddit',),
             ('string_match',), False, ('easy', 'easy', 'easy')),
    48: Official("open the OP's recipe comment on the pictured post", 2, ('reddit',),
             ('url_match',), True, ('hard', 'easy', 'hard')),
    49: Official('find a chart post and read a value from it', 3, ('reddit',),
             ('string_match', 'url_match'), False, ('medium', 'easy', 'medium')),
    50: Official("open the most commented post of the pictured post's author", 3, ('reddit',),
             ('url_match',), True, ('hard', 'easy', 'hard')),
    51: Official('subscribe to the forum most likely to discuss the given picture', 3, ('reddit',),
             ('program_html',), True, ('easy', 'easy', 'easy')),
    52: Official('count the comments of the pictured post among the hot ones of a forum', 3, ('reddit',),
             ('string_match',), True, ('medium', 'easy', 'medium')),
    53: Official('search, then open the meme post with a given score', 1, ('reddit',),
             ('url_match',), False, ('hard', 'easy', 'hard')),
    54: Official('open the meme post with a given score', 2, ('reddit',),
             ('url_match',), False, ('hard', 'easy', 'hard')),
    55: Official('change the username to a name shown in the given picture', 1, ('reddit',),
             ('program_html',), True, ('easy', 'medium', 'easy')),
    56: Official('act on a forum for the given picture', 2, ('reddit',),
             ('program_html',), True, ('medium', 'easy', 'medium')),
    57: Official('comment a date read from the picture of this post', 3, ('reddit',),
             ('program_html',), False, ('easy', 'easy', 'easy')),
    58: Official("comment the trading loss shown in this post's picture, in dollars", 2, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'easy')),
    59: Official("comment the trading loss shown in this post's picture, in euros", 1, ('reddit',),
             ('program_html',), False, ('easy', 'medium', 'easy')),
    60: Official("comment the number of things in this post's picture", 6, ('reddit',),
             ('program_html',), False, ('easy', 'easy', 'easy')),
    61: Official('open the post that continues the pictured post', 1, ('reddit',),
             ('url_match',), True, ('hard', 'medium', 'hard')),
    62: Official('answer about a post and open it', 2, ('reddit',),
             ('string_match', 'url_match'), False, ('easy', 'medium', 'medium')),
    63: Official('open a post related to the given picture', 2, ('reddit',),
             ('url_match',), True, ('hard', 'medium', 'hard')),
    64: Official('open the comments of a post by what its picture shows', 4, ('reddit',),
             ('url_match',), True, ('easy', 'hard', 'medium')),
    65: Official('subscribe to forums by letter and by what their top pictures show', 3, ('reddit',),
             ('program_html',), False, ('hard', 'easy', 'medium')),
    66: Official('open the post on this page that fits the given picture', 1, ('reddit',),
             ('url_match',), True, ('hard', 'easy', 'medium')),
    67: Official("give the address of a post's picture that fits a description", 1, ('reddit',),
             ('string_match',), False, ('medium', 'medium', 'medium')),
    68: Official('give the top comment of the top post about a Wikipedia subject', 2, ('reddit', 'wikipedia'),
             ('string_match',), False, ('medium', 'medium', 'medium')),
    69: Official('find a post by picture and message its author', 2, ('reddit',),
             ('program_html',), True, ('hard', 'medium', 'medium')),
    70: Official('repost the picture of this page that fits a forum best', 2, ('reddit',),
             ('program_html', 'page_image_query'), False, ('medium', 'easy', 'medium')),
    71: Official('subscribe to the forum that fits a condition on the given picture', 3, ('reddit',),
             ('program_html',), True, ('medium', 'easy', 'medium')),
    72: Official('comment a given text on the post whose picture matches a description', 3, ('reddit',),
             ('program_html',), False, ('medium', 'hard', 'medium')),
    73: Official('read a money value from a screenshot post', 1, ('reddit',),
             ('string_match',), False, ('hard', 'medium', 'medium')),
    74: Official('comment on the post of a food from the pictured country', 2, ('reddit',),
             ('program_html',), True, ('medium', 'hard', 'hard')),
    75: Official('open a sort of the forum of the pictured place', 2, ('reddit',),
             ('url_match',), True, ('medium', 'medium', 'medium')),
    76: Official("post in the forum of the pictured school's city", 2, ('reddit',),
             ('program_html',), True, ('hard', 'hard', 'hard')),
    77: Official("post a store product's full-size picture to f/food", 2, ('reddit', 'shopping'),
             ('program_html', 'page_image_query'), False, ('hard', 'hard', 'hard')),
    78: Official('post the store picture a Wikipedia page relates to', 3, ('reddit', 'shopping', 'wikipedia'),
             ('program_html', 'page_image_query'), False, ('hard', 'medium', 'hard')),
    79: Official('subscribe to the forum that fits the given picture', 3, ('reddit',),
             ('program_html',), True, ('easy', 'easy', 'easy')),
    80: Official('sum the scores of the posts on this page whose pictures show something', 2, ('reddit',),
             ('string_match',), False, ('medium', 'hard', 'medium')),
    81: Official('comment on the post showing something posted in a time frame', 3, ('reddit',),
             ('program_html',), False, ('medium', 'easy', 'medium')),
    82: Official('comment on the top post of a forum related to the given picture', 2, ('reddit',),
             ('program_html',), True, ('medium', 'medium', 'medium')),
    83: Official('open the post on this page most related to its picture', 2, ('reddit',),
             ('url_match',), True, ('easy', 'easy', 'easy')),
    84: Official('message the authors of posts on this page that show something', 2, ('reddit',),
             ('program_html',), False, ('hard', 'hard', 'hard')),
    85: Official('give the top comment of the post about something pictured', 2, ('reddit',),
             ('string_match',), True, ('easy', 'medium', 'easy')),
    86: Official('post in two forums asking to compare two store products', 3, ('reddit', 'shopping'),
             ('program_html', 'page_image_query'), False, ('hard', 'easy', 'hard')),
}

# Official templates with no kind here (at most 4: ../shared/official-kinds.md), and why.
UNMIRRORED: dict[int, str] = {
    14: "the city must be recognised from a real landmark in the photo; generated pictures have no real landmarks",
    55: "the forum has no account settings page where a username could be changed",
    67: "asks for an animated gif about a real financial topic; the forum's pictures are still drawings",
    76: "the city must be recognised from a real school's building in the photo; generated pictures show none",
}


def labels(official_id: int) -> tuple[str, str, str]:
    """The official difficulty labels (reasoning, visual, overall) of a template."""
    return OFFICIAL[official_id].difficulty


def readme_table(tasks: list[dict]) -> str:
    """The README's table for the forum: each official template, its sites and evaluator types, the official
    task count, and our template ids (<suite>:<id>) with their task count (from the forum and multi-site task
    files' tasks),
    or why it is not mirrored. `python -m tasks.build.reddit.official` prints it."""
    ours: dict[int, dict[str, int]] = {}
    for t in tasks:
        oid = t.get("official_template_id")
        if oid is not None and t["sites"][0] == "reddit":
            per = ours.setdefault(oid, {})
            key = f"{'multisite' if len(t['sites']) > 1 else 'reddit'}:{t['intent_template_id']}"
            per[key] = per.get(key, 0) + 1
    rows = ["| Official id | Sites | Evaluators | Official tasks | Our template ids (tasks) |",
            "|---:|---|---|---:|---|"]
    for oid, o in sorted(OFFICIAL.items()):
        if oid in ours:
            mine = ", ".join(f"{tid} ({n})" for tid, n in sorted(ours[oid].items()))
        else:
            mine = f"not mirrored: {UNMIRRORED[oid]}" if oid in UNMIRRORED else "not mirrored yet"
        rows.append(f"| {oid} | {'+'.join(o.sites)} | {', '.join(o.eval_types)} | {o.tasks} | {mine} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    everything = [t for name in ("reddit.json", "multisite.json")
                  for t in json.loads((root / name).read_text(encoding="utf-8"))]
    print(readme_table(everything), end="")
