"""Embedded Wikipedia: a ZIM file built by this project (python-libzim's writer) and served by the real
kiwix-serve (Debian's kiwix-tools), as in the official deployment.

The file is named like the official one, so the official URLs hold: articles at
/wikipedia_en_all_maxi_2022-05/A/ARTICLE, the landing article at
/wikipedia_en_all_maxi_2022-05/A/User:The_other_Kiwix_guy/Landing, kiwix-serve's search and library page.

Owns the ZIM builder and its entities. May import sites.config, sites.common, sites.imagery and the
other sites' data (the brands and places its articles describe).
"""

from __future__ import annotations

BOOK = "wikipedia_en_all_maxi_2022-05"
ZIM_NAME = f"{BOOK}.zim"
LANDING = "User:The_other_Kiwix_guy/Landing"
