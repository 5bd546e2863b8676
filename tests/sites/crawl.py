"""A plain HTTP crawler of the embedded sites, for the leak test: it follows every same-site link, image, script,
stylesheet and GET form it finds (breadth first, a page budget per site) and keeps, for each response, its URL,
status, type, text and the attribute values of its HTML, which is what an agent's browser can be shown.

    session = login_session("classifieds", base_url)        # logged in through the site's own form
    pages = crawl(base_url, seeds, session, budget=400)     # {url: Page}
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

import requests

# Links the agent's browser would follow as a person clicks; the URL attributes of tags that load something.
URL_ATTRS = {"href", "src", "action", "poster", "data-src"}
TEXT_TYPES = ("text/", "application/json", "application/javascript", "image/svg")
# The login forms: path, user field, password field, account (the harness's defaults, evaluation/login.py).
LOGINS = {
    "classifieds": ("/index.php?page=login", "email", "password", "blake.sullivan@gmail.com", "Password.123"),
    "shopping": (
        "/customer/account/login/",
        "login[username]",
        "login[password]",
        "emma.lopez@gmail.com",
        "Password.123",
    ),
    "reddit": ("/login", "_username", "_password", "MarvelsGrantMan136", "test1234"),
}
# Paths under which a GET changes state or ends the session (never followed: the crawl reads, it does not act).
SKIP_WORDS = ("logout", "log_out", "signout", "delete", "reset")


@dataclass
class Page:
    url: str
    status: int
    content_type: str
    body: str = ""  # the body when it is text (HTML, CSS, JS, JSON, SVG)
    text: str = ""  # an HTML page's text as shown (no markup)
    attributes: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, attribute, value) of HTML
    links: list[str] = field(default_factory=list)  # absolute URLs found on the page


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.attributes: list[tuple[str, str, str]] = []
        self.urls: list[str] = []
        self.resources: list[str] = []  # what a page loads by itself (images, scripts, stylesheets)
        self.forms: list[dict] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        method = ""
        for name, value in attrs:
            if value is None:
                continue
            self.attributes.append((tag, name, value))
            if name in URL_ATTRS and not (tag == "form"):
                (self.urls if tag in ("a", "area") else self.resources).append(value)
            elif name == "srcset":
                self.resources += [part.split()[0] for part in value.split(",") if part.strip()]
            elif name == "method":
                method = value.lower()
        if tag == "form":
            self.forms.append({"action": dict(attrs).get("action") or "", "method": method or "get", "inputs": {}})
        elif tag in ("input", "textarea", "select") and self.forms:
            a = dict(attrs)
            if a.get("name"):
                self.forms[-1]["inputs"][a["name"]] = a.get("value") or ""

    def handle_data(self, data):
        self.text.append(data)


def parse_html(html: str) -> _Parser:
    parser = _Parser()
    parser.feed(html)
    parser.close()
    return parser


def login_session(site: str, base: str) -> requests.Session:
    """A session logged in to `site` through its login form (with the form's hidden fields, CSRF included)."""
    session = requests.Session()
    if site not in LOGINS:
        return session
    path, user_field, password_field, user, password = LOGINS[site]
    url = base + path
    page = session.get(url, timeout=30)
    forms = [f for f in parse_html(page.text).forms if password_field in f["inputs"]]
    assert forms, f"no login form with {password_field!r} on {url}"
    form = forms[0]
    data = {**form["inputs"], user_field: user, password_field: password}
    answer = session.post(urljoin(page.url, form["action"]), data=data, timeout=30)
    assert answer.ok, f"login to {site} at {url} answered {answer.status_code}"
    assert any(w in answer.text.lower() for w in ("log out", "logout", "sign out")), f"not logged in to {site}"
    return session


def same_site(url: str, base: str) -> bool:
    a, b = urlsplit(url), urlsplit(base)
    return (a.scheme, a.netloc) == (b.scheme, b.netloc)


def crawl(base: str, seeds: list[str], session: requests.Session, budget: int, resources: int = 300) -> dict[str, Page]:
    """Every page of the site reachable from its root and `seeds`, breadth first: at most `budget` pages and the
    first `resources` images, scripts and stylesheets they load (a resource is fetched before the next page)."""
    pages_queue: deque[str] = deque([base + "/", *seeds])
    resource_queue: deque[str] = deque()
    seen: set[str] = set(pages_queue)
    pages: dict[str, Page] = {}
    counts = {"page": 0, "resource": 0}
    while (pages_queue and counts["page"] < budget) or (resource_queue and counts["resource"] < resources):
        if resource_queue and counts["resource"] < resources:
            url, kind_of = resource_queue.popleft(), "resource"
        elif pages_queue and counts["page"] < budget:
            url, kind_of = pages_queue.popleft(), "page"
        else:
            break
        counts[kind_of] += 1
        response = session.get(url, timeout=30, allow_redirects=True)
        kind = response.headers.get("Content-Type", "").split(";")[0].strip()
        page = Page(url=url, status=response.status_code, content_type=kind)
        if kind.startswith(TEXT_TYPES):
            page.body = response.text
        if kind == "text/html":
            parsed = parse_html(response.text)
            page.attributes = parsed.attributes
            page.text = " ".join(parsed.text)
            found = list(parsed.urls)
            found += [form["action"] or response.url for form in parsed.forms if form["method"] == "get"]

            def absolute(urls: list[str], here: str = response.url) -> list[str]:
                return [
                    urldefrag(urljoin(here, u))[0]
                    for u in urls
                    if not u.startswith(("javascript:", "mailto:", "data:", "#"))
                ]

            page.links = absolute(found) + absolute(parsed.resources)
            for queue, links in ((pages_queue, absolute(found)), (resource_queue, absolute(parsed.resources))):
                for link in links:
                    if link not in seen and same_site(link, base) and not any(w in link.lower() for w in SKIP_WORDS):
                        seen.add(link)
                        queue.append(link)
        pages[url] = page
    return pages
