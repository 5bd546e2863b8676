"""The source tree stays as the README's Layout section describes it: small modules, no import cycle, and
the layers (agent and sites know nothing of each other or of evaluation; evaluation's own layers, listed in
EVALUATION_LAYERS, are imported one way: top to bottom).

The import graph is read from the source with `ast`: every `import` and `from ... import`, those inside
functions included. A package's `__init__` is a node of its own. `from P import name` depends on P's
`__init__` (also when `name` is a module of P: the package's namespace is read), and on `P.name` when that
is a module; `import P.mod` depends on `P.mod`. A module does not depend on the packages that enclose it
(they are being imported already) unless it names one in a `from` import. So a package whose `__init__`
imports a module that imports names from the package back is a cycle, as it is for Python.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("agent", "evaluation", "sites", "tasks", "benchmarks")
MAX_LINES = 600
# top-level package -> the project's top-level packages it must never import
# (and none imports tests/: the test suite is no library; what tests and benchmarks share lives in a package)
FORBIDDEN = {
    "agent": {"sites", "evaluation", "tasks", "tests"},
    "sites": {"agent", "evaluation", "tasks", "tests"},
    "evaluation": {"tasks", "tests"},
    "tasks": {"agent", "evaluation", "tests"},
    "benchmarks": {"evaluation", "tasks", "tests"},
}
# evaluation's shared vocabulary (the package evaluation/vocabulary/, the bottom layer) and the scoring leaf
# wordtokens: these modules import nothing of evaluation but one another
VOCABULARY = ("errors", "helper_calls", "outcome", "placeholders", "spec")
EVALUATION_LEAVES = {*(f"evaluation.vocabulary.{name}" for name in VOCABULARY), "evaluation.scoring.wordtokens"}
# evaluation's layers, top first: a module may import its own layer and those below, never one above (imports
# inside functions count). The entry points are evaluation's top-level modules; every other layer is made of whole
# folders (subpackages), each folder in one layer (test_evaluations_folders_are_its_layers). A module belongs to
# the layer that names it or its folder. The subpackages' __init__s belong to none: they import nothing
# (test_evaluations_subpackage_inits_import_nothing).
EVALUATION_LAYERS: list[tuple[str, tuple[str, ...]]] = [
    (
        "entry points",
        (
            "evaluation.plugin",
            "evaluation.run",
            "evaluation.report",
            "evaluation.verify",
            "evaluation.rescore",
            "evaluation.autoeval",
        ),
    ),
    ("orchestration", ("evaluation.harness", "evaluation.distributed", "evaluation.bgym")),
    ("running one task", ("evaluation.running",)),
    ("results and reports", ("evaluation.reporting",)),
    ("reward functions", ("evaluation.rewards",)),
    ("task files", ("evaluation.taskfiles",)),
    ("scoring primitives", ("evaluation.scoring",)),
    ("shared vocabulary", ("evaluation.vocabulary",)),
]
EVALUATION_SUBPACKAGES = (
    "evaluation",
    "evaluation.harness",
    "evaluation.distributed",
    "evaluation.bgym",
    "evaluation.running",
    "evaluation.reporting",
    "evaluation.rewards",
    "evaluation.taskfiles",
    "evaluation.scoring",
    "evaluation.vocabulary",
)


def source_modules(root: Path = ROOT, packages=PACKAGES) -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the packages (`pkg` for pkg/__init__.py)."""
    modules = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _imports(module: str, path: Path) -> list[tuple[str, list[str] | None]]:
    """(target, names) of every import of the file: names for `from target import names`, None for
    `import target`; relative targets resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: list[tuple[str, list[str] | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            found.append((target, [alias.name for alias in node.names]))
    return found


def import_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    """Module -> the project modules (and package __init__s) it depends on, by the rules above."""
    modules = source_modules(root, packages)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        targets: set[str] = set()
        for target, names in _imports(module, path):
            parts = target.split(".")
            for end in range(1, len(parts) + 1):  # the packages above the target run their __init__ too
                prefix = ".".join(parts[:end])
                encloses = module == prefix or module.startswith(prefix + ".")
                if prefix in modules and not encloses:
                    targets.add(prefix)
            if names is not None and target in modules:
                targets.add(target)  # `from P import ...` reads P's namespace
                targets.update(f"{target}.{name}" for name in names if f"{target}.{name}" in modules)
        targets.discard(module)
        graph[module] = targets
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import one another, directly or not (strongly connected components of
    more than one module, Tarjan's algorithm without recursion), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []
    for start in sorted(graph):
        if start in index:
            continue
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        work = [(start, iter(sorted(graph[start])))]
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        cycles.append(sorted(component))
    return cycles


def layer_of(module: str, layers=None) -> int | None:
    """Index of the module's layer (0 = top), by the longest prefix that names it; None outside every layer."""
    best: tuple[int, int] | None = None
    for index, (_name, prefixes) in enumerate(layers if layers is not None else EVALUATION_LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    return None if best is None else best[0]


def upward_imports(graph: dict[str, set[str]], layers=None, unlayered=EVALUATION_SUBPACKAGES) -> list[str]:
    """Every import of a module from a layer above its own."""
    layers = layers if layers is not None else EVALUATION_LAYERS
    wrong = []
    for module, targets in sorted(graph.items()):
        own = None if module in unlayered else layer_of(module, layers)
        if own is None:
            continue
        for target in sorted(targets - set(unlayered)):
            above = layer_of(target, layers)
            if above is not None and above < own:
                wrong.append(f"{module} ({layers[own][0]}) imports {target} ({layers[above][0]})")
    return wrong


def long_modules(root: Path = ROOT, packages=PACKAGES, limit: int = MAX_LINES) -> dict[str, int]:
    return {
        str(path.relative_to(root)): n
        for path in source_modules(root, packages).values()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > limit
    }


# ---- the project ---------------------------------------------------------------------------------------


def test_no_module_exceeds_the_line_limit():
    assert not long_modules(), f"modules over {MAX_LINES} lines: {long_modules()}"


def test_no_import_cycle():
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def forbidden_imports(root: Path = ROOT, packages=PACKAGES) -> list[str]:
    """Every import (inside functions too) of a package's module that FORBIDDEN rules out, read from the source:
    also imports of tests/, which is not one of the packages the graph is made of."""
    return sorted(
        f"{module} imports {target}"
        for module, path in source_modules(root, packages).items()
        for target, _ in _imports(module, path)
        if target.split(".")[0] in FORBIDDEN.get(module.split(".")[0], ())
    )


def test_the_layers_hold():
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in import_graph().items()
        for target in targets
        if target.split(".")[0] in FORBIDDEN[module.split(".")[0]]
    )
    assert not wrong, "\n".join(wrong)
    assert not forbidden_imports(), "\n".join(forbidden_imports())


