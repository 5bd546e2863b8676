"""Render the prompt agents' three in-context examples (one per site) in headless Chromium.

    python scripts/make_prompt_examples.py

For each example, a small page is rendered in both observation modes; the observation texts, the
screenshots (plain and Set-of-Marks) and the example reply (with the element ids resolved in the real
observation) are written to agent/prompts/examples/. The files are committed: agents never render
them at run time. Rerun after changing the observation format.
"""

from __future__ import annotations

import base64
import io
import json
import tempfile
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from agent.observation import OBSERVATION_MODES

OUT = Path(__file__).resolve().parent.parent / "agent" / "prompts" / "examples"
VIEWPORT = (800, 520)


def _bike(colour: str) -> str:
    img = Image.new("RGB", (160, 110), "#eef2f5")
    d = ImageDraw.Draw(img)
    for cx in (42, 118):
        d.ellipse((cx - 28, 52, cx + 28, 108), outline="#333", width=4)
    d.line((42, 80, 75, 45, 118, 80, 85, 80, 42, 80), fill=colour, width=6)
    d.line((75, 45, 70, 32, 88, 32), fill="#333", width=4)
    d.line((110, 40, 118, 80), fill=colour, width=6)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _machine() -> str:
    img = Image.new("RGB", (220, 200), "#ffffff")
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((40, 20, 180, 185), 12, fill="#c9ccd1", outline="#777", width=3)
    d.rectangle((70, 60, 150, 100), fill="#2d2f33")
    d.rectangle((90, 120, 130, 160), fill="#f4f4f4", outline="#555", width=2)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


STYLE = """<style>body{font-family:'DejaVu Sans',sans-serif;margin:0;font-size:14px;color:#222}
header{background:#24466b;color:#fff;padding:8px 14px;display:flex;gap:16px;align-items:center}
header a{color:#fff} main{padding:10px 14px} .item{display:flex;gap:12px;border-bottom:1px solid #ddd;padding:6px 0}
.price{font-weight:bold;color:#1a6b2a} button{padding:4px 10px}</style>"""

EXAMPLES: list[dict[str, Any]] = [
    {
        "name": "classifieds",
        "objective": "Open the listing of the blue bicycle.",
        "url": "http://classifieds.example/index.php?page=search&sCategory=bikes",
        "previous": "None",
        "html": STYLE
        + """<header><b>Classifieds</b><a href="#">Publish Ad</a><a href="#">My account</a></header>
<main><h2>Bicycles &mdash; 3 results</h2>
<div class="item"><img src="{red}" alt="Listing photo" width="160" height="110"><div>\
<a href="#">Commuter bike, 54 cm</a><p class="price">$120.00</p></div></div>
<div class="item"><img src="{blue}" alt="Listing photo" width="160" height="110"><div>\
<a href="#">Vintage road bike</a><p class="price">$85.00</p></div></div>
<div class="item"><img src="{green}" alt="Listing photo" width="160" height="110"><div>\
<a href="#">Kids bike with bell</a><p class="price">$40.00</p></div></div>
</main>""",
        "target": {"do": "click", "text": "Vintage road bike"},
        "reply": (
            "The objective is to open the listing of the blue bicycle. The page lists three bicycles with "
            "photos. The first photo shows a red frame, the second a blue frame and the third a green one. "
            'The blue bicycle is therefore the second listing, titled "Vintage road bike". Its title link '
            "has id {id}. In summary, the next action I will perform is ```click [{id}]```"
        ),
    },
    {
        "name": "shopping",
        "objective": "How many reviews does the silver espresso machine have?",
        "url": "http://shop.example/compact-espresso-machine-silver.html",
        "previous": "click [31]",
        "html": STYLE
        + """<header><b>One Stop Market</b><input aria-label="Search" placeholder="Search entire store here...">\
<a href="#">My Cart</a></header>
<main><div class="item"><img src="{machine}" alt="Compact Espresso Machine, Silver" width="220" height="200">
<div><h1>Compact Espresso Machine, Silver</h1>\
<p>Rating: 4 of 5 &middot; <a href="#">12 Reviews</a> &middot; <a href="#">Add Your Review</a></p>
<p class="price">$89.99</p><label>Qty <input value="1" size="2"></label> <button>Add to Cart</button></div></div>\
</main>""",
        "target": None,
        "reply": (
            "The objective asks for the number of reviews of the silver espresso machine. I am on the product "
            "page of the Compact Espresso Machine, Silver, and the photo shows a silver machine. Next to the "
            'rating the page shows a link "12 Reviews". So the machine has 12 reviews and I can answer. '
            "In summary, the next action I will perform is ```stop [12]```"
        ),
    },
    {
        "name": "reddit",
        "objective": "Find posts about lighthouses on the forum.",
        "url": "http://forum.example/f/pics",
        "previous": "None",
        "html": STYLE
        + """<header><b>Postmill</b><a href="#">Forums</a><a href="#">Wiki</a>
<form><input name="q" type="search" aria-label="Search query" placeholder="Search"><button>Search</button></form>\
</header>
<main><h2>/f/pics</h2><article class="item"><div><a href="#">Sunset over the harbour</a>\
<p>submitted by sea_gull 3 hours ago &middot; 14 comments</p></div></article>
<article class="item"><div><a href="#">My cat discovered the printer</a>\
<p>submitted by paperjam 5 hours ago &middot; 52 comments</p></div></article></main>""",
        "target": {"do": "type", "css": "input[name=q]"},
        "reply": (
            "The objective is to find posts about lighthouses. This forum page shows two posts, neither about "
            "a lighthouse. The header has a search box with id {id}; searching the whole forum for "
            '"lighthouse" is the quickest way. In summary, the next action I will perform is '
            "```type [{id}] [lighthouse] [1]```"
        ),
    },
]


def main() -> None:
    from agent.browser import BrowserEnv  # only the generator needs a browser

    OUT.mkdir(parents=True, exist_ok=True)
    images = {"red": _bike("#c62828"), "blue": _bike("#1e56c8"), "green": _bike("#2e7d32"), "machine": _machine()}
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        for example in EXAMPLES:
            page = Path(tmp) / f"{example['name']}.html"
            html = example["html"]
            for key, url in images.items():
                html = html.replace("{" + key + "}", url)
            page.write_text(
                f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{example['name']}</title>"
                f"</head><body>{html}</body></html>",
                encoding="utf-8",
            )
            record = {k: example[k] for k in ("name", "objective", "url", "previous")}
            for mode in OBSERVATION_MODES:
                with BrowserEnv(viewport=VIEWPORT, mode=mode) as env:
                    env.open([page.as_uri()])
                    obs = env.observe()
                    element_id = ""
                    if example["target"]:
                        target = example["target"]
                        element_id = env.resolve_element_id(css=target.get("css"), text=target.get("text"))
                    png = obs.som_screenshot if mode == "som" else obs.screenshot
                    if png is None:
                        raise RuntimeError(f"{example['name']}: the {mode} observation has no screenshot")
                    (OUT / f"{example['name']}_{mode}.png").write_bytes(png)
                    record[mode] = {
                        "observation": obs.text.replace(page.as_uri(), example["url"]),
                        "reply": example["reply"].replace("{id}", element_id),
                        "screenshot": f"{example['name']}_{mode}.png",
                    }
            records.append(record)
    (OUT / "examples.json").write_text(json.dumps(records, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(records)} examples to {OUT}")


if __name__ == "__main__":
    main()
