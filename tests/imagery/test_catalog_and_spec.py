"""The catalog's shape and PhotoSpec validation (every bad field is named in the error)."""

from __future__ import annotations

import pytest

from sites.classifieds.schema import CATEGORIES
from sites.imagery import CATALOG, COLORS, CONDITIONS, KINDS, PATTERNS, Kind, PhotoSpec, render_photo, validate


def test_categories_are_exactly_the_classifieds_list():
    assert list(CATALOG) == CATEGORIES


@pytest.mark.parametrize("category", CATEGORIES)
def test_each_category_has_3_to_8_well_formed_kinds(category):
    kinds = CATALOG[category]
    assert 3 <= len(kinds) <= 8, f"{category}: {len(kinds)} kinds"
    for k in kinds:
        assert isinstance(k, Kind)
        assert k.name and k.emoji and k.nouns and all(isinstance(n, str) and n for n in k.nouns)
        lo, hi = k.price_range
        assert 0 < lo < hi, f"{k.name}: price range {k.price_range}"


def test_kind_names_are_unique_and_indexed():
    from sites.imagery.catalog_forum import FORUM_CATALOG
    from sites.imagery.catalog_store import STORE_CATALOG

    names = [k.name for catalog in (CATALOG, STORE_CATALOG, FORUM_CATALOG) for kinds in catalog.values() for k in kinds]
    assert len(names) == len(set(names)) == len(KINDS)


def test_every_flag_is_used_somewhere():
    kinds = list(KINDS.values())
    assert sum(k.colorable for k in kinds) >= 40
    assert sum(k.printable for k in kinds) >= 25
    assert sum(k.countable for k in kinds) >= 40


def test_colors_conditions_patterns():
    assert set(COLORS) == {"red", "orange", "yellow", "green", "blue", "purple", "pink", "black", "white", "brown"}
    assert CONDITIONS == ("new", "like new", "used", "damaged")
    assert PATTERNS == ("plain", "striped", "dotted", "checked")


@pytest.mark.parametrize(
    "spec, field",
    [
        (PhotoSpec(kind="unicorn"), "PhotoSpec.kind"),
        (PhotoSpec(kind="guitar", color="teal"), "PhotoSpec.color"),
        (PhotoSpec(kind="violin", color="red"), "PhotoSpec.color"),  # violin is not colorable
        (PhotoSpec(kind="mug", count=0), "PhotoSpec.count"),
        (PhotoSpec(kind="mug", count=10), "PhotoSpec.count"),
        (PhotoSpec(kind="mug", count=2.0), "PhotoSpec.count"),  # type: ignore[arg-type]  # the wrong type on purpose
        (PhotoSpec(kind="car", count=2), "PhotoSpec.count"),  # cars are not countable
        (PhotoSpec(kind="violin", text="HELLO"), "PhotoSpec.text"),  # violin is not printable
        (PhotoSpec(kind="mug", text=""), "PhotoSpec.text"),
        (PhotoSpec(kind="mug", text="X" * 15), "PhotoSpec.text"),
        (PhotoSpec(kind="mug", text="two\nlines"), "PhotoSpec.text"),
        (PhotoSpec(kind="mug", condition="mint"), "PhotoSpec.condition"),
        (PhotoSpec(kind="mug", pattern="paisley"), "PhotoSpec.pattern"),
        (PhotoSpec(kind="violin", pattern="striped"), "PhotoSpec.pattern"),
        (PhotoSpec(kind="mug", view=3), "PhotoSpec.view"),
    ],
)
def test_bad_fields_raise_value_error_naming_the_field(spec, field):
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        validate(spec)
    with pytest.raises(ValueError, match=field.replace(".", r"\.")):
        render_photo(spec, size=(64, 48))


def test_good_spec_validates_to_its_kind():
    assert (
        validate(PhotoSpec(kind="mug", color="red", count=9, text="DAD", condition="new", pattern="dotted", view=2))
        is KINDS["mug"]
    )
