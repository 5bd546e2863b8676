"""Adding a site is one registration: a toy SiteSpec, registered here, is seen by everything that lists sites
(settings, launchers, placeholders, the task loader's check, login recipes, report order, the task builders) and
the arena starts it in its own process, with the homepage showing its card."""

from __future__ import annotations

import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from sites.arena import Arena
from sites.registry import HomepageCard, SiteLauncher, SiteSpec, register_site, unregister_site
from tests.sites.toy_site import SPEC as TOY_COUNTER

# ---- the toy site: a module-level app factory (the site's own process finds it by module and name) ----------


def toy_prepare(settings, instance: Path, _urls: dict[str, str]) -> dict:
    (instance / "greeting.txt").write_text("hello from the toy site", encoding="utf-8")
    return {"greeting_file": str(instance / "greeting.txt")}


def toy_create_app(instance: Path, options: dict):
    from flask import Flask

    app = Flask("toy")
    greeting = Path(options["greeting_file"]).read_text(encoding="utf-8")

    @app.get("/")
    def index():
        return f"<h1>{greeting}</h1><p>served from {instance.name}</p>"

    @app.get("/healthz")
    def healthz():
        return {"site": "toy", "ok": True}

    return app


class Suite:  # the toy site's task builder (tasks.build reads its module by name)
    grounding_key = "toys"


def build_suite(conf=None):
    return Suite()


TOY = SiteSpec(
    "toy",
    url_env="TOY_BAZAAR",
    default_port=9123,
    docker_service=None,
    suite_module=__name__,
    report_order=15,
    launcher=SiteLauncher(name="toy", description="a toy bazaar", prepare=toy_prepare, create_app=toy_create_app),
    login=replace(TOY_COUNTER.login, session_path="/__toy_session")
    if TOY_COUNTER.login
    else None,  # the counter's form
    card=HomepageCard("Toy Bazaar", "A bazaar of toys, registered by a test."),
)


@pytest.fixture
def toy_site():
    register_site(TOY)
    yield TOY
    unregister_site("toy")


def test_a_registered_site_is_a_service_of_the_embedded_compose_file(toy_site):
    import yaml

    from sites.compose_file import render

    services = yaml.safe_load(render())["services"]
    toy = services["toy"]
    assert toy["command"] == ["toy", "--port", "9123"] and toy["ports"] == ["127.0.0.1:${TOY_BAZAAR_PORT:-9123}:9123"]
    assert toy["environment"]["TOY_BAZAAR"] == "${TOY_BAZAAR:-http://127.0.0.1:9123}"
    assert "RESET_TOKEN" not in toy["environment"]  # the toy has no reset
    assert "http://127.0.0.1:9123/healthz" in " ".join(toy["healthcheck"]["test"])
    assert "toy" in services["homepage"]["depends_on"] and "TOY_BAZAAR" in services["homepage"]["environment"]


def test_a_registered_site_is_seen_everywhere(toy_site, monkeypatch):
    import tasks.build as builders
    from evaluation.reporting.results import summarise
    from evaluation.running.login import no_login, recipes
    from evaluation.vocabulary.placeholders import PLACEHOLDERS, resolve_text
    from sites.config import SITES, site_url
    from sites.homepage import registered_cards
    from sites.launchers import LAUNCHERS

    assert SITES["toy"] == ("TOY_BAZAAR", 9123)
    assert site_url("toy") == "http://127.0.0.1:9123"
    monkeypatch.setenv("TOY_BAZAAR", "http://toys.test:81/")
    assert site_url("toy") == "http://toys.test:81"
    assert LAUNCHERS["toy"].description == "a toy bazaar"
    assert PLACEHOLDERS["__TOY_BAZAAR__"] == "toy"
    assert resolve_text("__TOY_BAZAAR__/signin", {"toy": "http://h:1"}) == "http://h:1/signin"
    recipe = recipes()["toy"]
    assert (recipe.path, recipe.session_path, recipe.credentials()) == (
        "/signin",
        "/__toy_session",
        ("toy@example.com", "toy-secret"),
    )
    assert "sign off" in recipe.logged_in_xpath and "toy" not in no_login()
    assert {"key": "toy", "name": "Toy Bazaar", "text": "A bazaar of toys, registered by a test."} in registered_cards()
    records = [
        {"task_id": i, "site": site, "status": "passed", "reward": 1.0}
        for i, site in enumerate(("shopping", "toy", "reddit", "classifieds"))
    ]
    assert list(summarise(records).by_site) == ["classifieds", "toy", "reddit", "shopping"]
    assert "toy" in builders.SITES and "toy" in builders.SUITES
    assert builders.site_module("toy").build_suite().grounding_key == "toys"
    assert builders.grounding_sites()["toys"] == "toy"


