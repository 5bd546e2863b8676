"""Where the forum's pristine data lives, and making sure it exists.

Layout under the data dir: `reddit/seed<SEED>-n<POSTS>-g<generator version>/reddit.sqlite` \
(read-only, shared by every instance)
and `.../images-<renderer version>/` (pictures of image posts, rendered lazily by the instances, atomic
writes). Two processes that find the data missing at once serialise on a file lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sites.common.datafiles import SqliteDataSet
from sites.reddit.generate import GenerationResult, generate_atomic, post_count


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "reddit"
    # what decides the forum's data: the generator, content, schema, the picture kinds it draws from
    SOURCES = (
        "reddit/generate.py",
        "reddit/content.py",
        "reddit/schema.py",
        "common/schema.py",
        "reddit/official_forums.py",
        "reddit/additions.py",
        "reddit/additions_r5_rdb.py",
        "reddit/additions_r5_rda.py",
        "common/official_catalogue.json",
        "imagery/catalog.py",
        "imagery/catalog_forum.py",
    )
    posts: int

    @property
    def image_cache(self) -> Path:
        return self.picture_cache("images")


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    return DataSet.of(data_dir, seed, post_count(scale))


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing (None when it was already there)."""
    ds = dataset(data_dir, seed, scale)
    return ds, ds.generate_once(lambda: generate_atomic(ds.db, ds.seed, ds.posts), ds.image_cache)
