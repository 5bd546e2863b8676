"""What can be photographed: categories, object kinds, and the visible attributes (colour, condition, pattern).

Each kind is drawn from one glyph of the Noto Color Emoji font. `colorable` kinds have a body whose colour is
replaced by the requested colour (and may carry a pattern); `printable` kinds can show printed text; `countable`
kinds can appear several times in one photo.
"""
from __future__ import annotations

from dataclasses import dataclass

CONDITIONS: tuple[str, ...] = ("new", "like new", "used", "damaged")
PATTERNS: tuple[str, ...] = ("plain", "striped", "dotted", "checked")

# Clearly distinct, nameable colours. Values are the colour of the lit middle of the object's body.
COLORS: dict[str, tuple[int, int, int]] = {
    "red": (215, 28, 32),
    "orange": (245, 128, 18),
    "yellow": (250, 212, 28),
    "green": (38, 158, 58),
    "blue": (30, 88, 220),
    "purple": (128, 48, 180),
    "pink": (246, 128, 186),
    "black": (32, 32, 36),
    "white": (236, 236, 232),
    "brown": (122, 74, 36),
}

# Where a kind is photographed. See backdrops.py for what each looks like.
BACKDROPS: tuple[str, ...] = ("table", "floor", "wall", "studio", "grass", "driveway", "water")


@dataclass(frozen=True)
class Kind:
    name: str
    emoji: str
    nouns: tuple[str, ...]
    price_range: tuple[int, int]
    colorable: bool
    printable: bool
    countable: bool
    backdrops: tuple[str, ...] = ("table", "studio")
    # Which glyph pixels form the recolourable body: "hue" = the dominant saturated hue, "light" = the bright
    # neutral pixels (a white cup), "pale" = bright, lightly tinted pixels (a pale blue t-shirt), "dark" = the
    # dark neutral pixels (a black phone).
    body: str = "hue"
    # How text appears: "print" = printed straight on the body, "sticker" = a white label stuck on it.
    label: str = "sticker"
    # Where text goes, as fractions of the glyph box: (centre x, centre y, width). None = centre of the body.
    label_at: tuple[float, float, float] | None = None


def _k(name: str, emoji: str, nouns: tuple[str, ...], price: tuple[int, int], flags: str,
       backdrops: tuple[str, ...] = ("table", "studio"), body: str = "hue", label: str = "sticker",
       label_at: tuple[float, float, float] | None = None) -> Kind:
    """flags: any of c (colorable), p (printable), n (countable)."""
    return Kind(name, emoji, nouns, price, "c" in flags, "p" in flags, "n" in flags, backdrops, body, label,
                label_at)


INDOOR = ("table", "studio")
FLOOR = ("floor", "studio")
OUTDOOR = ("driveway", "grass")

