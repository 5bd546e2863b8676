"""This project's sites, each declared once as a `SiteSpec` (sites/registry.py): its URL variable and port,
its launcher (sites/launchers.py), its login form, its homepage card, its docker service and its task suite.

May import: sites.registry and sites.launchers (whose functions load each site's modules only when run).
"""

from __future__ import annotations

import shutil

import sites.launchers as run
from sites.registry import HomepageCard, LoginSpec, SiteLauncher, SiteSpec, register_site

SPECS = (
    SiteSpec(
        "classifieds",
        url_env="CLASSIFIEDS",
        default_port=9980,
        docker_service="classifieds",
        suite_module="tasks.build.classifieds",
        report_order=10,
        launcher=SiteLauncher(
            name="classifieds",
            description="A local classifieds marketplace: listings with photos, search by category, state "
            "and price, comments with ratings, post and edit your own ads.",
            prepare=run._classifieds_prepare,
            create_app=run._classifieds_app,
            reset=run._classifieds_reset,
        ),
        login=LoginSpec(
            "/index.php?page=login",
            "input[name=email]",
            "input[name=password]",
            "button[type=submit]",
            ("logout", "log out"),
            "CLASSIFIEDS_USER",
            "CLASSIFIEDS_PASSWORD",
            "blake.sullivan@gmail.com",
            "Password.123",
            session_path="/index.php?page=session",
        ),
        card=HomepageCard(
            "Classifieds",
            "A local marketplace: listings with photos, search by category, state and "
            "price, comments with star ratings; post and edit your own ads.",
        ),
    ),
    SiteSpec(
        "shopping",
        url_env="SHOPPING",
        default_port=7770,
        docker_service="shopping",
        suite_module="tasks.build.shopping",
        report_order=30,
        launcher=SiteLauncher(
            name="shopping",
            description="One Stop Market: a general store (Magento Luma style) with departments, product pages "
            "with photos, options and reviews, cart, checkout, orders, wish list and compare.",
            prepare=run._shopping_prepare,
            create_app=run._shopping_app,
            reset=run._shopping_reset,
        ),
        login=LoginSpec(
            "/customer/account/login/",
            "input[name='login[username]']",
            "input[name='login[password]']",
            "button#send2, button[type=submit]",
            ("sign out",),
            "SHOPPING_USER",
            "SHOPPING_PASSWORD",
            "emma.lopez@gmail.com",
            "Password.123",
        ),
        card=HomepageCard(
            "One Stop Market",
            "An online store: product pages with photos, reviews, a cart, checkout and order history.",
        ),
    ),
    SiteSpec(
        "reddit",
        url_env="REDDIT",
        default_port=9999,
        docker_service="forum",
        suite_module="tasks.build.reddit",
        report_order=20,
        launcher=SiteLauncher(
            name="reddit",
            description="A Postmill-style forum: forums with image, link and text posts, threaded comments, votes, "
            "subscriptions, direct messages and search.",
            prepare=run._reddit_prepare,
            create_app=run._reddit_app,
            reset=run._reddit_reset,
        ),
        login=LoginSpec(
            "/login",
            "input[name=_username]",
            "input[name=_password]",
            "button[type=submit], input[type=submit]",
            ("log out", "logout"),
            "REDDIT_USER",
            "REDDIT_PASSWORD",
            "MarvelsGrantMan136",
            "test1234",
        ),
        card=HomepageCard("Postmill forums", "A discussion site: forums, posts with images, comments and votes."),
    ),
    SiteSpec(
        "wikipedia",
        url_env="WIKIPEDIA",
        default_port=8888,
        docker_service="wikipedia",
        report_order=40,
        launcher=SiteLauncher(
            name="wikipedia",
            description="Wikipedia (English, generated articles) served by kiwix-serve from "
            "wikipedia_en_all_maxi_2022-05.zim, with its search and library page.",
            prepare=run._wikipedia_prepare,
            command=run._wikipedia_command,
            health_path="/",
            available=lambda s: shutil.which("kiwix-serve") is not None,
        ),
        card=HomepageCard("Wikipedia", "An offline copy of the English Wikipedia, served by Kiwix."),
    ),
    SiteSpec(
        "homepage",
        url_env="HOMEPAGE",
        default_port=4399,
        docker_service="homepage",
        report_order=50,
        launcher=SiteLauncher(
            name="homepage",
            description="This page: links to every site, their accounts, and the tasks' input images.",
            prepare=run._homepage_prepare,
            create_app=run._homepage_app,
            needs_other_urls=True,
        ),
    ),
)


def register_builtin_sites() -> None:
    for spec in SPECS:
        register_site(spec, replace=True)
