"""Kinds a general store sells (shoes, bags, groceries with printed labels, kitchenware, decor, office
supplies...), added to the imagery catalogue next to the classifieds' kinds.

They are registered in `KINDS` / `KIND_CATEGORY` (so `PhotoSpec(kind=...)` accepts them) but kept out of
`CATALOG`, whose keys are the classifieds' categories. `SHAPES` records the outline each kind shows, one of
the visual facts the shopping data keeps per photo.
"""

from __future__ import annotations

from sites.imagery.boxes import LABEL_AT as BOX_LABEL_AT
from sites.imagery.catalog import KINDS, Kind, _k, kinds_table, register

CEREAL_NOUNS = ("breakfast cereal", "cereal", "cereal box")

STORE_CATALOG: dict[str, list[Kind]] = kinds_table("""
[Store apparel]
blouse         | \U0001f45a       | blouse, top, women's top                    | 12-70  | cpn | wall studio
shorts         | \U0001fa73       | shorts, athletic shorts, summer shorts      | 8-45   | cn
socks          | \U0001f9e6       | socks, crew socks, cotton socks             | 3-25   | cn  |  | body=pale
gloves         | \U0001f9e4       | gloves, winter gloves, knit gloves          | 6-40   | cn
swimsuit       | \U0001fa71       | swimsuit, one-piece swimsuit, bathing suit  | 15-80  | cn  | wall studio
dress shirt    | \U0001f454       | dress shirt, button-down shirt, shirt and tie | 15-90  | cn  | wall studio
kimono robe    | \U0001f458       | robe, kimono robe, lounge robe              | 18-120 | cn  | wall studio
[Store shoes]
dress shoe     | \U0001f45e       | oxford shoe, dress shoe, leather shoe       | 30-220 | cn  | floor studio
high heel      | \U0001f460       | high heel, pump, stiletto                   | 25-260 | cn  | floor studio
boot           | \U0001f462       | boot, knee-high boot, riding boot           | 35-300 | cn  | floor studio
sandal         | \U0001f461       | sandal, strappy sandal, summer sandal       | 12-120 | cn  | floor studio
flip flop      | \U0001fa74       | flip-flop, thong sandal, beach sandal       | 4-40   | cn  | floor studio
flat shoe      | \U0001f97f       | ballet flat, flat shoe, slip-on flat        | 15-110 | cn  | floor studio
hiking boot    | \U0001f97e       | hiking boot, trail boot, work boot          | 40-260 | cn  | floor studio
[Store bags]
backpack       | \U0001f392       | backpack, school backpack, daypack          | 15-160 | cpn
coin purse     | \U0001f45b       | coin purse, wallet, clutch                  | 6-90   | cpn
briefcase      | \U0001f4bc       | briefcase, laptop bag, attache case         | 30-300 | cp
suitcase       | \U0001f9f3       | suitcase, carry-on luggage, rolling luggage | 45-450 | cp  | floor studio
[Store kitchen]
bowl           | \U0001f963       | bowl, cereal bowl, serving bowl             | 4-40   | cn
plate setting  | \U0001f37d\ufe0f | dinner plate set, place setting, dinnerware set | 15-120 | n
spoon          | \U0001f944       | spoon, serving spoon, soup spoon            | 2-20   | n
kitchen knife  | \U0001f52a       | kitchen knife, chef's knife, cooking knife  | 8-150  | n
chopsticks     | \U0001f962       | chopsticks, chopstick set, reusable chopsticks | 3-25   | n
salt shaker    | \U0001f9c2       | salt shaker, seasoning shaker, spice shaker | 3-25   | pn
cup with straw | \U0001f964       | tumbler, cup with straw, travel cup         | 5-35   | cpn |  | label=print
baby bottle    | \U0001f37c       | baby bottle, feeding bottle, nursing bottle | 4-30   | pn
jar            | \U0001fad9       | glass jar, mason jar, storage jar           | 3-30   | pn
[Store groceries]
canned food    | \U0001f96b       | canned soup, canned food, can               | 1-12   | cpn
chocolate bar  | \U0001f36b       | chocolate bar, candy bar, dark chocolate    | 1-15   | pn
candy          | \U0001f36c       | hard candy, wrapped candy, candies          | 2-18   | cn
lollipop       | \U0001f36d       | lollipop, swirl pop, sucker                 | 1-10   | n
cookie         | \U0001f36a       | cookie, chocolate chip cookie, biscuit      | 2-15   | n
juice box      | \U0001f9c3       | juice box, drink box, juice carton          | 1-12   | cpn
milk glass     | \U0001f95b       | milk, glass of milk, dairy drink            | 2-10   | pn
honey pot      | \U0001f36f       | honey, honey jar, raw honey                 | 4-30   | pn
popcorn        | \U0001f37f       | popcorn, microwave popcorn, kettle corn     | 2-15   | pn
cheese wedge   | \U0001f9c0       | cheese, cheese wedge, aged cheese           | 4-35   | n
bread loaf     | \U0001f35e       | bread, sandwich loaf, toast bread           | 2-10   | n
peanuts        | \U0001f95c       | peanuts, roasted peanuts, nuts              | 2-15   | n
pretzel        | \U0001f968       | pretzel, soft pretzel, pretzel twist        | 2-12   | n
doughnut       | \U0001f369       | donut, doughnut, glazed donut               | 1-12   | cn
cupcake        | \U0001f9c1       | cupcake, muffin, frosted cupcake            | 2-15   | cn
tea cup        | \U0001f375       | herbal tea, tea, matcha                     | 3-30   | pn
[Store toys]
toy duck       | \U0001f986       | rubber duck, toy duck, bath duck            | 2-15   | cn
frisbee        | \U0001f94f       | flying disc, frisbee, disc                  | 4-30   | cpn
volleyball     | \U0001f3d0       | volleyball, beach ball, play ball           | 6-45   | n
pinata         | \U0001fa85       | pinata, party pinata, donkey pinata         | 10-45  | c
magic wand     | \U0001fa84       | magic wand, wand, toy wand                  | 3-25   | n
[Store beauty]
sponge         | \U0001f9fd       | sponge, bath sponge, cleaning sponge        | 1-12   | cn
pill bottle    | \U0001f48a       | capsules, supplement, vitamin               | 4-45   | cn
bandage        | \U0001fa79       | bandage, adhesive bandage, first aid strip  | 2-15   | n
nail polish    | \U0001f485       | nail polish, nail lacquer, manicure set     | 3-25   | n
[Store decor]
candle         | \U0001f56f\ufe0f | candle, pillar candle, candle holder        | 5-60   | n
potted plant   | \U0001fab4       | potted plant, house plant, planter          | 8-90   | pn
alarm clock    | \u23f0           | alarm clock, table clock, twin bell clock   | 8-60   | cn
oil lamp       | \U0001fa94       | oil lamp, diya lamp, tea light holder       | 5-40   | n
bouquet        | \U0001f490       | bouquet, artificial flowers, flower arrangement | 10-80  | n
cactus         | \U0001f335       | cactus, succulent, faux cactus              | 5-45   | n
flag           | \U0001f6a9       | pennant flag, garden flag, flag             | 4-40   | cpn | grass wall
[Store office]
pencil         | \u270f\ufe0f     | pencil, wood pencil, drawing pencil         | 1-15   | cn
ballpoint pen  | \U0001f58a\ufe0f | ballpoint pen, pen, gel pen                 | 1-20   | cn
fountain pen   | \U0001f58b\ufe0f | fountain pen, calligraphy pen, ink pen      | 8-120  | n
paperclip      | \U0001f4ce       | paper clips, paperclip, binder clip         | 1-10   | cn
pushpin        | \U0001f4cc       | push pins, thumb tacks, map pins            | 1-10   | cn
ruler          | \U0001f4cf       | ruler, straight edge, measuring ruler       | 1-15   | n
file folder    | \U0001f4c1       | file folder, folder, document folder        | 1-20   | cpn
clipboard      | \U0001f4cb       | clipboard, writing board, clip board        | 2-20   | pn
calendar       | \U0001f4c5       | desk calendar, calendar, planner calendar   | 4-25   | p
envelope       | \u2709\ufe0f     | envelopes, mailing envelope, envelope       | 1-20   | pn
shipping box   | \U0001f4e6       | shipping box, moving box, cardboard box     | 2-30   | pn
""")
# round 5 (r5-sp): cereal boxes with a creature on the front and its name printed above it (boxes.py)
STORE_CATALOG["Store cereal boxes"] = [
    _k(name, f"box:{emoji}", CEREAL_NOUNS, (3, 9), "cp", label="print", label_at=BOX_LABEL_AT)
    for name, emoji in (
        ("ghost cereal box", "\U0001f47b"),
        ("ogre cereal box", "\U0001f479"),
        ("alien cereal box", "\U0001f47e"),
        ("dragon cereal box", "\U0001f409"),
        ("vampire cereal box", "\U0001f9db"),
        ("zombie cereal box", "\U0001f9df"),
        ("robot cereal box", "\U0001f916"),
        ("octopus cereal box", "\U0001f419"),
        ("bat cereal box", "\U0001f987"),
        ("dinosaur cereal box", "\U0001f996"),
    )
]

