"""The shopping generator and its query API: determinism, scale, the visual facts, the customer's history."""

from __future__ import annotations

import hashlib

from sites.imagery import COLORS, KINDS
from sites.shopping.data import ShoppingData
from sites.shopping.generate import generate, product_count


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_same_seed_gives_a_byte_identical_database(tmp_path):
    a, b, c = tmp_path / "a.sqlite", tmp_path / "b.sqlite", tmp_path / "c.sqlite"
    generate(a, 11, 150)
    generate(b, 11, 150)
    generate(c, 12, 150)
    assert _digest(a) == _digest(b)
    assert _digest(a) != _digest(c)


def test_scales():
    assert product_count("default") == 2400 and product_count("full") == 90_000 and product_count("150") == 150


def test_tree_has_300_plus_categories_and_products_have_photos_of_one_item(shop_data):
    with ShoppingData(shop_data.db) as data:
        cats = data.categories()
        assert len(cats) >= 300
        assert {level for *_, level in cats} == {1, 2, 3}
        for pid in range(1, 40):
            p = data.product(pid)
            assert 1 <= len(p.photos) <= 5
            first = p.photos[0]
            assert all(
                (ph.kind, ph.color, ph.pattern, ph.count, ph.printed_text)
                == (first.kind, first.color, first.pattern, first.count, first.printed_text)
                for ph in p.photos
            )
            assert first.kind in KINDS
            text = f"{p.name} {p.description} {p.short_description}".lower()
            if first.printed_text:
                assert first.printed_text.lower() not in text
            assert len(p.category_path) == 3 and p.category_url.endswith(".html")


def test_colours_are_left_out_of_names_and_descriptions(shop_data):
    with ShoppingData(shop_data.db) as data:
        for pid in data.find_ids(limit=None, color="red")[:30]:
            p = data.product(pid)
            words = set(f"{p.name} {p.description}".lower().replace(",", " ").replace(".", " ").split())
            assert not words & set(COLORS), (p.name, words & set(COLORS))


def test_find_by_visual_facts(shop_data):
    with ShoppingData(shop_data.db) as data:
        ids = data.find_ids(limit=None, pattern="striped")
        assert ids
        assert all(data.product(i).photos[0].pattern == "striped" for i in ids[:10])
        printed = (
            data.find_ids(limit=5, printed_text=data.product(ids[0]).photos[0].printed_text)
            if data.product(ids[0]).photos[0].printed_text
            else ids[:1]
        )
        assert printed


def test_customer_history(shop_data):
    with ShoppingData(shop_data.db) as data:
        orders = data.customer_orders()
        assert len(orders) >= 20
        assert [o.id for o in orders] == sorted((o.id for o in orders), reverse=True)
        assert orders[0].status == "pending"
        assert {o.status for o in orders} >= {"complete", "pending"}
        assert all(o.items for o in orders)
        assert data.conn.execute("SELECT COUNT(*) FROM order_item WHERE options != '[]'").fetchone()[0] > 0
        assert all(o.billing_address[0] == "Emma Lopez" for o in orders)
        assert len(data.wishlist()) == 3 and len(data.customer_reviews()) == 4
        book = data.customer_addresses()
        assert book[0]["telephone"] == "6505551212" and book[0]["default_shipping"] == 1
        assert [a["city"] for a in book[1:]] == ["Sacramento"] and not book[1]["default_billing"]
        assert any(o.shipping_address[2] == "Sacramento" and o.billing_address[2] == "San Mateo" for o in orders)


def test_no_word_of_the_generated_text_names_a_colour_or_pattern():
    import re

    from sites.imagery import PATTERNS
    from sites.shopping import wording as W
    from sites.shopping.departments import TREE, parse_leaf

    visual = set(COLORS) | set(PATTERNS) - {"plain"}
    texts = W.BRANDS + W.ADJECTIVES + W.TAILS + W.FEATURES + W.OPENERS + W.MATERIAL_LINES
    texts += [m for ms in W.MATERIALS.values() for m in ms]
    texts += [b for bs in W.REVIEW_BODIES.values() for b in bs] + [t for ts in W.REVIEW_TITLES.values() for t in ts]
    for top, subs in TREE.items():
        for sub, leaves in subs.items():
            texts += [top, sub]
            for line in leaves:
                name, kinds = parse_leaf(line)
                texts += [name] + [n for k, _ in kinds for n in KINDS[k].nouns]
    found = {w for t in texts for w in re.findall(r"[a-z]+", t.lower())} & visual
    assert not found
