"""The sites' static files (theme CSS and scripts) are cacheable (sites/common/app.py): a page load does not ask
for each of them again; the photo views keep their own max-age."""

from __future__ import annotations

import re
import sqlite3

from sites.common.app import STATIC_MAX_AGE_S


def test_static_files_carry_a_max_age_not_no_cache(client):
    html = client.get("/").get_data(as_text=True)
    links = re.findall(r'href="([^"]+\.css)"', html)
    assert links, "the home page links no stylesheet"
    response = client.get(links[0])
    assert response.status_code == 200
    assert response.cache_control.max_age == STATIC_MAX_AGE_S
    assert not response.cache_control.no_cache


def test_photos_keep_their_own_max_age(client, dataset):
    photo_id = sqlite3.connect(dataset.db).execute("SELECT id FROM photo ORDER BY id LIMIT 1").fetchone()[0]
    response = client.get(f"/oc-content/uploads/{photo_id}.jpg")
    assert response.status_code == 200 and response.cache_control.max_age == 3600
