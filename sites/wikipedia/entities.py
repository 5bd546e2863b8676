"""The entities the Wikipedia articles describe, with their facts.

Countries come from pycountry (ISO 3166 names and codes, language and currency names), phonenumbers
(international calling codes) and countryinfo (capital, population, area, region, borders, demonym); their
flags are the real ones, drawn from the Noto colour emoji font (regional-indicator pairs). US states from
pycountry's subdivisions; the cities from the classifieds site's locations; companies from the
shopping catalogue's brands. Animals, sports, films and artworks are short hand-kept tables of well-known facts.
`SCALE=full` adds every ISO 3166-2 subdivision, ISO 639-3 language and ISO 4217 currency, then generated
towns up to the requested count.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import phonenumbers
import pycountry


@dataclass
class Entity:
    title: str  # the article's title; its path is A/<title with _ for spaces>
    kind: str  # country, state, city, company, animal, sport, film, artwork, ...
    facts: list[tuple[str, str]] = field(default_factory=list)  # infobox rows (label, value)
    links: list[str] = field(default_factory=list)  # titles of related articles
    summary: str = ""  # one sentence of the lead
    color: tuple[int, int, int] = (90, 110, 140)
    flag: bool = False  # the picture is a flag (an emblem when no emoji is given)
    emoji: str = ""  # a country's flag as its regional-indicator pair

    @property
    def path(self) -> str:
        return "A/" + self.title.replace(" ", "_")


def _table(text: str) -> list[tuple[str, ...]]:
    """The rows of a table written a line a row, its cells split by `|`."""
    return [tuple(cell.strip() for cell in line.split("|")) for line in text.strip().splitlines()]


ANIMALS = _table("""
Red fox               | Vulpes vulpes            | Mammal  | Northern Hemisphere
Giant panda           | Ailuropoda melanoleuca   | Mammal  | China
Emperor penguin       | Aptenodytes forsteri     | Bird    | Antarctica
Sea otter             | Enhydra lutris           | Mammal  | North Pacific Ocean
Brown-throated sloth  | Bradypus variegatus      | Mammal  | Central and South America
Snowy owl             | Bubo scandiacus          | Bird    | Arctic
Green sea turtle      | Chelonia mydas           | Reptile | Tropical oceans
Domestic cat          | Felis catus              | Mammal  | Worldwide
Dog                   | Canis familiaris         | Mammal  | Worldwide
European rabbit       | Oryctolagus cuniculus    | Mammal  | Europe
Golden hamster        | Mesocricetus auratus     | Mammal  | Syria and Turkey
African bush elephant | Loxodonta africana       | Mammal  | Sub-Saharan Africa
Bald eagle            | Haliaeetus leucocephalus | Bird    | North America
Monarch butterfly     | Danaus plexippus         | Insect  | North America
Koala                 | Phascolarctos cinereus   | Mammal  | Australia
Red kangaroo          | Osphranter rufus         | Mammal  | Australia
Giraffe               | Giraffa camelopardalis   | Mammal  | Africa
Tiger                 | Panthera tigris          | Mammal  | Asia
Lion                  | Panthera leo             | Mammal  | Africa and India
Walrus                | Odobenus rosmarus        | Mammal  | Arctic
American badger       | Taxidea taxus            | Mammal  | North America
Peregrine falcon      | Falco peregrinus         | Bird    | Worldwide
Bottlenose dolphin    | Tursiops truncatus       | Mammal  | Temperate and tropical oceans
Honey bee             | Apis mellifera           | Insect  | Worldwide
""")

SPORTS = _table("""
Association football | 11     | England       | FIFA
Basketball           | 5      | United States | FIBA
Baseball             | 9      | United States | WBSC
American football    | 11     | United States | NFL
Ice hockey           | 6      | Canada        | IIHF
Tennis               | 1 or 2 | England       | ITF
Cricket              | 11     | England       | ICC
Rugby union          | 15     | England       | World Rugby
Volleyball           | 6      | United States | FIVB
Golf                 | 1      | Scotland      | IGF
Table tennis         | 1 or 2 | England       | ITTF
Badminton            | 1 or 2 | India         | BWF
Swimming             | 1      | Worldwide     | World Aquatics
Cycling              | 1      | France        | UCI
Skiing               | 1      | Norway        | FIS
Curling              | 4      | Scotland      | World Curling
""")

FILMS = _table("""
Casablanca    | 1942 | Michael Curtiz       | United States
Citizen Kane  | 1941 | Orson Welles         | United States
The Godfather | 1972 | Francis Ford Coppola | United States
Spirited Away | 2001 | Hayao Miyazaki       | Japan
Seven Samurai | 1954 | Akira Kurosawa       | Japan
Jaws          | 1975 | Steven Spielberg     | United States
Titanic       | 1997 | James Cameron        | United States
Amélie        | 2001 | Jean-Pierre Jeunet   | France
Parasite      | 2019 | Bong Joon-ho         | South Korea
The Matrix    | 1999 | The Wachowskis       | United States
Star Wars     | 1977 | George Lucas         | United States
Psycho        | 1960 | Alfred Hitchcock     | United States
""")

ARTWORKS = _table("""
Mona Lisa                   | Leonardo da Vinci | c. 1503–1519 | Louvre, Paris
The Starry Night            | Vincent van Gogh  | 1889         | Museum of Modern Art, New York City
The Last Supper             | Leonardo da Vinci | 1495–1498    | Santa Maria delle Grazie, Milan
Girl with a Pearl Earring   | Johannes Vermeer  | c. 1665      | Mauritshuis, The Hague
The Great Wave off Kanagawa | Hokusai           | c. 1831      | various collections
The Persistence of Memory   | Salvador Dalí     | 1931         | Museum of Modern Art, New York City
The Scream                  | Edvard Munch      | 1893         | National Museum, Oslo
Guernica                    | Pablo Picasso     | 1937         | Museo Reina Sofía, Madrid
The Birth of Venus          | Sandro Botticelli | c. 1484–1486 | Uffizi, Florence
American Gothic             | Grant Wood        | 1930         | Art Institute of Chicago
Water Lilies                | Claude Monet      | 1896–1926    | various collections
The Night Watch             | Rembrandt         | 1642         | Rijksmuseum, Amsterdam
""")


def country_name(c) -> str:
    return getattr(c, "common_name", None) or c.name


def calling_code(alpha2: str) -> int | None:
    code = phonenumbers.country_code_for_region(alpha2)
    return code or None


def flag_emoji(alpha2: str) -> str:
    """The flag emoji of a country: its two ISO letters as regional-indicator symbols."""
    return "".join(chr(0x1F1E6 + ord(ch) - ord("A")) for ch in alpha2.upper())


def country_facts(alpha2: str) -> dict:
    """What countryinfo knows of a country (capital, population, area, subregion, borders, currencies,
    languages, demonym), {} when it has no entry."""
    from countryinfo import CountryInfo

    try:
        info = CountryInfo(alpha2).info()
    except Exception:  # countryinfo raises its own not-found error (and KeyError for a few partial entries)
        return {}
    return dict(info) if isinstance(info, dict) else {}


def _names(codes, lookup) -> list[str]:
    out = []
    for code in codes or []:
        item = lookup(code)
        if item is not None and item.name not in out:
            out.append(item.name)
    return out


def _language(code: str):
    return pycountry.languages.get(alpha_2=code) if len(code) == 2 else pycountry.languages.get(alpha_3=code)


def _color(rng: random.Random) -> tuple[int, int, int]:
    return (rng.randrange(30, 220), rng.randrange(30, 220), rng.randrange(30, 220))


def _add(
    out: list[Entity], rng: random.Random, title: str, kind: str, facts: list[tuple[str, str]], links: list[str]
) -> None:
    """Append an article whose picture's colour is the next of the stream `rng` (drawn after its facts)."""
    out.append(Entity(title, kind, facts, links, color=_color(rng)))


