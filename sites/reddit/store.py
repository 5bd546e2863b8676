"""Where the forum's pristine data lives, and making sure it exists.

Layout under the data dir: `reddit/seed<SEED>-n<POSTS>-g<generator version>/reddit.sqlite` \
(read-only, shared by every instance)
and `.../images-<renderer version>/` (pictures of image posts, rendered lazily by the instances, atomic
writes). Two processes that find the data missing at once serialise on a file lock.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sites.common.datafiles import SqliteDataSet, code_version, generate_once
from sites.reddit.generate import GenerationResult, generate_atomic, post_count


@dataclass(frozen=True)
class DataSet(SqliteDataSet):
    SITE = "reddit"
    posts: int

    @property
    def image_cache(self) -> Path:
        return self.picture_cache("images")


def generator_version() -> str:
    """Changes whenever the code that decides the forum's data changes (generator, content, schema, the
    picture kinds it draws from)."""
    here = Path(__file__).parent
    imagery = here.parent / "imagery"
    return code_version(
        here / "generate.py",
        here / "content.py",
        here / "schema.py",
        here / "official_forums.py",
        here / "additions.py",
        here / "additions_r5_rdb.py",
        here / "additions_r5_rda.py",
        here.parent / "common" / "official_catalogue.json",
        imagery / "catalog.py",
        imagery / "catalog_forum.py",
    )


def dataset(data_dir: Path, seed: int, scale: str | int) -> DataSet:
    posts = post_count(scale)
    return DataSet(DataSet.folder(data_dir, seed, posts, generator_version()), seed, posts)


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[DataSet, GenerationResult | None]:
    """The data set for (seed, scale), generated first if missing (None when it was already there)."""
    ds = dataset(data_dir, seed, scale)

    def make() -> GenerationResult:
        result = generate_atomic(ds.db, ds.seed, ds.posts)
        ds.image_cache.mkdir(exist_ok=True)
        return result

    return ds, generate_once(ds.db, make)
