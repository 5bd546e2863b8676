"""Kinds a forum's photos show that the marketplace catalogue lacks (dishes, pets and wild animals),
registered in `KINDS` / `KIND_CATEGORY` so `PhotoSpec(kind=...)` accepts them; kept out of `CATALOG`, whose
keys are the classifieds' categories."""

from __future__ import annotations

from sites.imagery.catalog import Kind, kinds_table, register

FORUM_CATALOG: dict[str, list[Kind]] = kinds_table("""
[Forum food]
pizza      | \U0001f355 | pizza, pizza slice, slice             | 2-30 | n
burger     | \U0001f354 | burger, cheeseburger, smash burger    | 4-25 | n
taco       | \U0001f32e | taco, street taco, fish taco          | 2-12 | n
sushi      | \U0001f363 | sushi, nigiri, salmon nigiri          | 2-30 | n
ramen      | \U0001f35c | ramen, noodle soup, bowl of ramen     | 8-25 | n
pancakes   | \U0001f95e | pancakes, stack of pancakes, hotcakes | 5-15 | n
cake slice | \U0001f370 | cheesecake, slice of cake, shortcake  | 3-12 | n
spaghetti  | \U0001f35d | spaghetti, pasta, bolognese           | 6-22 | n
burrito    | \U0001f32f | burrito, wrap, breakfast burrito      | 5-14 | n
croissant  | \U0001f950 | croissant, pastry, butter croissant   | 2-8  | n
[Forum animals]
cat        | \U0001f408 | cat, kitty, rescue cat                | 0-0  | n | grass floor studio
dog        | \U0001f415 | dog, pup, good boy                    | 0-0  | n | grass floor studio
rabbit     | \U0001f407 | bunny, rabbit, bun                    | 0-0  | n | grass floor studio
hamster    | \U0001f439 | hamster, hammy, little guy            | 0-0  | n
fox        | \U0001f98a | fox, red fox, little fox              | 0-0  | n | grass
panda      | \U0001f43c | panda, panda bear, bamboo muncher     | 0-0  | n | grass
penguin    | \U0001f427 | penguin, little penguin, waddler      | 0-0  | n | water studio
duckling   | \U0001f425 | duckling, baby chick, chick           | 0-0  | n | grass floor studio
otter      | \U0001f9a6 | otter, sea otter, river otter         | 0-0  | n | water
sloth      | \U0001f9a5 | sloth, lazy sloth, sleepy sloth       | 0-0  | n | grass studio
owl        | \U0001f989 | owl, barn owl, night owl              | 0-0  | n | grass wall
turtle     | \U0001f422 | turtle, tortoise, shell buddy         | 0-0  | n | grass water
""")

register(FORUM_CATALOG)