def core_entities(seed: int) -> list[Entity]:
    """The entities the tasks need (a few hundred articles)."""
    from sites.classifieds.schema import LOCATIONS
    from sites.shopping.wording import BRANDS

    rng = random.Random(seed)
    out: list[Entity] = []
    us_states = sorted(
        (s for s in pycountry.subdivisions.get(country_code="US") if s.type == "State"), key=lambda s: s.name
    )
    by_alpha3 = {c.alpha_3: country_name(c) for c in pycountry.countries}
    for c in sorted(pycountry.countries, key=country_name):
        code = calling_code(c.alpha_2)
        info = country_facts(c.alpha_2)
        facts = [("Official name", getattr(c, "official_name", c.name))]
        if info.get("capital"):
            facts.append(("Capital", info["capital"]))
        languages = _names(info.get("languages"), _language)
        if languages:
            facts.append(("Official languages", ", ".join(languages)))
        if info.get("demonym"):
            facts.append(("Demonym", info["demonym"]))
        if info.get("area"):
            facts.append(("Area", f"{int(info['area']):,} km²"))
        if info.get("population"):
            facts.append(("Population", f"{int(info['population']):,}"))
        currencies = _names(info.get("currencies"), lambda x: pycountry.currencies.get(alpha_3=x))
        if currencies:
            facts.append(("Currency", ", ".join(currencies)))
        if info.get("subregion") or info.get("region"):
            facts.append(("Region", info.get("subregion") or info.get("region")))
        facts += [("ISO 3166 code", c.alpha_2), ("ISO 3166-1 alpha-3", c.alpha_3)]
        if code:
            facts.append(("Calling code", f"+{code}"))
        facts.append(("Internet TLD", "." + c.alpha_2.lower()))
        links = [by_alpha3[b] for b in info.get("borders") or [] if b in by_alpha3]
        if c.alpha_2 == "US":
            links.append("List of states of the United States")
        out.append(
            Entity(country_name(c), "country", facts, links, color=_color(rng), flag=True, emoji=flag_emoji(c.alpha_2))
        )
    for s in us_states:
        cities = LOCATIONS.get(s.name, [])
        facts = [("Country", "United States"), ("ISO 3166-2 code", s.code), ("Postal abbreviation", s.code[3:])]
        if cities:
            facts.append(("Largest cities", ", ".join(cities[:3])))
        _add(out, rng, s.name, "state", facts, ["United States"] + [f"{c}, {s.name}" for c in cities])
    for state, cities in LOCATIONS.items():
        for city in cities:
            _add(
                out,
                rng,
                f"{city}, {state}",
                "city",
                [("Country", "United States"), ("State", state)],
                [state, "United States"],
            )
    for brand in BRANDS:
        founded = 1950 + rng.randrange(70)
        facts = [
            ("Industry", "Consumer goods"),
            ("Founded", str(founded)),
            ("Headquarters", rng.choice(us_states).name),
        ]
        facts.append(("Products", "Household goods, sold in the One Stop Market"))
        _add(out, rng, brand, "company", facts, ["United States"])
    for name, latin, cls, lives in ANIMALS:
        _add(out, rng, name, "animal", [("Class", cls), ("Binomial name", latin), ("Range", lives)], [])
    for name, players, origin, body in SPORTS:
        facts = [("Players per side", players), ("Origin", origin), ("Governing body", body)]
        _add(out, rng, name, "sport", facts, [origin] if origin != "Worldwide" else [])
    for name, year, director, country in FILMS:
        _add(
            out, rng, name, "film", [("Directed by", director), ("Release year", year), ("Country", country)], [country]
        )
    for name, artist, year, where in ARTWORKS:
        _add(out, rng, name, "artwork", [("Artist", artist), ("Year", year), ("Location", where)], [])
    return out


