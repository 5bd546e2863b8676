"""Deterministic generator of the classifieds database.

Everything comes from one `random.Random(seed)` stream, rows are inserted in a fixed order, dates are
offsets from a fixed epoch (never the clock), and the file is VACUUMed at the end: the same seed and
listing count give a byte-identical database file.

Listings are visually grounded: the photo row keeps what the picture shows (object kind, colour,
how many, printed text, condition, pattern), and titles and descriptions leave most of it out, so a
buyer (or an agent) has to look at the photo.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path

from sites.classifieds.schema import CATEGORIES, LOCATIONS, SCHEMA, slugify
from sites.common.datafiles import count_for_scale, new_database, seal, write_atomic
from sites.common.official import classifieds_new_categories as official_categories
from sites.common.passwords import SELLER_ITERATIONS, STRONG_ITERATIONS, hash_with_salt

EPOCH = datetime(2023, 1, 1, 8, 0, 0)
SPAN_DAYS = 360
SCALES = {"tiny": 150, "small": 600, "default": 5000, "full": 65955}

BENCHMARK_USER = {
    "name": "Blake Sullivan",
    "email": "blake.sullivan@gmail.com",
    "password": "Password.123",
    "phone": "555-302-1187",
}
SELLER_PASSWORD = "Seller.123"

FIRST_NAMES = [
    "Alex",
    "Jordan",
    "Taylor",
    "Morgan",
    "Casey",
    "Riley",
    "Jamie",
    "Avery",
    "Quinn",
    "Parker",
    "Rowan",
    "Drew",
    "Emerson",
    "Hayden",
    "Kendall",
    "Logan",
    "Reese",
    "Sawyer",
    "Skyler",
    "Cameron",
]
LAST_INITIALS = "ABCDEFGHJKLMNPRSTVWY"
PRINTED_WORDS = [
    "HELLO",
    "GO TEAM",
    "1987",
    "COFFEE",
    "OHIO",
    "LOVE",
    "SUMMER",
    "RETRO",
    "NO. 7",
    "BEACH",
    "CAPTAIN",
    "ROCK ON",
    "DREAM",
    "HOME",
    "VINTAGE",
    "42",
    "TIGERS",
    "PEACE",
    "ACE",
    "MAPLE",
]
TITLE_OPENERS = ["", "", "", "Great ", "Nice ", "Quality ", "Solid ", "Classic ", "Handy ", "Clean "]
TITLE_TAILS = [
    "",
    "",
    " - must go",
    " for sale",
    ", barely used",
    ", works great",
    " - pickup only",
    ", priced to sell",
    " (OBO)",
    ", moving sale",
]
DESC_OPENERS = [
    "Selling my {noun} because I no longer need it.",
    "Up for grabs: {noun}, kept in a smoke-free home.",
    "I am clearing out the garage and this {noun} has to go.",
    "Bought this {noun} last year and it has been sitting in storage.",
    "Decluttering before a move, so this {noun} is looking for a new owner.",
    "Good {noun} at a fair price.",
]
DESC_CONDITION = {
    "new": "Never used, still like it came from the store.",
    "like new": "Used only a handful of times.",
    "used": "Normal signs of use, nothing that gets in the way.",
    "damaged": "Sold as is; see the photos for its condition.",
}
DESC_CLOSERS = [
    "Cash or card on pickup. Serious buyers only, please.",
    "Message me through the contact form with any questions.",
    "Price is firm. Local pickup, I can help load it.",
    "Happy to meet at a public place nearby.",
    "First come, first served. No holds.",
    "Can send more photos on request.",
]
COMMENT_TEMPLATES = [
    ("Is this still available?", "Hi, I am interested. Is it still for sale and could I see it this weekend?", 4),
    ("Great seller", "Smooth pickup, exactly as shown in the pictures. Would buy again.", 5),
    ("Price question", "Would you take a little less if I pick it up today?", 3),
    ("Not as described", "Looks different in person than in the photo. Be careful.", 2),
    ("Fast reply", "The seller answered quickly and was friendly.", 5),
    ("Overpriced", "You can find these cheaper elsewhere, in my opinion.", 1),
    ("Looks nice", "Photos look good. Does it come with anything else?", 4),
    ("Interested", "Could you tell me the dimensions? Thanks!", 3),
]


@dataclass(frozen=True)
class GenerationResult:
    path: Path
    listings: int
    users: int
    photos: int
    comments: int


def listing_count(scale: str | int) -> int:
    """Number of listings for a SCALE value: tiny, small, default, full, or an explicit number (at least 20)."""
    return count_for_scale(scale, SCALES, "listing")


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _salt(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") for _ in range(16))


def _title(rng: random.Random, kind, color: str | None, count: int) -> str:
    noun = rng.choice(kind.nouns)
    head = noun[0].upper() + noun[1:]
    opener = rng.choice(TITLE_OPENERS)
    if opener:
        head = opener + noun
    # Most titles leave the colour and the number of items out: the photo shows them.
    if color and rng.random() < 0.2:
        head = f"{color.capitalize()} {noun}" if not opener else f"{opener}{color} {noun}"
    if count > 1 and rng.random() < 0.3:
        head = f"Lot of {noun}s" if not noun.endswith("s") else f"Lot of {noun}"
    return (head + rng.choice(TITLE_TAILS))[:100]


def _description(rng: random.Random, noun: str, condition: str) -> str:
    parts = [rng.choice(DESC_OPENERS).format(noun=noun)]
    if rng.random() < 0.5:  # half the listings say nothing of the condition: look at the photo
        parts.append(DESC_CONDITION[condition])
    parts.append(rng.choice(DESC_CLOSERS))
    return " ".join(parts)


def _price(rng: random.Random, kind) -> int:
    lo, hi = kind.price_range
    dollars = rng.uniform(float(lo), float(hi))
    if dollars >= 100:
        dollars = round(dollars / 5) * 5
    else:
        dollars = round(dollars)
    return max(1, int(dollars)) * 100


def generate(path: Path, seed: int, listings: int) -> GenerationResult:
    """Write a new database at `path` (which must not exist)."""
    from sites.imagery import CATALOG

    path = Path(path)
    rng = random.Random(seed)
    with new_database(path, SCHEMA) as conn:
        for idx, name in enumerate(CATEGORIES, start=1):
            conn.execute("INSERT INTO category(id, name, slug) VALUES (?, ?, ?)", (idx, name, slugify(name)))
        for idx, name in official_categories():  # the official ids above the site's own
            conn.execute("INSERT INTO category(id, name, slug) VALUES (?, ?, ?)", (idx, name, slugify(name)))
        cities: list[tuple[int, int]] = []  # (city_id, region_id)
        city_id = 0
        for region_id, (region, names) in enumerate(LOCATIONS.items(), start=1):
            conn.execute("INSERT INTO region(id, name) VALUES (?, ?)", (region_id, region))
            for city in names:
                city_id += 1
                conn.execute("INSERT INTO city(id, region_id, name) VALUES (?, ?, ?)", (city_id, region_id, city))
                cities.append((city_id, region_id))

        n_users = max(12, listings // 10)
        conn.execute(
            "INSERT INTO user(id, name, email, phone, password_hash, created_at) VALUES (1, ?, ?, ?, ?, ?)",
            (
                BENCHMARK_USER["name"],
                BENCHMARK_USER["email"],
                BENCHMARK_USER["phone"],
                hash_with_salt(BENCHMARK_USER["password"], _salt(rng), STRONG_ITERATIONS),
                _stamp(EPOCH),
            ),
        )
        user_names = ["", BENCHMARK_USER["name"]]  # indexed by user id: comment authors need them
        for uid in range(2, n_users + 1):
            name = f"{rng.choice(FIRST_NAMES)} {rng.choice(LAST_INITIALS)}."
            user_names.append(name)
            phone = f"555-{rng.randrange(200, 999)}-{rng.randrange(1000, 9999)}"
            conn.execute(
                "INSERT INTO user(id, name, email, phone, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    uid,
                    name,
                    f"seller{uid:05d}@example.com",
                    phone,
                    hash_with_salt(SELLER_PASSWORD, _salt(rng), SELLER_ITERATIONS),
                    _stamp(EPOCH - timedelta(days=rng.randrange(1, 900))),
                ),
            )

        # Publication dates rise with the listing id (as on a live site) with a random step.
        step = SPAN_DAYS * 86400 / listings
        counts = _Counts()
        for item_id in range(1, listings + 1):
            category_id = rng.randrange(len(CATEGORIES)) + 1
            _listing(
                conn,
                rng,
                item_id,
                category_id,
                CATALOG[CATEGORIES[category_id - 1]],
                cities,
                n_users,
                user_names,
                counts,
                lambda item_id=item_id: (
                    EPOCH + timedelta(seconds=int(step * (item_id - 1) + rng.uniform(0, step * 0.9)))
                ),
            )
        n_official = _official_listings(
            conn, random.Random(f"official-classifieds-{seed}"), listings, cities, n_users, user_names, counts
        )
        n_measured = _measured_listings(
            conn, random.Random(f"measured-classifieds-{seed}"), listings + n_official, cities, n_users, counts
        )
        conn.execute("COMMIT")
        seal(conn, "item_fts")
    return GenerationResult(path, listings + n_official + n_measured, n_users, counts.photos, counts.comments)


class _Counts:
    photos = 0
    comments = 0


def _listing(
    conn: sqlite3.Connection,
    rng: random.Random,
    item_id: int,
    category_id: int,
    kinds,
    cities,
    n_users: int,
    user_names: list[str],
    counts: _Counts,
    when,
    benchmark_user: bool = True,
) -> None:
    """One listing of `category_id` (showing one of `kinds`) with its photos and comments; `when()` draws its
    publication date. `benchmark_user=False` keeps the benchmark account from selling it."""
    from sites.imagery import COLORS, CONDITIONS, PATTERNS

    color_names = sorted(COLORS)
    kind = kinds[rng.randrange(len(kinds))]
    color = rng.choice(color_names) if kind.colorable else None
    count = (1 if rng.random() < 0.6 else rng.randint(2, 6)) if kind.countable else 1
    text = rng.choice(PRINTED_WORDS) if kind.printable and rng.random() < 0.4 else None
    condition = CONDITIONS[rng.choices(range(len(CONDITIONS)), weights=(2, 3, 4, 1))[0]]
    pattern = PATTERNS[rng.choices(range(len(PATTERNS)), weights=(6, 2, 1, 1))[0]] if kind.colorable else "plain"
    city, region = cities[rng.randrange(len(cities))]
    user_id = 1 if benchmark_user and item_id % 997 == 5 else rng.randint(2, n_users)
    pub = when()
    noun = kind.nouns[0]
    conn.execute(
        "INSERT INTO item(id, user_id, category_id, region_id, city_id, title, description, price_cents,"
        " pub_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            item_id,
            user_id,
            category_id,
            region,
            city,
            _title(rng, kind, color, count),
            _description(rng, noun, condition),
            _price(rng, kind),
            _stamp(pub),
        ),
    )
    # One seed per item: it fixes the backdrop, layout and wear, so a listing's photos show the same
    # item from different camera framings (`view`).
    item_seed = rng.randrange(2**31)
    for position in range(rng.choice((1, 1, 2, 2, 3, 4))):
        counts.photos += 1
        conn.execute(
            "INSERT INTO photo(id, item_id, position, kind, color, count, printed_text, condition, pattern,"
            " view, seed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                counts.photos,
                item_id,
                position,
                kind.name,
                color,
                count,
                text,
                condition,
                pattern,
                position % 3,
                item_seed,
            ),
        )
    for _ in range(rng.choices((0, 1, 2, 3), weights=(14, 4, 2, 1))[0]):
        counts.comments += 1
        title, body, rating = COMMENT_TEMPLATES[rng.randrange(len(COMMENT_TEMPLATES))]
        author = rng.randint(2, n_users)
        name = user_names[author]
        when_said = pub + timedelta(hours=rng.randint(1, 24 * 20))
        conn.execute(
            "INSERT INTO comment(id, item_id, user_id, author_name, title, body, rating, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (counts.comments, item_id, author, name, title, body, rating, _stamp(when_said)),
        )


# what the official categories above the site's own show (imagery kinds)
OFFICIAL_KINDS = {
    "Collectibles": ("nesting doll", "skeleton key", "hourglass", "arcade plush", "compass"),
    "Farm + garden": ("potted plant", "cactus", "bucket", "axe", "tractor"),
    "Household": ("kettle", "mug", "vase", "candle", "laundry basket", "frying pan"),
    "Motorcycles": ("motorcycle", "motor scooter"),
    "Photo + video": ("camera", "camcorder", "film projector"),
}


def official_per_category(listings: int) -> int:
    """Listings in each official category above the site's own: a few at the small scales, more with the site."""
    return max(8, listings // 60)


def _official_listings(
    conn: sqlite3.Connection,
    rng: random.Random,
    listings: int,
    cities,
    n_users: int,
    user_names: list[str],
    counts: _Counts,
) -> int:
    """Listings in the official categories above the site's own, after every other row (ids after theirs), from
    their own random stream, published before the site's own listings (the newest pages stay as they were) and
    never by the benchmark account."""
    from sites.imagery import KINDS

    per_category = official_per_category(listings)
    item_id = listings
    for category_id, name in official_categories():
        if name not in OFFICIAL_KINDS:
            raise ValueError(f"official classifieds category {name}: no kinds in OFFICIAL_KINDS")
        kinds = [KINDS[k] for k in OFFICIAL_KINDS[name]]
        for _ in range(per_category):
            item_id += 1
            _listing(
                conn,
                rng,
                item_id,
                category_id,
                kinds,
                cities,
                n_users,
                user_names,
                counts,
                lambda: EPOCH - timedelta(days=rng.uniform(1, 120)),
                benchmark_user=False,
            )
    return item_id - listings


# Listings whose photo shows a measuring tape laid across a round item and whose description states the item's
# diameter: (category of the official catalogue, kind, title, inches the tape shows, inches the text states).
# One statement is right, one is wrong; the photo decides.
MEASURED = (
    ("Farm + garden", "wheel", "Wooden cart rim, garden decor", 18, 18),
    ("Farm + garden", "wheel", "Old wooden spoked rim for the yard", 12, 14),
)


def _measured_listings(
    conn: sqlite3.Connection, rng: random.Random, last_id: int, cities, n_users: int, counts: _Counts
) -> int:
    """The MEASURED listings, after every other row (ids after theirs), from their own random stream, published
    before every other listing, in a category of the official catalogue (task templates never pick from those),
    never by the benchmark account, without comments."""
    category_ids = {name: idx for idx, name in official_categories()}
    item_id = last_id
    for category, kind, title, shown, stated in MEASURED:
        item_id += 1
        city, region = cities[rng.randrange(len(cities))]
        pub = EPOCH - timedelta(days=150 + rng.uniform(0, 20))
        description = f"Wooden spoked rim, {stated} inches in diameter. " + rng.choice(DESC_CLOSERS)
        conn.execute(
            "INSERT INTO item(id, user_id, category_id, region_id, city_id, title, description, price_cents,"
            " pub_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                item_id,
                rng.randint(2, n_users),
                category_ids[category],
                region,
                city,
                title,
                description,
                rng.randrange(60, 140) * 100,
                _stamp(pub),
            ),
        )
        counts.photos += 1
        conn.execute(
            "INSERT INTO photo(id, item_id, position, kind, color, count, printed_text, condition, pattern,"
            " view, seed, tape_inches) VALUES (?, ?, 0, ?, NULL, 1, NULL, 'used', 'plain', 0, ?, ?)",
            (counts.photos, item_id, kind, rng.randrange(2**31), shown),
        )
    return item_id - last_id


def generate_atomic(final: Path, seed: int, listings: int) -> GenerationResult:
    """Generate into a temporary file next to `final`, then rename it into place (read-only)."""
    final = Path(final)
    return replace(write_atomic(final, lambda tmp: generate(tmp, seed, listings)), path=final)
