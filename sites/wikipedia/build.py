"""Build the Wikipedia ZIM: articles in Wikipedia's shape (lead, infobox with an image, sections, links between
articles), a landing page, the stylesheet and pictures, written with python-libzim's Creator (with its full-text
and title indexes, which kiwix-serve's search uses).

Paths inside the ZIM keep the old namespace layout (`A/<Title>`, `I/<file>.png`, `-/style.css`), so that
kiwix-serve answers /<book>/A/<Title> as for the official file. Deterministic from the seed: the same seed and
scale give the same articles (the ZIM's own UUID and date differ between builds).

    python -m sites.wikipedia.build [--scale default|full|N] [--seed S] [--out DIR]
"""

from __future__ import annotations

import argparse
import html
import io
import os
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from sites.wikipedia import BOOK, LANDING, ZIM_NAME
from sites.wikipedia.entities import Entity, core_entities, extra_entities
from sites.wikipedia.round4 import LEADS as ROUND4_LEADS
from sites.wikipedia.round4 import SECTIONS as ROUND4_SECTIONS

SCALES = {"default": 0, "small": 0, "tiny": 0, "full": 20_500}
STYLE = """body{font-family:sans-serif;margin:0;color:#202122;background:#fff}
.page{max-width:1000px;margin:0 auto;padding:16px 24px}
h1{font-family:Georgia,serif;font-weight:normal;border-bottom:1px solid #a2a9b1;margin:0 0 4px}
.tagline{color:#54595d;font-size:13px;margin-bottom:12px}
h2{font-family:Georgia,serif;font-weight:normal;border-bottom:1px solid #a2a9b1;margin-top:24px}
a{color:#0645ad;text-decoration:none}a:hover{text-decoration:underline}
table.infobox{float:right;clear:right;width:270px;margin:0 0 12px 16px;border:1px solid #a2a9b1;
background:#f8f9fa;font-size:13px;border-spacing:3px}
.infobox caption{font-weight:bold;font-size:15px;padding:4px}
.infobox th{text-align:left;vertical-align:top;padding-right:6px}
.infobox td.image{text-align:center}.infobox img{max-width:250px;border:1px solid #c8ccd1}
.thumb{float:right;clear:right;margin:4px 0 10px 16px;border:1px solid #c8ccd1;padding:3px;background:#f8f9fa;
font-size:12px;width:222px}.thumb img{width:220px}
ul.landing li{margin:4px 0}
"""


@dataclass(frozen=True)
class BuildResult:
    path: Path
    articles: int
    seconds: float
    size: int


def article_count(scale: str | int) -> int:
    """Extra articles beyond the core ones: 0 by default, 20,500 for `full`, or an explicit number."""
    text = str(scale).strip()
    if text in SCALES:
        return SCALES[text]
    if text.isascii() and text.isdigit():
        return int(text)
    raise ValueError(f"SCALE={scale!r}: one of {', '.join(SCALES)} or a number of extra articles")


def _href(from_path: str, title: str) -> str:
    """A relative link from an article (A/...) to another article; titles may hold slashes."""
    depth = from_path.count("/") - 1
    return "../" * depth + title.replace(" ", "_").replace("?", "%3F").replace("#", "%23")