LANGUAGE_TYPES = {"L": "living", "E": "extinct", "A": "ancient", "H": "historical", "C": "constructed", "S": "special"}
TOWN_SYLLABLES = "ar bel cor dun el fen gar hol is kel lan mor nor os pel quin ros sel tor ul ven wil yar zen".split()


def extra_entities(seed: int, want: int) -> list[Entity]:
    """More articles for SCALE=full: ISO subdivisions, languages and currencies, then generated towns."""
    rng = random.Random(seed + 1)
    out: list[Entity] = []
    countries = {c.alpha_2: country_name(c) for c in pycountry.countries}
    for s in sorted(pycountry.subdivisions, key=lambda s: s.code):
        if s.country_code == "US" and s.type == "State":
            continue
        country = countries.get(s.country_code, s.country_code)
        facts = [("Country", country), ("Type", s.type), ("ISO 3166-2 code", s.code)]
        _add(out, rng, f"{s.name} ({s.code})", "subdivision", facts, [countries.get(s.country_code, "")])
    for lang in sorted(pycountry.languages, key=lambda x: x.alpha_3):
        facts = [("ISO 639-3", lang.alpha_3), ("Type", LANGUAGE_TYPES.get(lang.type, lang.type))]
        _add(out, rng, f"{lang.name} language ({lang.alpha_3})", "language", facts, [])
    for cur in sorted(pycountry.currencies, key=lambda x: x.alpha_3):
        _add(
            out,
            rng,
            f"{cur.name} ({cur.alpha_3})",
            "currency",
            [("ISO 4217 code", cur.alpha_3), ("Number", cur.numeric)],
            [],
        )
    states = [s.name for s in pycountry.subdivisions.get(country_code="US") if s.type == "State"]
    n = 0
    while len(out) < want:
        n += 1
        name = "".join(rng.choice(TOWN_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        state = rng.choice(states)
        facts = [("Country", "United States"), ("State", state), ("Population", f"{rng.randint(200, 90000):,}")]
        _add(out, rng, f"{name}, {state} ({n})", "town", facts, [state])
    return out[:want]
