"""What the generated forum talks about: the forums (the official forum names), the pictures each one's
image posts show, and the words of titles, bodies and comments.

Titles of image posts leave the picture's visual facts out (what animal, what dish, the numbers of a
chart, the captions of a meme, the colour of a planet): a reader has to look at the image.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sites.imagery.catalog import kind as photo_kind
from sites.imagery.forum_pictures import ForumPicture

COLOR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "black", "white", "brown")
FOODS = ("pizza", "burger", "taco", "sushi", "ramen", "pancakes", "cake slice", "spaghetti", "burrito", "croissant")
ANIMALS = ("cat", "dog", "rabbit", "hamster", "fox", "panda", "penguin", "duckling", "otter", "sloth", "owl", "turtle")
MEME_SUBJECTS = (*ANIMALS, "toy robot", "teddy bear", "mug", "laptop", "game controller", "pizza")
MEME_LINES = (
    ("ME AT 3 AM", "ONE MORE EPISODE"),
    ("WHEN THE CODE COMPILES", "ON THE FIRST TRY"),
    ("NOBODY:", "ABSOLUTELY NOBODY:"),
    ("MONDAY MORNING", "BE LIKE"),
    ("WHEN YOU SAY", "YOU ARE FINE"),
    ("ONE DOES NOT SIMPLY", "LEAVE THE HOUSE"),
    ("I SAID I WOULD", "DO IT TOMORROW"),
    ("WHEN THE WIFI", "COMES BACK ON"),
    ("TRUST ME", "I READ THE MANUAL"),
    ("POV:", "YOU FORGOT YOUR LUNCH"),
    ("ME EXPLAINING", "MY BUDGET"),
    ("THIS IS FINE", "EVERYTHING IS FINE"),
    ("WHEN THE WEEKEND", "ENDS TOO FAST"),
    ("BUY HIGH", "SELL LOW"),
    ("ME WAITING", "FOR THE BUS"),
    ("GRANDMA SAID", "EAT MORE"),
)
TICKERS = ("GME", "AMC", "TSLA", "NVDA", "BBBY", "PLTR", "SPY", "AAPL")
CHART_TOPICS = (
    ("Hours of sleep by weekday", ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"), (4, 10)),
    ("Coffee cups per month", ("Jan", "Feb", "Mar", "Apr", "May", "Jun"), (20, 90)),
    ("Books read per year", ("2018", "2019", "2020", "2021", "2022"), (3, 60)),
    ("Miles run per season", ("Winter", "Spring", "Summer", "Fall"), (40, 400)),
    ("Rent by city ($)", ("Boston", "NYC", "Pittsburgh", "Philly", "DC"), (1200, 3900)),
    ("Job applications sent", ("Week 1", "Week 2", "Week 3", "Week 4", "Week 5"), (2, 45)),
    ("Games played by console", ("Switch", "PS5", "Xbox", "PC"), (5, 140)),
    ("Days of rain per month", ("Mar", "Apr", "May", "Jun", "Jul"), (3, 22)),
)


@dataclass(frozen=True)
class ForumSpec:
    name: str
    title: str
    description: str
    weight: int  # share of the posts
    image_share: float  # share of its posts that are image posts
    picture: Callable[[random.Random], ForumPicture] | None
    image_titles: tuple[str, ...]
    text_titles: tuple[str, ...]
    link_domain: str = "example.com"


def _photo(kinds: tuple[str, ...], colorable: bool = False, max_count: int = 1):
    def make(rng: random.Random) -> ForumPicture:
        count = 1 if max_count == 1 or rng.random() < 0.5 else rng.randint(2, max_count)
        color = rng.choice(COLOR_NAMES) if colorable else None
        name = rng.choice(kinds)
        spec = photo_kind(name)  # a colour or a count only where the kind can be drawn with one
        return ForumPicture(
            "photo", kind=name, color=color if spec.colorable else None, count=count if spec.countable else 1
        )

    return make


def _meme(rng: random.Random) -> ForumPicture:
    top, bottom = rng.choice(MEME_LINES)
    return ForumPicture("meme", kind=rng.choice(MEME_SUBJECTS), top_text=top, bottom_text=bottom)


def _chart(rng: random.Random) -> ForumPicture:
    title, labels, (lo, hi) = rng.choice(CHART_TOPICS)
    values = tuple(rng.randint(lo, hi) for _ in labels)
    if len(set(values)) < len(values):  # distinct values, so "the highest" has one answer
        values = tuple(v + i for i, v in enumerate(values))
    return ForumPicture("chart", title=title, labels=labels, values=values)


def _stock(rng: random.Random) -> ForumPicture:
    start = rng.randint(20, 400)
    prices, price = [start], start
    drift = rng.choice((-1, 1)) * rng.uniform(0.01, 0.04)
    for _ in range(23):
        price = max(1, int(price * (1 + drift + rng.uniform(-0.05, 0.05))))
        prices.append(price)
    if prices[-1] == prices[0]:
        prices[-1] += 1
    return ForumPicture("stock", title=rng.choice(TICKERS), values=tuple(prices))


def _landscape(rng: random.Random) -> ForumPicture:
    return ForumPicture(
        "landscape",
        count=rng.randint(1, 4),
        time_of_day=rng.choice(("day", "sunset", "night")),
        snow=rng.random() < 0.5,
        water=rng.random() < 0.5,
    )


def _space(rng: random.Random) -> ForumPicture:
    return ForumPicture(
        "space",
        color=rng.choice(("red", "orange", "yellow", "blue", "purple", "brown")),
        count=rng.randint(0, 4),
        rings=rng.random() < 0.4,
    )


def _artwork(rng: random.Random) -> ForumPicture:
    return ForumPicture(
        "artwork",
        color=rng.choice(COLOR_NAMES[:7]),
        count=rng.randint(1, 9),
        shape=rng.choice(("circles", "squares", "triangles", "stripes")),
    )


def _vintage(rng: random.Random) -> ForumPicture:
    kinds = ("car", "motorcycle", "bicycle", "guitar", "television", "rotary phone", "camera", "dog", "vintage radio")
    return ForumPicture("vintage", kind=rng.choice(kinds), tone=rng.choice(("sepia", "black and white")))


def _skyline(rng: random.Random) -> ForumPicture:
    return ForumPicture("skyline", count=rng.randint(4, 9), time_of_day=rng.choice(("day", "sunset", "night")))


CITY_TITLES_IMG = (
    "View from my window this evening",
    "Walked across town today",
    "Not a bad commute",
    "Took this from the rooftop",
    "The city never gets old",
    "Caught this on my way home",
)
CITY_TITLES_TXT = (
    "Best place to get a decent bagel?",
    "Any recommendations for a good mechanic?",
    "Parking ticket question",
    "Looking for a running group",
    "Where to watch the game tonight?",
    "Apartment hunting tips for newcomers",
    "Is the subway running late again?",
    "Free events this weekend?",
    "Moving here next month, what should I know?",
    "Lost cat near the park, please keep an eye out",
)
GENERIC_TXT = (
    "What is everyone working on this week?",
    "Unpopular opinion thread",
    "Weekly discussion thread",
    "Need advice before I make a decision",
    "Does anyone else feel this way?",
    "What got you into this hobby?",
    "Beginner question, please be gentle",
    "Rate my setup and give me suggestions",
    "Looking for recommendations",
    "PSA for newcomers",
)


def _city(name: str, title: str, weight: int) -> ForumSpec:
    return ForumSpec(
        name,
        title,
        f"News, questions and photos from {title}.",
        weight,
        0.3,
        _skyline,
        CITY_TITLES_IMG,
        CITY_TITLES_TXT,
        f"{name.lower()}news.example",
    )


# fmt: off
FORUMS: tuple[ForumSpec, ...] = (
    ForumSpec("Art", "Art", "Paintings, drawings and sculptures: share your work and the work you love.", 8, 0.9,
              _artwork, ("Finished this piece after three weeks", "My latest painting, acrylic on canvas",
                         "Something I made for my mother", "First attempt at abstract work",
                         "Untitled, oil on canvas", "Working on a new series, this is number one"), GENERIC_TXT),
    ForumSpec("EarthPorn", "EarthPorn", "Images of natural scenery. [OC] welcome.", 8, 0.95, _landscape,
              ("Worth the five hour hike [OC]", "Nobody else on the trail this morning [OC]",
               "Found this spot by accident [OC]", "Pulled over to take this one [OC]",
               "Camping spot for the night [OC]", "The view from the top [OC]"), GENERIC_TXT),
    ForumSpec("consoles", "Console collectors", "Game consoles, controllers and collections.", 4, 0.6,
              _photo(("game controller", "joystick", "vr headset", "game disc", "television"), max_count=4),
              ("Finally completed the collection", "Thrift store find today", "Cleaned up my old setup",
               "What do you think of this one?", "Got this for my birthday"), GENERIC_TXT),
    ForumSpec("mildlyinteresting", "mildlyinteresting", "For photos that are, well, mildly interesting.", 8, 0.9,
              _photo(("mug", "light bulb", "dice", "crayon", "soap", "balloon", "yo-yo", "book", "kite"), True, 6),
              ("Found this at work today", "My neighbour left this on the fence",
               "This came in the mail", "Saw this on my way home", "Look what I found in the drawer",
               "My kid arranged these"), GENERIC_TXT),
    ForumSpec("photoshopbattles", "Photoshop Battles", "PsBattle: an image to edit, and the edits in comments.", 5,
              0.95, _photo((*ANIMALS, "toy robot", "teddy bear"), max_count=3),
              ("PsBattle: this little guy", "PsBattle: caught mid-step", "PsBattle: a very serious face",
               "PsBattle: this guy at the park"), GENERIC_TXT),
    ForumSpec("gaming", "Gaming", "A forum for (almost) anything related to games.", 10, 0.4,
              _photo(("game controller", "joystick", "vr headset", "arcade plush", "game disc"), max_count=5),
              ("My setup after years of saving", "Built this over the weekend", "Look what arrived today",
               "Still works after twenty years"),
              ("What game are you playing this weekend?", "Which game has the best soundtrack?",
               "Is it worth buying a new console this year?", "Games that deserve a remake",
               "Hardest boss you ever beat?", "Co-op games for two players?"), "gamenews.example"),
    ForumSpec("memes", "memes", "Memes. Original content gets the upvotes.", 9, 0.9, _meme,
              ("This is so true", "Me every single day", "Made this at work", "Relatable",
               "My friends did not laugh", "Found this in my camera roll"), GENERIC_TXT),
    ForumSpec("headphones", "Headphones", "Headphones, earphones, amps and DACs.", 3, 0.5,
              _photo(("headphones", "microphone"), max_count=3),
              ("New arrival, first impressions below", "My collection so far", "Endgame reached?",
               "Desk setup update"),
              ("Best closed-back under $200?", "Do I need an amp?", "Open vs closed for the office?",
               "Wireless recommendations for running"), "audioreview.example"),
    ForumSpec("MechanicalKeyboards", "Mechanical Keyboards", "Keyboards, switches and keycaps.", 4, 0.7,
              _photo(("computer keyboard", "computer mouse", "piano keyboard"), max_count=3),
              ("Finally finished my first build", "Endgame? Probably not", "New keycaps came in",
               "Desk setup, feedback welcome", "Lubed every switch myself"),
              ("Linear or tactile for typing all day?", "First build, what should I buy?",
               "Hot-swap boards worth it?", "How loud is too loud for an office?"), "keebnews.example"),
    ForumSpec("movies", "Movies", "News and discussion about major motion pictures.", 8, 0.2,
              _photo(("film projector", "television", "camcorder", "cd")),
              ("My home theater is finally done", "Found my grandpa's old gear"),
              ("What movie surprised you the most?", "Underrated films from the 90s?",
               "Official discussion thread", "Movies that are better the second time",
               "Which sequel beat the original?", "Best soundtrack of all time?"), "moviedaily.example"),
    ForumSpec("wallstreetbets", "wallstreetbets", "Like 4chan found a Bloomberg terminal.", 6, 0.5, _stock,
              ("Wish me luck", "This is the way", "Loss porn, I am done", "To the moon",
               "Explain this to me like I am five", "My wife's boyfriend is not happy"),
              ("Daily discussion thread", "What are your moves tomorrow?", "Is this the bottom?",
               "Earnings thread", "YOLO update"), "marketwire.example"),
    ForumSpec("food", "Food", "Cooking, baking, grilling, and everything you eat.", 8, 0.8,
              _photo(FOODS, max_count=4),
              ("Homemade, first try", "Dinner tonight", "Made this for my partner", "Sunday brunch",
               "Lunch at a little place downtown", "Proud of this one"),
              ("Favourite weeknight recipe?", "How do you keep it crispy?", "Cast iron care tips?"),
              "recipes.example"),
    ForumSpec("OldSchoolCool", "OldSchoolCool", "History's cool kids, looking fantastic.", 6, 0.9, _vintage,
              ("My grandfather in 1962", "Found this in my mom's attic", "My dad, summer of 1971",
               "Family photo from the fifties", "My aunt's first ride, 1968"), GENERIC_TXT),
    ForumSpec("funny", "funny", "Welcome to funny: the place for humour.", 10, 0.7, _meme,
              ("My coworker sent me this", "Could not stop laughing", "Saw this and thought of you all",
               "I have no words", "The accuracy"), GENERIC_TXT),
    ForumSpec("space", "Space", "Share and discuss informative content on astrophysics, cosmology and space.", 6,
              0.7, _space, ("Shot this through my backyard telescope", "Two hours of stacking, worth it",
                            "My best capture so far", "Clear skies last night"),
              ("How far can amateur telescopes see?", "Best books on cosmology?",
               "Launch schedule thread", "Question about orbits"), "spacewire.example"),
    ForumSpec("dataisbeautiful", "dataisbeautiful", "A place for visual representations of data. [OC] welcome.", 6,
              0.9, _chart, ("[OC] I tracked this for a year", "[OC] My personal data", "[OC] Survey results",
                            "[OC] A small chart of my habits", "[OC] Numbers from my spreadsheet"), GENERIC_TXT),
    ForumSpec("aww", "aww", "Things that make you go AWW! Pets, animals and cute things.", 10, 0.95,
              _photo(ANIMALS, max_count=4),
              ("Meet the newest member of the family", "Look who I found this morning",
               "This face though", "Refuses to leave this spot", "Best friends", "Say hi to my roommate"),
              GENERIC_TXT),
    ForumSpec("AskReddit", "Ask Reddit", "A place to ask and answer thought-provoking questions.", 9, 0.0, None, (),
              ("What is a skill everyone should learn?", "What small thing made your day better?",
               "What is the best advice you ever got?", "What job would you never do?",
               "What is overrated?", "What hobby changed your life?"), "example.com"),
    ForumSpec("books", "Books", "Discussion of books, authors and reading.", 5, 0.2,
              _photo(("book", "book stack", "open book"), True, 5),
              ("My reading nook", "This year's haul"),
              ("What are you reading this week?", "Books you could not finish?",
               "Best audiobook narrators?", "Recommendations for long flights?"), "bookreview.example"),
    ForumSpec("Music", "Music", "The musical community of the forum.", 5, 0.3,
              _photo(("guitar", "violin", "trumpet", "drum", "saxophone", "banjo"), False, 3),
              ("My practice corner", "Finally bought my dream instrument"),
              ("Albums you can listen to front to back?", "Best live show you saw?",
               "Songs for a road trip?"), "musicnews.example"),
    ForumSpec("news", "News", "Real news articles, primarily from the US.", 7, 0.0, None, (),
              ("City council approves new budget", "Storm expected to hit the coast this weekend",
               "Local library extends opening hours", "Transit fares to rise next year",
               "New park opens downtown"), "dailynews.example"),
    ForumSpec("technology", "Technology", "News and discussion about technology.", 5, 0.0, None, (),
              ("New phone lineup announced", "Chip shortage easing, report says",
               "Open source project reaches version 2.0", "Battery breakthrough claims"), "technews.example"),
    _city("boston", "Boston", 4),
    _city("pittsburgh", "Pittsburgh", 3),
    _city("nyc", "New York City", 4),
    _city("Washington", "Washington, DC", 3),
    _city("philadelphia", "Philadelphia", 3),
    _city("providence", "Providence", 2),
    _city("baltimore", "Baltimore", 2),
    _city("newhaven", "New Haven", 2),
    _city("jerseycity", "Jersey City", 2),
    _city("vermont", "Vermont", 2),
    _city("maine", "Maine", 2),
)
# fmt: on

BODY_LINES = (
    "Curious what everyone here thinks.",
    "I searched but could not find an answer.",
    "Long time lurker, first post.",
    "Thanks in advance for any help!",
    "Edit: thanks for all the replies.",
    "Please let me know if this is the wrong place to ask.",
    "I have been thinking about this for a while.",
    "Some **context**: I am new here and still learning.",
    "Here is what I tried so far:\n\n* asked friends\n* read the wiki",
)
COMMENTS = (
    "This is amazing, thanks for sharing!",
    "Came here to say exactly this.",
    "I disagree, but I see your point.",
    "Where was this taken?",
    "Saving this for later.",
    "Underrated comment right here.",
    "Same thing happened to me.",
    "That is wild.",
    "Can you share more details?",
    "This made my day.",
    "Not sure about that one.",
    "Source?",
    "Take my upvote.",
    "Honestly I think it depends.",
    "Beautiful work.",
    "I laughed way too hard.",
    "Happy cake day!",
    "Thanks, this helped a lot.",
    "Username checks out.",
    "We need more posts like this.",
    "How long did it take?",
    "Instructions unclear.",
    "This belongs on the front page.",
    "Love the colours.",
    "Had the same question last week.",
    "Following.",
    "Great question.",
    "Nailed it.",
    "Big if true.",
    "The real answer is always in the comments.",
)
REPLIES = (
    "Agreed.",
    "Exactly what I was thinking.",
    "Haha, fair.",
    "No way, really?",
    "Thanks!",
    "Good point.",
    "Same here.",
    "I never thought of it that way.",
    "This.",
    "Could not have said it better.",
    "Not quite, but close.",
    "Lol.",
    "Source on that?",
    "Seconded.",
)
USER_WORDS_A = (
    "quiet",
    "happy",
    "salty",
    "lazy",
    "brave",
    "clever",
    "sleepy",
    "cosmic",
    "rusty",
    "lucky",
    "fuzzy",
    "grumpy",
    "swift",
    "mellow",
    "spicy",
    "silent",
    "wild",
    "tiny",
    "giant",
    "noble",
)
USER_WORDS_B = (
    "Otter",
    "Falcon",
    "Panda",
    "Walrus",
    "Pixel",
    "Taco",
    "Badger",
    "Comet",
    "Maple",
    "Ranger",
    "Wizard",
    "Pickle",
    "Nugget",
    "Koala",
    "Goblin",
    "Turtle",
    "Lantern",
    "Muffin",
    "Rocket",
    "Cactus",
)