def test_evaluations_shared_vocabulary_imports_nothing_above_it():
    graph = import_graph()
    wrong = sorted(
        f"{leaf} imports {target}"
        for leaf in EVALUATION_LEAVES
        for target in graph[leaf]
        if target.startswith("evaluation")
        and target not in EVALUATION_LEAVES
        and target not in ("evaluation", "evaluation.vocabulary", "evaluation.scoring")  # the leaves' own packages
    )
    assert not wrong, "\n".join(wrong)


def test_evaluations_layers_are_imported_one_way():
    wrong = upward_imports(import_graph())
    assert not wrong, "\n".join(wrong)


def test_evaluations_subpackage_inits_import_nothing():
    graph = import_graph()
    assert {package: sorted(graph[package]) for package in EVALUATION_SUBPACKAGES if graph[package]} == {}


def test_every_evaluation_module_has_a_layer():
    graph = import_graph()
    assert [
        m for m in graph if m.startswith("evaluation") and m not in EVALUATION_SUBPACKAGES and layer_of(m) is None
    ] == []


def test_evaluations_folders_are_its_layers():
    """Each folder of evaluation/ is named by exactly one layer (whole: no layer names a module inside a folder),
    the entry points' layer holds only top-level modules, and EVALUATION_SUBPACKAGES lists the folders there are."""
    folders = sorted(
        ".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "evaluation").rglob("__init__.py")
    )
    top = [f for f in folders if f.count(".") == 1]
    assert sorted(EVALUATION_SUBPACKAGES) == sorted(["evaluation", *top])
    named = [prefix for _name, prefixes in EVALUATION_LAYERS[1:] for prefix in prefixes]
    assert sorted(named) == sorted(top), "every folder in exactly one layer, and only folders"
    entry_points = EVALUATION_LAYERS[0][1]
    assert all(m.count(".") == 1 and (ROOT / f"{m.replace('.', '/')}.py").is_file() for m in entry_points)
    modules = [m for m in source_modules() if m.startswith("evaluation.") and m.count(".") == 1]
    assert sorted(m for m in modules if m not in top) == sorted(entry_points)


