"""Relative dates on the forum ("5 days ago") are measured from the forum's clock, the end of the generated data's
time span, not from the machine's clock: a question about when something was posted keeps its answer."""

from __future__ import annotations

from datetime import timedelta

from sites.reddit.generate import EPOCH, SPAN_DAYS
from sites.reddit.schema import STAMP
from sites.reddit.web import ago, forum_now


def test_the_clock_is_the_end_of_the_data_span():
    assert forum_now().replace(tzinfo=None) == EPOCH + timedelta(days=SPAN_DAYS)


def test_ages_are_counted_from_the_forum_clock():
    end = EPOCH + timedelta(days=SPAN_DAYS)
    assert ago((end - timedelta(days=5)).strftime(STAMP)) == "5 days ago"
    assert ago((end - timedelta(days=95)).strftime(STAMP)) == "3 months ago"
    assert ago(EPOCH.strftime(STAMP)) == "1 year ago"


def test_anything_after_the_clock_is_just_now():
    assert ago((EPOCH + timedelta(days=SPAN_DAYS + 900)).strftime(STAMP)) == "just now"
