"""Round 4 (issue 34) additions to the generated encyclopedia, for the forum's cross-site kinds: articles on the
game consoles the forum's charts name (Switch, PS5, Xbox), and on things the forum's pictures show that the
encyclopedia credits to one person (a toy's namesake, an invention's inventor), with articles on those people.
Short hand-kept tables of well-known facts; the articles' text is generated (each lead says so).

They come after every other article (sites.wikipedia.build.articles), and their colours come from their own
random stream, so no article before them changes.
"""

from __future__ import annotations

import random

from sites.wikipedia.entities import Entity

GENERATED = " The text of this article is generated for the embedded stack."
# (title, developer, first released, generation)
CONSOLES = [
    ("Nintendo Switch", "Nintendo", "March 3, 2017", "Eighth"),
    ("PlayStation 5", "Sony Interactive Entertainment", "November 12, 2020", "Ninth"),
    ("Xbox", "Microsoft", "November 15, 2001", "Sixth"),
]
# (title, kind of thing, the person it is credited to, how, the year) -- and the person's birth date, known for
CREDITED = [
    ("Teddy bear", "toy", "Theodore Roosevelt", "Named after", "1902"),
    ("Rotary dial", "invention", "Almon Strowger", "Invented by", "1892"),
    ("Automobile", "invention", "Karl Benz", "Invented by", "1886"),
    ("Television", "invention", "John Logie Baird", "Invented by", "1926"),
    ("Radio", "invention", "Guglielmo Marconi", "Invented by", "1895"),
]
# what people also call the things (the lead names them, so a search for the everyday word finds the article)
ALSO_CALLED = {
    "Teddy bear": "stuffed bear",
    "Rotary dial": "rotary phone, dial telephone",
    "Automobile": "car",
    "Television": "TV set",
    "Radio": "radio set, wireless",
}
PEOPLE = {
    "Theodore Roosevelt": ("October 27, 1858", "26th president of the United States"),
    "Almon Strowger": ("February 11, 1839", "the automatic telephone exchange"),
    "Karl Benz": ("November 25, 1844", "the Benz Patent-Motorwagen"),
    "John Logie Baird": ("August 13, 1888", "the first working television system"),
    "Guglielmo Marconi": ("April 25, 1874", "long-distance radio transmission"),
}
LEADS = {
    "console": "{t} is a video game console developed by {Developer}, first released on {Released}." + GENERATED,
    "toy": "The {tl} (also called: {Also called}) is a soft toy, first made in {First made} and named after "
    "{Named after}." + GENERATED,
    "invention": "The {tl} (also called: {Also called}) is an invention credited to {Invented by}, first shown in "
    "{First shown}." + GENERATED,
    "person": "{t} (born {Born}) is known for {Known for}." + GENERATED,
}
SECTIONS = {
    "console": ["History", "Hardware", "Games"],
    "toy": ["History", "Name"],
    "invention": ["History", "Design"],
    "person": ["Early life", "Career", "Legacy"],
}


def round4_entities(existing: set[str]) -> list[Entity]:
    """The added articles whose title no article before has, in a fixed order."""
    rng = random.Random("wikipedia/round4-rdx")

    def color() -> tuple[int, int, int]:
        return (rng.randrange(30, 220), rng.randrange(30, 220), rng.randrange(30, 220))

    out = [
        Entity(title, "console", [("Developer", dev), ("Released", released), ("Generation", gen)], [], color=color())
        for title, dev, released, gen in CONSOLES
    ]
    for title, kind, person, how, year in CREDITED:
        when = "First made" if kind == "toy" else "First shown"
        out.append(
            Entity(
                title, kind, [(how, person), (when, year), ("Also called", ALSO_CALLED[title])], [person], color=color()
            )
        )
    for person, (born, known) in PEOPLE.items():
        things = [title for title, _, who, _, _ in CREDITED if who == person]
        out.append(Entity(person, "person", [("Born", born), ("Known for", known)], things, color=color()))
    return [e for e in out if e.title not in existing]
