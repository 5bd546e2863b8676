"""Log the browser in to the task's sites through each site's own login form.

    login_sites(env, ["classifieds", "reddit"], {"classifieds": "http://127.0.0.1:9980", ...})

On the embedded stack every reset ends every session of the site (sites/common/sessions.py), so before each
task the harness buys a fresh session of the account with the reset token (`POST /__session`, one request, no
password hash) and puts its cookies into the browser over DevTools (`Network.setCookies`, no page load). On
the official sites each site is logged in through its form once per worker process (a pytest-xdist worker)
and the session cookies are restored the same way for later tasks. Recipes work for the embedded sites and
for the official images (same URLs and form fields):

- classifieds (OSClass): `/index.php?page=login`, `input[name=email]`, `input[name=password]`,
  `button[type=submit]`; logged in when a Logout link is shown.
- shopping (Magento): `/customer/account/login/`, `#email`, `#pass`, `#send2`; logged in when a
  "Sign Out" link is present (on the account page it lands on).
- reddit (Postmill): `/login`, `input[name=_username]`, `input[name=_password]`, submit button;
  logged in when a Log out control is present.

The recipes are read from the sites' registry (sites/registry.py, SiteSpec.login); `wikipedia` and `homepage`
have none and need no login. Credentials come from the environment (.env):
CLASSIFIEDS_USER/CLASSIFIEDS_PASSWORD, SHOPPING_USER/SHOPPING_PASSWORD, REDDIT_USER/REDDIT_PASSWORD.
A failed login raises `LoginError` naming the site and the URL.
"""

from __future__ import annotations

import http.cookies
import os
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from agent.load import load_scaled, retry_slow_renderer
from sites.registry import LoginSpec, site_specs

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

Cookie = dict[str, Any]  # a cookie in WebDriver's shape (name, value, path, secure, httpOnly, ...)

_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the sites are local: no proxy
LOGIN_TIMEOUT_S = float(os.environ.get("LOGIN_TIMEOUT", "20"))
LOGGED_IN_GRACE_S = 5.0  # after the form's answer has loaded, scripts may still render the account menu


class LoginError(RuntimeError):
    """Logging in to a site failed (the task is an error, not a 0)."""


@dataclass(frozen=True)
class LoginRecipe:
    path: str  # login page, relative to the site's base URL
    user_field: str  # CSS selectors
    password_field: str
    submit: str
    logged_in_xpath: str  # present once logged in
    user_env: str
    password_env: str
    default_user: str
    default_password: str
    session_path: str = "/__session"  # embedded sites: a session for the account, bought with the reset token

    def credentials(self) -> tuple[str, str]:
        return (
            os.environ.get(self.user_env) or self.default_user,
            os.environ.get(self.password_env) or self.default_password,
        )


def _logout_xpath(*words: str) -> str:
    tests = " or ".join(
        f"contains(translate(normalize-space(.), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), '{w}')"
        for w in words
    )
    return f"//a[{tests}] | //button[{tests}]"


def recipe_of(spec: LoginSpec) -> LoginRecipe:
    return LoginRecipe(
        spec.path,
        spec.user_field,
        spec.password_field,
        spec.submit,
        _logout_xpath(*spec.logout_words),
        spec.user_env,
        spec.password_env,
        spec.default_user,
        spec.default_password,
        spec.session_path,
    )


def recipes() -> dict[str, LoginRecipe]:
    """The login recipe of every registered site that has one (sites/registry.py: SiteSpec.login)."""
    return {name: recipe_of(spec.login) for name, spec in site_specs().items() if spec.login is not None}


def no_login() -> set[str]:
    """The registered sites that need no login."""
    return {name for name, spec in site_specs().items() if spec.login is None}


# (site, base URL) -> cookies of the logged-in session, per worker process.
_COOKIES: dict[tuple[str, str], list[Cookie]] = {}
_LOCK = threading.Lock()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _slow_renderer_retry(driver: Any) -> Callable[[BaseException], None]:
    """Before loading a page again after a renderer timeout: stop the load, give the page twice the time."""

    def on_retry(_exc: BaseException) -> None:
        try:
            driver.execute_script("window.stop()")
        except WebDriverException:
            pass
        timeout = (driver.timeouts.page_load or LOGIN_TIMEOUT_S) * 2
        driver.set_page_load_timeout(timeout)

    return on_retry


def _get(driver: Any, url: str) -> None:
    """Load `url`; a renderer starved by an oversubscribed machine gets more tries, with more time."""
    retry_slow_renderer(lambda: driver.get(url), on_retry=_slow_renderer_retry(driver))


def _form_login(driver: WebDriver, site: str, base: str, recipe: LoginRecipe) -> list[Cookie]:
    url = base.rstrip("/") + recipe.path
    user, password = recipe.credentials()
    patience = load_scaled(LOGIN_TIMEOUT_S)  # an oversubscribed machine answers slower
    wait = WebDriverWait(driver, patience)
    try:
        _get(driver, url)
        if driver.execute_script("return location.href").startswith("chrome-error://"):
            raise LoginError(f"login to {site} at {url} failed: the site did not answer (is it up?)")
        user_box = wait.until(lambda d: d.find_element(By.CSS_SELECTOR, recipe.user_field))
        password_box = driver.find_element(By.CSS_SELECTOR, recipe.password_field)
        user_box.clear()
        user_box.send_keys(user)
        password_box.clear()
        password_box.send_keys(password)
        # the submit button of the login form itself (pages also carry a search form in the header)
        form = password_box.find_element(By.XPATH, "./ancestor::form[1]")
        driver.execute_script("window.__vwaLoginPending = true")
        form.find_element(By.CSS_SELECTOR, recipe.submit).click()
        # the answer to the form is a new document; once it has loaded, the logout link shows quickly or never
        wait.until(
            lambda d: d.execute_script(
                "return window.__vwaLoginPending === undefined && document.readyState === 'complete'"
            )
        )
    except (TimeoutException, WebDriverException) as exc:
        raise LoginError(
            f"login to {site} at {url} failed: the login form was not usable or did not answer "
            f"within {patience:.0f} s ({type(exc).__name__}: "
            f"{getattr(exc, 'msg', None) or exc})"
        ) from exc
    try:
        WebDriverWait(driver, min(load_scaled(LOGGED_IN_GRACE_S), patience)).until(
            lambda d: d.find_elements(By.XPATH, recipe.logged_in_xpath)
        )
    except TimeoutException as exc:
        raise LoginError(
            f"login to {site} at {url} as {user!r} failed: no logout link after submitting the "
            f"form (now at {driver.current_url}; wrong credentials?)"
        ) from exc
    return driver.get_cookies()


