"""Wikipedia as one registration (sites/registry.py): the real kiwix-serve, an external program, serving the ZIM
this project builds (read-only content: nothing to reset, no login); its data and fingerprint.

May import: sites.registry (the builder loads only when a function runs).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sites.registry import Fingerprint, HomepageCard, SiteData, SiteLauncher, SiteSpec


def prepare(settings, _instance: Path, _urls: dict[str, str]) -> dict:
    from sites.wikipedia.build import ensure

    zim, _built = ensure(settings.data_dir, settings.seed, settings.scale)
    return {"zim": str(zim)}


def command(_instance: Path, options: dict, port: int) -> list[str]:
    # loopback unless told otherwise (a container serves on every interface: compose/serve_site.py)
    address = options.get("address", "127.0.0.1")
    return [shutil.which("kiwix-serve") or "kiwix-serve", f"--port={port}", f"--address={address}", options["zim"]]


def generate(data_dir: Path, seed: int, scale) -> str:
    from sites.wikipedia.build import ensure

    zim, built = ensure(data_dir, seed, scale)
    if built is None:
        return f"ZIM already present: {zim}"
    return f"built {built.articles:,} articles ({built.size / 1e6:.1f} MB) in {built.seconds:.1f} s -> {zim}"


def fingerprints(data_dir: Path, seed: int, scale) -> list[Fingerprint]:
    from sites.wikipedia.build import ensure

    return [Fingerprint("wikipedia/zim", "zim", ensure(data_dir, seed, scale)[0])]


SPEC = SiteSpec(
    "wikipedia",
    url_env="WIKIPEDIA",
    default_port=8888,
    docker_service="wikipedia",
    report_order=40,
    launcher=SiteLauncher(
        name="wikipedia",
        description="Wikipedia (English, generated articles) served by kiwix-serve from "
        "wikipedia_en_all_maxi_2022-05.zim, with its search and library page.",
        prepare=prepare,
        command=command,
        health_path="/",
        available=lambda s: shutil.which("kiwix-serve") is not None,
    ),
    card=HomepageCard("Wikipedia", "An offline copy of the English Wikipedia, served by Kiwix."),
    data=SiteData(generate, fingerprints),
)
