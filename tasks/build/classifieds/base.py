"""What the classifieds templates share: the listings as rows with their photos' facts, the suite with its
search URLs and pickers, and the price and condition wording.
"""

from __future__ import annotations

import functools
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sites.classifieds.data import ClassifiedsData
from sites.classifieds.queries import PAGE_SIZE

from ..evals import answer_eval, click, stop, url_eval
from ..suite import Suite as BaseSuite
from ..text import mentions
from .official import OFFICIAL

SITE = "__CLASSIFIEDS__"
# the listing's price as a number: the official harness reads a located text with int() only ("$35.00" fails)
PRICE_VALUE = "lambda:parseFloat(document.querySelector('.price').textContent.replace(/[^0-9.]/g, ''))"
# Words of the generated descriptions that give the condition away (a task about condition avoids them).
CONDITION_SENTENCES = ("never used", "handful of times", "signs of use", "sold as is", "see the photos")


@dataclass(frozen=True)
class Row:
    id: int
    title: str
    description: str
    price: float
    pub_date: str
    category_id: int
    category: str
    region_id: int
    region: str
    city_id: int
    city: str
    seller: str
    user_id: int
    photo_id: int
    photo_seed: int
    photo_view: int
    kind: str
    color: str | None
    count: int
    text: str | None
    condition: str
    pattern: str
    comments: str

    @property
    def url(self) -> str:
        return f"{SITE}/index.php?page=item&id={self.id}"

    @property
    def card_css(self) -> str:
        return f"a.card-title[href='/index.php?page=item&id={self.id}']"

    def page_text(self) -> str:
        return self._page_text

    @functools.cached_property  # asked ~190,000 times a build (clean_of)
    def _page_text(self) -> str:
        return " ".join((self.title, self.description, self.comments)).lower()


def load_rows(data: ClassifiedsData, *, with_official: bool = False) -> list[Row]:
    """The listings with their first photo's facts, in id order; without the official catalogue's categories
    (templates never pick from them) unless `with_official` (what the site lists)."""
    conn = data.conn
    comments: dict[int, list[str]] = defaultdict(list)
    for r in conn.execute("SELECT item_id, title, body FROM comment ORDER BY id"):
        comments[r[0]].append(f"{r[1]} {r[2]}")
    found = conn.execute(
        "SELECT item.id, item.title, item.description, item.price_cents, item.pub_date, item.category_id,"
        " category.name AS category, item.region_id, region.name AS region, item.city_id, city.name AS city,"
        " user.name AS seller, item.user_id, p.id AS photo_id, p.seed, p.view, p.kind, p.color, p.count,"
        " p.printed_text, p.condition, p.pattern FROM item"
        " JOIN photo p ON p.item_id = item.id AND p.position = 0"
        " JOIN category ON category.id = item.category_id JOIN region ON region.id = item.region_id"
        " JOIN city ON city.id = item.city_id JOIN user ON user.id = item.user_id ORDER BY item.id"
    )
    extra = set() if with_official else data.official_category_ids()
    rows = [r for r in found if r[5] not in extra]
    return [
        Row(
            r[0],
            r[1],
            r[2],
            r[3] / 100,
            r[4],
            r[5],
            r[6],
            r[7],
            r[8],
            r[9],
            r[10],
            r[11],
            r[12],
            r[13],
            r[14],
            r[15] or 0,
            r[16],
            r[17],
            r[18] or 1,
            r[19],
            r[20],
            r[21],
            " ".join(comments[r[0]]),
        )
        for r in rows
    ]


