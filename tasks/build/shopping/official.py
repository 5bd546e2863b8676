"""The official shopping templates (VisualWebArena test_shopping.raw.json) as facts: for every official
`intent_template_id`, the job (our own coarse word for it), its evaluator types, how many tasks it has, how many
of them come with an input image, its difficulty labels (reasoning, visual, overall) and the sites it uses.

A template of ours that mirrors an official one passes `official=<id>` to Suite.add and takes its difficulty
labels from here (`difficulty(id)`). UNMIRRORED lists the official templates that our data cannot honestly give,
with the reason (../shared/official-kinds.md: at most 5% of a site's templates).

Jobs: order (buy through the cart), cart, wishlist, compare, review, account (address or phone), answer (a
string_match question), image-link (answer with a product photo's address), open-page (url_match),
open-pictured (page_image_query).
"""
from __future__ import annotations

from typing import NamedTuple


class Official(NamedTuple):
    job: str
    evals: tuple[str, ...]
    tasks: int
    images: int              # how many of its tasks come with an input image
    difficulty: tuple[str, str, str]
    sites: tuple[str, ...]


def _row(job: str, evals: str, tasks: int, images: int, difficulty: str, sites: str = "shopping") -> Official:
    reasoning, visual, overall = difficulty.split()
    return Official(job, tuple(evals.split()), tasks, images, (reasoning, visual, overall), tuple(sites.split()))


