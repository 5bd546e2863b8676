"""Password hashes in Werkzeug's `pbkdf2:sha256:N$salt$hex` format.

The generator needs deterministic hashes (byte-identical databases), so it supplies the salt from
its seeded random stream; accounts created on the site get a random salt from Werkzeug.
Generated sellers use fewer iterations so that the full-scale data set builds in minutes; their
passwords are public anyway (the homepage lists them).
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


def verify(stored: str, password: str) -> bool:
    try:
        return check_password_hash(stored, password)
    except (ValueError, TypeError):
        return False

