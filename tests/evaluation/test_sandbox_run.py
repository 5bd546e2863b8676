"""The sandbox through the whole harness (issue 32): a model agent, served by the local OpenAI-compatible stub,
tries the project's task file and another arena's site during a real run on the embedded classifieds site.
Both are refused, the refusals are on the result line and in the trajectory, the model is told of them in its
next prompt, and no prompt the stub received holds the reset token or the API key."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from devtools.openai_stub import OpenAIStub
from evaluation.reporting.results import read_results, schema_problems

from .embedded_tasks import ROOT, embedded_env, run_pytest, search_task, write_task_file

SECRET_PAGE = "ANOTHER-ARENA-5f2e"
RESET_TOKEN = "sandbox-test-reset-token-81c3"
API_KEY = "sk-sandbox-test-key-0a9d"


class _OtherArena(BaseHTTPRequestHandler):
    def log_message(self, format, *args):
        pass

    def do_GET(self):
        body = f"<title>other arena</title><p>{SECRET_PAGE}</p>".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def other_arena():
    server = ThreadingHTTPServer(("127.0.0.1", 0), _OtherArena)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    yield f"http://localhost:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def _say(action: str) -> str:
    return f"Let me look around. In summary, the next action I will perform is ```{action}```"


def test_a_model_agent_is_held_to_its_task_sites(tmp_path, other_arena):
    task_file_url = f"file://{ROOT}/tasks/classifieds.json"
    first_intent = json.loads((ROOT / "tasks" / "classifieds.json").read_text(encoding="utf-8"))[0]["intent"]
    tasks = write_task_file(tmp_path / "sandbox_tasks.json", [search_task(0, "bicycle")])
    run = tmp_path / "results"
    with OpenAIStub() as stub:
        stub.reply(_say(f"goto [{task_file_url}]"), _say(f"goto [{other_arena}]"), _say("stop [bicycle]"))
        env = embedded_env(tmp_path, OPENAI_BASE_URL=stub.base_url, OPENAI_API_KEY=API_KEY, RESET_TOKEN=RESET_TOKEN)
        proc = run_pytest(
            env, tasks, "--agent", "text", "--model", "stub-model", "--expect-reward", "0", "--results", run, "-q"
        )
        prompts = [json.dumps(body) for body in stub.requests]
    assert "1 passed" in proc.stdout, proc.stdout[-3000:] + proc.stderr[-3000:]
    [record] = read_results(run)
    assert record["status"] == "scored" and record["stop_reason"] == "stop", record
    assert record["blocked"] == {"count": 2, "first": [task_file_url, other_arena]}
    assert schema_problems(run) == []
    assert len(prompts) == 3
    assert "outside this task's sites" not in prompts[0]
    assert f"refused: {task_file_url} is outside this task's sites" in prompts[1]
    assert f"refused: {other_arena} is outside this task's sites" in prompts[2]
    for prompt in prompts:
        assert RESET_TOKEN not in prompt and API_KEY not in prompt
        assert first_intent not in prompt and SECRET_PAGE not in prompt
    page = (run / "trajectories" / "classifieds_0.html").read_text(encoding="utf-8")
    assert "refused:" in page and first_intent not in page and SECRET_PAGE not in page
    assert RESET_TOKEN not in page and API_KEY not in page
    assert not (Path.home() / "Downloads").exists() or not any((Path.home() / "Downloads").iterdir())
