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
    tasks: int  # how many official tasks instantiate it
    sites: tuple[str, ...]
    eval_types: tuple[str, ...]
    image: bool
    difficulty: tuple[str, str, str]


JOBS: dict[int, str] = {
    0: "open the comments of the post whose picture is given",
    1: "count the comments of the pictured post that mention a word",
    2: "count the comments of the pictured post",
    3: "give the address of the OP's recipe comment on the pictured post",
    4: "open the comments of the pictured post (no forum named)",
    5: "open an image post showing something like the given picture",
    6: "say when the pictured post was posted",
    7: "open the forum with content most like the given picture",
    8: "find and upvote the pictured post in a named forum",
    9: "find the pictured post and give its top comment",
    10: "post the given picture in the best forum and open the post",
    11: "write and post a story about the given picture in the best forum",
    12: "open another post by the author of the pictured post",
    13: "open the first image post in a forum, by a sort, whose picture shows something",
    14: "open the forum of the city a picture was taken in",
    15: "open the first hot image post of a forum whose picture lacks something",
    16: "copy a store product's name into a new forum post",
    17: "post a store product's picture to a forum with its name as title",
    18: "answer about what a post's picture shows, from Wikipedia",
    19: "answer a question about a post, looking the fact up on Wikipedia",
    20: "answer about a pictured thing, from Wikipedia",
    21: "say when something pictured in a post happened, from Wikipedia",
    22: "say who made or is linked to a pictured thing, from Wikipedia",
    23: "say who is linked to a pictured thing (Wikipedia tab)",
    24: "say who is linked to a pictured thing, from Wikipedia",
    25: "answer a question about a chart's fact that needs outside knowledge",
    26: "say who is linked to a pictured thing (Wikipedia tab)",
    27: "comment on this post by a stated rule",
    28: "count the comments of a post that meet a condition",
    29: "find a post by a description, then act on it",
    30: "find a post, repost its picture to another forum and act",
    31: "find the answer in a forum and act on the store",
    32: "answer a question, act and comment in a format",
    33: "open a post whose picture matches a description",
    34: "upvote every post on this page whose picture shows something",
    35: "downvote some posts and upvote others by what they show",
    36: "downvote and upvote posts by a fact from Wikipedia",
    37: "answer a question about a set of posts' pictures",
    38: "answer a question about the picture in a comment of a given format",
    39: "answer a question about a picture in a named forum",
    40: "open the comments of a post whose picture meets a condition",
    41: "reply to a named user's comment with an answer in a given format",
    42: "subscribe to a forum holding the given picture",
    43: "message the author of the pictured post",
    44: "post each given picture in its most fitting forum",
    45: "open a listing across forums and answer a question about it",
    46: "give the birth year of a pictured character, from Wikipedia",
    47: "read a value off the picture of this post",
    48: "open the OP's recipe comment on the pictured post",
    49: "find a chart post and read a value from it",
    50: "open the most commented post of the pictured post's author",
    51: "subscribe to the forum most likely to discuss the given picture",
    52: "count the comments of the pictured post among the hot ones of a forum",
    53: "search, then open the meme post with a given score",
    54: "open the meme post with a given score",
    55: "change the username to a name shown in the given picture",
    56: "act on a forum for the given picture",
    57: "comment a date read from the picture of this post",
    58: "comment the trading loss shown in this post's picture, in dollars",
    59: "comment the trading loss shown in this post's picture, in euros",
    60: "comment the number of things in this post's picture",
    61: "open the post that continues the pictured post",
    62: "answer about a post and open it",
    63: "open a post related to the given picture",
    64: "open the comments of a post by what its picture shows",
    65: "subscribe to forums by letter and by what their top pictures show",
    66: "open the post on this page that fits the given picture",
    67: "give the address of a post's picture that fits a description",
    68: "give the top comment of the top post about a Wikipedia subject",
    69: "find a post by picture and message its author",
    70: "repost the picture of this page that fits a forum best",
    71: "subscribe to the forum that fits a condition on the given picture",
    72: "comment a given text on the post whose picture matches a description",
    73: "read a money value from a screenshot post",
    74: "comment on the post of a food from the pictured country",
    75: "open a sort of the forum of the pictured place",
    76: "post in the forum of the pictured school's city",
    77: "post a store product's full-size picture to f/food",
    78: "post the store picture a Wikipedia page relates to",
    79: "subscribe to the forum that fits the given picture",
    80: "sum the scores of the posts on this page whose pictures show something",
    81: "comment on the post showing something posted in a time frame",
    82: "comment on the top post of a forum related to the given picture",
    83: "open the post on this page most related to its picture",
    84: "message the authors of posts on this page that show something",
    85: "give the top comment of the post about something pictured",
    86: "post in two forums asking to compare two store products",
}

