"""What every suite shares: collecting tasks and input images in a fixed order, writing them to
tasks/<name>.json and tasks/images/<name>/, and the `--check` that the committed files equal the output."""
from __future__ import annotations

import hashlib
import io
import json
import random
from pathlib import Path

TASKS_DIR = Path(__file__).resolve().parent.parent
PICK_SEED = 7
IMAGE_SUFFIXES = (".png", ".jpg")      # what a suite's image folder holds
HASH_CHARS = 16                        # an input image is named by this many hex digits of its content's SHA-256


def content_name(blob: bytes, suffix: str) -> str:
    """The file name of an input image: a prefix of the SHA-256 of its bytes and its suffix. The name says nothing
    about the task (no item id, no answer), and the same picture gets the same name whichever task uses it."""
    if suffix not in IMAGE_SUFFIXES:
        raise ValueError(f"input image suffix {suffix!r} is not one of {', '.join(IMAGE_SUFFIXES)}")
    return hashlib.sha256(blob).hexdigest()[:HASH_CHARS] + suffix


def image_files(folder: Path) -> list[Path]:
    """The input images in `folder` (none if it does not exist)."""
    return sorted(p for p in folder.glob("*") if p.suffix in IMAGE_SUFFIXES) if folder.is_dir() else []


def storage_state(sites: list[str]) -> str:
    """The login state file named like the official ones: ./.auth/<site>_state.json, sites that log in joined by
    dots (Wikipedia needs none). The harness logs in its own way; the field is kept for the official format."""
    logged = [s for s in sites if s != "wikipedia"] or sites[:1]
    return f"./.auth/{'.'.join(logged)}_state.json"


