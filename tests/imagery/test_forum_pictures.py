"""Forum pictures: every style renders deterministically, its facts name what it shows, bad specs are named."""

from __future__ import annotations

import pytest

from sites.imagery.forum_pictures import ForumPicture, render_picture

PICTURES = [
    ForumPicture("photo", kind="cat", count=2),
    ForumPicture("meme", kind="dog", top_text="HI", bottom_text="THERE"),
    ForumPicture("vintage", kind="car", tone="sepia"),
    ForumPicture("chart", title="Books", labels=("a", "b", "c"), values=(3, 9, 5)),
    ForumPicture("stock", title="GME", values=(10, 12, 9, 20)),
    ForumPicture("landscape", count=3, time_of_day="sunset", snow=True, water=False),
    ForumPicture("space", color="blue", count=2, rings=True),
    ForumPicture("artwork", color="red", count=4, shape="circles"),
    ForumPicture("skyline", count=6, time_of_day="night"),
]


@pytest.mark.parametrize("pic", PICTURES, ids=lambda p: p.style)
def test_each_style_renders_the_same_twice(pic):
    a, b = render_picture(pic, (160, 120), 5), render_picture(pic, (160, 120), 5)
    assert a.size == (160, 120) and a.tobytes() == b.tobytes()


def test_facts():
    chart = PICTURES[3].facts()
    assert chart["highest"] == "b" and chart["lowest"] == "a" and chart["values"] == [3, 9, 5]
    assert PICTURES[4].facts()["trend"] == "up"
    assert PICTURES[5].facts() == {
        "style": "landscape",
        "count": 3,
        "time_of_day": "sunset",
        "snow": True,
        "water": False,
    }
    assert "rings" not in PICTURES[0].facts()


@pytest.mark.parametrize(
    "pic,field",
    [
        (ForumPicture("hologram"), "style"),
        (ForumPicture("photo", kind="unicorn"), "kind"),
        (ForumPicture("meme", kind="cat", top_text="x" * 80), "top_text"),
        (ForumPicture("chart", labels=("a",), values=(1,)), "labels"),
        (ForumPicture("chart", labels=("a", "b"), values=(1, 10**9)), "values"),
        (ForumPicture("landscape", time_of_day="noon"), "time_of_day"),
        (ForumPicture("space", color="teal"), "color"),
    ],
)
def test_bad_pictures_name_the_field(pic, field):
    with pytest.raises(ValueError, match=field):
        render_picture(pic, (100, 100), 1)
