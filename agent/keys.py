"""Key names of the `press` action mapped to Selenium keys.

`press [Ctrl+a]`, `press [Enter]`, `press [Meta+ArrowLeft]`: parts joined by '+', modifiers first.
The benchmark's prompts were written on macOS, where Meta (Cmd) is the command modifier; in the
Linux Chromium this project drives, the command modifier is Control, so Meta/Cmd map to Control.
"""

from __future__ import annotations

from dataclasses import dataclass

from selenium.webdriver.common.keys import Keys

MODIFIER_KEYS: dict[str, str] = {
    "ctrl": Keys.CONTROL,
    "control": Keys.CONTROL,
    "meta": Keys.CONTROL,
    "cmd": Keys.CONTROL,
    "command": Keys.CONTROL,
    "shift": Keys.SHIFT,
    "alt": Keys.ALT,
    "option": Keys.ALT,
}

NAMED_KEYS: dict[str, str] = {
    "enter": Keys.ENTER,
    "return": Keys.ENTER,
    "tab": Keys.TAB,
    "escape": Keys.ESCAPE,
    "esc": Keys.ESCAPE,
    "backspace": Keys.BACKSPACE,
    "delete": Keys.DELETE,
    "space": Keys.SPACE,
    "home": Keys.HOME,
    "end": Keys.END,
    "pageup": Keys.PAGE_UP,
    "pagedown": Keys.PAGE_DOWN,
    "arrowup": Keys.ARROW_UP,
    "arrowdown": Keys.ARROW_DOWN,
    "arrowleft": Keys.ARROW_LEFT,
    "arrowright": Keys.ARROW_RIGHT,
    "up": Keys.ARROW_UP,
    "down": Keys.ARROW_DOWN,
    "left": Keys.ARROW_LEFT,
    "right": Keys.ARROW_RIGHT,
    "insert": Keys.INSERT,
    **{f"f{i}": getattr(Keys, f"F{i}") for i in range(1, 13)},
}


@dataclass(frozen=True)
class KeyChord:
    modifiers: tuple[str, ...]  # Selenium key codes held down
    key: str  # Selenium key code or a single character


def parse_key_comb(comb: str) -> KeyChord:
    """`Ctrl+Shift+a` -> KeyChord. Raises ValueError naming the unknown part."""
    parts = [p.strip() for p in comb.split("+")]
    if comb.strip() == "+":
        return KeyChord((), "+")
    if any(not p for p in parts):
        raise ValueError(f"empty key in {comb!r}")
    *mods, key = parts
    modifiers = []
    for m in mods:
        if m.lower() not in MODIFIER_KEYS:
            raise ValueError(f"unknown modifier {m!r} in {comb!r}")
        modifiers.append(MODIFIER_KEYS[m.lower()])
    if len(key) == 1:
        return KeyChord(tuple(modifiers), key)
    if key.lower() in NAMED_KEYS:
        return KeyChord(tuple(modifiers), NAMED_KEYS[key.lower()])
    if key.lower() in MODIFIER_KEYS:
        return KeyChord(tuple(modifiers), MODIFIER_KEYS[key.lower()])
    raise ValueError(f"unknown key {key!r} in {comb!r}")
