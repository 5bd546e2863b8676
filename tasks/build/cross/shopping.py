"""Multi-site kinds whose main site is shopping (official templates of test_shopping.raw.json that span sites).
Each function takes the multi-site Suite (tasks.build.multisite.Suite) and adds its tasks to it, picking with
its own random stream so the suite's older tasks do not move.

- 113 (with an input picture): the country is shown by its flag (the real flag, drawn from the colour emoji font
  as the Wikipedia site draws it, here on a pole against the sky: not the article's own picture); its calling
  code, read in the country's generated Wikipedia article, goes in front of the phone number of the account's
  default address (multisite.phone_calling_code asks the same for a named country, a kind of our own).
"""

from __future__ import annotations

import random

from ..evals import click, html_eval, stop, target, type_in
from .kit import SHOP, WIKI_LANDING, calling_code_countries, look_up, mirror, tab

# Countries whose flags are widely known and unlike any other's.
FLAG_COUNTRIES = (
    "Japan",
    "Brazil",
    "India",
    "Germany",
    "South Korea",
    "Mexico",
    "Italy",
    "Sweden",
    "Greece",
    "Switzerland",
    "Argentina",
    "Norway",
)


def flag_picture(emoji: str):
    """The flag (the colour emoji font's glyph, as the Wikipedia site draws it) on a pole against a pale sky,
    480 x 320: a picture of its own, not the article's."""
    from PIL import Image, ImageDraw

    from sites.imagery.glyphs import emoji_font

    glyph = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(glyph).text((8, 8), emoji, font=emoji_font(), embedded_color=True)
    box = glyph.getbbox()
    if box is None:
        raise ValueError(f"no flag glyph for {emoji!r}")
    cloth = glyph.crop(box).resize((260, 190), Image.Resampling.LANCZOS)
    img = Image.new("RGB", (480, 320))
    draw = ImageDraw.Draw(img)
    for y in range(320):  # the sky lightens towards the horizon
        shade = 190 + y * 45 // 320
        draw.line([(0, y), (479, y)], fill=(shade, min(255, shade + 24), 250))
    draw.rectangle((96, 40, 104, 319), fill=(120, 120, 126))
    draw.ellipse((92, 32, 108, 48), fill=(200, 170, 60))
    img.paste(cloth, (100, 46), cloth)
    return img


def flag_calling_code(s) -> None:
    """Official 113 with an input picture: the calling code of the country whose flag is shown, in front of the
    phone number of the default address (the dashboard's left box)."""
    template = (
        "Put the international calling code of the country whose flag is in the picture in front of the "
        "phone number of my default address: +<code>, a space, then the number as it is now."
    )
    rng = random.Random("cross:shopping:113")
    codes = dict(calling_code_countries(s))
    cands = [c for c in FLAG_COUNTRIES if c in codes and ("country", c) not in s.taken]
    rng.shuffle(cands)
    default = next(a for a in s.src.shopping.customer_addresses() if a["default_shipping"])
    for country in sorted(cands[:3]):
        s.taken.add(("country", country))
        code = codes[country]
        phone = f"{code} {default['telephone']}"
        ev = html_eval(
            [
                target(
                    f"{SHOP}/customer/address/",
                    'func:get_query_text(__page__, ".box-address-billing")',
                    must_include=[phone, default["street"]],
                )
            ]
        )
        image = s.save_image(flag_picture(s.wiki[country].emoji))
        solution = [
            tab(1),
            *look_up(country, f"the flag is {country}'s; the infobox gives {code}"),
            tab(0),
            click(".box-address-billing a.action.edit"),
            type_in("input[name=telephone]", phone),
            click("button.action.save"),
            stop(""),
        ]
        mirror(
            s,
            113,
            template,
            {},
            ["shopping", "wikipedia"],
            start_url=f"{SHOP}/customer/account/ |AND| {WIKI_LANDING}",
            eval_=ev,
            solution=solution,
            image=image,
            require_reset=True,
            comments=f"the flag of {country}",
        )


TEMPLATES: list = [flag_calling_code]