# fmt: off
# id: (evaluator types, tasks, "image" where they come with an input image, difficulty labels, sites)
_FACTS: dict[int, tuple] = {
    0: ("url_match", 3, "image", "easy medium easy", "reddit"),
    1: ("string_match", 2, "image", "medium easy easy", "reddit"),
    2: ("string_match", 2, "image", "medium medium medium", "reddit"),
    3: ("string_match", 4, "image", "hard easy hard", "reddit"),
    4: ("url_match", 3, "image", "hard medium hard", "reddit"),
    5: ("page_image_query", 2, "image", "medium easy medium", "reddit"),
    6: ("string_match", 1, "image", "hard easy hard", "reddit"),
    7: ("url_match", 2, "image", "medium easy medium", "reddit"),
    8: ("program_html", 3, "image", "hard medium hard", "reddit"),
    9: ("string_match", 5, "image", "hard medium hard", "reddit"),
    10: ("url_match page_image_query", 1, "image", "hard easy hard", "reddit"),
    11: ("program_html page_image_query", 2, "image", "hard easy hard", "reddit"),
    12: ("url_match", 4, "image", "hard medium hard", "reddit"),
    13: ("url_match", 4, "no image", "medium medium medium", "reddit"),
    14: ("url_match", 3, "image", "medium hard hard", "reddit"),
    15: ("url_match", 2, "no image", "medium medium medium", "reddit"),
    16: ("url_match program_html", 1, "no image", "hard easy hard", "reddit shopping"),
    17: ("url_match program_html page_image_query", 1, "no image", "hard easy hard", "reddit shopping"),
    18: ("string_match", 14, "no image", "hard hard hard", "reddit wikipedia"),
    19: ("string_match", 1, "no image", "hard medium hard", "reddit wikipedia"),
    20: ("string_match", 1, "no image", "medium hard hard", "reddit wikipedia"),
    21: ("string_match", 1, "no image", "medium hard hard", "reddit wikipedia"),
    22: ("string_match", 2, "no image", "medium hard hard", "reddit wikipedia"),
    23: ("string_match", 1, "no image", "medium medium medium", "reddit wikipedia"),
    24: ("string_match", 2, "no image", "medium hard hard", "reddit wikipedia"),
    25: ("string_match", 1, "no image", "easy hard medium", "reddit"),
    26: ("string_match", 1, "no image", "medium medium medium", "reddit wikipedia"),
    27: ("program_html", 2, "no image", "easy medium medium", "reddit"),
    28: ("string_match", 1, "no image", "hard medium hard", "reddit"),
    29: ("program_html", 2, "no image", "hard medium hard", "reddit"),
    30: ("program_html page_image_query url_match", 1, "no image", "hard medium hard", "reddit"),
    31: ("program_html", 1, "no image", "hard hard hard", "reddit shopping"),
    32: ("program_html", 1, "no image", "easy medium medium", "reddit"),
    33: ("page_image_query", 3, "no image", "easy easy easy", "reddit"),
    34: ("program_html", 5, "no image", "easy medium medium", "reddit"),
    35: ("program_html", 1, "no image", "medium medium medium", "reddit"),
    36: ("program_html", 1, "no image", "hard hard hard", "reddit wikipedia"),
    37: ("string_match", 2, "no image", "easy medium easy", "reddit"),
    38: ("program_html", 3, "no image", "easy easy easy", "reddit"),
    39: ("string_match", 6, "no image", "easy easy easy", "reddit"),
    40: ("page_image_query", 4, "no image", "easy easy easy", "reddit"),
    41: ("program_html", 3, "no image", "easy medium easy", "reddit"),
    42: ("program_html", 3, "image", "easy easy easy", "reddit"),
    43: ("program_html", 3, "image", "medium easy easy", "reddit"),
    44: ("page_image_query", 3, "image", "hard hard hard", "reddit"),
    45: ("url_match string_match", 3, "no image", "hard easy hard", "reddit"),
    46: ("string_match", 3, "no image", "medium medium medium", "reddit wikipedia"),
    47: ("string_match", 1, "no image", "easy easy easy", "reddit"),
    48: ("url_match", 2, "image", "hard easy hard", "reddit"),
    49: ("string_match url_match", 3, "no image", "medium easy medium", "reddit"),
    50: ("url_match", 3, "image", "hard easy hard", "reddit"),
    51: ("program_html", 3, "image", "easy easy easy", "reddit"),
    52: ("string_match", 3, "image", "medium easy medium", "reddit"),
    53: ("url_match", 1, "no image", "hard easy hard", "reddit"),
    54: ("url_match", 2, "no image", "hard easy hard", "reddit"),
    55: ("program_html", 1, "image", "easy medium easy", "reddit"),
    56: ("program_html", 2, "image", "medium easy medium", "reddit"),
    57: ("program_html", 3, "no image", "easy easy easy", "reddit"),
    58: ("program_html", 2, "no image", "easy medium easy", "reddit"),
    59: ("program_html", 1, "no image", "easy medium easy", "reddit"),
    60: ("program_html", 6, "no image", "easy easy easy", "reddit"),
    61: ("url_match", 1, "image", "hard medium hard", "reddit"),
    62: ("string_match url_match", 2, "no image", "easy medium medium", "reddit"),
    63: ("url_match", 2, "image", "hard medium hard", "reddit"),
    64: ("url_match", 4, "image", "easy hard medium", "reddit"),
    65: ("program_html", 3, "no image", "hard easy medium", "reddit"),
    66: ("url_match", 1, "image", "hard easy medium", "reddit"),
    67: ("string_match", 1, "no image", "medium medium medium", "reddit"),
    68: ("string_match", 2, "no image", "medium medium medium", "reddit wikipedia"),
    69: ("program_html", 2, "image", "hard medium medium", "reddit"),
    70: ("program_html page_image_query", 2, "no image", "medium easy medium", "reddit"),
    71: ("program_html", 3, "image", "medium easy medium", "reddit"),
    72: ("program_html", 3, "no image", "medium hard medium", "reddit"),
    73: ("string_match", 1, "no image", "hard medium medium", "reddit"),
    74: ("program_html", 2, "image", "medium hard hard", "reddit"),
    75: ("url_match", 2, "image", "medium medium medium", "reddit"),
    76: ("program_html", 2, "image", "hard hard hard", "reddit"),
    77: ("program_html page_image_query", 2, "no image", "hard hard hard", "reddit shopping"),
    78: ("program_html page_image_query", 3, "no image", "hard medium hard", "reddit shopping wikipedia"),
    79: ("program_html", 3, "image", "easy easy easy", "reddit"),
    80: ("string_match", 2, "no image", "medium hard medium", "reddit"),
    81: ("program_html", 3, "no image", "medium easy medium", "reddit"),
    82: ("program_html", 2, "image", "medium medium medium", "reddit"),
    83: ("url_match", 2, "image", "easy easy easy", "reddit"),
    84: ("program_html", 2, "no image", "hard hard hard", "reddit"),
    85: ("string_match", 2, "image", "easy medium easy", "reddit"),
    86: ("program_html page_image_query", 3, "no image", "hard easy hard", "reddit shopping"),
}
# fmt: on


def _row(job: str, evals: str, tasks: int, image: str, difficulty: str, sites: str) -> Official:
    reasoning, visual, overall = difficulty.split()
    with_image = {"image": True, "no image": False}[image]
    return Official(job, tasks, tuple(sites.split()), tuple(evals.split()), with_image, (reasoning, visual, overall))


OFFICIAL: dict[int, Official] = {k: _row(JOBS[k], *facts) for k, facts in _FACTS.items()}

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
