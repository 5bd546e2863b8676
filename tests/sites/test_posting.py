"""Posting, editing, deleting (owner only), uploads checked, comments with ratings, escaping, CSRF."""

from __future__ import annotations

import io
import re
import sqlite3

from PIL import Image

from sites.common.photos import MAX_UPLOAD_BYTES
from tests.found import found, rgb
from tests.sites.conftest import csrf_of, login, png_bytes

ADD = "/index.php?page=item&action=item_add"


def _post(client, csrf, photos=(), **fields):
    data = {
        "page": "item",
        "action": "item_add_post",
        "csrf": csrf,
        "title": "Red kettle",
        "description": "Works fine, pickup in Dover.",
        "price": "1,234.50",
        "sCategory": "2",
        "sRegion": "",
        "sCity": "1",
        **fields,
    }
    if photos:
        data["photos"] = [(io.BytesIO(content), name) for content, name in photos]
    return client.post("/index.php", data=data, content_type="multipart/form-data")


def _new_id(response) -> int:
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    return int(found(r"id=(\d+)", response.headers["Location"]))


def test_post_listing_with_photo(blake, app):
    token = csrf_of(blake, ADD)
    item_id = _new_id(_post(blake, token, photos=[(png_bytes((10, 200, 10)), "../../evil name.png")]))
    html = blake.get(f"/index.php?page=item&id={item_id}").get_data(as_text=True)
    assert "Red kettle" in html and '<div class="price">$1,234.50</div>' in html
    assert "Edit listing" in html
    photo_id = int(found(r'class="main-photo" src="/oc-content/uploads/(\d+)\.jpg"', html))
    image = Image.open(io.BytesIO(blake.get(f"/oc-content/uploads/{photo_id}.jpg").data))
    assert image.format == "JPEG" and rgb(image, (32, 24))[1] > 150  # the green square we sent
    thumb = blake.get(f"/oc-content/uploads/{photo_id}_thumbnail.jpg")
    assert thumb.status_code == 200
    names = [p.name for p in app.config["CLASSIFIEDS"].upload_dir.iterdir()]
    assert all(re.fullmatch(r"u[0-9a-f]{24}(-t)?\.jpg", n) for n in names), names  # no user path parts
    assert "evil" not in " ".join(names)
    # the listing is found by search and in "my listings"
    assert f"id={item_id}" in blake.get("/index.php?page=search&sPattern=kettle").get_data(as_text=True)
    assert f"id={item_id}" in blake.get("/index.php?page=user&action=items").get_data(as_text=True)


def test_removed_uploads_leave_the_disk(blake, app):
    token = csrf_of(blake, ADD)
    item_id = _new_id(_post(blake, token, photos=[(png_bytes(), "a.png"), (png_bytes((0, 0, 255)), "b.png")]))
    upload_dir = app.config["CLASSIFIEDS"].upload_dir
    assert len(list(upload_dir.iterdir())) == 2
    form = blake.get(f"/index.php?page=item&action=item_edit&id={item_id}").get_data(as_text=True)
    first = re.findall(r'name="remove_photo" value="(\d+)"', form)[0]
    edit = {
        "page": "item",
        "action": "item_edit_post",
        "id": str(item_id),
        "csrf": token,
        "title": "Red kettle",
        "description": "Works fine.",
        "price": "3",
        "sCategory": "2",
        "sRegion": "",
        "sCity": "1",
        "remove_photo": first,
    }
    assert blake.post("/index.php", data=edit).status_code == 302
    assert len([p for p in upload_dir.iterdir() if not p.name.endswith("-t.jpg")]) == 1
    assert (
        blake.post(
            "/index.php", data={"page": "item", "action": "item_delete", "id": str(item_id), "csrf": token}
        ).status_code
        == 302
    )
    assert list(upload_dir.iterdir()) == []


def test_uploads_are_checked(blake, app):
    token = csrf_of(blake, ADD)
    fake = b"<?php echo 'hi'; ?>" + b"\0" * 100
    big = b"\xff\xd8\xff" + b"0" * (MAX_UPLOAD_BYTES + 10)
    response = _post(blake, token, photos=[(fake, "photo.jpg"), (big, "big.jpg"), (png_bytes(), "ok.png")])
    item_id = _new_id(response)
    html = blake.get(f"/index.php?page=item&id={item_id}").get_data(as_text=True)
    assert "photo.jpg: the file is not an image" in html
    assert "big.jpg: the file is larger than 5 MB" in html
    assert (
        len(
            re.findall(
                r'src="/oc-content/uploads/\d+\.jpg"', html.split('<div class="item-photos">')[1].split("<h2>")[0]
            )
        )
        == 1
    )
    assert len([p for p in app.config["CLASSIFIEDS"].upload_dir.iterdir() if not p.name.endswith("-t.jpg")]) == 1


def test_invalid_listing_form_is_explained(blake):
    token = csrf_of(blake, ADD)
    response = _post(blake, token, title="", price="free", sCategory="999", sCity="abc")
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    for message in ("Title:", "Price:", "Category:", "City:"):
        assert message in html
    wrong_state = _post(blake, token, sRegion="2", sCity="1")  # city 1 is in region 1
    assert wrong_state.status_code == 400 and "not in the chosen state" in wrong_state.get_data(as_text=True)


