"""What every suite shares: collecting tasks and input images in a fixed order, writing them to
tasks/<name>.json and tasks/images/<name>/, and the `--check` that the committed files equal the output.

Task ids and template ids come from the suite's id ledger (tasks/build/ids/<name>.json, committed with the
suite): the k-th task of a template keeps the id the ledger gave it, whatever templates come before it, and a
template keeps its template id. A task or template the ledger does not know yet gets the next id after every
id the ledger holds (ids of templates or tasks that are gone stay in the ledger, never given again). So adding
a template, anywhere in TEMPLATES, never renumbers the tasks of the others."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

from .encoded import encode

TASKS_DIR = Path(__file__).resolve().parent.parent
PICK_SEED = 7
IMAGE_SUFFIXES = (".png", ".jpg")  # what a suite's image folder holds
HASH_CHARS = 16  # an input image is named by this many hex digits of its content's SHA-256
LEDGER_DIR = TASKS_DIR / "build" / "ids"  # one id ledger per suite: <name>.json
_INPUT_IMAGES: dict[tuple, bytes] = {}  # (PhotoSpec, seed, style) -> PNG of Suite.input_image


def read_ledger(path: Path) -> dict[str, dict]:
    """A suite's id ledger: {template: {"template_id": n, "task_ids": [the ids of its 1st, 2nd... task]}} (empty
    when the suite has none yet)."""
    if not path.is_file():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    templates = data.get("templates") if isinstance(data, dict) else None
    if not isinstance(templates, dict) or not all(
        isinstance(e, dict)
        and isinstance(e.get("template_id"), int)
        and isinstance(e.get("task_ids"), list)
        and all(isinstance(i, int) for i in e["task_ids"])
        for e in templates.values()
    ):
        raise ValueError(f"{path}: not an id ledger (templates: {{template: {{template_id, task_ids}}}})")
    return templates


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


def streams(seed: object) -> Callable[[str], random.Random]:
    """A module's own random streams, one a template: `streams(seed)(name)` draws from Random(f"{seed}:{name}"),
    apart from the suite's stream and from every other module's, so that no module's picks move another's."""

    def stream(name: str) -> random.Random:
        return random.Random(f"{seed}:{name}")

    return stream


class Suite:
    """Collects tasks and input images; numbers tasks and templates in the order they are added.

    `site` is the main site of the suite's tasks (placeholder __<SITE>__; a task may name other sites too);
    `name` names the suite's files (tasks/<name>.json, tasks/images/<name>/; by default the site);
    `first_task_id` is the id of its first task (a suite without a ledger numbers its tasks from there in the
    order they are added; then the ledger keeps them: see the module's docstring);
    `grounding_key` names the list of ids the grounding lint looks up in the site's pristine data;
    `ledger_dir` is where the suite's id ledger is (<name>.json)."""

    site = ""
    suite_name = ""
    first_task_id = 0
    grounding_key = "items"
    ledger_dir = LEDGER_DIR

    def __init__(self, seed: int):
        self.rng = random.Random(PICK_SEED)
        self.tasks: list[dict] = []
        self.images: dict[str, bytes] = {}
        self.templates: dict[str, int] = {}
        self.data_seed = seed
        self.used: set[int] = set()
        self.sight_pictures: dict[str, bytes] = {}  # what the sighted agent looks for (tasks/build/sight.py)
        self.ledger = read_ledger(self.ledger_file)  # the committed ids
        self._per_template: dict[str, list[int]] = {}  # template -> the ids of its tasks in this build

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
    def ledger_file(self) -> Path:
        return self.ledger_dir / f"{self.name}.json"

    def _next_id(self, key: str, taken_now: list[int]) -> int:
        """The next free id of `key` (template_id or task_ids): after every id of the ledger and of this build."""
        taken = [i for e in self.ledger.values() for i in ([e[key]] if key == "template_id" else e[key])]
        start = 0 if key == "template_id" else self.first_task_id
        return max(taken + taken_now, default=start - 1) + 1

    def _ids_for(self, template: str) -> tuple[int, int]:
        """(template id, task id) of the next task of `template`, from the ledger or the next free ones."""
        known = self.ledger.get(template)
        if template not in self.templates:
            self.templates[template] = (
                known["template_id"] if known else self._next_id("template_id", list(self.templates.values()))
            )
        ids = self._per_template.setdefault(template, [])
        committed = known["task_ids"] if known else []
        task_id = (
            committed[len(ids)]
            if len(ids) < len(committed)
            else self._next_id("task_ids", [t["task_id"] for t in self.tasks])
        )
        ids.append(task_id)
        return self.templates[template], task_id

    def ledger_data(self) -> dict:
        """The ledger after this build: the committed entries (gone templates and unused ids kept, so never given
        again) with this build's new templates and ids, in template id order."""
        entries = {
            t: {"template_id": e["template_id"], "task_ids": list(e["task_ids"])} for t, e in self.ledger.items()
        }
        for template, ids in self._per_template.items():
            entry = entries.setdefault(template, {"template_id": self.templates[template], "task_ids": []})
            entry["task_ids"] += ids[len(entry["task_ids"]) :]
        ordered = dict(sorted(entries.items(), key=lambda item: item[1]["template_id"]))
        return {
            "suite": self.name,
            "about": "task and template ids of this suite by (template, index): "
            "written by python -m tasks.build, committed; see tasks/build/suite.py",
            "templates": ordered,
        }

    def render_ledger(self) -> str:
        """The ledger as JSON with one line per template."""
        data = self.ledger_data()
        rows = [f"  {json.dumps(t, ensure_ascii=False)}: {json.dumps(e)}" for t, e in data["templates"].items()]
        head = {k: v for k, v in data.items() if k != "templates"}
        return (
            "{\n"
            + "".join(f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n" for k, v in head.items())
            + ' "templates": {\n'
            + ",\n".join(rows)
            + "\n }\n}\n"
        )

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
        return f"images/{self.name}/{name}"  # relative to the task file's folder

    def save_image(self, image, fmt: str = "PNG") -> str:
        """Encode a PIL image (PNG, or JPEG for pictures) and keep it under its content name."""
        if fmt == "JPEG":
            return self.store_image(encode(image, "JPEG", quality=88, optimize=True), ".jpg")
        return self.store_image(encode(image, "PNG", optimize=True), ".png")

    def input_image(self, spec, seed: int, style: str = "photo") -> str:
        """Render the input image of a task (an imagery PhotoSpec) and return its reference in the task file."""
        from sites.imagery.task_images import make_input_image

        key = (spec, seed, style)  # a frozen PhotoSpec: drawn once per process (a pure function)
        blob = _INPUT_IMAGES.get(key)
        if blob is None:
            blob = _INPUT_IMAGES[key] = encode(make_input_image(spec, seed, style=style), "PNG", optimize=True)
        return self.store_image(blob, ".png")

    def add(
        self,
        template: str,
        args: dict,
        *,
        intent: str,
        eval_: dict,
        solution: list[dict],
        difficulty: tuple[str, str, str],
        start_url: str | None = None,
        image=None,
        require_reset: bool = False,
        grounding: dict | None = None,
        comments: str = "",
        sites: list[str] | tuple[str, ...] | None = None,
        official: int | None = None,
    ) -> dict:
        """Append one task. `sites` lists the sites it needs, the main one first (default: the suite's site).
        `official` is the official VisualWebArena `intent_template_id` of the main site's file that this task's
        template mirrors (../shared/official-kinds.md), None for a kind of our own."""
        if official is not None and (not isinstance(official, int) or isinstance(official, bool) or official < 0):
            raise ValueError(f"{self.name}: official template id {official!r} of {template!r} is not an id")
        from .sight import with_sight

        solution = with_sight(solution, self.sight_pictures, self.name)
        template_id, task_id = self._ids_for(template)
        reasoning, visual, overall = difficulty
        sites = list(sites or [self.site])
        task = {
            "sites": sites,
            "task_id": task_id,
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
            "official_template_id": official,
            "reference_solution": solution,
            "grounding": grounding or {self.grounding_key: [], "visual_terms": []},
        }
        self.tasks.append(task)
        return task

    def labels(self, official: int) -> tuple[str, str, str]:
        """The (reasoning, visual, overall) difficulty labels of official template `official` of the suite's site
        (a site's suite reads them from its official.py)."""
        raise NotImplementedError(f"{self.name}: no official difficulty labels")

    def fill(self, template: str, args: dict, **task) -> dict:
        """`add` a task whose intent is `template` filled with `args`."""
        return self.add(template, args, intent=template.format(**args), **task)

    def mirror(self, official: int, template: str, args: dict, **task) -> dict:
        """`fill` a task mirroring official template `official`, with that template's difficulty labels."""
        return self.fill(template, args, difficulty=self.labels(official), official=official, **task)

    # ---- output ---------------------------------------------------------------------------------
    def render(self) -> str:
        """The task file: the tasks in task id order."""
        ids = [t["task_id"] for t in self.tasks]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.name}: a task id is given twice; the id ledger {self.ledger_file} is broken")
        return json.dumps(sorted(self.tasks, key=lambda t: t["task_id"]), indent=2, ensure_ascii=False) + "\n"

    def stale_files(self) -> list[str]:
        """Committed files that differ from what this suite would write (missing or extra images included)."""
        task_file, image_dir = self.task_file, self.image_dir
        stale = (
            [] if task_file.is_file() and task_file.read_text(encoding="utf-8") == self.render() else [task_file.name]
        )
        ledger = self.ledger_file
        if not ledger.is_file() or ledger.read_text(encoding="utf-8") != self.render_ledger():
            stale.append(str(ledger.relative_to(TASKS_DIR)) if ledger.is_relative_to(TASKS_DIR) else str(ledger))
        for name, blob in sorted(self.images.items()):
            path = image_dir / name
            if not path.is_file() or path.read_bytes() != blob:
                stale.append(str(path.relative_to(TASKS_DIR)))
        stale += [str(p.relative_to(TASKS_DIR)) for p in image_files(image_dir) if p.name not in self.images]
        for name, blob in sorted(self.sight_pictures.items()):
            path = self.sight_dir / name
            if not path.is_file() or path.read_bytes() != blob:
                stale.append(str(path.relative_to(TASKS_DIR)))
        stale += [
            str(p.relative_to(TASKS_DIR)) for p in image_files(self.sight_dir) if p.name not in self.sight_pictures
        ]
        return stale

    def write_pictures(self) -> int:
        """Write the suite's input images and sight pictures only (they are generated, not committed: make install
        writes them from the committed task files' builders). Refuses when the committed task file is not what
        the builders write, since the pictures would not be the ones its tasks name. Returns how many files it
        (re)wrote; a picture already on disk with the same bytes is left alone."""
        if not self.task_file.is_file() or self.task_file.read_text(encoding="utf-8") != self.render():
            raise ValueError(
                f"{self.task_file.name}: the committed task file is not what the builders write from "
                f"this data set; run python -m tasks.build {self.name} (or regenerate the data)"
            )
        written = 0
        for folder, pictures in ((self.image_dir, self.images), (self.sight_dir, self.sight_pictures)):
            for old in image_files(folder):
                if old.name not in pictures:
                    old.unlink()
            if pictures:
                folder.mkdir(parents=True, exist_ok=True)
            for name, blob in sorted(pictures.items()):
                path = folder / name
                if not path.is_file() or path.read_bytes() != blob:
                    path.write_bytes(blob)
                    written += 1
        return written

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
        self.ledger_file.parent.mkdir(parents=True, exist_ok=True)
        self.ledger_file.write_text(self.render_ledger(), encoding="utf-8")