# ---- the checks themselves, on small trees made for them ---------------------------------------------------


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    "files",
    [
        # a package's __init__ re-exports a module that imports a name from the package
        {"pkg/__init__.py": "from pkg.mod import f\n", "pkg/mod.py": "from pkg import CONSTANT\n"},
        # the same through a sibling module read from the package's namespace, and with relative imports
        {"pkg/__init__.py": "from . import views\n", "pkg/views.py": "from . import web\n", "pkg/web.py": ""},
        # an import inside a function counts
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "import pkg.b\n",
            "pkg/b.py": "def late():\n    from pkg.a import thing\n    return thing\n",
        },
        # three modules in a ring
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "from pkg.b import x\n",
            "pkg/b.py": "from pkg.c import y\n",
            "pkg/c.py": "from pkg.a import z\n",
        },
    ],
)
def test_a_cycle_is_found(tmp_path, files):
    graph = import_graph(_tree(tmp_path, files), ("pkg",))
    assert import_cycles(graph), graph


def test_modules_importing_each_other_downward_are_no_cycle(tmp_path):
    root = _tree(
        tmp_path,
        {
            "pkg/__init__.py": "from pkg.api import run\n",
            "pkg/api.py": "import pkg.core as core\nfrom .util import helper\n",
            "pkg/core.py": "from pkg.util import helper\n",
            "pkg/util.py": "import json\n",
            "pkg/sub/__init__.py": "from ..util import helper\n",
        },
    )
    graph = import_graph(root, ("pkg",))
    assert graph["pkg.api"] == {"pkg.core", "pkg.util"}
    assert graph["pkg.sub"] == {"pkg.util"}
    assert import_cycles(graph) == []


def test_an_upward_import_is_found_also_inside_a_function(tmp_path):
    root = _tree(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/top.py": "from pkg.low import x\n",
            "pkg/low.py": "x = 1\n",
            "pkg/mid/__init__.py": "",
            "pkg/mid/a.py": "import pkg.low\n",
            "pkg/mid/b.py": "def late():\n    from pkg.top import y\n    return y\n",
        },
    )
    layers = [("top", ("pkg.top",)), ("middle", ("pkg.mid",)), ("low", ("pkg.low",))]
    graph = import_graph(root, ("pkg",))
    assert upward_imports(graph, layers, unlayered=("pkg", "pkg.mid")) == ["pkg.mid.b (middle) imports pkg.top (top)"]


def test_a_long_module_is_reported(tmp_path):
    root = _tree(
        tmp_path, {"pkg/__init__.py": "", "pkg/ok.py": "x = 1\n" * MAX_LINES, "pkg/big.py": "x = 1\n" * (MAX_LINES + 1)}
    )
    assert long_modules(root, ("pkg",)) == {"pkg/big.py": MAX_LINES + 1}


def test_a_benchmark_importing_the_tests_is_found_also_inside_a_function(tmp_path):
    root = _tree(
        tmp_path,
        {
            "benchmarks/__init__.py": "",
            "benchmarks/ok.py": "from devtools.openai_stub import OpenAIStub\n",
            "benchmarks/bad.py": "def run():\n    from tests.support.stub import Stub\n    return Stub\n",
            "benchmarks/worse.py": "import tests.conftest\n",
        },
    )
    assert forbidden_imports(root, ("benchmarks",)) == [
        "benchmarks.bad imports tests.support.stub",
        "benchmarks.worse imports tests.conftest",
    ]