def test_posting_requires_login_and_csrf(client, blake):
    anonymous = client.application.test_client()
    assert _post(anonymous, "x").status_code == 401
    assert _post(blake, "forged").status_code == 400


def test_user_content_is_escaped(blake):
    token = csrf_of(blake, ADD)
    item_id = _new_id(_post(blake, token, title="<script>alert(1)</script>", description="<b>bold</b> & <img src=x>"))
    html = blake.get(f"/index.php?page=item&id={item_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<img src=x>" not in html and "&lt;b&gt;bold&lt;/b&gt; &amp;" in html
    home = blake.get("/").get_data(as_text=True)
    assert "<script>alert(1)" not in home and "&lt;script&gt;" in home


def test_edit_and_delete_own_listing_only(client, app, dataset):
    conn = sqlite3.connect(dataset.db)
    own = conn.execute("SELECT id FROM item WHERE user_id = 1 ORDER BY id LIMIT 1").fetchone()[0]
    other = conn.execute("SELECT id FROM item WHERE user_id != 1 ORDER BY id LIMIT 1").fetchone()[0]
    login(client)
    assert client.get(f"/index.php?page=item&action=item_edit&id={other}").status_code == 403
    assert "Edit listing" not in client.get(f"/index.php?page=item&id={other}").get_data(as_text=True)
    form = client.get(f"/index.php?page=item&action=item_edit&id={own}").get_data(as_text=True)
    token = found(r'name="csrf" value="([^"]+)"', form)
    photo_ids = [int(x) for x in re.findall(r'name="remove_photo" value="(\d+)"', form)]
    assert photo_ids
    base = {
        "page": "item",
        "action": "item_edit_post",
        "csrf": token,
        "title": "Edited title here",
        "description": "New words.",
        "price": "42",
        "sCategory": "5",
        "sRegion": "",
        "sCity": "2",
    }
    forbidden = client.post("/index.php", data={**base, "id": str(other)})
    assert forbidden.status_code == 403
    assert conn.execute("SELECT title FROM item WHERE id = ?", (other,)).fetchone()[0] != "Edited title here"
    response = client.post("/index.php", data={**base, "id": str(own), "remove_photo": [str(photo_ids[0])]})
    assert response.status_code == 302
    html = client.get(f"/index.php?page=item&id={own}").get_data(as_text=True)
    assert "Edited title here" in html and '<div class="price">$42.00</div>' in html
    assert f"/oc-content/uploads/{photo_ids[0]}.jpg" not in html
    # delete: not someone else's, then our own
    assert (
        client.post(
            "/index.php", data={"page": "item", "action": "item_delete", "id": str(other), "csrf": token}
        ).status_code
        == 403
    )
    assert client.post("/index.php", data={"page": "item", "action": "item_delete", "id": str(own)}).status_code == 400
    assert (
        client.post(
            "/index.php", data={"page": "item", "action": "item_delete", "id": str(own), "csrf": token}
        ).status_code
        == 302
    )
    assert client.get(f"/index.php?page=item&id={own}").status_code == 404
    assert client.get(f"/index.php?page=item&id={other}").status_code == 200


def test_comment_with_rating(blake, client):
    item_id = 7
    page = f"/index.php?page=item&id={item_id}"
    token = csrf_of(blake, page)
    base = {"page": "item", "action": "add_comment", "id": str(item_id), "csrf": token}
    bad = blake.post("/index.php", data={**base, "title": "t", "body": "b", "rating": "9"})
    assert bad.status_code == 302
    assert "Rating: choose 1 to 5 stars." in blake.get(page).get_data(as_text=True)
    ok = blake.post(
        "/index.php", data={**base, "title": "Love the <color>", "body": "Exactly as pictured.", "rating": "4"}
    )
    assert ok.status_code == 302
    html = blake.get(page).get_data(as_text=True)
    block = html.split('<div class="comments_list">')[1].split("</section>")[0]
    last = block.split('<div class="comment"')[-1]
    assert "<h3>Love the &lt;color&gt;</h3>" in last and "by Blake Sullivan" in last
    assert 'aria-label="Rating: 4 of 5"' in last and last.count('class="star on"') == 4
    anonymous = client.application.test_client()
    assert anonymous.post("/index.php", data={**base, "title": "x", "body": "y", "rating": "5"}).status_code == 401


def test_contact_form_stores_message(client, app):
    form = {
        "page": "item",
        "action": "contact_post",
        "id": "3",
        "yourName": "Sam",
        "yourEmail": "sam@example.com",
        "message": "Still there?",
    }
    assert client.post("/index.php", data=form).status_code == 400  # a guest's form needs its token too
    page = client.get("/index.php?page=item&id=3").get_data(as_text=True)
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, "the contact form has no form token"
    token = found.group(1)
    response = client.post("/index.php", data={**form, "csrf": token})
    assert response.status_code == 302
    row = (
        sqlite3.connect(app.config["CLASSIFIEDS"].live_db)
        .execute("SELECT item_id, sender_email, body FROM message")
        .fetchone()
    )
    assert row == (3, "sam@example.com", "Still there?")
