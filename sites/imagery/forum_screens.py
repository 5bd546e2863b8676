"""Forum pictures made of printed or on-screen words (helper r5-rdb): a film poster that gives its release date,
and a brokerage app's screenshot that shows a trading loss. Both are invented and drawn, like every forum
picture; `sites.imagery.forum_pictures.render_picture` calls these for the styles "poster" and "brokerage".

    ForumPicture("poster", title="THE QUIET HARBOUR", date="2019-03-14")
    ForumPicture("brokerage", title="Tradewell", currency="USD", amount="31146.66")

The poster writes its date in words ("IN CINEMAS 14 MARCH 2019", "IN THEATERS MARCH 14, 2019"), never as
digits only, so the day and the month cannot be mistaken for each other; the screenshot writes its loss with a
sign, the currency's symbol and thousands separators ("-$31,146.66", "-€41,624.56").
"""

from __future__ import annotations

import random
import re
from datetime import date
from typing import Protocol

from PIL import Image, ImageDraw, ImageFilter

from sites.imagery.glyphs import text_font


class ScreenFields(Protocol):
    """The fields of sites.imagery.forum_pictures.ForumPicture these styles read (that module imports this one)."""

    @property
    def style(self) -> str: ...
    @property
    def title(self) -> str | None: ...
    @property
    def date(self) -> str | None: ...
    @property
    def currency(self) -> str | None: ...
    @property
    def amount(self) -> str | None: ...


MONTHS = (
    "JANUARY",
    "FEBRUARY",
    "MARCH",
    "APRIL",
    "MAY",
    "JUNE",
    "JULY",
    "AUGUST",
    "SEPTEMBER",
    "OCTOBER",
    "NOVEMBER",
    "DECEMBER",
)
SYMBOLS = {"USD": "$", "EUR": "\u20ac"}
AMOUNT_RE = re.compile(r"^[0-9]{1,7}\.[0-9]{2}$")
# poster palettes: (top of the sky, bottom of the sky, the motif, the title)
PALETTES = (
    ((14, 22, 48), (196, 92, 60), (24, 20, 30), (250, 226, 160)),
    ((8, 40, 52), (120, 200, 196), (10, 30, 36), (255, 255, 255)),
    ((40, 8, 30), (230, 120, 150), (30, 10, 24), (255, 236, 200)),
    ((20, 20, 20), (150, 150, 140), (12, 12, 12), (240, 200, 60)),
)


def validate_screen(pic: ScreenFields) -> None:
    """The fields the two styles need; raises ValueError naming the field at fault."""
    if not pic.title:
        raise ValueError(f"ForumPicture.title: a {pic.style} needs a title")
    if pic.style == "poster":
        try:
            date.fromisoformat(pic.date or "")
        except ValueError:
            raise ValueError(f"ForumPicture.date: an ISO date (YYYY-MM-DD), got {pic.date!r}") from None
    else:
        if pic.currency not in SYMBOLS:
            raise ValueError(f"ForumPicture.currency: one of {', '.join(SYMBOLS)}, got {pic.currency!r}")
        if not AMOUNT_RE.match(pic.amount or ""):
            raise ValueError(f"ForumPicture.amount: a sum with two decimals (1234.56), got {pic.amount!r}")


def release_line(iso: str, seed: int) -> str:
    """The poster's release line for an ISO date, in one of two ways of writing it (by the seed)."""
    day = date.fromisoformat(iso)
    month = MONTHS[day.month - 1]
    if seed % 2 == 0:
        return f"IN CINEMAS {day.day} {month} {day.year}"
    return f"IN THEATERS {month} {day.day}, {day.year}"


def money(amount: str, currency: str) -> str:
    """-$31,146.66 / -€41,624.56 for a loss of `amount`."""
    whole, cents = amount.split(".")
    return f"-{SYMBOLS[currency]}{int(whole):,}.{cents}"


def _fit(draw: ImageDraw.ImageDraw, text: str, width: float, px: int):
    font = text_font(px)
    while px > 10 and draw.textlength(text, font=font) > width:
        px -= 2
        font = text_font(px)
    return font


def _centred(draw: ImageDraw.ImageDraw, text: str, cx: float, y: float, font, fill) -> None:
    draw.text((cx - draw.textlength(text, font=font) / 2, y), text, font=font, fill=fill)