# The outline each kind shows (a visual fact recorded per photo; the store's text does not say it).
SHAPES: dict[str, str] = {
    "round": "bowl plate setting candy cookie doughnut frisbee volleyball alarm clock pill bottle cheese wedge"
    " basketball soccer ball wheel ring gemstone balloon yarn",
    "rectangular": "chocolate bar juice box briefcase suitcase calendar envelope shipping box file folder"
    " clipboard laptop television smartphone book notebook ledger toolbox ghost cereal box ogre cereal box"
    " alien cereal box dragon cereal box vampire cereal box zombie cereal box robot cereal box octopus cereal box"
    " bat cereal box dinosaur cereal box",
    "cylindrical": "canned food jar candle cup with straw milk glass honey pot salt shaker baby bottle mug"
    " lotion bottle lipstick flashlight car battery oil drum bucket",
    "long and thin": "pencil ballpoint pen fountain pen ruler spoon kitchen knife chopsticks magic wand"
    " paintbrush crayon toothbrush screwdriver",
}
SHAPE_OF: dict[str, str] = {}
for _shape, _names in SHAPES.items():
    for _name in list(KINDS) + [k.name for ks in STORE_CATALOG.values() for k in ks]:
        if f" {_name} " in f" {_names} " and _name not in SHAPE_OF:
            SHAPE_OF[_name] = _shape


def shape_of(kind_name: str) -> str:
    """The outline of a kind: round, rectangular, cylindrical, long and thin, or irregular."""
    return SHAPE_OF.get(kind_name, "irregular")


register(STORE_CATALOG)
