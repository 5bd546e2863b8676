"""Set-of-Marks observations and actions through their ids, in a real headless Chromium."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from agent.actions import parse_action
from agent.browser import BrowserEnv
from agent.som import Mark, draw_marks, encode_png, mark_colour
from tests.found import found


def _status(env, element_id="status"):
    return env.driver.find_element("id", element_id).text


def test_observation_carries_page_tabs_and_screenshots(som_env, pages):
    som_env.open([pages("basic.html")])
    obs = som_env.observe()
    assert obs.url == pages("basic.html") and obs.mode == "som"
    assert [t.title for t in obs.tabs] == ["Basic fixture"] and obs.focused_tab == 0
    shot = Image.open(io.BytesIO(obs.screenshot))
    assert shot.size == (1280, 2048)  # exact viewport, scale factor 1
    marked = Image.open(io.BytesIO(obs.som_screenshot))
    assert marked.size == shot.size and marked.tobytes() != shot.convert("RGB").tobytes()
    assert "<h1>Fixture shop</h1>" in obs.html
    assert "data-vwa" not in obs.html and "__vwa" not in obs.html  # the page is not polluted
    assert obs.meta["n_elements"] == len(re.findall(r"^\[\d+\]", obs.text, re.M))
    assert set(obs.meta["timings"]) >= {"text", "screenshot", "som_draw", "html"}


def test_text_lists_marks_and_static_text(som_env, pages):
    som_env.open([pages("basic.html")])
    lines = som_env.observe().text.splitlines()
    assert "[] [StaticText] [Fixture shop]" in lines
    assert "[] [StaticText] [not clicked]" in lines
    assert any(re.fullmatch(r"\[\d+\] \[BUTTON\] \[Add to cart\]", line) for line in lines)
    assert any(re.fullmatch(r"\[\d+\] \[A\] \[Second page\]", line) for line in lines)
    assert any(re.fullmatch(r"\[\d+\] \[INPUT\] \[old text\]", line) for line in lines)
    assert any(re.fullmatch(r"\[\d+\] \[SELECT\] \[Red\]", line) for line in lines)
    assert not any("Secret" in line for line in lines)  # display: none button is not marked


def test_click_by_id(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    button = som_env.resolve_element_id(text="Add to cart")
    assert som_env.step(parse_action(f"click [{button}]")) is None
    assert _status(som_env) == "clicked 1"


def test_type_replaces_content_and_enter_submits(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    box = som_env.resolve_element_id(css="#q")
    assert som_env.step(parse_action(f"type [{box}] [blue shirt]")) is None
    assert som_env.driver.current_url == pages("second.html") + "?q=blue+shirt"  # old text was replaced


def test_type_without_enter_and_into_textarea(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    field = som_env.resolve_element_id(css="#no-enter")
    notes = som_env.resolve_element_id(css="#notes")
    assert som_env.step(parse_action(f"type [{field}] [abc] [0]")) is None
    assert som_env.step(parse_action(f"type [{notes}] [two [bracketed] words] [0]")) is None
    assert _status(som_env, "enter-status") == "no enter"

    def value(css):
        return som_env.driver.find_element("css selector", css).get_attribute("value")

    assert value("#no-enter") == "abc" and value("#notes") == "two [bracketed] words"
    assert som_env.step(parse_action(f"type [{field}] [xyz] [1]")) is None
    assert _status(som_env, "enter-status") == "enter pressed" and value("#no-enter") == "xyz"


def test_type_into_select_chooses_option(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    select = som_env.resolve_element_id(css="#colour")
    assert som_env.step(parse_action(f"type [{select}] [Blue] [0]")) is None
    assert som_env.driver.find_element("id", "colour").get_attribute("value") == "Blue"
    error = som_env.step(parse_action(f"type [{select}] [Purple] [0]"))
    assert error and "no option 'Purple'" in error and "Green" in error


def test_hover_and_press(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    target = som_env.resolve_element_id(text="Hover me")
    assert som_env.step(parse_action(f"hover [{target}]")) is None
    assert _status(som_env, "hover-status") == "hovered"
    keys = som_env.resolve_element_id(css="#keys")
    assert som_env.step(parse_action(f"click [{keys}]")) is None
    assert som_env.step(parse_action("press [Ctrl+b]")) is None
    assert _status(som_env, "key-status") == "Ctrl+b"
    assert som_env.step(parse_action("press [Enter]")) is None
    assert _status(som_env, "key-status") == "Enter"


def test_select_all_then_typing_replaces_with_keys(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    box = som_env.resolve_element_id(css="#no-enter")
    som_env.step(parse_action(f"type [{box}] [hello] [0]"))
    assert som_env.step(parse_action("press [Meta+a]")) is None
    assert som_env.step(parse_action("press [Backspace]")) is None
    assert som_env.driver.find_element("id", "no-enter").get_attribute("value") == ""


def test_scroll_changes_the_visible_region(som_env, pages):
    som_env.open([pages("long.html")])
    first = som_env.observe().text
    assert "Top button" in first and "Bottom button" not in first
    assert som_env.step(parse_action("scroll [down]")) is None
    assert som_env.driver.execute_script("return scrollY") == 2048
    second = som_env.observe().text
    assert "Top button" not in second and "Bottom button" in second
    assert som_env.step(parse_action("scroll [direction=up]")) is None
    assert som_env.driver.execute_script("return scrollY") == 0


def test_dense_page_id_clicks_exactly_its_button(som_env, pages):
    som_env.open([pages("dense.html")])
    obs = som_env.observe()
    assert obs.meta["n_elements"] >= 500
    line = next(row for row in obs.text.splitlines() if row.endswith("[BUTTON] [B437]"))
    element_id = found(r"^\[(\d+)\]", line)
    assert som_env.step(parse_action(f"click [{element_id}]")) is None
    assert _status(som_env, "result") == "B437"
    assert som_env.resolve_element_id(css="#b512") != som_env.resolve_element_id(css="#b511")


def test_resolve_element_id(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    by_css = som_env.resolve_element_id(css="#counter")
    assert som_env.resolve_element_id(text="Add to cart") == by_css
    assert som_env.resolve_element_id(text="add TO cart") == by_css  # case-insensitive equality
    assert som_env.resolve_element_id(text="to car") == by_css  # else containment
    assert som_env.resolve_element_id(css="button", text="Go") != by_css  # css filtered by text
    with pytest.raises(LookupError, match="#hidden-btn"):
        som_env.resolve_element_id(css="#hidden-btn")  # hidden: not in the observation
    with pytest.raises(LookupError, match="Checkout"):
        som_env.resolve_element_id(text="Checkout")
    with pytest.raises(LookupError, match="invalid CSS selector"):
        som_env.resolve_element_id(css="button[")


def test_draw_marks_places_labels_outside_boxes():
    blank = Image.new("RGB", (300, 200), "white")
    buf = io.BytesIO()
    blank.save(buf, format="PNG")
    marks = [Mark("0", None, "BUTTON", "a", (50, 60, 80, 30)), Mark("17", None, "A", "b", (50, 120, 80, 30))]
    out = Image.open(io.BytesIO(draw_marks(buf.getvalue(), marks))).convert("RGB")
    assert out.getpixel((50, 75)) == mark_colour(0)  # left edge of the first box
    assert out.getpixel((90, 75)) == (255, 255, 255)  # its interior stays clear
    above = [out.getpixel((x, y)) for x in range(50, 70) for y in range(45, 59)]
    assert mark_colour(0) in above  # its label sits above the box
    assert mark_colour(0) != mark_colour(1)


def test_rating_stars_and_linked_images_are_marked(som_env, pages):
    som_env.open([pages("basic.html")])
    obs = som_env.observe()
    star_lines = [line for line in obs.text.splitlines() if line.endswith("[SPAN] [★]")]
    assert len(star_lines) == 5
    assert any(re.fullmatch(r"\[\d+\] \[IMG\] \[Shop logo\]", line) for line in obs.text.splitlines())
    fourth = found(r"^\[(\d+)\]", star_lines[3])
    assert som_env.step(parse_action(f"click [{fourth}]")) is None
    assert _status(som_env, "rating") == "4 stars"
    logo = som_env.resolve_element_id(text="Shop logo")
    assert som_env.step(parse_action(f"click [{logo}]")) is None
    assert som_env.observe().url == pages("second.html")


def test_scroll_inside_a_scrolling_container(som_env, pages):
    som_env.set_viewport(1000, 800)
    try:
        som_env.open([pages("container.html")])
        assert "First pane button" in som_env.observe().text
        assert som_env.step(parse_action("scroll [down]")) is None
        assert som_env.driver.execute_script("return document.getElementById('pane').scrollTop") == 800
        text = som_env.observe().text
        assert "First pane button" not in text and "Second pane button" in text
    finally:
        som_env.set_viewport(1280, 2048)


def test_labels_of_a_tight_grid_do_not_overlap():
    from agent.som import _overlaps, place_labels

    boxes: list[tuple[float, float, float, float]] = [
        (10 + c * 62, 30 + r * 34, 10 + c * 62 + 58, 30 + r * 34 + 30) for r in range(20) for c in range(15)
    ]
    ids = [str(i) for i in range(len(boxes))]
    labels = place_labels(boxes, ids, (1000, 800))
    assert len(labels) == len(boxes)
    for i, a in enumerate(labels):
        assert 0 <= a[0] and 0 <= a[1] and a[2] <= 1000 and a[3] <= 800
        assert not any(_overlaps(a, b) for b in labels[i + 1 :]), f"label {i} overlaps a later one"
    # with room above, the first row's labels sit just above their boxes
    assert labels[0][3] == boxes[0][1] and labels[0][0] == boxes[0][0]


def _pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_marks_are_kept_out_of_the_pages_own_world(som_env, pages):
    som_env.open([pages("basic.html")])
    som_env.observe()
    # the collector's state lives in an isolated world: the page's scripts see nothing
    assert (
        som_env.driver.execute_script(
            "return [typeof window.__vwaMarks, typeof window.__vwaWorld, typeof window.__vwaTarget]"
        )
        == ["undefined"] * 3
    )
    marks = som_env.marks  # WebElements, found for every mark in one go
    assert marks and all(m.element is not None and m.element.tag_name.upper() == m.tag for m in marks)
    counter = next(m for m in marks if m.text == "Add to cart")
    assert counter.element.get_attribute("id") == "counter"


def test_marked_screenshot_is_encoded_once_on_first_read_and_lossless(som_env, pages):
    som_env.open([pages("basic.html")])
    obs = som_env.observe()
    assert "som_encode" not in obs.meta["timings"]
    png = obs.som_screenshot
    assert "som_encode" in obs.meta["timings"] and obs.som_screenshot is png
    assert _pixels(png) == obs.som_image.tobytes()
    assert _pixels(png) == _pixels(draw_marks(obs.screenshot, som_env.marks))  # the same drawing


@pytest.mark.parametrize("deflater", ["isal", "zlib"])
def test_encode_png_is_lossless(deflater, monkeypatch):
    import zlib

    import numpy as np

    from agent import som

    if deflater == "zlib":
        monkeypatch.setattr(som, "_deflater", zlib)
    else:
        assert som._deflater is not zlib, "isal is a dependency of the project: install it (make install)"
    rng = np.random.default_rng(7)
    noise = Image.fromarray(rng.integers(0, 256, (37, 53, 3), dtype=np.uint8), "RGB")
    flat = Image.new("RGB", (64, 48), (250, 250, 250))
    for image in (noise, flat, noise.convert("RGBA")):
        decoded = Image.open(io.BytesIO(encode_png(image)))
        decoded.load()  # Pillow checks each chunk's CRC
        assert decoded.mode == "RGB" and decoded.size == image.size
        assert decoded.tobytes() == image.convert("RGB").tobytes()


def test_html_is_read_on_first_use_and_only_before_the_next_step(som_env, pages):
    som_env.open([pages("basic.html")])
    obs = som_env.observe()
    assert "html" not in obs.meta["timings"]
    assert "<h1>Fixture shop</h1>" in obs.html and "html" in obs.meta["timings"]
    later = som_env.observe()
    assert som_env.step(parse_action("scroll [down]")) is None
    with pytest.raises(RuntimeError, match="before the environment's next action"):
        _ = later.html
    assert "<h1>Fixture shop</h1>" in obs.html  # read before: kept


def test_observing_through_chromedriver_alone_gives_the_same_observation(pages):
    """Without the DevTools socket (a Selenium Grid) every command goes through ChromeDriver: same result.
    Two fresh browsers, so that nothing else (a mouse left over a link) tells their frames apart."""
    with (
        BrowserEnv(viewport=(1280, 2048), mode="som") as fast_env,
        BrowserEnv(viewport=(1280, 2048), mode="som", devtools_socket=False) as relay,
    ):
        for page in ("basic.html", "dense.html"):
            fast_env.open([pages(page)])
            relay.open([pages(page)])
            fast, slow = fast_env.observe(), relay.observe()
            assert fast.text == slow.text and fast.tabs == slow.tabs
            assert _pixels(fast.screenshot) == _pixels(slow.screenshot)
            assert fast.som_screenshot and slow.som_screenshot  # som mode: both marked
            assert _pixels(fast.som_screenshot) == _pixels(slow.som_screenshot)
        assert (
            fast_env.channel.open_sockets and not relay.channel.open_sockets
        )  # each took the path it is meant to test
        button = relay.resolve_element_id(text="B437")
        assert relay.step(parse_action(f"click [{button}]")) is None
        assert _status(relay, "result") == "B437"
        relay.mode = "accessibility_tree"
        assert re.match(r"\[\d+\] RootWebArea 'Dense fixture'", relay.observe().text)


def test_type_into_fields_of_every_kind(som_env, pages):
    som_env.open([pages("forms.html")])
    som_env.observe()

    def value(css):
        return som_env.driver.find_element("css selector", css).get_attribute("value")

    when = som_env.resolve_element_id(css="#when")
    assert som_env.step(parse_action(f"type [{when}] [03142024] [0]")) is None  # a date input: WebDriver's keys
    editor = som_env.resolve_element_id(css="#editor")
    assert som_env.step(parse_action(f"type [{editor}] [new words] [0]")) is None
    assert som_env.driver.find_element("id", "editor").text == "new words"
    size = som_env.resolve_element_id(css="#size")
    assert som_env.step(parse_action(f"type [{size}] [large] [0]")) is None  # the option, ignoring case
    assert value("#size") == "Large" and _status(som_env, "size-status") == "size Large"  # change event fired
    keys = som_env.resolve_element_id(css="#keys-field")
    assert som_env.step(parse_action(f"type [{keys}] [ab] [1]")) is None
    assert value("#keys-field") == "ab" and _status(som_env, "key-log") == "a b Enter"  # real key events
    error = som_env.step(parse_action(f"type [{som_env.resolve_element_id(css='#locked')}] [x] [0]"))
    assert error and "hidden, disabled or cannot take text" in error
    assert som_env.step(parse_action(f"type [{som_env.resolve_element_id(css='#frozen')}] [x] [0]")) is None
    assert value("#locked") == "fixed" and value("#frozen") == "frozen"  # read-only: keys do nothing


def test_click_scrolls_an_element_below_the_viewport_into_view(som_env, pages):
    som_env.set_viewport(1000, 800)
    try:
        som_env.open([pages("forms.html")])
        assert "Far button" not in som_env.observe().text  # off screen: not marked
        for _ in range(8):
            assert som_env.step(parse_action("scroll [down]")) is None
            if "Far button" in som_env.observe().text:
                break
        far = som_env.resolve_element_id(text="Far button")
        som_env.driver.execute_script("window.scrollTo(0, 0)")  # the page moved since the observation
        assert som_env.step(parse_action(f"click [{far}]")) is None
        assert som_env.driver.find_element("id", "far").text == "Far button clicked"
        bottom = som_env.driver.execute_script("return document.getElementById('far').getBoundingClientRect().bottom")
        assert abs(bottom - 800) < 1  # scrolled as WebDriver does: to the bottom edge
    finally:
        som_env.set_viewport(1280, 2048)


def test_marked_png_from_the_rows_is_pillows_drawing_pixel_for_pixel():
    """paint_png (decode_rows, draw_marks_rows, encode_rows) gives the very frame draw_marks gives, boxes of every
    size (under 4 px a side too), labels at sub-pixel spots and at the frame's edges, and the same marks again on
    another frame (the labels kept from the first drawing); decode_rows reads only the PNGs it can (Pillow's own,
    with other filters, go through Pillow)."""
    import random

    import numpy as np

    from agent.som import decode_rgb, decode_rows, paint_png

    rng = random.Random(11)
    for trial in range(12):
        width, height = rng.choice([(640, 480), (200, 120), (48, 30)])
        marks = []
        for i in range(rng.randint(1, 60)):
            x, y = rng.uniform(-20, width - 2), rng.uniform(-20, height - 2)
            w = rng.choice([rng.uniform(0.5, 5), rng.uniform(1, 300)])
            h = rng.choice([rng.uniform(0.5, 5), rng.uniform(1, 200)])
            if x + w > 1 and y + h > 1:
                marks.append(Mark(str(i), None, "A", "", (x, y, w, h)))
        for seed in (trial, trial + 100):
            pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 3), dtype=np.uint8)
            png = encode_png(Image.fromarray(pixels, "RGB"))
            rows = decode_rows(png)
            assert rows is not None and np.array_equal(rows, pixels)
            assert _pixels(paint_png(png, marks)) == _pixels(draw_marks(png, marks)), f"trial {trial}, seed {seed}"
    own = io.BytesIO()
    Image.fromarray(pixels, "RGB").save(own, "PNG", optimize=True)  # Pillow picks its filters per row
    own_rows = decode_rows(own.getvalue())
    assert own_rows is None or np.array_equal(own_rows, pixels)
    assert _pixels(paint_png(own.getvalue(), marks)) == _pixels(draw_marks(own.getvalue(), marks))
    assert decode_rgb(own.getvalue()).tobytes() == pixels.tobytes()


def test_the_text_of_scripts_styles_templates_and_drawings_is_left_out_at_any_depth(som_env, pages):
    """The collector steps over the subtree of a script, style, noscript, template or svg element wherever it is
    (nested, the last child of its parent, the last element of the page) and reads on after it."""
    som_env.open([pages("skipped.html")])
    obs = som_env.observe()
    lines = obs.text.splitlines()
    for shown in ("first words", "middle words", "last item"):
        assert f"[] [StaticText] [{shown}]" in lines, lines
    for hidden in ("svg words", "script words", "noscript words", "template words", "color: red", "svg link"):
        assert hidden not in obs.text, lines
    assert [m.text for m in obs.meta["marks"]] == ["Go"]
