"""The shopping database schema (SQLite). Money is in cents; dates are 'YYYY-MM-DD HH:MM:SS' strings.

Every query a page makes has an index: category listings read `product_category` (one row per product and
each of its ancestor categories, with the sort keys copied in), search reads the FTS5 index.
"""

SCHEMA = """
CREATE TABLE category (
    id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES category(id), name TEXT NOT NULL,
    url_path TEXT NOT NULL UNIQUE, level INTEGER NOT NULL, position INTEGER NOT NULL);
CREATE INDEX category_parent ON category(parent_id, position);

CREATE TABLE product (
    id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL, url_key TEXT NOT NULL UNIQUE,
    category_id INTEGER NOT NULL REFERENCES category(id), kind TEXT NOT NULL, option_kind TEXT NOT NULL,
    price_cents INTEGER NOT NULL, special_cents INTEGER, final_cents INTEGER NOT NULL,
    short_description TEXT NOT NULL, description TEXT NOT NULL, created_at TEXT NOT NULL,
    review_count INTEGER NOT NULL DEFAULT 0, rating_sum INTEGER NOT NULL DEFAULT 0,\
 featured INTEGER NOT NULL DEFAULT 0);
CREATE INDEX product_featured ON product(featured, id);

CREATE TABLE product_category (
    category_id INTEGER NOT NULL REFERENCES category(id), product_id INTEGER NOT NULL REFERENCES product(id),
    name_key TEXT NOT NULL, price_cents INTEGER NOT NULL, PRIMARY KEY (category_id, product_id)) WITHOUT ROWID;
CREATE INDEX product_category_price ON product_category(category_id, price_cents, product_id);
CREATE INDEX product_category_name ON product_category(category_id, name_key, product_id);

CREATE VIRTUAL TABLE product_fts USING fts5(name, description, content='product', content_rowid='id');

CREATE TABLE attribute (
    product_id INTEGER NOT NULL REFERENCES product(id), position INTEGER NOT NULL, label TEXT NOT NULL,
    value TEXT NOT NULL, PRIMARY KEY (product_id, position)) WITHOUT ROWID;

CREATE TABLE product_option (
    product_id INTEGER NOT NULL REFERENCES product(id), position INTEGER NOT NULL, name TEXT NOT NULL,
    vals TEXT NOT NULL, PRIMARY KEY (product_id, position)) WITHOUT ROWID;  -- vals: values joined by '|'

CREATE TABLE photo (
    id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES product(id), position INTEGER NOT NULL,
    kind TEXT NOT NULL, color TEXT, pattern TEXT NOT NULL, count INTEGER NOT NULL, printed_text TEXT,
    shape TEXT NOT NULL, view INTEGER NOT NULL, seed INTEGER NOT NULL);
CREATE INDEX photo_product ON photo(product_id, position);

CREATE TABLE customer (
    id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, firstname TEXT NOT NULL,
    lastname TEXT NOT NULL, password_hash TEXT NOT NULL, created_at TEXT NOT NULL);

CREATE TABLE address (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id), firstname TEXT NOT NULL,
    lastname TEXT NOT NULL, street TEXT NOT NULL, city TEXT NOT NULL, region TEXT NOT NULL,
    postcode TEXT NOT NULL, country TEXT NOT NULL, telephone TEXT NOT NULL,
    default_billing INTEGER NOT NULL DEFAULT 0, default_shipping INTEGER NOT NULL DEFAULT 0);
CREATE INDEX address_customer ON address(customer_id, id);

CREATE TABLE review (
    id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES product(id),
    customer_id INTEGER REFERENCES customer(id), nickname TEXT NOT NULL, title TEXT NOT NULL,
    detail TEXT NOT NULL, rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5), created_at TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'approved');  -- reviews written on the site wait for moderation: 'pending'
CREATE INDEX review_product ON review(product_id, created_at, id);
CREATE INDEX review_customer ON review(customer_id, created_at, id);

-- customer_id is NULL for a guest order (Magento's customer_is_guest); customer_email is the email the order was
-- placed with (the account's, or the one a guest typed), which the REST API filters on as Magento does
CREATE TABLE sales_order (
    id INTEGER PRIMARY KEY, increment_id TEXT NOT NULL UNIQUE, customer_id INTEGER REFERENCES customer(id),
    status TEXT NOT NULL, created_at TEXT NOT NULL, subtotal_cents INTEGER NOT NULL,
    shipping_cents INTEGER NOT NULL, grand_total_cents INTEGER NOT NULL, shipping_method TEXT NOT NULL,
    ship_name TEXT NOT NULL, ship_street TEXT NOT NULL, ship_city TEXT NOT NULL, ship_region TEXT NOT NULL,
    ship_postcode TEXT NOT NULL, ship_country TEXT NOT NULL, ship_telephone TEXT NOT NULL,
    bill_name TEXT NOT NULL, bill_street TEXT NOT NULL, bill_city TEXT NOT NULL, bill_region TEXT NOT NULL,
    bill_postcode TEXT NOT NULL, bill_country TEXT NOT NULL, bill_telephone TEXT NOT NULL,
    customer_email TEXT NOT NULL COLLATE NOCASE);
CREATE INDEX order_customer ON sales_order(customer_id, id);
CREATE INDEX order_email ON sales_order(customer_email, id);

CREATE TABLE order_item (
    id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES sales_order(id),
    product_id INTEGER NOT NULL REFERENCES product(id), sku TEXT NOT NULL, name TEXT NOT NULL,
    price_cents INTEGER NOT NULL, qty INTEGER NOT NULL, options TEXT NOT NULL);  -- options: JSON [[name, value], ...]
CREATE INDEX order_item_order ON order_item(order_id, id);

CREATE TABLE wishlist_item (
    id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customer(id),
    product_id INTEGER NOT NULL REFERENCES product(id), added_at TEXT NOT NULL, UNIQUE (customer_id, product_id));

CREATE TABLE compare_item (
    owner TEXT NOT NULL, product_id INTEGER NOT NULL REFERENCES product(id), PRIMARY KEY (owner, product_id));

CREATE TABLE cart_item (
    id INTEGER PRIMARY KEY, owner TEXT NOT NULL, product_id INTEGER NOT NULL REFERENCES product(id),
    qty INTEGER NOT NULL, options TEXT NOT NULL);  -- owner: 'c<customer id>' or 's<session token>'
CREATE INDEX cart_owner ON cart_item(owner, id);
"""
