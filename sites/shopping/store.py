"""Where the shopping site's pristine data lives, and making sure it exists.

Layout under the data dir: `shopping/seed<SEED>-n<PRODUCTS>-g<generator version>/shopping.sqlite` \
(read-only, shared by every
instance) and `.../photos-<renderer version>/` (photos rendered on first request). Two processes that find the
data missing at once serialise on a file lock.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from sites.common.datafiles import SqliteDataSet, code_version, generate_once
from sites.shopping.generate import GenerationResult, generate_atomic, product_count


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "shopping"
    products: int

    @property
    def photo_cache(self) -> Path:
        return self.picture_cache("photos")


@functools.lru_cache(maxsize=1)
def generator_version() -> str:
    """Changes whenever the code that decides the data changes (generator, word lists, category tree, schema,
    the store's imagery kinds)."""
    here = Path(__file__).parent
    return code_version(
        here / "generate.py",
        here / "wording.py",
        here / "departments.py",
        here / "schema.py",
        here / "official.py",
        here.parent / "common" / "official_catalogue.json",
        here.parent / "imagery" / "catalog_store.py",
        here / "facts_r4spa.py",
        here / "cereal_boxes_r5sp.py",
        here.parent / "imagery" / "boxes.py",
    )


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    products = product_count(scale)
    return DataSet(DataSet.folder(data_dir, seed, products, generator_version()), seed, products)


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing; the result when this call generated it."""
    ds = dataset(data_dir, seed, scale)

    def make() -> GenerationResult:
        result = generate_atomic(ds.db, ds.seed, ds.products)
        ds.photo_cache.mkdir(exist_ok=True)
        prerender_home(ds)
        return result

    return ds, generate_once(ds.db, make)


def prerender_home(ds: DataSet) -> None:
    """Render the home page's photos into the cache (the first page anyone opens shows them at once)."""
    from sites.common.db import connect_readonly
    from sites.shopping.photos import cached_file

    conn = connect_readonly(ds.db)
    try:
        rows = conn.execute(
            "SELECT photo.* FROM photo JOIN product ON product.id = photo.product_id"
            " WHERE product.featured = 1 AND photo.position = 0 ORDER BY photo.id"
        ).fetchall()
    finally:
        conn.close()
    for row in rows:
        cached_file(row, ds.photo_cache, thumb=True)