class Suite(BaseSuite):
    """The classifieds suite: the listings of the pristine data, in id order."""

    site = "classifieds"
    grounding_key = "listings"

    def __init__(self, rows: list[Row], seed: int, listed: list[Row] | None = None):
        super().__init__(seed)
        self.rows = rows  # the listings templates pick from
        self.listed = rows if listed is None else listed  # what the site's searches list (rows and the rest)
        self.by_id = {r.id: r for r in rows}
        self.emails: dict[int, str] = {}  # user id -> email (the seller box of a listing shows it)
        self.conn: sqlite3.Connection | None = None  # the pristine database while building (the site's search)
        self._searched: dict[tuple, list[Row]] = {}  # search()'s answers (the listings never change in a build)

    # ---- data views -----------------------------------------------------------------------------
    def search(self, *, category_id=None, region_id=None, city_id=None, order="date_desc") -> list[Row]:
        key = (category_id, region_id, city_id, order)
        if key not in self._searched:  # the kinds ask the same searches thousands of times
            self._searched[key] = self._search(category_id, region_id, city_id, order)
        return list(self._searched[key])

    def _search(self, category_id, region_id, city_id, order) -> list[Row]:
        out = [
            r
            for r in self.listed
            if (category_id is None or r.category_id == category_id)
            and (region_id is None or r.region_id == region_id)
            and (city_id is None or r.city_id == city_id)
        ]
        if order == "price_asc":
            out.sort(key=lambda r: (r.price, r.id))
        else:
            out.sort(key=lambda r: (r.pub_date, r.id), reverse=True)
        return out

    @staticmethod
    def search_url(page: int = 1, **params) -> str:
        query = "&".join(f"{k}={v}" for k, v in params.items() if v is not None)
        return f"{SITE}/index.php?page=search&{query}" + (f"&iPage={page}" if page > 1 else "")

    def open_in_results(self, target: Row, results: list[Row], note: str, **params) -> list[dict]:
        """Steps: open the results page holding `target`, then click its card."""
        page = results.index(target) // PAGE_SIZE + 1
        return [
            {"do": "goto", "url": self.search_url(page, **params), "note": note},
            {"do": "click", "css": target.card_css, "note": "its photo matches"},
        ]

    def navigate_to(self, target: Row, results: list[Row], note: str, **params) -> list[dict]:
        """`open_in_results` and stop there (tasks scored on the final page)."""
        return [*self.open_in_results(target, results, note, **params), stop("")]

    # ---- tasks ----------------------------------------------------------------------------------
    def labels(self, official: int) -> tuple[str, str, str]:
        return OFFICIAL[official].difficulty

    def listing_job(self, official: int, template: str, args: dict, r: Row, page: list[Row], terms, **task) -> dict:
        """`mirror` a task about listing `r`, told apart from its kin on `page` by the visual words `terms`."""
        return self.mirror(
            official, template, args, grounding={"listings": kin(r, page), "visual_terms": terms}, **task
        )

    def open_job(
        self,
        official: int,
        template: str,
        args: dict,
        r: Row,
        page: list[Row],
        terms,
        steps: Sequence[dict] | None = None,
        note: str = "the photo that fits",
        **task,
    ) -> dict:
        """A `listing_job` scored on the final page (the listing of `r`): `steps` reach it (by default a click on
        its card, with `note`), then the agent stops."""
        steps = [click(r.card_css, note)] if steps is None else steps
        return self.listing_job(
            official, template, args, r, page, terms, eval_=url_eval(r.url), solution=[*steps, stop("")], **task
        )

    def answer_job(self, *job, said: str, steps: Sequence[dict] = (), note: str = "", **task) -> dict:
        """A `listing_job` (`job`: its official id, template, args, row, page and terms) whose answer must include
        `said`: `steps`, then stop with `said` (and `note`)."""
        ev, solution = answer_eval({"must_include": [said]}), [*steps, stop(said, note)]
        return self.listing_job(*job, eval_=ev, solution=solution, **task)

    # ---- images ---------------------------------------------------------------------------------
    def listing_image(self, row: Row, style: str = "photo") -> str:
        from sites.imagery import PhotoSpec

        spec = PhotoSpec(
            kind=row.kind,
            color=row.color,
            count=row.count,
            text=row.text,
            condition=row.condition,
            pattern=row.pattern,
            view=row.photo_view,
        )
        return self.input_image(spec, row.photo_seed, style)


def kin(r: Row, page: list[Row]) -> list[int]:
    """The listings of `page` of the same kind as `r` (what its photo is told apart from): the task's grounding."""
    return [p.id for p in page if p.kind == r.kind]


def kinds(job: Callable[..., None], *rows: tuple) -> list[Callable[[Suite], None]]:
    """One template builder per row: `job(suite, *row)`, a trailing dict of a row being keyword arguments."""

    def builder(row: tuple) -> Callable[[Suite], None]:
        args, kw = (row[:-1], row[-1]) if isinstance(row[-1], dict) else (row, {})
        return lambda s: job(s, *args, **kw)

    return [builder(row) for row in rows]


def clean_of(rows, terms) -> bool:
    return all(not mentions(r.page_text(), t) for r in rows for t in terms)


def grouped(
    rows: list[Row], key: Callable[[Row], tuple], where: Callable[[Row], object] | None = None
) -> list[tuple[tuple, list[Row]]]:
    """`rows` (those `where` keeps) grouped by `key`, in key order."""
    groups: dict[tuple, list[Row]] = defaultdict(list)
    for r in rows:
        if where is None or where(r):
            groups[key(r)].append(r)
    return sorted(groups.items())


def colours_in_cities(s: Suite) -> dict[tuple[int, str], list[Row]]:
    """The listings whose photo has a colour, by (city id, kind)."""
    groups: dict[tuple[int, str], list[Row]] = defaultdict(list)
    for r in s.rows:
        if r.color:
            groups[(r.city_id, r.kind)].append(r)
    return groups


def lone_colours(s: Suite) -> list[Row]:
    """The listings whose photo's colour no other listing of their kind in their city shows (and whose text does
    not name it), by city and kind."""
    return [
        r
        for _key, rows in sorted(colours_in_cities(s).items())
        if len(rows) >= 2
        for r in rows
        if [x.color for x in rows].count(r.color) == 1 and clean_of([r], [r.color])
    ]
