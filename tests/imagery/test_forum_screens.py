"""The film posters and brokerage screenshots of sites.imagery.forum_screens: what their facts say, how they
write a date and a loss, and which field a bad one names."""

from __future__ import annotations

import pytest

from sites.imagery.forum_pictures import ForumPicture, render_picture, validate
from sites.imagery.forum_screens import money, release_line


def test_facts_and_the_words_drawn():
    poster = ForumPicture("poster", title="THE QUIET HARBOUR", date="2019-03-04")
    assert poster.facts() == {"style": "poster", "title": "THE QUIET HARBOUR", "date": "2019-03-04"}
    assert release_line("2019-03-04", 2) == "IN CINEMAS 4 MARCH 2019"
    assert release_line("2019-03-04", 3) == "IN THEATERS MARCH 4, 2019"
    trade = ForumPicture("brokerage", title="Tradewell", currency="EUR", amount="41624.56")
    assert trade.facts() == {"style": "brokerage", "title": "Tradewell", "currency": "EUR", "amount": "41624.56"}
    assert money("41624.56", "EUR") == "-\u20ac41,624.56" and money("912.05", "USD") == "-$912.05"


def test_same_picture_twice_and_another_seed_differs():
    pic = ForumPicture("brokerage", title="Tradewell", currency="USD", amount="31146.66")
    a, b = render_picture(pic, (320, 240), 4), render_picture(pic, (320, 240), 4)
    assert a.tobytes() == b.tobytes()
    assert render_picture(pic, (320, 240), 5).tobytes() != a.tobytes()


@pytest.mark.parametrize(
    ("pic", "field"),
    [
        (ForumPicture("poster", title="X", date="2019-13-01"), "date"),
        (ForumPicture("poster", date="2019-01-01"), "title"),
        (ForumPicture("brokerage", title="T", currency="GBP", amount="1.00"), "currency"),
        (ForumPicture("brokerage", title="T", currency="USD", amount="1,000.00"), "amount"),
    ],
)
def test_bad_screens_name_the_field(pic, field):
    with pytest.raises(ValueError, match=f"ForumPicture.{field}"):
        validate(pic)