def test_the_task_loader_accepts_the_sites_of_the_registry(toy_site, tmp_path):
    from evaluation.taskfiles.loader import parse_task
    from evaluation.vocabulary.errors import TaskFormatError

    task = {"task_id": 1, "sites": ["toy"], "intent": "Find a toy.", "start_url": "__TOY__", "eval": {}}

    def refused_site() -> str:
        try:
            parse_task(task, tmp_path / "toy.json")
        except TaskFormatError as exc:
            return str(exc) if "unknown site" in str(exc) else ""
        return ""

    assert refused_site() == ""
    unregister_site("toy")
    assert "unknown site 'toy'" in refused_site()


def test_once_unregistered_a_site_is_gone(toy_site):
    from evaluation.running.login import recipes
    from sites.config import site_url

    unregister_site("toy")
    with pytest.raises(KeyError, match="unknown site 'toy'"):
        site_url("toy")
    assert "toy" not in recipes()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"name": "Toy Site", "url_env": "TOY", "default_port": 1}, "lower-case letters"),
        ({"name": "toy", "url_env": "toy", "default_port": 1}, "url_env must be an upper-case"),
        ({"name": "toy", "url_env": "TOY", "default_port": 70000}, "default_port must be a port"),
        (
            {
                "name": "toy",
                "url_env": "TOY",
                "default_port": 1,
                "launcher": SiteLauncher(name="other", description="", prepare=toy_prepare),
            },
            "launcher is named 'other'",
        ),
    ],
)
def test_a_bad_spec_is_refused_with_its_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        SiteSpec(**kwargs)


def test_a_site_or_its_variable_is_registered_once(toy_site):
    with pytest.raises(ValueError, match="'toy' is already registered"):
        register_site(SiteSpec("toy", url_env="TOY2", default_port=1))
    with pytest.raises(ValueError, match="url_env SHOPPING is already site 'shopping'"):
        register_site(SiteSpec("toy2", url_env="SHOPPING", default_port=1))


def test_the_arena_starts_a_registered_site_and_the_homepage_lists_it(toy_site, tmp_path, site_settings):
    with Arena(["toy", "homepage"], run_dir=tmp_path, settings=site_settings) as arena:
        urls = arena.urls
        with urllib.request.urlopen(urls["toy"] + "/", timeout=10) as response:
            assert "hello from the toy site" in response.read().decode()
        with urllib.request.urlopen(urls["homepage"] + "/", timeout=10) as response:
            page = response.read().decode()
    assert "Toy Bazaar" in page and f'href="{urls["toy"]}"' in page and 'data-site="toy"' in page


def test_each_sites_docker_service_is_a_service_of_the_official_stack_for_that_site():
    from sites.docker_config import DockerStackConfig
    from sites.registry import site_specs

    services = {svc.key: svc.site for svc in DockerStackConfig.from_env().services()}
    declared = {name: spec.docker_service for name, spec in site_specs().items()}
    assert declared == {
        "classifieds": "classifieds",
        "shopping": "shopping",
        "reddit": "forum",
        "wikipedia": "wikipedia",
        "homepage": "homepage",
    }
    assert all(service is not None and services[service] == site for site, service in declared.items())