class Suite:
    """Collects tasks and input images; numbers tasks and templates in the order they are added.

    `site` is the main site of the suite's tasks (placeholder __<SITE>__; a task may name other sites too);
    `name` names the suite's files (tasks/<name>.json, tasks/images/<name>/; by default the site);
    `first_task_id` is the id of its first task (tasks are numbered from there in the order they are added);
    `grounding_key` names the list of ids the grounding lint looks up in the site's pristine data."""

    site = ""
    suite_name = ""
    first_task_id = 0
    grounding_key = "items"

    def __init__(self, seed: int):
        self.rng = random.Random(PICK_SEED)
        self.tasks: list[dict] = []
        self.images: dict[str, bytes] = {}
        self.templates: dict[str, int] = {}
        self.data_seed = seed
        self.used: set[int] = set()
        self.sight_pictures: dict[str, bytes] = {}   # what the sighted agent looks for (tasks/build/sight.py)

    @property
    def placeholder(self) -> str:
        return f"__{self.site.upper()}__"

    @property
    def name(self) -> str:
        return self.suite_name or self.site

    @property
    def task_file(self) -> Path:
        return TASKS_DIR / f"{self.name}.json"

    @property
    def image_dir(self) -> Path:
        return TASKS_DIR / "images" / self.name

    @property
    def sight_dir(self) -> Path:
        return TASKS_DIR / "sight" / self.name

    def fresh(self, candidates, n: int) -> list:
        """Up to n candidates (rows or tuples whose first element is the main row) not used by another task,
        spread over the list by the fixed-seed stream."""
        pool = [c for c in candidates if (c[0] if isinstance(c, tuple) else c).id not in self.used]
        picked = self.rng.sample(pool, min(n, len(pool))) if pool else []
        picked.sort(key=lambda c: (c[0] if isinstance(c, tuple) else c).id)
        for c in picked:
            self.used.add((c[0] if isinstance(c, tuple) else c).id)
        return picked

    def store_image(self, blob: bytes, suffix: str = ".png") -> str:
        """Keep an encoded input image under its content name; return its reference in the task file."""
        name = content_name(blob, suffix)
        self.images[name] = blob
        return f"images/{self.name}/{name}"          # relative to the task file's folder

    def save_image(self, image, fmt: str = "PNG") -> str:
        """Encode a PIL image (PNG, or JPEG for pictures) and keep it under its content name."""
        buf = io.BytesIO()
        if fmt == "JPEG":
            image.save(buf, "JPEG", quality=88, optimize=True)
            return self.store_image(buf.getvalue(), ".jpg")
        image.save(buf, "PNG", optimize=True)
        return self.store_image(buf.getvalue(), ".png")

    def input_image(self, spec, seed: int, style: str = "photo") -> str:
        """Render the input image of a task (an imagery PhotoSpec) and return its reference in the task file."""
        from sites.imagery.task_images import make_input_image

        return self.save_image(make_input_image(spec, seed, style=style))

    def add(self, template: str, args: dict, *, intent: str, eval_: dict, solution: list[dict],
            difficulty: tuple[str, str, str], start_url: str | None = None, image=None,
            require_reset: bool = False, grounding: dict | None = None, comments: str = "",
            sites: list[str] | tuple[str, ...] | None = None) -> dict:
        """Append one task. `sites` lists the sites it needs, the main one first (default: the suite's site)."""
        from .sight import with_sight
        solution = with_sight(solution, self.sight_pictures, self.name)
        template_id = self.templates.setdefault(template, len(self.templates))
        reasoning, visual, overall = difficulty
        sites = list(sites or [self.site])
        task = {
            "sites": sites,
            "task_id": self.first_task_id + len(self.tasks),
            "require_login": True,
            "storage_state": storage_state(sites),
            "start_url": self.placeholder if start_url is None else start_url,
            "geolocation": None,
            "intent_template": template,
            "intent": intent,
            "image": image,
            "instantiation_dict": args,
            "require_reset": require_reset,
            "eval": eval_,
            "reasoning_difficulty": reasoning,
            "visual_difficulty": visual,
            "overall_difficulty": overall,
            "comments": comments,
            "intent_template_id": template_id,
            "reference_solution": solution,
            "grounding": grounding or {self.grounding_key: [], "visual_terms": []},
        }
        self.tasks.append(task)
        return task

    # ---- output ---------------------------------------------------------------------------------
    def render(self) -> str:
        return json.dumps(self.tasks, indent=2, ensure_ascii=False) + "\n"

    def stale_files(self) -> list[str]:
        """Committed files that differ from what this suite would write (missing or extra images included)."""
        task_file, image_dir = self.task_file, self.image_dir
        stale = [] if task_file.is_file() and task_file.read_text(encoding="utf-8") == self.render() \
            else [task_file.name]
        for name, blob in sorted(self.images.items()):
            path = image_dir / name
            if not path.is_file() or path.read_bytes() != blob:
                stale.append(str(path.relative_to(TASKS_DIR)))
        stale += [str(p.relative_to(TASKS_DIR)) for p in image_files(image_dir) if p.name not in self.images]
        for name, blob in sorted(self.sight_pictures.items()):
            path = self.sight_dir / name
            if not path.is_file() or path.read_bytes() != blob:
                stale.append(str(path.relative_to(TASKS_DIR)))
        stale += [str(p.relative_to(TASKS_DIR)) for p in image_files(self.sight_dir)
                  if p.name not in self.sight_pictures]
        return stale

    def write(self) -> None:
        image_dir = self.image_dir
        image_dir.mkdir(parents=True, exist_ok=True)
        for old in image_files(image_dir):
            if old.name not in self.images:
                old.unlink()
        for name, blob in sorted(self.images.items()):
            (image_dir / name).write_bytes(blob)
        sight_dir = self.sight_dir
        for old in image_files(sight_dir):
            if old.name not in self.sight_pictures:
                old.unlink()
        if self.sight_pictures:
            sight_dir.mkdir(parents=True, exist_ok=True)
        for name, blob in sorted(self.sight_pictures.items()):
            (sight_dir / name).write_bytes(blob)
        self.task_file.write_text(self.render(), encoding="utf-8")
