"""Read-only query API over the pristine classifieds database, for task authors.

    from sites.classifieds.data import open_pristine
    with open_pristine() as data:                       # the data set of the current SEED/SCALE
        red = data.find(kind="guitar", color="red")     # listings whose first photo shows a red guitar
        listing = data.listing(red[0].id)
        listing.photos[0].color, listing.title, listing.price

Photo attributes are what the picture shows (sites.imagery renders them); the title and description
usually do not say them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from sites.common.db import PristineData, photo_filters, same_named
from sites.common.photos import PhotoFacts
from sites.config import Settings


@dataclass(frozen=True)
class Photo(PhotoFacts):
    id: int
    position: int
    url_path: str  # /oc-content/uploads/<id>.jpg on the site


@dataclass(frozen=True)
class Comment:
    id: int
    author: str
    title: str
    body: str
    rating: int


@dataclass(frozen=True)
class Listing:
    id: int
    title: str
    description: str
    price: float  # dollars
    category: str
    region: str
    city: str
    seller: str
    seller_email: str
    pub_date: str  # YYYY-MM-DD HH:MM:SS
    photos: tuple[Photo, ...]

    @property
    def url_path(self) -> str:
        return f"/index.php?page=item&id={self.id}"


FILTERS = same_named("p", "kind", "color", "count", "printed_text", "condition", "pattern") | {
    "category": "category.name = ?",
    "region": "region.name = ?",
    "city": "city.name = ?",
    "seller_email": "user.email = ?",
}


class ClassifiedsData(PristineData):
    WHAT = "classifieds"

    def official_category_ids(self) -> set[int]:
        """The category ids added for the official catalogue (above the site's own). Task builders pick from
        the listings of the other categories, so adding the catalogue moves no task."""
        from sites.classifieds.schema import CATEGORIES

        return {r[0] for r in self.conn.execute("SELECT id FROM category WHERE id > ?", (len(CATEGORIES),))}

    def _photos(self, item_id: int) -> tuple[Photo, ...]:
        rows = self.conn.execute("SELECT * FROM photo WHERE item_id = ? ORDER BY position, id", (item_id,))
        facts = [field.name for field in fields(Photo) if field.name != "url_path"]
        return tuple(
            Photo(**{name: r[name] for name in facts}, url_path=f"/oc-content/uploads/{r['id']}.jpg") for r in rows
        )

    def listing(self, item_id: int) -> Listing:
        row = self.conn.execute(
            "SELECT item.*, category.name AS category, region.name AS region, city.name AS city,"
            " user.name AS seller, user.email AS seller_email FROM item"
            " JOIN category ON category.id = item.category_id JOIN region ON region.id = item.region_id"
            " JOIN city ON city.id = item.city_id JOIN user ON user.id = item.user_id WHERE item.id = ?",
            (item_id,),
        ).fetchone()
        if row is None:
            raise KeyError(f"no listing with id {item_id} in {self.path}")
        return Listing(
            row["id"],
            row["title"],
            row["description"],
            row["price_cents"] / 100,
            row["category"],
            row["region"],
            row["city"],
            row["seller"],
            row["seller_email"],
            row["pub_date"],
            self._photos(row["id"]),
        )

    def find_ids(
        self,
        *,
        min_price: float | None = None,
        max_price: float | None = None,
        title_contains: str | None = None,
        limit: int | None = 50,
        **attrs,
    ) -> list[int]:
        """Ids of listings whose first photo (position 0) and fields match every given attribute
        (kind, color, count, printed_text, condition, pattern, category, region, city, seller_email),
        oldest first."""
        clauses, params = photo_filters(
            FILTERS,
            attrs,
            "attribute",
            price="item.price_cents",
            min_price=min_price,
            max_price=max_price,
            text="item.title",
            contains=title_contains,
        )
        sql = (
            "SELECT item.id FROM item JOIN photo p ON p.item_id = item.id"
            " JOIN category ON category.id = item.category_id JOIN region ON region.id = item.region_id"
            " JOIN city ON city.id = item.city_id JOIN user ON user.id = item.user_id"
            f" WHERE {' AND '.join(clauses)} ORDER BY item.id"
        )
        return [r[0] for r in self.rows(sql, params, limit)]

    def find(self, **criteria) -> list[Listing]:
        return [self.listing(i) for i in self.find_ids(**criteria)]

    def count(self, **criteria) -> int:
        return len(self.find_ids(limit=None, **criteria))

    def comments(self, item_id: int) -> list[Comment]:
        rows = self.conn.execute("SELECT * FROM comment WHERE item_id = ? ORDER BY created_at, id", (item_id,))
        return [Comment(r["id"], r["author_name"], r["title"], r["body"], r["rating"]) for r in rows]


def open_pristine(settings: Settings | None = None, generate: bool = False) -> ClassifiedsData:
    """The pristine database of the configured SEED and SCALE (generated first if `generate`)."""
    return ClassifiedsData.configured("sites.classifieds.store", settings, generate)
