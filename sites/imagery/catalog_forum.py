"""Kinds a forum's photos show that the marketplace catalogue lacks (dishes, pets and wild animals),
registered in `KINDS` / `KIND_CATEGORY` so `PhotoSpec(kind=...)` accepts them; kept out of `CATALOG`, whose
keys are the classifieds' categories."""

from __future__ import annotations

from sites.imagery.catalog import KIND_CATEGORY, KINDS, Kind, _k

GRASS = ("grass", "floor", "studio")

FORUM_CATALOG: dict[str, list[Kind]] = {
    "Forum food": [
        _k("pizza", "\U0001f355", ("pizza", "pizza slice", "slice"), (2, 30), "n"),
        _k("burger", "\U0001f354", ("burger", "cheeseburger", "smash burger"), (4, 25), "n"),
        _k("taco", "\U0001f32e", ("taco", "street taco", "fish taco"), (2, 12), "n"),
        _k("sushi", "\U0001f363", ("sushi", "nigiri", "salmon nigiri"), (2, 30), "n"),
        _k("ramen", "\U0001f35c", ("ramen", "noodle soup", "bowl of ramen"), (8, 25), "n"),
        _k("pancakes", "\U0001f95e", ("pancakes", "stack of pancakes", "hotcakes"), (5, 15), "n"),
        _k("cake slice", "\U0001f370", ("cheesecake", "slice of cake", "shortcake"), (3, 12), "n"),
        _k("spaghetti", "\U0001f35d", ("spaghetti", "pasta", "bolognese"), (6, 22), "n"),
        _k("burrito", "\U0001f32f", ("burrito", "wrap", "breakfast burrito"), (5, 14), "n"),
        _k("croissant", "\U0001f950", ("croissant", "pastry", "butter croissant"), (2, 8), "n"),
    ],
    "Forum animals": [
        _k("cat", "\U0001f408", ("cat", "kitty", "rescue cat"), (0, 0), "n", GRASS),
        _k("dog", "\U0001f415", ("dog", "pup", "good boy"), (0, 0), "n", GRASS),
        _k("rabbit", "\U0001f407", ("bunny", "rabbit", "bun"), (0, 0), "n", GRASS),
        _k("hamster", "\U0001f439", ("hamster", "hammy", "little guy"), (0, 0), "n"),
        _k("fox", "\U0001f98a", ("fox", "red fox", "little fox"), (0, 0), "n", ("grass",)),
        _k("panda", "\U0001f43c", ("panda", "panda bear", "bamboo muncher"), (0, 0), "n", ("grass",)),
        _k("penguin", "\U0001f427", ("penguin", "little penguin", "waddler"), (0, 0), "n", ("water", "studio")),
        _k("duckling", "\U0001f425", ("duckling", "baby chick", "chick"), (0, 0), "n", GRASS),
        _k("otter", "\U0001f9a6", ("otter", "sea otter", "river otter"), (0, 0), "n", ("water",)),
        _k("sloth", "\U0001f9a5", ("sloth", "lazy sloth", "sleepy sloth"), (0, 0), "n", ("grass", "studio")),
        _k("owl", "\U0001f989", ("owl", "barn owl", "night owl"), (0, 0), "n", ("grass", "wall")),
        _k("turtle", "\U0001f422", ("turtle", "tortoise", "shell buddy"), (0, 0), "n", ("grass", "water")),
    ],
}

for _category, _kinds in FORUM_CATALOG.items():
    for _kind in _kinds:
        if _kind.name in KINDS:
            raise RuntimeError(f"imagery catalog: kind {_kind.name!r} listed twice")
        KINDS[_kind.name] = _kind
        KIND_CATEGORY[_kind.name] = _category
