"""The command line of a container stack (`python -m sites.docker_stack|compose_stack up|down|status|reset|doctor`):
one parser for every stack module, which gives its operations."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from sites.config import Settings
from sites.config import settings as load_settings

COMMANDS = ("up", "down", "status", "reset", "doctor")


def run_stack_cli(
    prog: str, description: str, ops: dict[str, Callable[..., int]], argv: Sequence[str] | None = None
) -> int:
    """Parse `argv` and run the chosen operation on the current settings; `reset` takes the sites to reset
    (none: every site). `ops` maps each of COMMANDS to the stack's function."""
    missing = [c for c in COMMANDS if c not in ops]
    if missing:
        raise ValueError(f"{prog}: no operation for {', '.join(missing)}")
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("command", choices=COMMANDS)
    parser.add_argument("sites", nargs="*", help="reset only these sites")
    args = parser.parse_args(argv)
    current: Settings = load_settings()
    if args.command == "reset":
        return ops["reset"](current, args.sites or None)
    return ops[args.command](current)