CATALOG: dict[str, list[Kind]] = {
    "Antiques": [
        _k("vase", "\U0001F3FA", ("antique vase", "amphora", "vase"), (40, 900), "cn"),
        _k("hourglass", "\u23F3", ("antique hourglass", "sand timer", "hourglass"), (15, 160), "n"),
        _k("mantel clock", "\U0001F570\ufe0f", ("mantel clock", "antique clock", "shelf clock"), (60, 1200), "p"),
        _k("vintage radio", "\U0001F4FB", ("vintage radio", "tube radio", "old radio"), (45, 400), "cp"),
        _k("rotary phone", "\u260E\ufe0f", ("rotary phone", "vintage telephone", "dial phone"), (30, 250), "cn"),
        _k("skeleton key", "\U0001F5DD\ufe0f", ("skeleton key", "antique key", "old brass key"), (5, 60), "n"),
        _k("compass", "\U0001F9ED", ("brass compass", "antique compass", "pocket compass"), (20, 300), "n"),
    ],
    "Appliances": [
        _k("kettle", "\U0001FAD6", ("kettle", "tea kettle", "teapot"), (15, 120), "cpn"),
        _k("frying pan", "\U0001F373", ("frying pan", "skillet", "cast iron pan"), (10, 90), "n"),
        _k("fire extinguisher", "\U0001F9EF", ("fire extinguisher", "extinguisher"), (20, 80), "pn"),
        _k("bathtub", "\U0001F6C1", ("bathtub", "clawfoot tub", "bath tub"), (150, 1500), "", FLOOR),
        _k("toilet", "\U0001F6BD", ("toilet", "commode", "toilet bowl"), (60, 400), "", FLOOR),
        _k("laundry basket", "\U0001F9FA", ("laundry basket", "wicker basket", "hamper"), (8, 60), "n", FLOOR),
        _k("bucket", "\U0001FAA3", ("bucket", "pail", "mop bucket"), (5, 35), "cpn", FLOOR),
    ],
    "Arts + crafts": [
        _k("paint palette", "\U0001F3A8", ("paint palette", "artist palette", "palette"), (5, 40), "n"),
        _k("paintbrush", "\U0001F58C\ufe0f", ("paintbrush", "paint brush", "artist brush"), (3, 30), "cn"),
        _k("crayon", "\U0001F58D\ufe0f", ("crayon", "wax crayon", "jumbo crayon"), (1, 15), "cn"),
        _k("yarn", "\U0001F9F6", ("ball of yarn", "yarn", "knitting wool"), (3, 25), "cn"),
        _k("thread spool", "\U0001F9F5", ("thread spool", "spool of thread", "sewing thread"), (2, 15), "cn"),
        _k("scissors", "\u2702\ufe0f", ("scissors", "craft scissors", "fabric shears"), (4, 45), "n"),
        _k("framed picture", "\U0001F5BC\ufe0f", ("framed picture", "framed print", "painting"), (20, 800), "pn",
           ("wall", "table")),
    ],
    "Auto parts": [
        _k("wheel", "\U0001F6DE", ("wheel", "tire", "rim and tire"), (40, 600), "n", ("driveway", "floor")),
        _k("car battery", "\U0001F50B", ("car battery", "battery", "12V battery"), (40, 200), "cpn",
           ("driveway", "floor")),
        _k("oil drum", "\U0001F6E2\ufe0f", ("oil drum", "55 gallon drum", "barrel"), (20, 120), "cpn",
           ("driveway", "floor")),
        _k("beacon light", "\U0001F6A8", ("beacon light", "strobe light", "warning light"), (15, 150), "n"),
        _k("gear", "\u2699\ufe0f", ("gear", "sprocket", "cog wheel"), (10, 250), "n", ("driveway", "table")),
    ],
    "Beauty + health": [
        _k("lipstick", "\U0001F484", ("lipstick", "lip color", "lip stick"), (5, 45), "cn"),
        _k("lotion bottle", "\U0001F9F4", ("lotion", "pump bottle", "body lotion"), (4, 40), "cpn"),
        _k("soap", "\U0001F9FC", ("soap", "bar of soap", "soap bar"), (2, 20), "cn"),
        _k("toothbrush", "\U0001FAA5", ("toothbrush", "tooth brush", "electric toothbrush"), (2, 90), "cn"),
        _k("razor", "\U0001FA92", ("razor", "safety razor", "shaver"), (4, 80), "cn"),
        _k("mirror", "\U0001FA9E", ("hand mirror", "vanity mirror", "mirror"), (8, 150), "n"),
        _k("stethoscope", "\U0001FA7A", ("stethoscope", "medical stethoscope"), (20, 200), "c"),
    ],
    "Bikes": [
        _k("bicycle", "\U0001F6B2", ("bicycle", "bike", "road bike", "city bike"), (60, 1800), "c",
           ("driveway", "grass")),
        _k("motor scooter", "\U0001F6F5", ("motor scooter", "moped", "scooter"), (400, 3500), "c", OUTDOOR),
        _k("motorcycle", "\U0001F3CD\ufe0f", ("motorcycle", "sport bike", "motorbike"), (1200, 14000), "c", OUTDOOR),
        _k("kick scooter", "\U0001F6F4", ("kick scooter", "push scooter", "scooter"), (25, 400), "c", OUTDOOR),
    ],
    "Boats": [
        _k("sailboat", "\u26F5", ("sailboat", "sailing dinghy", "day sailer"), (1500, 40000), "c", ("water",)),
        _k("speedboat", "\U0001F6A4", ("speedboat", "runabout", "ski boat"), (4000, 60000), "c", ("water",)),
        _k("canoe", "\U0001F6F6", ("canoe", "kayak", "wooden canoe"), (200, 2500), "c", ("water", "grass")),
        _k("motor boat", "\U0001F6E5\ufe0f", ("motor boat", "cabin cruiser", "fishing boat"), (6000, 90000), "",
           ("water",)),
        _k("life ring", "\U0001F6DF", ("life ring", "ring buoy", "life preserver"), (20, 120), "cpn",
           ("water", "wall")),
        _k("anchor", "\u2693", ("anchor", "boat anchor", "mushroom anchor"), (20, 300), "n", ("driveway", "grass")),
    ],
    "Books": [
        _k("book", "\U0001F4D5", ("book", "hardcover book", "novel"), (2, 60), "cpn", label="print"),
        _k("notebook", "\U0001F4D3", ("notebook", "composition notebook", "journal"), (2, 15), "pn"),
        _k("ledger", "\U0001F4D2", ("ledger", "spiral notebook", "planner"), (3, 20), "cpn", label="print"),
        _k("open book", "\U0001F4D6", ("open book", "textbook", "reader"), (3, 80), "n"),
        _k("book stack", "\U0001F4DA", ("stack of books", "book bundle", "book lot"), (10, 120), ""),
        _k("newspaper", "\U0001F4F0", ("newspaper", "vintage newspaper", "old newspaper"), (2, 40), "n"),
    ],
    "Cars + trucks": [
        _k("car", "\U0001F697", ("car", "sedan", "hatchback", "compact car"), (2500, 32000), "cp", OUTDOOR),
        _k("suv", "\U0001F699", ("SUV", "sport utility vehicle", "crossover"), (4500, 45000), "cp", OUTDOOR),
        _k("pickup truck", "\U0001F6FB", ("pickup truck", "pickup", "truck"), (5000, 52000), "cp", OUTDOOR),
        _k("box truck", "\U0001F69A", ("box truck", "delivery truck", "moving truck"), (8000, 60000), "p", OUTDOOR),
        _k("camper van", "\U0001F690", ("van", "camper van", "minibus"), (6000, 55000), "p", OUTDOOR),
        _k("race car", "\U0001F3CE\ufe0f", ("race car", "sports car", "track car"), (9000, 120000), "cp", OUTDOOR),
        _k("tractor", "\U0001F69C", ("tractor", "farm tractor", "compact tractor"), (3000, 70000), "c", OUTDOOR),
        _k("bus", "\U0001F68C", ("bus", "shuttle bus", "school bus"), (5000, 80000), "p", OUTDOOR),
    ],
    "Cell phones": [
        _k("smartphone", "\U0001F4F1", ("smartphone", "cell phone", "phone", "mobile phone"), (40, 1100), "pn",
           body="dark"),
        _k("pager", "\U0001F4DF", ("pager", "beeper", "vintage pager"), (10, 60), "n"),
        _k("phone handset", "\U0001F4DE", ("phone handset", "landline handset", "cordless phone"), (8, 60), "n"),
        _k("phone charger", "\U0001F50C", ("phone charger", "charger", "power plug"), (5, 35), "n"),
    ],
    "Clothing": [
        _k("t-shirt", "\U0001F455", ("t-shirt", "tee", "shirt"), (4, 40), "cpn", ("table", "floor", "studio"),
           body="pale", label="print"),
        _k("dress", "\U0001F457", ("dress", "sundress", "summer dress"), (10, 180), "cpn", ("wall", "studio"),
           label="print"),
        _k("jeans", "\U0001F456", ("jeans", "denim jeans", "pants"), (8, 90), "cn", ("table", "floor", "studio")),
        _k("coat", "\U0001F9E5", ("coat", "peacoat", "winter coat", "jacket"), (20, 300), "cn", ("wall", "studio")),
        _k("cap", "\U0001F9E2", ("baseball cap", "cap", "hat"), (4, 40), "cpn", label="print"),
        _k("sneaker", "\U0001F45F", ("sneaker", "running shoe", "trainers"), (15, 160), "cn"),
        _k("handbag", "\U0001F45C", ("handbag", "purse", "tote bag"), (15, 900), "cpn"),
        _k("scarf", "\U0001F9E3", ("scarf", "knit scarf", "wool scarf"), (5, 80), "cn"),
    ],
    "Computers": [
        _k("laptop", "\U0001F4BB", ("laptop", "notebook computer", "laptop computer"), (90, 2400), "pn"),
        _k("desktop computer", "\U0001F5A5\ufe0f", ("desktop computer", "all-in-one PC", "computer"), (80, 2000),
           "p"),
        _k("computer keyboard", "\u2328\ufe0f", ("keyboard", "computer keyboard", "mechanical keyboard"), (8, 180),
           "n"),
        _k("computer mouse", "\U0001F5B1\ufe0f", ("computer mouse", "mouse", "wireless mouse"), (5, 90), "n"),
        _k("printer", "\U0001F5A8\ufe0f", ("printer", "inkjet printer", "laser printer"), (30, 450), "p"),
        _k("floppy disk", "\U0001F4BE", ("floppy disk", "diskette", "3.5 floppy"), (1, 20), "pn"),
        _k("cd", "\U0001F4BF", ("CD", "compact disc", "music CD"), (1, 25), "pn"),
    ],
    "Electronics": [
        _k("television", "\U0001F4FA", ("television", "TV", "flat screen TV"), (40, 1600), "p"),
        _k("camera", "\U0001F4F7", ("camera", "digital camera", "DSLR"), (40, 2200), "n"),
        _k("headphones", "\U0001F3A7", ("headphones", "over-ear headphones", "headset"), (10, 450), "n"),
        _k("flashlight", "\U0001F526", ("flashlight", "torch", "LED flashlight"), (4, 70), "cpn"),
        _k("microphone", "\U0001F399\ufe0f", ("microphone", "studio mic", "condenser microphone"), (15, 600), "n"),
        _k("film projector", "\U0001F4FD\ufe0f", ("film projector", "projector", "movie projector"), (30, 700), ""),
        _k("camcorder", "\U0001F4F9", ("camcorder", "video camera", "handycam"), (25, 900), "n"),
        _k("light bulb", "\U0001F4A1", ("light bulb", "LED bulb", "vintage bulb"), (1, 25), "n"),
    ],
    "Furniture": [
        _k("chair", "\U0001FA91", ("chair", "wooden chair", "dining chair"), (10, 450), "cn", FLOOR),
        _k("couch", "\U0001F6CB\ufe0f", ("couch", "sofa", "loveseat"), (60, 2500), "cp", FLOOR),
        _k("bed", "\U0001F6CF\ufe0f", ("bed", "bed frame", "twin bed"), (50, 1800), "", FLOOR),
        _k("door", "\U0001F6AA", ("door", "interior door", "solid wood door"), (30, 600), "cp", ("wall", "floor")),
        _k("file cabinet", "\U0001F5C4\ufe0f", ("file cabinet", "filing cabinet", "drawer cabinet"), (25, 350),
           "p", FLOOR),
        _k("window frame", "\U0001FA9F", ("window frame", "wood window", "window sash"), (20, 400), "c", FLOOR),
    ],
    "Jewelry": [
        _k("ring", "\U0001F48D", ("ring", "engagement ring", "diamond ring"), (40, 8000), "n"),
        _k("gemstone", "\U0001F48E", ("gemstone", "loose gem", "crystal"), (20, 5000), "cn"),
        _k("bead necklace", "\U0001F4FF", ("bead necklace", "beaded necklace", "mala beads"), (10, 400), "c"),
        _k("wristwatch", "\u231A", ("wristwatch", "watch", "analog watch"), (25, 6000), "n"),
        _k("tiara", "\U0001F451", ("tiara", "crown", "costume crown"), (15, 900), "n"),
        _k("sunglasses", "\U0001F576\ufe0f", ("sunglasses", "shades", "aviator sunglasses"), (8, 350), "n"),
    ],
    "Music instruments": [
        _k("guitar", "\U0001F3B8", ("electric guitar", "guitar", "acoustic guitar"), (80, 3500), "cp",
           ("wall", "floor", "studio")),
        _k("violin", "\U0001F3BB", ("violin", "fiddle", "viola"), (90, 4000), "n", ("wall", "studio", "table")),
        _k("trumpet", "\U0001F3BA", ("trumpet", "cornet", "brass trumpet"), (90, 2200), "n"),
        _k("drum", "\U0001F941", ("snare drum", "drum", "marching drum"), (40, 900), "cpn", FLOOR),
        _k("piano keyboard", "\U0001F3B9", ("keyboard", "digital piano", "synthesizer"), (60, 2500), "p"),
        _k("saxophone", "\U0001F3B7", ("saxophone", "alto sax", "tenor sax"), (200, 4500), "n",
           ("wall", "studio", "floor")),
        _k("accordion", "\U0001FA97", ("accordion", "piano accordion", "squeezebox"), (90, 3000), "c"),
        _k("banjo", "\U0001FA95", ("banjo", "5-string banjo", "tenor banjo"), (90, 1600), "", ("wall", "studio")),
    ],
    "Sporting goods": [
        _k("soccer ball", "\u26BD", ("soccer ball", "football", "match ball"), (5, 80), "n", ("grass", "floor")),
        _k("basketball", "\U0001F3C0", ("basketball", "ball", "indoor basketball"), (8, 90), "cn",
           ("floor", "driveway")),
        _k("american football", "\U0001F3C8", ("football", "pigskin", "leather football"), (8, 90), "n",
           ("grass", "table")),
        _k("tennis racket", "\U0001F3BE", ("tennis racket", "racquet", "tennis set"), (12, 250), "cn"),
        _k("skateboard", "\U0001F6F9", ("skateboard", "skate deck", "longboard"), (20, 300), "cpn",
           ("driveway", "floor")),
        _k("roller skate", "\U0001F6FC", ("roller skates", "quad skates", "roller skate"), (20, 180), "cn", FLOOR),
        _k("boxing glove", "\U0001F94A", ("boxing gloves", "boxing glove", "sparring gloves"), (15, 120), "cpn"),
        _k("ice skate", "\u26F8\ufe0f", ("ice skates", "figure skates", "ice skate"), (20, 250), "cn", FLOOR,
           body="light"),
    ],
    "Tools": [
        _k("hammer", "\U0001F528", ("hammer", "claw hammer", "framing hammer"), (5, 60), "n"),
        _k("wrench", "\U0001F527", ("wrench", "spanner", "combination wrench"), (4, 50), "n"),
        _k("screwdriver", "\U0001FA9B", ("screwdriver", "flathead screwdriver", "driver"), (3, 30), "cn"),
        _k("handsaw", "\U0001FA9A", ("handsaw", "saw", "crosscut saw"), (6, 70), "cn"),
        _k("pickaxe", "\u26CF\ufe0f", ("pickaxe", "pick", "mattock"), (15, 90), "n", ("driveway", "grass")),
        _k("axe", "\U0001FA93", ("axe", "hatchet", "splitting axe"), (15, 150), "cn", ("grass", "driveway")),
        _k("toolbox", "\U0001F9F0", ("toolbox", "tool box", "tool chest"), (10, 300), "cpn", ("floor", "driveway")),
        _k("ladder", "\U0001FA9C", ("ladder", "step ladder", "wooden ladder"), (20, 250), "", ("wall", "driveway")),
    ],
    "Toys + games": [
        _k("teddy bear", "\U0001F9F8", ("teddy bear", "plush bear", "stuffed animal"), (3, 60), "cpn"),
        _k("yo-yo", "\U0001FA80", ("yo-yo", "yoyo", "trick yo-yo"), (1, 25), "cpn"),
        _k("kite", "\U0001FA81", ("kite", "diamond kite", "stunt kite"), (5, 80), "n", ("grass", "studio")),
        _k("dice", "\U0001F3B2", ("dice", "die", "game dice"), (1, 15), "n"),
        _k("puzzle piece", "\U0001F9E9", ("puzzle", "jigsaw puzzle", "puzzle piece"), (2, 40), "cn"),
        _k("nesting doll", "\U0001FA86", ("nesting doll", "matryoshka", "Russian doll"), (5, 120), "cn"),
        _k("toy robot", "\U0001F916", ("toy robot", "robot", "tin robot"), (5, 150), "pn"),
        _k("balloon", "\U0001F388", ("balloon", "party balloon", "latex balloon"), (1, 10), "cpn",
           ("wall", "studio")),
    ],
    "Video gaming": [
        _k("game controller", "\U0001F3AE", ("game controller", "controller", "gamepad"), (10, 160), "n"),
        _k("joystick", "\U0001F579\ufe0f", ("joystick", "arcade stick", "flight stick"), (10, 200), "pn"),
        _k("vr headset", "\U0001F97D", ("VR headset", "virtual reality headset", "VR goggles"), (60, 900), "n"),
        _k("trackball", "\U0001F5B2\ufe0f", ("trackball", "arcade trackball", "trackball mouse"), (15, 120), "n"),
        _k("game disc", "\U0001F4C0", ("game disc", "video game", "DVD game"), (3, 70), "pn"),
        _k("arcade plush", "\U0001F47E", ("arcade alien plush", "retro game plush", "alien figure"), (5, 40),
           "cn"),
    ],
}

# Mugs are the classic counting/printing object; they live with the kitchen things.
CATALOG["Appliances"].append(_k("mug", "\u2615", ("mug", "coffee mug", "cup and saucer"), (2, 25), "cpn",
                                body="light", label="print", label_at=(0.42, 0.6, 0.58)))

KINDS: dict[str, Kind] = {}
KIND_CATEGORY: dict[str, str] = {}
for _category, _kinds in CATALOG.items():
    for _kind in _kinds:
        if _kind.name in KINDS:
            raise RuntimeError(f"imagery catalog: kind {_kind.name!r} listed twice")
        KINDS[_kind.name] = _kind
        KIND_CATEGORY[_kind.name] = _category


def kind(name: str) -> Kind:
    """The kind called `name`; ValueError naming the field if there is none."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"PhotoSpec.kind: unknown kind {name!r} (known: {', '.join(sorted(KINDS))})") from None
