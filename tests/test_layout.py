"""The source tree stays as the README's Layout section describes it: small modules, no import cycle.

The import graph is read from the source with `ast` (every `import` and `from ... import`, including
those inside functions), over the project's packages. A package's `__init__` is a node of its own: a
module importing its package's name (`from sites.imagery import X`) depends on that `__init__`, and an
`__init__` importing its modules depends on them, so a package that re-exports a module which imports
the package back is a cycle, as it is for Python.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("agent", "evaluation", "sites", "tasks", "benchmarks")
MAX_LINES = 600


def source_modules() -> dict[str, Path]:
    """Dotted module name -> file, for every .py file of the project's packages (`pkg` for pkg/__init__.py)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules[".".join(parts)] = path
    return modules


def _imported_names(module: str, path: Path, is_package: bool) -> list[str]:
    """Every dotted name an import statement of the file names (a relative one resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    here = module.split(".") if is_package else module.split(".")[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[: len(here) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            names.append(prefix)
            names.extend(f"{prefix}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def import_graph() -> dict[str, set[str]]:
    """Module -> the project modules it imports (a name imported from a package counts as that package,
    or as its module when it names one; the packages above the target that also enclose the importer are
    already being imported and do not count)."""
    modules = source_modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        is_package = path.name == "__init__.py"
        targets = set()
        for name in _imported_names(module, path, is_package):
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                target = ".".join(parts[:end])
                if target not in modules or target == module:
                    continue
                encloses_importer = module == target or module.startswith(target + ".")
                if not encloses_importer:
                    targets.add(target)
                elif end == len(parts) or (end < len(parts) and ".".join(parts[: end + 1]) not in modules):
                    # `from pkg import name` (or `import pkg`) inside pkg: the package's own __init__
                    if name == target and not (is_package and target == module):
                        targets.add(target)
        graph[module] = targets
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles = []

    def visit(start: str) -> None:
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
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

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return cycles


def test_no_module_exceeds_the_line_limit():
    too_long = {str(path.relative_to(ROOT)): n for path in source_modules().values()
                if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not too_long, f"modules over {MAX_LINES} lines: {too_long}"


def test_no_import_cycle():
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)
