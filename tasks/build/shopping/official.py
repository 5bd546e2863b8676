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

from ..official_table import Official, row


def _row(job: str, evals: str, tasks: int, images: int, difficulty: str, sites: str = "shopping") -> Official:
    return row(job, evals, tasks, images, difficulty, sites)


# fmt: off
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
# fmt: on


def _describe(jobs: dict[int, str]) -> None:
    """Give the templates of `jobs` their job in our words (in place of the coarse word of their row)."""
    for template_id, job in jobs.items():
        OFFICIAL[template_id] = OFFICIAL[template_id]._replace(job=job)


# The jobs of the templates whose kinds rounds 1 to 3 wrote, in our words.
_JOBS = {
    2: "search; list the full names of the results in a colour and the page's price range",
    9: "in a category sorted by price, put the first product of a colour into the cart",
    10: "in a category sorted by price, say the colour of the n-th product of the first row",
    11: "in a category sorted by price, say the colours of products of the first row",
    27: "something like the pictured item onto the wish list (on this page, or searched from the start)",
    29: "the pictured or drawn item onto the wish list (on this page, or searched from the start)",
    30: "the product of this page most like the pictured one onto the wish list",
    37: "give the link of another photo of a product a look names on a page (N/A when it has one)",
    38: "on a product's page, give the link of a photo showing it in a named setting",
    39: "give a photo link of the cheapest product of a look in a named category",
    40: "give a photo link of a product of this page a look names",
    41: "a patterned product is liked: give a photo link of one of its kind with another pattern",
    42: "give the link of a photo of the n-th product of this page in a named setting",
    43: "on a product's page, give the link of a photo of it in a named setting",
    49: "a product of a kind in a named category with the pictured pattern into the cart",
    56: "buy a quantity of a product of a kind in a named category with the pictured pattern",
    65: "give a photo link of a product of this (later) page a look names",
    70: "say how many things the photo of a product a look names shows",
    71: "put the dearest product of a look in a category below an amount into the cart",
    74: "put the product of this page that looks most like a row of coloured hearts into the cart",
    75: "put the products of a kind here whose pattern looks like a well-known thing on the wish list",
    77: "set the address and phone of one side (left: billing, right: shipping) of the account page",
    79: "give the link of a photo from another angle of a product named by its name",
    80: "give the link of another photo of a product a look names in a row",
    113: "put the calling code of the country of a pictured flag (Wikipedia) before the account's phone",
    119: "on a page of search results, give a photo link of one in a colour",
    125: "buy the product of a kind in a named category in the colour of the pictured things",
    150: "from a product's page, put one like it in another colour under an amount into the cart",
}
_describe(_JOBS)

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


# Round 4, helper r4-spb: the jobs of the templates its kinds mirror (kinds_r4spb.py, scenes_r4spb.py), in our words
R4SPB_JOBS = {
    23: "everything needed to make the pictured dish or drink into the cart",
    26: "the thing on the left of a picture of two: something like it from this page onto the wish list",
    28: "the pictured item in another colour: the cheapest of that colour on this page onto the wish list",
    31: "something to keep the pictured things in, into the cart",
    32: "something like the pictured item onto the wish list, scored by the wish list's photos",
    50: "open the product of a category combining the two pictures (one's kind, the other's pattern)",
    51: "open the product of a category combining the two pictures (one's kind, the other's colour)",
    52: "buy the product of a category combining the two pictures (one's kind, the other's pattern)",
    57: "buy the sports product of a category combining the two pictures (one's kind, the other's colour)",
    73: "the item of this page that best fits the pictured activity, into the cart",
    78: "of a row or column of this page, the two best-rated into the cart and the others onto the wish list",
    81: "from a product's page, order another of its brand and kind in a colour to a given address and phone",
    82: "buy a product of this page and review it with 3 or 5 stars by the share of shipping in the total",
    85: "of two products of this page named by their looks, order the cheaper and leave the other in the cart",
    88: "buy the cheapest product of a named category of the pictured item's kind and colour",
    92: "order, in a size, the shoes of this page one would wear in the pictured situation",
    94: "the pictured food without an ingredient one cannot have: the one of a named category without it, ordered",
}
_describe(R4SPB_JOBS)


# Round 4 (helper r4-spc): the jobs of the templates its kinds mirror, in our words (kinds_r4spc*.py).
_R4SPC_JOBS = {
    97: "on search results, the price of the product of a kind whose pattern is most like the pictured thing's",
    104: "open the pictured product among search results",
    105: "every product on this page that looks like the pictured one into the cart",
    106: "the pictured item, only brand new, from this page into the cart (N/A: the page has none)",
    108: "buy a number of things like the pictured one (kind and colour) at the least cost",
    111: "buy a product and ship it to the pictured label's address (N/A when the store sells no such thing)",
    112: "the pictured envelope's address as the default shipping address (N/A when it bears none)",
    114: "empty the cart, then every product on this page of the pictured kind, whatever its colour, into it",
    115: "open the pictured product of this page in a darker colour",
    123: "buy the product on this page whose design carries the words the pictured thing shows",
    137: "every product between two prices that looks like the pictured one into the cart",
    139: "the cheapest product of the pictured kind between two prices into the cart",
    140: "in the category of the pictured kind, the cheapest of that kind above a price into the cart",
    141: "in the category where the pictured kind is sold, the cheapest of that kind into the cart",
    142: "the cheapest product of a kind with the pictured thing's pattern onto the wish list",
    143: "the cheapest thing of one pictured kind in another pictured thing's colour onto the wish list",
    146: "the cheapest product of a kind on this page in the colour most of its kind here show, into the cart",
    149: "from a product's page, one of its kind and category with a named pattern into the cart",
}
_describe(_R4SPC_JOBS)


# Round 5 (helper r5-sp): the job of the template its kind mirrors (cereal_r5sp.py), in our words.
OFFICIAL[66] = OFFICIAL[66]._replace(
    job="the name printed for the creature on the box of a colour in this page's bottom row"
)