OFFICIAL: dict[int, Official] = {
    0: _row("order", "program_html", 3, 0, "medium easy medium"),
    1: _row("open-page", "url_match", 3, 0, "medium easy medium"),
    2: _row("answer", "string_match", 3, 0, "hard easy hard"),
    3: _row("open-page", "url_match", 4, 0, "medium easy medium"),
    4: _row("answer", "string_match", 8, 0, "easy easy easy"),
    5: _row("answer", "string_match", 3, 0, "medium easy medium"),
    6: _row("answer", "string_match", 4, 0, "medium easy medium"),
    7: _row("open-page", "url_match", 3, 0, "easy easy easy"),
    8: _row("open-page", "url_match", 4, 0, "easy easy easy"),
    9: _row("cart", "program_html", 2, 0, "medium easy medium"),
    10: _row("answer", "string_match", 2, 0, "medium easy medium"),
    11: _row("answer", "string_match", 1, 0, "medium easy medium"),
    12: _row("wishlist", "program_html", 8, 0, "easy easy easy"),
    13: _row("wishlist", "program_html", 6, 0, "easy easy easy"),
    14: _row("answer", "string_match", 3, 0, "medium medium medium"),
    15: _row("open-page", "url_match", 3, 0, "medium medium medium"),
    16: _row("cart", "program_html", 3, 0, "easy easy easy"),
    17: _row("wishlist", "program_html", 4, 0, "easy medium medium"),
    18: _row("answer", "string_match", 7, 0, "easy easy easy"),
    19: _row("answer", "string_match", 5, 1, "easy easy easy"),
    20: _row("answer", "string_match", 6, 0, "medium easy medium"),
    21: _row("cart", "program_html", 3, 0, "easy easy easy"),
    22: _row("cart", "program_html", 4, 0, "easy medium medium"),
    23: _row("cart", "program_html", 2, 2, "hard easy hard"),
    24: _row("wishlist", "program_html", 4, 4, "hard hard hard"),
    25: _row("cart", "program_html string_match", 5, 5, "hard medium hard"),
    26: _row("wishlist", "program_html", 2, 2, "hard hard hard"),
    27: _row("wishlist", "program_html", 3, 3, "medium easy medium"),
    28: _row("wishlist", "program_html", 1, 1, "medium medium medium"),
    29: _row("wishlist", "program_html", 4, 4, "medium medium medium"),
    30: _row("wishlist", "program_html", 3, 3, "easy medium medium"),
    31: _row("cart", "program_html", 1, 1, "hard hard hard"),
    32: _row("wishlist", "page_image_query", 4, 4, "easy easy easy"),
    33: _row("compare", "page_image_query program_html", 5, 2, "medium easy medium"),
    34: _row("cart", "program_html", 6, 6, "hard hard hard"),
    35: _row("wishlist", "program_html", 5, 5, "hard hard hard"),
    36: _row("answer", "string_match", 6, 6, "hard medium hard"),
    37: _row("image-link", "string_match", 9, 0, "easy hard hard"),
    38: _row("image-link", "string_match", 2, 0, "easy medium easy"),
    39: _row("image-link", "string_match", 2, 0, "hard hard hard"),
    40: _row("image-link", "string_match", 2, 0, "medium hard hard"),
    41: _row("image-link", "string_match", 1, 0, "easy medium medium"),
    42: _row("image-link", "string_match", 2, 0, "easy hard hard"),
    43: _row("image-link", "string_match", 5, 0, "easy medium easy"),
    44: _row("open-page", "url_match", 3, 3, "hard easy hard"),
    45: _row("open-pictured", "page_image_query program_html", 2, 2, "medium medium medium"),
    46: _row("open-page", "url_match", 3, 3, "hard medium hard"),
    47: _row("open-pictured", "page_image_query program_html", 3, 3, "hard hard hard"),
    48: _row("open-pictured", "page_image_query program_html string_match", 2, 2, "hard hard hard"),
    49: _row("cart", "program_html", 3, 3, "medium easy easy"),
    50: _row("answer", "program_html", 1, 1, "hard hard hard"),
    51: _row("answer", "program_html", 2, 2, "hard hard hard"),
    52: _row("order", "program_html", 1, 1, "hard hard hard"),
    53: _row("order", "program_html", 5, 5, "hard hard hard"),
    54: _row("order", "program_html", 2, 2, "hard hard hard"),
    55: _row("order", "program_html", 2, 2, "medium medium medium"),
    56: _row("order", "program_html", 2, 2, "medium easy medium"),
    57: _row("order", "program_html", 1, 1, "hard medium medium"),
    58: _row("cart", "program_html string_match", 2, 0, "medium easy medium"),
    59: _row("cart", "program_html", 2, 0, "medium hard medium"),
    60: _row("answer", "string_match", 1, 0, "easy hard hard"),
    61: _row("answer", "string_match", 4, 0, "easy easy easy"),
    62: _row("cart", "program_html", 3, 0, "easy easy easy"),
    63: _row("answer", "string_match", 3, 0, "easy easy easy"),
    64: _row("answer", "string_match", 3, 0, "easy medium medium"),
    65: _row("image-link", "string_match", 4, 0, "medium medium medium"),
    66: _row("answer", "string_match", 3, 0, "medium hard hard"),
    67: _row("answer", "string_match", 2, 0, "easy medium easy"),
    68: _row("cart", "program_html", 4, 0, "medium medium easy"),
    69: _row("wishlist", "program_html", 3, 0, "easy medium easy"),
    70: _row("answer", "string_match", 1, 0, "medium hard hard"),
    71: _row("cart", "program_html", 2, 0, "hard easy medium"),
    72: _row("cart", "program_html", 4, 0, "hard easy medium"),
    73: _row("cart", "program_html", 3, 3, "medium easy medium"),
    74: _row("cart", "program_html", 5, 0, "medium hard hard"),
    75: _row("wishlist", "program_html", 3, 0, "medium medium medium"),
    76: _row("wishlist", "program_html", 3, 0, "hard medium hard"),
    77: _row("account", "program_html", 2, 0, "hard easy medium"),
    78: _row("wishlist", "program_html", 2, 0, "medium easy medium"),
    79: _row("image-link", "string_match", 1, 0, "medium hard medium"),
    80: _row("image-link", "string_match", 2, 0, "medium hard medium"),
    81: _row("account", "program_html", 2, 0, "hard medium hard"),
    82: _row("review", "program_html", 2, 0, "hard easy medium"),
    83: _row("order", "program_html", 3, 0, "medium easy medium"),
    84: _row("order", "program_html string_match", 3, 0, "medium medium medium"),
    85: _row("cart", "program_html", 2, 0, "medium easy medium"),
    86: _row("order", "program_html", 3, 1, "medium easy medium"),
    87: _row("review", "program_html", 3, 0, "medium easy medium"),
    88: _row("order", "program_html", 2, 2, "hard medium hard"),
    89: _row("cart", "program_html url_match", 4, 0, "medium easy easy"),
    90: _row("cart", "program_html", 3, 0, "hard medium hard"),
    91: _row("open-page", "string_match url_match", 6, 6, "hard medium hard"),
    92: _row("order", "program_html", 3, 3, "medium easy easy"),
    93: _row("order", "program_html", 1, 0, "hard easy medium", "shopping wikipedia"),
    94: _row("order", "program_html", 1, 1, "medium easy medium"),
    95: _row("answer", "string_match", 3, 0, "medium easy medium"),
    96: _row("cart", "program_html", 3, 2, "medium easy medium"),
    97: _row("answer", "string_match", 3, 3, "easy medium medium"),
    98: _row("open-pictured", "page_image_query program_html url_match", 4, 4, "medium medium medium"),
    99: _row("answer", "string_match", 3, 0, "easy medium medium"),
    100: _row("answer", "string_match", 4, 0, "easy medium medium"),
    101: _row("open-page", "url_match", 3, 0, "easy medium medium"),
    102: _row("open-page", "url_match", 3, 0, "easy easy easy"),
    103: _row("cart", "program_html", 1, 0, "medium easy easy"),
    104: _row("open-page", "url_match", 2, 2, "easy medium easy"),
    105: _row("cart", "program_html", 3, 3, "easy medium medium", "shopping wikipedia"),
    106: _row("cart", "string_match", 1, 1, "easy easy easy"),
    107: _row("order", "program_html", 3, 3, "medium easy medium"),
    108: _row("order", "program_html", 2, 2, "medium medium medium"),
    109: _row("order", "program_html", 7, 7, "medium medium medium"),
    110: _row("order", "program_html string_match", 4, 4, "medium medium medium"),
    111: _row("account", "program_html string_match", 3, 3, "medium medium medium"),
    112: _row("account", "program_html string_match", 3, 3, "hard medium hard"),
    113: _row("account", "program_html", 3, 2, "medium medium medium", "shopping wikipedia"),
    114: _row("cart", "program_html", 2, 2, "medium hard hard"),
    115: _row("open-page", "url_match", 1, 1, "easy easy easy"),
    116: _row("answer", "program_html", 1, 1, "hard medium medium"),
    117: _row("image-link", "string_match", 2, 0, "easy medium medium"),
    118: _row("open-page", "url_match", 1, 1, "medium hard hard"),
    119: _row("image-link", "string_match", 1, 0, "easy easy easy"),
    120: _row("order", "program_html", 6, 0, "easy medium medium"),
    121: _row("order", "program_html", 4, 0, "easy medium medium"),
    122: _row("order", "program_html", 7, 1, "easy medium medium"),
    123: _row("order", "program_html", 2, 2, "easy medium medium"),
    124: _row("order", "program_html", 1, 0, "easy easy easy"),
    125: _row("order", "program_html", 4, 4, "hard medium hard"),
    126: _row("order", "program_html", 1, 0, "medium medium medium"),
    127: _row("order", "program_html", 4, 0, "medium medium medium"),
    128: _row("image-link", "string_match", 4, 0, "easy medium medium"),
    129: _row("order", "program_html string_match", 12, 0, "easy medium medium"),
    130: _row("order", "program_html", 6, 0, "medium easy medium"),
    131: _row("review", "program_html", 4, 0, "hard hard hard"),
    132: _row("order", "program_html", 2, 2, "hard hard hard"),
    133: _row("order", "program_html", 2, 2, "hard hard hard"),
    134: _row("order", "program_html", 2, 2, "hard hard hard"),
    135: _row("wishlist", "program_html", 3, 0, "medium hard hard"),
    136: _row("cart", "program_html", 3, 0, "hard hard hard"),
    137: _row("cart", "program_html", 3, 3, "hard hard hard"),
    138: _row("cart", "program_html", 3, 3, "hard hard hard"),
    139: _row("cart", "program_html", 2, 2, "hard hard hard"),
    140: _row("cart", "program_html", 1, 1, "hard hard hard"),
    141: _row("cart", "program_html", 2, 2, "hard hard hard"),
    142: _row("wishlist", "program_html", 1, 1, "hard hard hard"),
    143: _row("wishlist", "program_html", 2, 2, "hard hard hard"),
    144: _row("cart", "program_html", 3, 0, "hard hard hard"),
    145: _row("cart", "program_html", 3, 0, "easy hard medium"),
    146: _row("cart", "program_html", 1, 0, "hard hard hard"),
    147: _row("cart", "program_html", 3, 0, "hard hard hard"),
    148: _row("cart", "program_html", 1, 0, "medium medium medium"),
    149: _row("cart", "program_html", 2, 0, "hard hard hard"),
    150: _row("cart", "program_html", 5, 1, "hard hard hard"),
    151: _row("cart", "program_html", 3, 0, "easy hard hard"),
}

UNMIRRORED: dict[int, str] = {
    132: "the picture shows a real city's skyline and the item must print that skyline: our store sells no "
         "products printed with real places, and a generated picture of a real skyline would be a guess",
    133: "needs a real city recognised from a picture and a real sports team of it: real-world knowledge our "
         "generated catalogue does not carry",
    134: "needs a real city recognised from a picture and products referring to it by name",
    117: "needs real organisations' logos on merchandise (fan wear): our generated photos carry no real logos",
    128: "needs real organisations' logos on products of a category: our generated photos carry no real logos",
    93: "needs a real dish from a real Wikipedia article and grocery products named after it: our store's food "
        "products are generated kinds, none of them a named dish",
}


def difficulty(template_id: int) -> tuple[str, str, str]:
    """The official (reasoning, visual, overall) difficulty labels of an official template."""
    return OFFICIAL[template_id].difficulty
