"""Per-step overhead of the episode loop with a model agent, excluding the model's own time.

A prompt agent (text on the accessibility tree, som on Set-of-Marks) talks to the local OpenAI stub
(real HTTP; instant replies) on a fixture page; each episode does 10 actions (scroll down, scroll up)
and stops. Printed: harness time per step (parse + execute + settle + observe + record; then split
into env.step, env.observe and the loop's own work), agent time
per step (prompt building + HTTP round trip to the stub), and the whole episode.

    python -m benchmarks episode [--episodes N]
"""

from __future__ import annotations

import argparse
import functools
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from agent.agents.prompt import PromptAgent
from agent.browser import BrowserEnv
from agent.episode import run_episode
from agent.llm import LLMClient, LLMSettings
from agent.observation import ObservationMode
from benchmarks.stats import report
from devtools.openai_stub import OpenAIStub

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "agent_loop"
ACTIONS = ["scroll [down]", "scroll [up]"] * 5
REPLY = "The page is as expected. In summary, the next action I will perform is ```{}```"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks episode")
    parser.add_argument("--episodes", type=int, default=3)
    args = parser.parse_args(argv)
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(FIXTURES)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
    stub = OpenAIStub()
    try:
        passes: list[tuple[str, ObservationMode]] = [("text", "accessibility_tree"), ("som", "som")]
        for mode, env_mode in passes:
            harness, execute, observe, own, agent_time, totals = [], [], [], [], [], []
            with BrowserEnv(viewport=(1280, 2048), mode=env_mode) as env, tempfile.TemporaryDirectory() as tmp:
                llm = LLMClient(LLMSettings.from_env(base_url=stub.base_url, api_key="bench", attempts=1))
                agent = PromptAgent(mode, llm, env=env)
                for i in range(args.episodes + 1):  # the first episode warms up and is not counted
                    stub.reply(*[REPLY.format(a) for a in ACTIONS], REPLY.format("stop [done]"))
                    result = run_episode(
                        env,
                        agent,
                        intent="Scroll around and stop",
                        images=[],
                        start_urls=[url],
                        record_dir=Path(tmp) / f"ep{i}",
                    )
                    if result.stop_reason != "stop":
                        raise RuntimeError(f"episode ended with {result.stop_reason}: {result.error}")
                    if i == 0:
                        continue
                    acted = result.steps[:-1]  # the stop step executes nothing
                    harness += [s.harness_s for s in acted]
                    execute += [s.execute_s for s in acted]
                    observe += [s.observe_s for s in acted]
                    own += [s.harness_s - s.execute_s - s.observe_s for s in acted]
                    agent_time += [s.model_s for s in result.steps]
                    totals.append(result.timings["total_s"])
            report(f"episode[{mode}] harness per step", harness)
            report(f"episode[{mode}]   of which env.step", execute)
            report(f"episode[{mode}]   of which env.observe", observe)
            report(f"episode[{mode}]   of which loop (parse, record, PNG)", own)
            report(f"episode[{mode}] agent per step (stub model)", agent_time)
            report(f"episode[{mode}] episode of {len(ACTIONS) + 1} steps", totals)
    finally:
        stub.close()
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