def _emoji_flag(emoji: str, size: tuple[int, int]):
    """A country's real flag, from the colour emoji font's bitmap, centred on a white picture of `size`."""
    from PIL import Image, ImageDraw

    from sites.imagery.glyphs import emoji_font

    canvas = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(canvas).text((8, 8), emoji, font=emoji_font(), embedded_color=True)
    box = canvas.getbbox()
    if box is None:
        return None
    flag = canvas.crop(box)
    w, h = size
    scale = min((w - 8) / flag.width, (h - 8) / flag.height)
    flag = flag.resize((round(flag.width * scale), round(flag.height * scale)), Image.Resampling.LANCZOS)
    img = Image.new("RGB", size, (255, 255, 255))
    img.paste(flag, ((w - flag.width) // 2, (h - flag.height) // 2), flag)
    return img


def picture_png(entity: Entity, size=(240, 160)) -> bytes:
    """A country's real flag (colour emoji), an emblem for the logo, a simple scene for the rest."""
    from PIL import Image, ImageDraw

    rng = random.Random(entity.title)
    base = entity.color
    img = Image.new("RGB", size, base)
    d = ImageDraw.Draw(img)
    w, h = size
    flag = _emoji_flag(entity.emoji, size) if entity.emoji else None
    if flag is not None:
        img = flag
    elif entity.flag:
        second = tuple((c + 110) % 256 for c in base)
        third = tuple(255 - c for c in base)
        if rng.random() < 0.5:
            for i, col in enumerate((base, second, third)):
                d.rectangle([i * w // 3, 0, (i + 1) * w // 3, h], fill=col)
        else:
            for i, col in enumerate((base, second, third)):
                d.rectangle([0, i * h // 3, w, (i + 1) * h // 3], fill=col)
        r = h // 6
        d.ellipse([w // 2 - r, h // 2 - r, w // 2 + r, h // 2 + r], fill=(250, 250, 250), outline=(20, 20, 20))
    else:
        d.rectangle([0, h * 2 // 3, w, h], fill=tuple(max(0, c - 60) for c in base))
        for _ in range(4):
            x, y, r = rng.randrange(w), rng.randrange(h * 2 // 3), rng.randrange(10, 40)
            d.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    out = io.BytesIO()
    img.save(out, "PNG", optimize=False)
    return out.getvalue()


_LEADS = {
    "country": "{t} is a country{where}.{capital} Its ISO 3166 code is {ISO 3166 code}{calling}.",
    "state": "{t} is a state of the United States of America, with the postal abbreviation {Postal abbreviation}.",
    "city": "{t} is a city in the U.S. state of {State}.",
    "company": "{t} is an American consumer goods company founded in {Founded}, based in {Headquarters}.",
    "animal": "The {tl} ({Binomial name}) is a {cls} found in {Range}.",
    "sport": "{t} is a team or individual sport that originated in {Origin}; its governing body is {Governing body}.",
    "film": "{t} is a {Release year} film directed by {Directed by}, produced in {Country}.",
    "artwork": "{t} is a work of art by {Artist}, made in {Year} and kept at {Location}.",
    "subdivision": "{t} is a {Type} of {Country}.",
    "language": "{t} is a {Type} language with the ISO 639-3 code {ISO 639-3}.",
    "currency": "{t} is a currency with the ISO 4217 code {ISO 4217 code}.",
    "town": "{t} is a small town in the U.S. state of {State}, with a population of {Population}.",
    "topic": "{t} is a subject of this encyclopedia; this article's text is generated for the embedded stack.",
    **ROUND4_LEADS,
}
_SECTIONS = {
    "country": ["Etymology", "History", "Geography", "Demographics", "Economy", "Telecommunications"],
    "state": ["History", "Geography", "Economy", "Cities"],
    "city": ["History", "Geography", "Culture"],
    "company": ["History", "Products"],
    "animal": ["Taxonomy", "Description", "Distribution and habitat", "Behaviour"],
    "sport": ["History", "Rules", "Competitions"],
    "film": ["Plot", "Production", "Reception"],
    "artwork": ["History", "Description", "Legacy"],
    "topic": ["Overview", "History", "Reception"],
    **ROUND4_SECTIONS,
}
_FILLER = [
    "It has been described in many works of reference.",
    "Its history goes back several centuries.",
    "Visitors often mention it first.",
    "Several studies have looked at it in detail.",
    "It is known well beyond its region.",
    "Local sources give more details.",
    "The subject has changed considerably over time.",
    "Its name has been spelled in several ways.",
]


def _fact_sentences(e: Entity, section: str, t: str, facts: dict[str, str], links: list[str]) -> str:
    """Sentences of a country's sections that state its facts (capital, area, neighbours, people, money)."""
    if e.kind != "country":
        return ""
    esc = {k: html.escape(v) for k, v in facts.items()}
    out = []
    if section == "Geography":
        if "Area" in esc:
            out.append(f"{t} covers an area of {esc['Area']}.")
        if "Capital" in esc:
            out.append(f"Its capital and seat of government is {esc['Capital']}.")
        neighbours = [x for x in links if x != "List of states of the United States"]
        if neighbours:
            named = ", ".join(f'<a href="{_href(e.path, x)}">{html.escape(x)}</a>' for x in neighbours)
            out.append(f"It shares land borders with {named}.")
    elif section == "Demographics":
        if "Population" in esc:
            out.append(f"{t} had an estimated population of {esc['Population']}.")
        if "Demonym" in esc:
            out.append(f"Its people are called {esc['Demonym']}.")
        if "Official languages" in esc:
            out.append(f"Official languages: {esc['Official languages']}.")
    elif section == "Economy" and "Currency" in esc:
        out.append(f"The currency of {t} is the {esc['Currency']}.")
    return (" " + " ".join(out)) if out else ""


def article_html(e: Entity, known: set[str], rng: random.Random) -> str:
    facts = dict(e.facts)
    t = html.escape(e.title)
    calling = f", and its international calling code is {facts['Calling code']}" if "Calling code" in facts else ""
    lead = _LEADS.get(e.kind, "{t} is a subject of this encyclopedia.")
    where = f" in {html.escape(facts['Region'])}" if "Region" in facts else ""
    capital = f" Its capital is {html.escape(facts['Capital'])}." if "Capital" in facts else ""
    values = {
        **{k: html.escape(v) for k, v in facts.items()},
        "t": f"<b>{t}</b>",
        "tl": f"<b>{t.lower()}</b>",
        "calling": calling,
        "cls": html.escape(facts.get("Class", "").lower()),
        "where": where,
        "capital": capital,
    }
    try:
        lead_text = lead.format(**values)
    except KeyError:
        lead_text = f"<b>{t}</b> is a subject of this encyclopedia."
    depth_prefix = "../" * e.path.count("/")  # from <book>/A/... back to <book>/
    image = depth_prefix + "I/" + e.path[2:].replace("/", "_") + ".png"
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in e.facts)
    caption = "Flag" if e.emoji else "Illustration"
    links = [x for x in e.links if x and x in known and x != e.title]
    see_also = "".join(f'<li><a href="{_href(e.path, x)}">{html.escape(x)}</a></li>' for x in links)
    body = []
    for i, sec in enumerate(_SECTIONS.get(e.kind, ["Overview"])):
        sentences = rng.sample(_FILLER, 2)
        extra = ""
        if i == 0 and links:
            extra = f' See also <a href="{_href(e.path, links[0])}">{html.escape(links[0])}</a>.'
        if sec == "Telecommunications" and "Calling code" in facts:
            extra = f" The international calling code of {t} is {html.escape(facts['Calling code'])}."
        extra += _fact_sentences(e, sec, t, facts, links)
        body.append(f'<h2 id="{sec.replace(" ", "_")}">{sec}</h2><p>{" ".join(sentences)}{extra}</p>')
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{t}</title>'
        f'<link rel="stylesheet" href="{depth_prefix}-/style.css"></head><body><div class="page">'
        f'<h1 id="firstHeading">{t}</h1><div class="tagline">From Wikipedia, the free encyclopedia</div>'
        f'<table class="infobox"><caption>{t}</caption><tr><td colspan="2" class="image">'
        f'<img src="{image}" alt="{caption} of {t}" width="240" height="160"><div>{caption} of {t}</div></td>'
        f"</tr>{rows}</table><p>{lead_text}</p>{''.join(body)}"
        + (f'<h2 id="See_also">See also</h2><ul>{see_also}</ul>' if see_also else "")
        + "</div></body></html>"
    )


# The landing page's sections: the kind of article and its heading, spelt out (plurals are not all "+s").
LANDING_SECTIONS = (
    ("country", "Countries"),
    ("state", "States"),
    ("city", "Cities"),
    ("company", "Companies"),
    ("animal", "Animals"),
    ("sport", "Sports"),
    ("film", "Films"),
    ("artwork", "Artworks"),
)


def landing_html(entities: list[Entity]) -> str:
    path = "A/" + LANDING
    groups: dict[str, list[Entity]] = {}
    for e in entities:
        groups.setdefault(e.kind, []).append(e)
    parts = []
    for kind, heading in LANDING_SECTIONS:
        items = groups.get(kind, [])[:12]
        if items:
            parts.append(
                f"<h2>{heading}</h2><ul class='landing'>"
                + "".join(f'<li><a href="{_href(path, e.title)}">{html.escape(e.title)}</a></li>' for e in items)
                + "</ul>"
            )
    prefix = "../" * path.count("/")
    return (
        f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Welcome to Wikipedia</title>'
        f'<link rel="stylesheet" href="{prefix}-/style.css"></head><body><div class="page">'
        f'<h1 id="firstHeading">Welcome to Wikipedia</h1><div class="tagline">the free encyclopedia that anyone '
        f"can edit; {len(entities):,} articles in English</div>"
        f"<p>Use the search box at the top of the page to find an article, or start from one of these.</p>"
        f"{''.join(parts)}</div></body></html>"
    )


def articles(seed: int, scale: str | int = "default") -> list[Entity]:
    """The entities the ZIM of (seed, scale) has an article on, in build order; of two entities with the same
    title (the country Georgia and the US state) the first one has the article. Task builders read the facts
    of the articles here."""
    entities = core_entities(seed)
    extra = article_count(scale)
    if extra:
        entities += extra_entities(seed, extra)
    seen: set[str] = set()
    unique = []
    for e in entities:
        if e.title not in seen:
            seen.add(e.title)
            unique.append(e)
    from sites.wikipedia.official import official_entities
    from sites.wikipedia.round4 import round4_entities

    official = official_entities(seen)  # after the generated articles: those do not change
    return unique + official + round4_entities(seen | {e.title for e in official})


def build(out_dir: Path, seed: int, scale: str | int = "default") -> BuildResult:
    """Write <out_dir>/wikipedia_en_all_maxi_2022-05.zim atomically (built under a temporary name)."""
    from libzim.writer import Creator, FileProvider, Hint, Item, StringProvider  # noqa: F401

    class _Item(Item):
        def __init__(self, path, title, mimetype, content: bytes | str, front: bool):
            super().__init__()
            self._p, self._t, self._m, self._c, self._f = path, title, mimetype, content, front

        def get_path(self):
            return self._p

        def get_title(self):
            return self._t

        def get_mimetype(self):
            return self._m

        def get_contentprovider(self):
            return StringProvider(self._c)

        def get_hints(self):
            return {Hint.FRONT_ARTICLE: self._f, Hint.COMPRESS: self._m.startswith("text/")}

    started = time.perf_counter()
    unique = articles(seed, scale)
    seen = {e.title for e in unique}
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / ZIM_NAME
    tmp = out_dir / f".{ZIM_NAME}.{os.getpid()}.tmp"
    tmp.unlink(missing_ok=True)
    rng = random.Random(seed)
    pictures_for = {e.kind for e in unique if e.kind in _SECTIONS}
    with Creator(str(tmp)).config_indexing(True, "eng").config_nbworkers(2) as creator:
        creator.set_mainpath("A/" + LANDING)
        creator.add_illustration(48, picture_png(Entity("Wikipedia", "logo", flag=True), (48, 48)))
        for key, value in (
            ("Name", "wikipedia_en_all"),
            ("Title", "Wikipedia"),
            ("Language", "eng"),
            ("Creator", "Wikipedia contributors (generated by this project)"),
            ("Publisher", "VisualWebArena embedded stack"),
            ("Date", "2022-05-01"),
            ("Description", "Generated English Wikipedia articles for the embedded benchmark stack"),
            ("Flavour", "maxi"),
        ):
            creator.add_metadata(key, value)
        creator.add_item(_Item("-/style.css", "", "text/css", STYLE, False))
        creator.add_item(_Item("A/" + LANDING, "Welcome to Wikipedia", "text/html", landing_html(unique), True))
        generic: dict[str, bytes] = {}
        for e in unique:
            creator.add_item(_Item(e.path, e.title, "text/html", article_html(e, seen, rng), True))
            name = "I/" + e.path[2:].replace("/", "_") + ".png"
            if e.kind in pictures_for:
                png = picture_png(e)
            else:  # the bulk of SCALE=full shares one picture per kind (built once)
                png = generic.setdefault(e.kind, picture_png(Entity(e.kind, e.kind)))
            creator.add_item(_Item(name, "", "image/png", png, False))
        from sites.wikipedia.official import media_items

        for path, mimetype, content in media_items():
            creator.add_item(_Item(path, "", mimetype, content, False))
    os.replace(tmp, target)
    return BuildResult(target, len(unique), time.perf_counter() - started, target.stat().st_size)


def generator_version() -> str:
    """Changes with the builder's code and with the versions of the packages its facts come from, so a
    changed generator builds a new ZIM instead of serving a stale one."""
    from importlib.metadata import version

    from sites.common.datafiles import code_version

    here = Path(__file__).parent
    packages = "".join(f"{p}={version(p)};" for p in ("pycountry", "phonenumbers", "countryinfo", "libzim"))
    return code_version(
        here / "build.py",
        here / "entities.py",
        here / "__init__.py",
        here / "official.py",
        here / "round4.py",
        here.parent / "common" / "official_catalogue.json",
        extra=packages.encode(),
    )


def zim_dir(data_dir: Path, seed: int, scale: str | int) -> Path:
    return Path(data_dir) / "wikipedia" / f"seed{seed}-x{article_count(scale)}-{generator_version()}"


def ensure(data_dir: Path, seed: int, scale: str | int) -> tuple[Path, BuildResult | None]:
    """The ZIM for (seed, scale), built first if missing (None when it was already there)."""
    from sites.common.datafiles import generate_once

    folder = zim_dir(data_dir, seed, scale)
    result = generate_once(folder / ZIM_NAME, lambda: build(folder, seed, scale))
    return folder / ZIM_NAME, result


def main(argv: list[str] | None = None) -> int:
    from sites.config import settings

    s = settings()
    parser = argparse.ArgumentParser(prog="python -m sites.wikipedia.build")
    parser.add_argument("--scale", default=s.scale)
    parser.add_argument("--seed", type=int, default=s.seed)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out = args.out or zim_dir(s.data_dir, args.seed, args.scale)
    r = build(out, args.seed, args.scale)
    print(f"{r.path}: {r.articles} articles, {r.size / 1e6:.1f} MB in {r.seconds:.1f} s ({BOOK})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
