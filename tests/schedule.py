"""The order make test hands the tests' work units to pytest-xdist's workers (`--dist loadgroup
--no-loadscope-reorder`: a unit is an `xdist_group`, or a single test outside any group; units go out in the
order of their first test).

xdist's own reordering sends the units with the most tests first, so a group of one or a few long tests (a Ray
cluster's runs, a real Docker engine, an AgentLab study) went out among the thousands of quick single tests and
could start late, leaving one worker busy after the others ran out of work. Here the units go out longest
first as far as the marks tell: units holding a test marked `slow` first, then the other groups (each shares a
costly fixture: a suite's build, a crawl of the sites, a reference run), then the single tests; within each
class the larger units first, ties in collection order. Which tests run is unchanged, and so is each unit's
own order of tests.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest


def unit_of(item: pytest.Item) -> str:
    """The work unit of an item as `--dist loadgroup` forms it: its groups' names, else its own node id."""
    groups = {str(m.args[0] if m.args else m.kwargs.get("name", "default")) for m in item.iter_markers("xdist_group")}
    return "@" + "_".join(sorted(groups)) if groups else item.nodeid


def longest_first(items: Sequence[pytest.Item]) -> list[pytest.Item]:
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        units.setdefault(unit_of(item), []).append(item)

    def rank(entry: tuple[int, tuple[str, list[pytest.Item]]]) -> tuple[bool, bool, int, int]:
        position, (name, members) = entry
        slow = any(i.get_closest_marker("slow") for i in members)
        return (not slow, not name.startswith("@"), -len(members), position)

    ordered = sorted(enumerate(units.items()), key=rank)
    return [item for _position, (_name, members) in ordered for item in members]
