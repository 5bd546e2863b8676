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


def _k(
    name: str,
    emoji: str,
    nouns: tuple[str, ...],
    price: tuple[int, int],
    flags: str,
    backdrops: tuple[str, ...] = ("table", "studio"),
    body: str = "hue",
    label: str = "sticker",
    label_at: tuple[float, float, float] | None = None,
) -> Kind:
    """flags: any of c (colorable), p (printable), n (countable)."""
    return Kind(name, emoji, nouns, price, "c" in flags, "p" in flags, "n" in flags, backdrops, body, label, label_at)


def kinds_table(table: str) -> dict[str, list[Kind]]:
    """Kinds by category from a table: a `[category]` line, then a line a kind, its columns split by `|`: name,
    glyph, nouns (split by commas), price range (low-high), flags (see `_k`), backdrops (split by spaces; default
    table and studio), look (`body=...`, `label=...`, `label_at=x,y,width`); empty last columns may be left out."""
    catalog: dict[str, list[Kind]] = {}
    kinds: list[Kind] = []
    for line in table.strip().splitlines():
        if line.startswith("["):
            kinds = catalog.setdefault(line.strip().strip("[]"), [])
            continue
        cells = [cell.strip() for cell in line.split("|")]
        name, glyph, nouns, price, flags, backdrops, look = cells + [""] * (7 - len(cells))
        low, high = price.split("-")
        options = dict(option.split("=") for option in look.split())
        label_at = None
        if "label_at" in options:
            x, y, width = (float(value) for value in options["label_at"].split(","))
            label_at = (x, y, width)
        kinds.append(
            _k(
                name,
                glyph,
                tuple(nouns.split(", ")),
                (int(low), int(high)),
                flags,
                tuple(backdrops.split()) or ("table", "studio"),
                options.get("body", "hue"),
                options.get("label", "sticker"),
                label_at,
            )
        )
    return catalog


