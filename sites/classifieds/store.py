"""Where the classifieds' pristine data lives, and making sure it exists.

Layout under the data dir: `classifieds/seed<SEED>-n<LISTINGS>-g<generator version>/classifieds.sqlite`
(read-only, shared by every instance) and `.../photos-<renderer version>/` (the photo cache, filled lazily by the
instances, atomic writes). Two processes that find the data missing at once serialise on a file lock; the loser
finds the file in place when it gets the lock and does nothing.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from sites.classifieds.generate import GenerationResult, generate_atomic, listing_count
from sites.common.datafiles import SqliteDataSet, code_version, generate_once


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "classifieds"
    listings: int

    @property
    def photo_cache(self) -> Path:
        return self.picture_cache("photos")


@functools.lru_cache(maxsize=1)
def generator_version() -> str:
    """Changes whenever the code that decides the data changes (generator, schema, the official catalogue)."""
    here = Path(__file__).parent
    return code_version(here / "generate.py", here / "schema.py", here.parent / "common" / "official_catalogue.json")


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    listings = listing_count(scale)
    return DataSet(DataSet.folder(data_dir, seed, listings, generator_version()), seed, listings)


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing. Returns the generation result when
    this call generated it, else None."""
    ds = dataset(data_dir, seed, scale)

    def make() -> GenerationResult:
        result = generate_atomic(ds.db, ds.seed, ds.listings)
        ds.photo_cache.mkdir(exist_ok=True)
        return result

    return ds, generate_once(ds.db, make)
