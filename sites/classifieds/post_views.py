"""Posting, editing and deleting listings (owner only), comments with ratings, and the contact form."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from flask import abort, flash, redirect, render_template, request

import sites.classifieds.queries as queries
import sites.classifieds.web as web
import sites.common.photos as photo_files
from sites.common.db import write_transaction
from sites.common.web import inserted_id

MAX_PHOTOS = 6


@dataclass
class ListingForm:
    title: str = ""
    description: str = ""
    price: str = ""
    category_id: int | None = None
    region_id: int | None = None
    city_id: int | None = None
    errors: list[str] = field(default_factory=list)
    price_cents: int = 0

    @classmethod
    def from_row(cls, row) -> ListingForm:
        return cls(
            row["title"],
            row["description"],
            f"{row['price_cents'] / 100:.2f}",
            row["category_id"],
            row["region_id"],
            row["city_id"],
        )

    @classmethod
    def from_request(cls) -> ListingForm:
        f = request.form
        form = cls(f.get("title", "").strip(), f.get("description", "").strip(), f.get("price", "").strip())
        conn = web.get_db()
        for attr, name in (("category_id", "sCategory"), ("region_id", "sRegion"), ("city_id", "sCity")):
            setattr(form, attr, web.parse_int(f.get(name)))
        if not (3 <= len(form.title) <= 100):
            form.errors.append("Title: between 3 and 100 characters.")
        if not (3 <= len(form.description) <= 5000):
            form.errors.append("Description: between 3 and 5000 characters.")
        try:
            price = float(form.price.replace(",", "").lstrip("$") or "x")
            if not (0 <= price < 10_000_000):
                raise ValueError
            form.price_cents = round(price * 100)
        except ValueError:
            form.errors.append("Price: a number of dollars, for example 25 or 19.99.")
        if (
            form.category_id is None
            or not conn.execute("SELECT 1 FROM category WHERE id = ?", (form.category_id,)).fetchone()
        ):
            form.errors.append("Category: choose one.")
        city = conn.execute("SELECT region_id FROM city WHERE id = ?", (form.city_id or 0,)).fetchone()
        if city is None:
            form.errors.append("City: choose one.")
        elif form.region_id is not None and city["region_id"] != form.region_id:
            form.errors.append("City: it is not in the chosen state.")
        else:
            form.region_id = city["region_id"]
        return form


def _uploads() -> list:
    return [f for f in request.files.getlist("photos") if f and f.filename]


def _store_photos(item_id: int, start_position: int) -> list[str]:
    """Check and store the uploaded photos; returns the reasons of those rejected."""
    rejected = []
    conn = web.get_db()
    position = start_position
    for upload in _uploads():
        if position >= MAX_PHOTOS:
            rejected.append(f"{upload.filename}: at most {MAX_PHOTOS} photos per listing")
            continue
        try:
            name = photo_files.accept_upload(upload.read(photo_files.MAX_UPLOAD_BYTES + 1), web.conf().upload_dir)
        except photo_files.UploadRejected as exc:
            rejected.append(f"{upload.filename}: {exc}")
            continue
        conn.execute("INSERT INTO photo(item_id, position, upload_name) VALUES (?, ?, ?)", (item_id, position, name))
        position += 1
    return rejected


def _remove_upload_files(names: list[str | None]) -> None:
    """Delete the files of removed uploaded photos (generated photos live in the shared cache: kept)."""
    upload_dir = web.conf().upload_dir
    for name in names:
        if name and "/" not in name and not name.startswith("."):
            (upload_dir / name).unlink(missing_ok=True)
            (upload_dir / name.replace(".jpg", "-t.jpg")).unlink(missing_ok=True)


def _form_page(template_form: ListingForm, item=None, item_photos=(), status=200):
    conn = web.get_db()
    return render_template(
        "item_form.html",
        form=template_form,
        item=item,
        photos=item_photos,
        categories=queries.categories(conn),
        **queries.places(conn),
    ), status


def add_form():
    web.require_user()
    return _form_page(ListingForm())


def add_post():
    user = web.require_user()
    web.check_csrf()
    form = ListingForm.from_request()
    if form.errors:
        return _form_page(form, status=400)
    conn = web.get_db()
    with write_transaction(conn):
        cur = conn.execute(
            "INSERT INTO item(user_id, category_id, region_id, city_id, title, description, price_cents, pub_date)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                user["id"],
                form.category_id,
                form.region_id,
                form.city_id,
                form.title,
                form.description,
                form.price_cents,
                time.strftime("%Y-%m-%d %H:%M:%S"),
            ),
        )
        item_id = inserted_id(cur)
        rejected = _store_photos(item_id, 0)
    flash("Your listing has been published.")
    for reason in rejected:
        flash(f"Photo not added: {reason}", "error")
    return redirect(f"/index.php?page=item&id={item_id}")


def _own_listing(item_id: int | None):
    user = web.require_user()
    if item_id is None:
        abort(404)
    listing = queries.item(web.get_db(), item_id)
    if listing is None:
        abort(404)
    if listing["user_id"] != user["id"]:
        abort(403)
    return listing


def edit_form():
    listing = _own_listing(web.int_arg("id", required=True))  # queries.item has every field the form shows
    return _form_page(ListingForm.from_row(listing), listing, queries.photos(web.get_db(), listing["id"]))


def edit_post():
    listing = _own_listing(web.int_arg("id", source=request.values, required=True))
    web.check_csrf()
    conn = web.get_db()
    form = ListingForm.from_request()
    if form.errors:
        return _form_page(form, listing, queries.photos(conn, listing["id"]), status=400)
    remove = {web.parse_int(v) for v in request.form.getlist("remove_photo")} - {None}
    with write_transaction(conn):
        conn.execute(
            "UPDATE item SET title = ?, description = ?, price_cents = ?, category_id = ?, region_id = ?,"
            " city_id = ? WHERE id = ?",
            (
                form.title,
                form.description,
                form.price_cents,
                form.category_id,
                form.region_id,
                form.city_id,
                listing["id"],
            ),
        )
        removed_files = []
        for photo_id in remove:
            row = conn.execute(
                "SELECT upload_name FROM photo WHERE id = ? AND item_id = ?", (photo_id, listing["id"])
            ).fetchone()
            if row is not None:
                removed_files.append(row["upload_name"])
                conn.execute("DELETE FROM photo WHERE id = ?", (photo_id,))
        next_position = conn.execute(
            "SELECT COALESCE(MAX(position) + 1, 0) FROM photo WHERE item_id = ?", (listing["id"],)
        ).fetchone()[0]
        rejected = _store_photos(listing["id"], next_position)
    _remove_upload_files(removed_files)
    flash("Your changes have been saved.")
    for reason in rejected:
        flash(f"Photo not added: {reason}", "error")
    return redirect(f"/index.php?page=item&id={listing['id']}")


def delete():
    listing = _own_listing(web.int_arg("id", source=request.values, required=True))
    web.check_csrf()
    conn = web.get_db()
    files = [
        r["upload_name"] for r in conn.execute("SELECT upload_name FROM photo WHERE item_id = ?", (listing["id"],))
    ]
    conn.execute("DELETE FROM item WHERE id = ?", (listing["id"],))
    _remove_upload_files(files)
    flash("Your listing has been deleted.")
    return redirect("/index.php?page=user&action=items")


def add_comment():
    user = web.require_user()
    item_id = web.int_arg("id", source=request.values, required=True)
    web.check_csrf()
    conn = web.get_db()
    if item_id is None or queries.item(conn, item_id) is None:
        abort(404)
    title = request.form.get("title", "").strip()
    body = request.form.get("body", "").strip()
    rating = request.form.get("rating", "").strip()
    errors = []
    if not (1 <= len(title) <= 100):
        errors.append("Title: between 1 and 100 characters.")
    if not (1 <= len(body) <= 2000):
        errors.append("Comment: between 1 and 2000 characters.")
    if rating not in ("1", "2", "3", "4", "5"):
        errors.append("Rating: choose 1 to 5 stars.")
    if errors:
        for e in errors:
            flash(e, "error")
        return redirect(f"/index.php?page=item&id={item_id}#comment-form")
    conn.execute(
        "INSERT INTO comment(item_id, user_id, author_name, title, body, rating, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        (item_id, user["id"], user["name"], title, body, int(rating), time.strftime("%Y-%m-%d %H:%M:%S")),
    )
    flash("Thanks, your comment has been added.")
    return redirect(f"/index.php?page=item&id={item_id}#comments")


def contact():
    item_id = web.int_arg("id", source=request.values, required=True)
    conn = web.get_db()
    if item_id is None or queries.item(conn, item_id) is None:
        abort(404)
    web.check_csrf()  # a guest's form carries its session's token too
    user = web.current_user()
    name = (request.form.get("yourName", "") or (user["name"] if user else "")).strip()
    email = (request.form.get("yourEmail", "") or (user["email"] if user else "")).strip()
    body = request.form.get("message", "").strip()
    if not (name and "@" in email and 1 <= len(body) <= 2000 and len(name) <= 80 and len(email) <= 120):
        flash("Message not sent: give your name, a valid email and a message.", "error")
        return redirect(f"/index.php?page=item&id={item_id}#contact")
    conn.execute(
        "INSERT INTO message(item_id, sender_name, sender_email, body) VALUES (?, ?, ?, ?)",
        (item_id, name, email, body),
    )
    flash("Your message has been sent to the seller.")
    return redirect(f"/index.php?page=item&id={item_id}")