def _restore(env: Any, base: str, cookies: list[Cookie]) -> None:
    """Put a saved session back into the browser over DevTools (no page load: a task's first page is the
    next one the browser loads); a browser without DevTools (a Grid node) visits the origin and adds them."""
    origin = _origin(base)
    params = []
    for c in cookies:
        param = {
            "name": c["name"],
            "value": c["value"],
            "url": origin + c.get("path", "/"),
            "path": c.get("path", "/"),
            "secure": bool(c.get("secure")),
            "httpOnly": bool(c.get("httpOnly")),
        }
        if c.get("sameSite") in ("Strict", "Lax", "None"):
            param["sameSite"] = c["sameSite"]
        if c.get("expiry"):
            param["expires"] = c["expiry"]
        params.append(param)
    cdp = getattr(env, "cdp_tab", None) or getattr(env, "cdp", None)  # over the tab's own socket when it has one
    if cdp is not None:
        try:
            cdp("Network.setCookies", {"cookies": params})
            return
        except WebDriverException:
            pass
    driver = env.driver
    _get(driver, origin + "/")
    for cookie in cookies:
        cookie = {
            k: v
            for k, v in cookie.items()
            if k in ("name", "value", "path", "expiry", "secure", "httpOnly", "sameSite")
        }
        driver.add_cookie(cookie)


def session_cookies(site: str, base: str, recipe: LoginRecipe, token: str) -> list[Cookie]:
    """A new session of the recipe's account from an embedded site (`POST <session_path>` with the reset token:
    sites/common/sessions.py), as cookies in WebDriver's shape."""
    user, _ = recipe.credentials()
    url = base.rstrip("/") + recipe.session_path
    data = urllib.parse.urlencode({"token": token, "user": user}).encode()
    try:
        with _DIRECT.open(urllib.request.Request(url, data=data, method="POST"), timeout=LOGIN_TIMEOUT_S) as resp:
            headers = resp.headers.get_all("Set-Cookie") or []
    except urllib.error.HTTPError as exc:
        raise LoginError(
            f"login to {site} at {url} as {user!r} failed: HTTP {exc.code} "
            f"({'wrong reset token' if exc.code == 403 else 'no such account' if exc.code == 404 else exc.reason})"
        ) from None
    except OSError as exc:
        raise LoginError(f"login to {site} at {url} failed: the site did not answer ({exc})") from None
    cookies = []
    for header in headers:
        jar = http.cookies.SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            cookies.append(
                {
                    "name": name,
                    "value": morsel.value,
                    "path": morsel["path"] or "/",
                    "httpOnly": bool(morsel["httponly"]),
                    "secure": bool(morsel["secure"]),
                    **({"sameSite": morsel["samesite"]} if morsel["samesite"] else {}),
                }
            )
    if not cookies:
        raise LoginError(f"login to {site} at {url} as {user!r} failed: the answer set no session cookie")
    return cookies


def login_sites(env: Any, sites: list[str], urls: dict[str, str], session_token: str | None = None) -> None:
    """Log `env`'s browser in to every site of `sites` that has a login (`env`: a BrowserEnv, or any object with its
    `driver` and, for cookies put in over DevTools, `cdp_tab` or `cdp`). With `session_token` (the embedded
    stack, whose resets end every session): a fresh session from each site for the token, put into the browser.
    Without (the official sites): the first time through the form, later from the cookies kept by this
    process. Raises LoginError naming the site and URL."""
    driver = env.driver
    known, free = recipes(), no_login()
    for site in sites:
        if site in free:
            continue
        if site not in known:
            raise LoginError(f"no login recipe for site {site!r} (known: {', '.join(known)})")
        base = urls.get(site)
        if not base:
            raise LoginError(f"no URL for site {site!r} to log in to (urls given: {', '.join(urls) or 'none'})")
        if session_token:
            cookies = session_cookies(site, base, known[site], session_token)
            try:
                _restore(env, base, cookies)
            except WebDriverException as exc:
                raise LoginError(
                    f"login to {site} at {base}: putting the session cookies into the browser "
                    f"failed: {getattr(exc, 'msg', None) or exc}"
                ) from exc
            continue
        key = (site, base.rstrip("/"))
        with _LOCK:
            kept = _COOKIES.get(key)
        if kept is None:
            fresh = _form_login(driver, site, base, known[site])
            with _LOCK:
                _COOKIES[key] = fresh
        else:
            try:
                _restore(env, base, kept)
            except WebDriverException as exc:
                raise LoginError(
                    f"login to {site} at {base}: restoring the saved session cookies failed: "
                    f"{getattr(exc, 'msg', None) or exc}"
                ) from exc


def forget_logins() -> None:
    """Drop the kept cookies (after a site reset that invalidates sessions)."""
    with _LOCK:
        _COOKIES.clear()
