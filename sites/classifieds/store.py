"""Where the classifieds' pristine data lives, and making sure it exists.

Layout under the data dir: `classifieds/seed<SEED>-n<LISTINGS>-g<generator version>/classifieds.sqlite`
(read-only, shared by every instance) and `.../photos-<renderer version>/` (the photo cache, filled lazily by the
instances, atomic writes). Two processes that find the data missing at once serialise on a file lock; the loser
finds the file in place when it gets the lock and does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sites.classifieds.generate import GenerationResult, generate_atomic, listing_count
from sites.common.datafiles import SqliteDataSet


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "classifieds"
    # what decides the data: the generator, the schema, the official catalogue
    SOURCES = ("classifieds/generate.py", "classifieds/schema.py", "common/schema.py", "common/official_catalogue.json")
    listings: int


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    return DataSet.of(data_dir, seed, listing_count(scale))


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing. Returns the generation result when
    this call generated it, else None."""
    ds = dataset(data_dir, seed, scale)
    return ds, ds.generate_once(lambda: generate_atomic(ds.db, ds.seed, ds.listings), ds.photo_cache)
