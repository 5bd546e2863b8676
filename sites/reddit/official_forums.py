"""The official forums the generated forum lacks (names from the official catalogue, exact case), with what
their posts talk about. The generator adds them after its own forums (new ids after theirs) and fills them
from a random stream of their own, after every other row, without the benchmark account: the forum's own
rows, and the account's pages, stay as they were.
"""

from __future__ import annotations

from sites.common.official import forum_names
from sites.reddit.content import (
    ANIMALS,
    FORUMS,
    GENERIC_TXT,
    ForumSpec,
    _city,
    _meme,
    _photo,
    _vintage,
)

# fmt: off
SPECS: dict[str, ForumSpec] = {spec.name: spec for spec in (
    ForumSpec("pics", "pics", "A place for photographs, pictures, and other images.", 8, 0.95,
              _photo((*ANIMALS, "bicycle", "guitar", "camera", "kite", "sailboat", "potted plant"), True, 4),
              ("Took this on my walk this morning", "My grandmother's garden", "Caught the light just right",
               "First photo with my new camera", "Saw this outside my office", "A quiet moment at the lake"),
              GENERIC_TXT),
    ForumSpec("gifs", "gifs", "Funny, animated GIFs: your favourite computer file type!", 6, 0.95,
              _photo((*ANIMALS, "skateboard", "frisbee", "balloon"), max_count=3),
              ("Perfect timing", "Nailed the landing", "Wait for it", "He tried his best", "Smooth"), GENERIC_TXT),
    ForumSpec("Jokes", "Jokes", "Get your daily dose of jokes, puns and one-liners.", 6, 0.0, None, (),
              ("A horse walks into a bar", "My dad's favourite joke", "Why did the chicken cross the road?",
               "I told my wife she was drawing her eyebrows too high", "Knock knock", "A programmer goes shopping",
               "What do you call a fish with no eyes?"),
              "jokes.example"),
    ForumSpec("explainlikeimfive", "Explain Like I'm Five",
              "Explain like I'm five: friendly, simplified explanations of complex concepts.", 6, 0.0, None, (),
              ("ELI5: Why is the sky blue?", "ELI5: How do vaccines work?", "ELI5: What is inflation?",
               "ELI5: Why do we have leap years?", "ELI5: How does a refrigerator keep things cold?",
               "ELI5: Why do onions make you cry?"),
              "eli5.example"),
    ForumSpec("GetMotivated", "GetMotivated", "Motivation and inspiration: images, stories and advice.", 4, 0.6, _meme,
              ("[Image] Keep going", "[Image] Small steps every day", "[Image] You got this"),
              ("[Discussion] How do you stay consistent?", "[Story] One year sober today", "[Text] Ran my first 5k"),
              "motivation.example"),
    ForumSpec("gadgets", "Gadgets", "Gadgets, devices and the tech we carry.", 4, 0.5,
              _photo(("smartphone", "laptop", "headphones", "wristwatch", "camera", "vr headset"), max_count=2),
              ("My everyday carry", "New toy arrived today", "Desk setup 2022"),
              ("Best gadget under $50?", "Is a smartwatch worth it?", "Travel gadgets you cannot live without?"),
              "gadgetnews.example"),
    ForumSpec("iphone", "iPhone", "Everything about the iPhone: news, questions and setups.", 5, 0.5,
              _photo(("smartphone", "phone charger", "headphones"), max_count=2),
              ("My home screen setup", "Finally upgraded", "Case recommendation?", "Survived a two-storey drop"),
              ("Battery drains overnight, any ideas?", "Is the new model worth it?", "Best camera settings?"),
              "phonenews.example"),
    ForumSpec("history", "History", "Discussions about history: events, people and places.", 4, 0.4, _vintage,
              ("My great-grandfather's workshop, 1930s", "Found in a flea market album", "A street in 1955"),
              ("What period of history is the most underrated?", "Best history podcasts?",
               "How did people keep time before clocks?"),
              "historynews.example"),
    ForumSpec("monitor", "Monitors", "Computer monitors: reviews, setups and buying advice.", 3, 0.6,
              _photo(("television", "desktop computer", "laptop", "computer keyboard"), max_count=3),
              ("Triple monitor setup done", "Ultrawide changed my life", "Dead pixel or dust?"),
              ("144 Hz worth it for office work?", "IPS or VA for movies?", "Which arm for a 34 inch?"),
              "monitorreview.example"),
    _city("arlingtonva", "Arlington, Virginia", 2), _city("ColumbiaMD", "Columbia, Maryland", 2),
    _city("Newark", "Newark", 2), _city("newhampshire", "New Hampshire", 2),
    _city("springfieldMO", "Springfield, Missouri", 2), _city("washingtondc", "Washington, D.C.", 2),
)}
# fmt: on


def missing_forums() -> list[ForumSpec]:
    """The official forums the generated ones lack (compared without case, as forum names are), in the
    catalogue's order."""
    have = {spec.name.lower() for spec in FORUMS}
    out = []
    for name in forum_names():
        if name.lower() in have:
            continue
        if name not in SPECS:
            raise ValueError(f"official forum {name}: no spec in sites/reddit/official_forums.py SPECS")
        have.add(name.lower())
        out.append(SPECS[name])
    return out
