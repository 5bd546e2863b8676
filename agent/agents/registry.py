"""The registry of agents: one `AgentSpec` per name (its factory and the observation mode it needs).

This project's agents register below. Another package adds one without editing this project, either by
calling `register_agent(AgentSpec(...))` before the run starts, or by declaring an entry point in the group
`vwa_arena.agents` whose object is an `AgentSpec` (or a function of no argument returning one):

    [project.entry-points."vwa_arena.agents"]
    my_agent = "my_package.agent:SPEC"

Entry points are read once, the first time the registry is consulted after the process starts (and again
after `reload_entry_points()`); a spec registered in code wins over an entry point of the same name.

A factory is called with keyword arguments only: `env` (the BrowserEnv or None), `model` (str or None),
`solution` (the task's reference solution or None), `observation_mode` (the mode chosen: the caller's or the
spec's), `requested_mode` (the caller's, or None) and `settings` (an LLMSettings, a dict of overrides, or None).

A spec also declares the agent's needs, which the harness reads instead of guessing from its name: a model
endpoint (`needs_endpoint`), the task's reference solution (`needs_solution`), its step limit (`max_steps`), and
how to read the made agent's tokenizer name (`tokenizer`) and what it found (`summary`) for the result line.

May import: agent.observation (the observation modes); agent.agents' own modules, lazily (the model stack loads
only when an agent that needs it is made).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import TYPE_CHECKING, Any, TypeAlias

from agent.observation import OBSERVATION_MODES, ObservationMode

if TYPE_CHECKING:
    from agent.llm import LLMSettings

# What a factory's `settings` may be: an LLMSettings, a dict of overrides (LLMSettings fields and the agent's own
# options: url_map, task_dir, captioner, max_obs_tokens, keep_images), or None.
AgentSettings: TypeAlias = "LLMSettings | dict[str, Any] | None"

ENTRY_POINT_GROUP = "vwa_arena.agents"
DEFAULT_MAX_STEPS = 30


@dataclass(frozen=True)
class AgentSpec:
    name: str
    factory: Callable[..., Any]
    observation_mode: ObservationMode = "accessibility_tree"
    # the modes a caller may ask for; empty = any of OBSERVATION_MODES
    allowed_modes: tuple[ObservationMode, ...] = ()
    description: str = ""
    # what the harness must give it, and what it reports (read by evaluation's runtime and `make eval`)
    needs_endpoint: bool = False  # a model behind OPENAI_BASE_URL / OPENAI_API_KEY: refused early without one
    needs_solution: bool = False  # the task's reference solution: tasks without one are skipped
    max_steps: int = DEFAULT_MAX_STEPS  # its step limit, unless the run sets one
    tokenizer: Callable[[Any], str | None] | None = None  # the made agent's tokenizer name, for the results
    summary: Callable[[Any], dict[str, Any]] | None = (
        None  # what the made agent found, recorded as the result's `sight`
    )

    def __post_init__(self) -> None:
        if not self.name or not isinstance(self.name, str) or any(c.isspace() for c in self.name):
            raise ValueError(f"agent name must be a non-empty word, not {self.name!r}")
        if not callable(self.factory):
            raise ValueError(f"agent {self.name!r}: factory {self.factory!r} is not callable")
        for mode in (self.observation_mode, *self.allowed_modes):
            if mode not in OBSERVATION_MODES:
                raise ValueError(
                    f"agent {self.name!r}: unknown observation mode {mode!r}; known: {', '.join(OBSERVATION_MODES)}"
                )
        if not isinstance(self.max_steps, int) or isinstance(self.max_steps, bool) or self.max_steps < 1:
            raise ValueError(f"agent {self.name!r}: max_steps must be a positive integer, not {self.max_steps!r}")
        for hook in ("tokenizer", "summary"):
            if getattr(self, hook) is not None and not callable(getattr(self, hook)):
                raise ValueError(f"agent {self.name!r}: {hook} must be callable or None")


_REGISTERED: dict[str, AgentSpec] = {}  # in code (this project's agents, and any caller's)
_FROM_ENTRY_POINTS: dict[str, AgentSpec] | None = None


def register_agent(spec: AgentSpec, *, replace: bool = False) -> AgentSpec:
    """Add an agent; a second spec of the same name is an error unless `replace`."""
    if not isinstance(spec, AgentSpec):
        raise TypeError(f"register_agent takes an AgentSpec, not {type(spec).__name__}")
    if spec.name in _REGISTERED and not replace:
        raise ValueError(f"agent {spec.name!r} is already registered")
    _REGISTERED[spec.name] = spec
    return spec


def unregister_agent(name: str) -> None:
    _REGISTERED.pop(name, None)


def _load_entry_point(entry: metadata.EntryPoint) -> AgentSpec:
    where = f"entry point {entry.name!r} = {entry.value!r} (group {ENTRY_POINT_GROUP})"
    try:
        obj = entry.load()
    except Exception as exc:  # a broken plugin names itself; it does not take the harness down silently
        raise ValueError(f"{where} does not load: {type(exc).__name__}: {exc}") from exc
    spec = obj if isinstance(obj, AgentSpec) else obj() if callable(obj) else obj
    if not isinstance(spec, AgentSpec):
        raise ValueError(f"{where} gives {type(spec).__name__}, not an AgentSpec")
    if spec.name != entry.name:
        raise ValueError(f"{where} gives the spec of agent {spec.name!r}: the names must agree")
    return spec


def reload_entry_points() -> None:
    """Forget the entry points read so far (the next look-up reads them again)."""
    global _FROM_ENTRY_POINTS
    _FROM_ENTRY_POINTS = None


def _entry_point_specs() -> dict[str, AgentSpec]:
    global _FROM_ENTRY_POINTS
    if _FROM_ENTRY_POINTS is None:
        found = {}
        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
            if entry.name not in found:  # the first distribution on sys.path wins, as imports do
                found[entry.name] = _load_entry_point(entry)
        _FROM_ENTRY_POINTS = found
    return _FROM_ENTRY_POINTS


def agent_specs() -> dict[str, AgentSpec]:
    """Every known agent by name: this project's first, then the entry points' (code wins on a clash)."""
    merged = dict(_REGISTERED)
    for name, spec in _entry_point_specs().items():
        merged.setdefault(name, spec)
    return merged


def agent_names() -> tuple[str, ...]:
    return tuple(agent_specs())


def get_agent_spec(name: str) -> AgentSpec:
    specs = agent_specs()
    if name not in specs:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(specs)}")
    return specs[name]