CATALOG: dict[str, list[Kind]] = kinds_table("""
[Antiques]
vase              | \U0001f3fa       | antique vase, amphora, vase                 | 40-900   | cn
hourglass         | \u23f3           | antique hourglass, sand timer, hourglass    | 15-160   | n
mantel clock      | \U0001f570\ufe0f | mantel clock, antique clock, shelf clock    | 60-1200  | p
vintage radio     | \U0001f4fb       | vintage radio, tube radio, old radio        | 45-400   | cp
rotary phone      | \u260e\ufe0f     | rotary phone, vintage telephone, dial phone | 30-250   | cn
skeleton key      | \U0001f5dd\ufe0f | skeleton key, antique key, old brass key    | 5-60     | n
compass           | \U0001f9ed       | brass compass, antique compass, pocket compass | 20-300   | n
[Appliances]
kettle            | \U0001fad6       | kettle, tea kettle, teapot                  | 15-120   | cpn
frying pan        | \U0001f373       | frying pan, skillet, cast iron pan          | 10-90    | n
fire extinguisher | \U0001f9ef       | fire extinguisher, extinguisher             | 20-80    | pn
bathtub           | \U0001f6c1       | bathtub, clawfoot tub, bath tub             | 150-1500 |     | floor studio
toilet            | \U0001f6bd       | toilet, commode, toilet bowl                | 60-400   |     | floor studio
laundry basket    | \U0001f9fa       | laundry basket, wicker basket, hamper       | 8-60     | n   | floor studio
bucket            | \U0001faa3       | bucket, pail, mop bucket                    | 5-35     | cpn | floor studio
[Arts + crafts]
paint palette     | \U0001f3a8       | paint palette, artist palette, palette      | 5-40     | n
paintbrush        | \U0001f58c\ufe0f | paintbrush, paint brush, artist brush       | 3-30     | cn
crayon            | \U0001f58d\ufe0f | crayon, wax crayon, jumbo crayon            | 1-15     | cn
yarn              | \U0001f9f6       | ball of yarn, yarn, knitting wool           | 3-25     | cn
thread spool      | \U0001f9f5       | thread spool, spool of thread, sewing thread | 2-15     | cn
scissors          | \u2702\ufe0f     | scissors, craft scissors, fabric shears     | 4-45     | n
framed picture    | \U0001f5bc\ufe0f | framed picture, framed print, painting      | 20-800   | pn  | wall table
[Auto parts]
wheel             | \U0001f6de       | wheel, tire, rim and tire                   | 40-600   | n   | driveway floor
car battery       | \U0001f50b       | car battery, battery, 12V battery           | 40-200   | cpn | driveway floor
oil drum          | \U0001f6e2\ufe0f | oil drum, 55 gallon drum, barrel            | 20-120   | cpn | driveway floor
beacon light      | \U0001f6a8       | beacon light, strobe light, warning light   | 15-150   | n
gear              | \u2699\ufe0f     | gear, sprocket, cog wheel                   | 10-250   | n   | driveway table
[Beauty + health]
lipstick          | \U0001f484       | lipstick, lip color, lip stick              | 5-45     | cn
lotion bottle     | \U0001f9f4       | lotion, pump bottle, body lotion            | 4-40     | cpn
soap              | \U0001f9fc       | soap, bar of soap, soap bar                 | 2-20     | cn
toothbrush        | \U0001faa5       | toothbrush, tooth brush, electric toothbrush | 2-90     | cn
razor             | \U0001fa92       | razor, safety razor, shaver                 | 4-80     | cn
mirror            | \U0001fa9e       | hand mirror, vanity mirror, mirror          | 8-150    | n
stethoscope       | \U0001fa7a       | stethoscope, medical stethoscope            | 20-200   | c
[Bikes]
bicycle           | \U0001f6b2       | bicycle, bike, road bike, city bike         | 60-1800  | c   | driveway grass
motor scooter     | \U0001f6f5       | motor scooter, moped, scooter               | 400-3500 | c   | driveway grass
motorcycle        | \U0001f3cd\ufe0f | motorcycle, sport bike, motorbike           | 1200-14000 | c   | driveway grass
kick scooter      | \U0001f6f4       | kick scooter, push scooter, scooter         | 25-400   | c   | driveway grass
[Boats]
sailboat          | \u26f5           | sailboat, sailing dinghy, day sailer        | 1500-40000 | c   | water
speedboat         | \U0001f6a4       | speedboat, runabout, ski boat               | 4000-60000 | c   | water
canoe             | \U0001f6f6       | canoe, kayak, wooden canoe                  | 200-2500 | c   | water grass
motor boat        | \U0001f6e5\ufe0f | motor boat, cabin cruiser, fishing boat     | 6000-90000 |     | water
life ring         | \U0001f6df       | life ring, ring buoy, life preserver        | 20-120   | cpn | water wall
anchor            | \u2693           | anchor, boat anchor, mushroom anchor        | 20-300   | n   | driveway grass
[Books]
book              | \U0001f4d5       | book, hardcover book, novel                 | 2-60     | cpn |  | label=print
notebook          | \U0001f4d3       | notebook, composition notebook, journal     | 2-15     | pn
ledger            | \U0001f4d2       | ledger, spiral notebook, planner            | 3-20     | cpn |  | label=print
open book         | \U0001f4d6       | open book, textbook, reader                 | 3-80     | n
book stack        | \U0001f4da       | stack of books, book bundle, book lot       | 10-120
newspaper         | \U0001f4f0       | newspaper, vintage newspaper, old newspaper | 2-40     | n
[Cars + trucks]
car               | \U0001f697       | car, sedan, hatchback, compact car          | 2500-32000 | cp  | driveway grass
suv               | \U0001f699       | SUV, sport utility vehicle, crossover       | 4500-45000 | cp  | driveway grass
pickup truck      | \U0001f6fb       | pickup truck, pickup, truck                 | 5000-52000 | cp  | driveway grass
box truck         | \U0001f69a       | box truck, delivery truck, moving truck     | 8000-60000 | p   | driveway grass
camper van        | \U0001f690       | van, camper van, minibus                    | 6000-55000 | p   | driveway grass
race car          | \U0001f3ce\ufe0f | race car, sports car, track car             | 9000-120000 | cp  | driveway grass
tractor           | \U0001f69c       | tractor, farm tractor, compact tractor      | 3000-70000 | c   | driveway grass
bus               | \U0001f68c       | bus, shuttle bus, school bus                | 5000-80000 | p   | driveway grass
[Cell phones]
smartphone        | \U0001f4f1       | smartphone, cell phone, phone, mobile phone | 40-1100  | pn  |  | body=dark
pager             | \U0001f4df       | pager, beeper, vintage pager                | 10-60    | n
phone handset     | \U0001f4de       | phone handset, landline handset, cordless phone | 8-60     | n
phone charger     | \U0001f50c       | phone charger, charger, power plug          | 5-35     | n
[Clothing]
t-shirt           | \U0001f455       | t-shirt, tee, shirt | 4-40 | cpn | table floor studio | body=pale label=print
dress             | \U0001f457       | dress, sundress, summer dress | 10-180 | cpn | wall studio | label=print
jeans             | \U0001f456       | jeans, denim jeans, pants                   | 8-90     | cn  | table floor studio
coat              | \U0001f9e5       | coat, peacoat, winter coat, jacket          | 20-300   | cn  | wall studio
cap               | \U0001f9e2       | baseball cap, cap, hat                      | 4-40     | cpn |  | label=print
sneaker           | \U0001f45f       | sneaker, running shoe, trainers             | 15-160   | cn
handbag           | \U0001f45c       | handbag, purse, tote bag                    | 15-900   | cpn
scarf             | \U0001f9e3       | scarf, knit scarf, wool scarf               | 5-80     | cn
[Computers]
laptop            | \U0001f4bb       | laptop, notebook computer, laptop computer  | 90-2400  | pn
desktop computer  | \U0001f5a5\ufe0f | desktop computer, all-in-one PC, computer   | 80-2000  | p
computer keyboard | \u2328\ufe0f     | keyboard, computer keyboard, mechanical keyboard | 8-180    | n
computer mouse    | \U0001f5b1\ufe0f | computer mouse, mouse, wireless mouse       | 5-90     | n
printer           | \U0001f5a8\ufe0f | printer, inkjet printer, laser printer      | 30-450   | p
floppy disk       | \U0001f4be       | floppy disk, diskette, 3.5 floppy           | 1-20     | pn
cd                | \U0001f4bf       | CD, compact disc, music CD                  | 1-25     | pn
[Electronics]
television        | \U0001f4fa       | television, TV, flat screen TV              | 40-1600  | p
camera            | \U0001f4f7       | camera, digital camera, DSLR                | 40-2200  | n
headphones        | \U0001f3a7       | headphones, over-ear headphones, headset    | 10-450   | n
flashlight        | \U0001f526       | flashlight, torch, LED flashlight           | 4-70     | cpn
microphone        | \U0001f399\ufe0f | microphone, studio mic, condenser microphone | 15-600   | n
film projector    | \U0001f4fd\ufe0f | film projector, projector, movie projector  | 30-700
camcorder         | \U0001f4f9       | camcorder, video camera, handycam           | 25-900   | n
light bulb        | \U0001f4a1       | light bulb, LED bulb, vintage bulb          | 1-25     | n
[Furniture]
chair             | \U0001fa91       | chair, wooden chair, dining chair           | 10-450   | cn  | floor studio
couch             | \U0001f6cb\ufe0f | couch, sofa, loveseat                       | 60-2500  | cp  | floor studio
bed               | \U0001f6cf\ufe0f | bed, bed frame, twin bed                    | 50-1800  |     | floor studio
door              | \U0001f6aa       | door, interior door, solid wood door        | 30-600   | cp  | wall floor
file cabinet      | \U0001f5c4\ufe0f | file cabinet, filing cabinet, drawer cabinet | 25-350   | p   | floor studio
window frame      | \U0001fa9f       | window frame, wood window, window sash      | 20-400   | c   | floor studio
[Jewelry]
ring              | \U0001f48d       | ring, engagement ring, diamond ring         | 40-8000  | n
gemstone          | \U0001f48e       | gemstone, loose gem, crystal                | 20-5000  | cn
bead necklace     | \U0001f4ff       | bead necklace, beaded necklace, mala beads  | 10-400   | c
wristwatch        | \u231a           | wristwatch, watch, analog watch             | 25-6000  | n
tiara             | \U0001f451       | tiara, crown, costume crown                 | 15-900   | n
sunglasses        | \U0001f576\ufe0f | sunglasses, shades, aviator sunglasses      | 8-350    | n
[Music instruments]
guitar            | \U0001f3b8       | electric guitar, guitar, acoustic guitar    | 80-3500  | cp  | wall floor studio
violin            | \U0001f3bb       | violin, fiddle, viola                       | 90-4000  | n   | wall studio table
trumpet           | \U0001f3ba       | trumpet, cornet, brass trumpet              | 90-2200  | n
drum              | \U0001f941       | snare drum, drum, marching drum             | 40-900   | cpn | floor studio
piano keyboard    | \U0001f3b9       | keyboard, digital piano, synthesizer        | 60-2500  | p
saxophone         | \U0001f3b7       | saxophone, alto sax, tenor sax              | 200-4500 | n   | wall studio floor
accordion         | \U0001fa97       | accordion, piano accordion, squeezebox      | 90-3000  | c
banjo             | \U0001fa95       | banjo, 5-string banjo, tenor banjo          | 90-1600  |     | wall studio
[Sporting goods]
soccer ball       | \u26bd           | soccer ball, football, match ball           | 5-80     | n   | grass floor
basketball        | \U0001f3c0       | basketball, ball, indoor basketball         | 8-90     | cn  | floor driveway
american football | \U0001f3c8       | football, pigskin, leather football         | 8-90     | n   | grass table
tennis racket     | \U0001f3be       | tennis racket, racquet, tennis set          | 12-250   | cn
skateboard        | \U0001f6f9       | skateboard, skate deck, longboard           | 20-300   | cpn | driveway floor
roller skate      | \U0001f6fc       | roller skates, quad skates, roller skate    | 20-180   | cn  | floor studio
boxing glove      | \U0001f94a       | boxing gloves, boxing glove, sparring gloves | 15-120   | cpn
ice skate         | \u26f8\ufe0f     | ice skates, figure skates, ice skate | 20-250 | cn | floor studio | body=light
[Tools]
hammer            | \U0001f528       | hammer, claw hammer, framing hammer         | 5-60     | n
wrench            | \U0001f527       | wrench, spanner, combination wrench         | 4-50     | n
screwdriver       | \U0001fa9b       | screwdriver, flathead screwdriver, driver   | 3-30     | cn
handsaw           | \U0001fa9a       | handsaw, saw, crosscut saw                  | 6-70     | cn
pickaxe           | \u26cf\ufe0f     | pickaxe, pick, mattock                      | 15-90    | n   | driveway grass
axe               | \U0001fa93       | axe, hatchet, splitting axe                 | 15-150   | cn  | grass driveway
toolbox           | \U0001f9f0       | toolbox, tool box, tool chest               | 10-300   | cpn | floor driveway
ladder            | \U0001fa9c       | ladder, step ladder, wooden ladder          | 20-250   |     | wall driveway
[Toys + games]
teddy bear        | \U0001f9f8       | teddy bear, plush bear, stuffed animal      | 3-60     | cpn
yo-yo             | \U0001fa80       | yo-yo, yoyo, trick yo-yo                    | 1-25     | cpn
kite              | \U0001fa81       | kite, diamond kite, stunt kite              | 5-80     | n   | grass studio
dice              | \U0001f3b2       | dice, die, game dice                        | 1-15     | n
puzzle piece      | \U0001f9e9       | puzzle, jigsaw puzzle, puzzle piece         | 2-40     | cn
nesting doll      | \U0001fa86       | nesting doll, matryoshka, Russian doll      | 5-120    | cn
toy robot         | \U0001f916       | toy robot, robot, tin robot                 | 5-150    | pn
balloon           | \U0001f388       | balloon, party balloon, latex balloon       | 1-10     | cpn | wall studio
[Video gaming]
game controller   | \U0001f3ae       | game controller, controller, gamepad        | 10-160   | n
joystick          | \U0001f579\ufe0f | joystick, arcade stick, flight stick        | 10-200   | pn
vr headset        | \U0001f97d       | VR headset, virtual reality headset, VR goggles | 60-900   | n
trackball         | \U0001f5b2\ufe0f | trackball, arcade trackball, trackball mouse | 15-120   | n
game disc         | \U0001f4c0       | game disc, video game, DVD game             | 3-70     | pn
arcade plush      | \U0001f47e       | arcade alien plush, retro game plush, alien figure | 5-40     | cn
""")

# Mugs are the classic counting/printing object; they live with the kitchen things.
CATALOG["Appliances"].append(
    _k(
        "mug",
        "\u2615",
        ("mug", "coffee mug", "cup and saucer"),
        (2, 25),
        "cpn",
        body="light",
        label="print",
        label_at=(0.42, 0.6, 0.58),
    )
)

KINDS: dict[str, Kind] = {}
KIND_CATEGORY: dict[str, str] = {}


def register(catalog: dict[str, list[Kind]]) -> None:
    """Add a catalogue's kinds to `KINDS` and `KIND_CATEGORY` (a kind's name stands in one catalogue only)."""
    for category, kinds in catalog.items():
        for each in kinds:
            if each.name in KINDS:
                raise RuntimeError(f"imagery catalog: kind {each.name!r} listed twice")
            KINDS[each.name] = each
            KIND_CATEGORY[each.name] = category


register(CATALOG)


def kind(name: str) -> Kind:
    """The kind called `name`; ValueError naming the field if there is none."""
    try:
        return KINDS[name]
    except KeyError:
        raise ValueError(f"PhotoSpec.kind: unknown kind {name!r} (known: {', '.join(sorted(KINDS))})") from None