def _wrap(title: str, limit: int) -> list[str]:
    lines: list[str] = []
    for word in title.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def poster(pic: ScreenFields, size: tuple[int, int], seed: int) -> Image.Image:
    """A portrait film poster hung on a dark cinema wall: a sky and a drawn skyline of hills, the title, a tagline
    bar and the release line at the foot."""
    rng = random.Random(f"poster:{seed}")
    w, h = size
    img = Image.new("RGB", size, (34, 30, 36))
    draw = ImageDraw.Draw(img)
    for x in range(0, w, max(8, w // 40)):  # the wall's panels
        draw.line((x, 0, x, h), fill=(40, 36, 42), width=2)
    ph = int(h * 0.92)
    pw = int(ph * 0.68)
    x0, y0 = (w - pw) // 2, (h - ph) // 2
    sky_top, sky_low, motif, title_fill = PALETTES[seed % len(PALETTES)]
    grad = Image.linear_gradient("L").resize((pw, ph))
    sheet = Image.composite(Image.new("RGB", (pw, ph), sky_low), Image.new("RGB", (pw, ph), sky_top), grad)
    sd = ImageDraw.Draw(sheet)
    sun = rng.uniform(0.25, 0.75) * pw
    sd.ellipse((sun - pw * 0.12, ph * 0.42, sun + pw * 0.12, ph * 0.42 + pw * 0.24), fill=(255, 226, 170))
    points = [(0.0, float(ph))]
    for k in range(9):  # a ridge of hills in front of the sun
        points.append((pw * k / 8, ph * rng.uniform(0.52, 0.62)))
    points.append((float(pw), float(ph)))
    sd.polygon(points, fill=motif)
    sd.rectangle((0, int(ph * 0.70), pw, ph), fill=motif)
    lines = _wrap(pic.title or "", 14)
    title_px = int(ph * 0.085)
    for i, line in enumerate(lines[:3]):
        font = _fit(sd, line, pw * 0.86, title_px)
        _centred(sd, line, pw / 2, ph * 0.07 + i * title_px * 1.1, font, title_fill)
    small = text_font(max(10, int(ph * 0.028)))
    director = rng.choice(("M. ARDEN", "J. KOVACS", "L. OKAFOR", "S. MARAIS"))
    _centred(sd, f"A FILM BY {director}", pw / 2, ph * 0.74, small, (200, 200, 200))
    for k in range(3):  # the credits block, too small to read (as on a real poster)
        bar_w = pw * rng.uniform(0.55, 0.8)
        sd.rectangle((pw / 2 - bar_w / 2, ph * (0.79 + k * 0.022), pw / 2 + bar_w / 2, ph * (0.79 + k * 0.022) + 3),
                     fill=(120, 120, 120))  # fmt: skip
    line = release_line(pic.date or "", seed)
    font = _fit(sd, line, pw * 0.9, int(ph * 0.052))
    _centred(sd, line, pw / 2, ph * 0.88, font, (255, 255, 255))
    img.paste(sheet, (x0, y0))
    draw.rectangle((x0 - 6, y0 - 6, x0 + pw + 5, y0 + ph + 5), outline=(90, 80, 60), width=6)  # the frame
    return img.filter(ImageFilter.GaussianBlur(0.4))


TICKERS = ("TSLA", "NVDA", "AMC", "GME", "PLTR", "SPY", "AAPL", "BBBY", "RIVN", "COIN")


def brokerage(pic: ScreenFields, size: tuple[int, int], seed: int) -> Image.Image:
    """A brokerage app's portfolio screen: the app's name, the account's value, the total loss in red with its
    percentage, a falling line, and the positions held (shares and change, no sums)."""
    rng = random.Random(f"brokerage:{seed}")
    w, h = size
    dark = seed % 2 == 0
    bg, ink, faint = (
        ((16, 18, 24), (236, 238, 242), (130, 136, 150)) if dark else ((250, 250, 252), (24, 26, 32), (120, 124, 136))
    )
    red = (236, 72, 72)
    img = Image.new("RGB", size, bg)
    draw = ImageDraw.Draw(img)
    symbol = SYMBOLS[pic.currency or "USD"]
    loss = float(pic.amount or "0")
    value = round(loss * rng.uniform(0.04, 0.4), 2)
    pct = loss / (loss + value) * 100
    draw.text((w * 0.05, h * 0.04), pic.title or "", font=text_font(int(h * 0.05)), fill=(70, 170, 110))
    draw.text((w * 0.05, h * 0.12), "Portfolio", font=text_font(int(h * 0.035)), fill=faint)
    draw.text((w * 0.05, h * 0.17), f"{symbol}{value:,.2f}", font=text_font(int(h * 0.085)), fill=ink)
    draw.text((w * 0.05, h * 0.29), "Total loss", font=text_font(int(h * 0.035)), fill=faint)
    draw.text((w * 0.05, h * 0.34), f"{money(pic.amount or '0.00', pic.currency or 'USD')}  (-{pct:.2f}%)",
              font=text_font(int(h * 0.06)), fill=red)  # fmt: skip
    left, right, top, bottom = w * 0.05, w * 0.58, h * 0.48, h * 0.92
    price, pts = 100.0, []
    for i in range(30):
        pts.append((left + (right - left) * i / 29, price))
        price *= 1 + rng.uniform(-0.09, 0.04)
    lo, hi = min(p for _x, p in pts), max(p for _x, p in pts)
    line = [(x, bottom - (bottom - top) * (p - lo) / max(hi - lo, 1e-6)) for x, p in pts]
    draw.line(line, fill=red, width=max(2, w // 240))
    draw.line((left, bottom + 4, right, bottom + 4), fill=faint, width=1)
    for k, tab in enumerate(("1D", "1W", "1M", "3M", "1Y", "ALL")):
        draw.text((left + k * (right - left) / 6, bottom + 10), tab, font=text_font(int(h * 0.028)),
                  fill=red if tab == "ALL" else faint)  # fmt: skip
    px = w * 0.64
    draw.text((px, h * 0.48), "Positions", font=text_font(int(h * 0.04)), fill=ink)
    row_font, note_font = text_font(int(h * 0.036)), text_font(int(h * 0.028))
    for k, ticker in enumerate(rng.sample(TICKERS, 4)):
        y = h * (0.56 + k * 0.095)
        draw.text((px, y), ticker, font=row_font, fill=ink)
        draw.text((px, y + h * 0.045), f"{rng.randint(2, 400)} shares", font=note_font, fill=faint)
        change = f"-{rng.uniform(3, 95):.1f}%"
        draw.text((w * 0.95 - draw.textlength(change, font=row_font), y), change, font=row_font, fill=red)
    return img
