"""Where the shopping site's pristine data lives, and making sure it exists.

Layout under the data dir: `shopping/seed<SEED>-n<PRODUCTS>-g<generator version>/shopping.sqlite` \
(read-only, shared by every
instance) and `.../photos-<renderer version>/` (photos rendered on first request). Two processes that find the
data missing at once serialise on a file lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sites.common.datafiles import SqliteDataSet
from sites.shopping.generate import GenerationResult, generate_atomic, product_count


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "shopping"
    # what decides the data: the generator, word lists, category tree, schema, the store's imagery kinds
    SOURCES = (
        "shopping/generate.py",
        "shopping/wording.py",
        "shopping/departments.py",
        "shopping/schema.py",
        "shopping/official.py",
        "common/official_catalogue.json",
        "imagery/catalog_store.py",
        "shopping/facts_r4spa.py",
        "shopping/cereal_boxes_r5sp.py",
        "imagery/boxes.py",
    )
    products: int


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    return DataSet.of(data_dir, seed, product_count(scale))


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing; the result when this call generated it."""
    ds = dataset(data_dir, seed, scale)

    def make() -> GenerationResult:
        result = generate_atomic(ds.db, ds.seed, ds.products)
        prerender_home(ds)
        return result

    return ds, ds.generate_once(make, ds.photo_cache)


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
