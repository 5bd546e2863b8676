"""Password hashes in Werkzeug's `pbkdf2:sha256:N$salt$hex` format, checked at one cost for every account.

The generator needs deterministic hashes (byte-identical databases), so it supplies the salt from
its seeded random stream; accounts created on the site get a random salt from Werkzeug.
Generated sellers use fewer iterations so that the full-scale data set builds in minutes; their
passwords are public anyway (the homepage lists them). So that the time a login takes does not tell a generated
account from a strong one or from an unknown name (checked against a decoy hash of STRONG_ITERATIONS), `verify`
always spends STRONG_ITERATIONS rounds of PBKDF2: a cheaper stored hash is topped up with rounds on a throwaway
input.
"""

from __future__ import annotations

import hashlib

from werkzeug.security import check_password_hash, generate_password_hash

STRONG_ITERATIONS = 200_000
SELLER_ITERATIONS = 2_000


def hash_with_salt(password: str, salt: str, iterations: int) -> str:
    digest = hashlib.pbkdf2_hmac("sha256", password.encode(), salt.encode(), iterations).hex()
    return f"pbkdf2:sha256:{iterations}${salt}${digest}"


def hash_new(password: str) -> str:
    return generate_password_hash(password, method=f"pbkdf2:sha256:{STRONG_ITERATIONS}")


def _iterations(stored: str) -> int:
    """The PBKDF2 rounds of a stored hash (0 when it is not a pbkdf2 hash this module can read)."""
    method = stored.split("$", 1)[0].split(":")
    if len(method) == 3 and method[0] == "pbkdf2" and method[2].isascii() and method[2].isdigit():
        return int(method[2])
    return 0


def verify(stored: str, password: str) -> bool:
    try:
        ok = check_password_hash(stored, password)
    except (ValueError, TypeError):
        ok = False
    rounds = _iterations(stored) if isinstance(stored, str) else 0
    if rounds < STRONG_ITERATIONS:  # the same total cost as a strong hash, whatever was stored
        hashlib.pbkdf2_hmac("sha256", b"top-up", b"constant-cost", STRONG_ITERATIONS - rounds)
    return ok
