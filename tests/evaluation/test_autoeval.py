"""The WebVoyager-style auto-evaluator on run folders, the model being the local OpenAI stub."""

from __future__ import annotations

import base64
import io
import json

import pytest
from PIL import Image

from agent.llm import LLMClient, LLMSettings
from evaluation.reporting.autoeval import AutoEvalError, episode_screenshots, judge_run, main, parse_verdict
from evaluation.reporting.autoeval_report import add_to_report, agreement_stats, cohen_kappa


def _png(colour: str) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (20, 10), colour).save(buf, format="PNG")
    return buf.getvalue()


def _run_folder(tmp_path, rewards: dict[int, int]):
    """Episode 0 stored as a trajectory page with data URLs (and an input image that is not a screenshot);
    the others as a folder of PNG files (the file-based format)."""
    traj = tmp_path / "trajectories"
    traj.mkdir(parents=True)
    lines = []
    for task_id, reward in rewards.items():
        lines.append(
            {
                "task_file": "t.json",
                "task_id": task_id,
                "site": "classifieds",
                "status": "scored",
                "reward": reward,
                "intent": f"task {task_id}",
                "answer": f"answer {task_id}",
            }
        )
        shots = [_png(c) for c in ("red", "green", "blue", "white")]
        if task_id == 0:
            url = lambda png: "data:image/png;base64," + base64.b64encode(png).decode()  # noqa: E731
            page = (
                f'<img alt="input image 1" src="{url(_png("black"))}">'
                + "".join(f'<img alt="screenshot before step {i + 1}" src="{url(s)}">' for i, s in enumerate(shots[:3]))
                + f'<img alt="final page" src="{url(shots[3])}">'
            )
            (traj / f"classifieds_{task_id}.html").write_text(page)
        else:
            folder = traj / f"classifieds_{task_id}"
            folder.mkdir()
            for i, s in enumerate(shots[:3]):
                (folder / f"step_{i:03d}.png").write_bytes(s)
            (folder / "final.png").write_bytes(shots[3])
    lines.append({"task_file": "t.json", "task_id": 99, "site": "classifieds", "status": "error", "reward": None})
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines))
    return tmp_path


def _llm(stub) -> LLMClient:
    return LLMClient(
        LLMSettings.from_env(
            base_url=stub.base_url, api_key="k", model="judge-vlm", attempts=1, temperature=0.0, top_p=1.0
        )
    )


@pytest.mark.parametrize(
    "reply,verdict",
    [
        ("The page shows it.\nVerdict: SUCCESS", "SUCCESS"),
        ("Verdict: NOT SUCCESS", "NOT SUCCESS"),
        ("It looked like SUCCESS at first, but no.\nVerdict: NOT  SUCCESS", "NOT SUCCESS"),
        ("Verdict: NOT SUCCESS\n(the earlier SUCCESS was wrong) Verdict: SUCCESS", "SUCCESS"),
    ],
)
def test_verdicts_are_read_strictly(reply, verdict):
    assert parse_verdict(reply) == verdict


@pytest.mark.parametrize("reply", ["", "success", "I think it worked", "Verdict: unsuccessful"])
def test_a_reply_without_a_verdict_is_an_error(reply):
    with pytest.raises(AutoEvalError, match="no verdict"):
        parse_verdict(reply)


def test_cohen_kappa():
    assert cohen_kappa([1, 0, 1, 0], [1, 0, 1, 0]) == 1.0
    assert cohen_kappa([1, 1, 0, 0], [1, 0, 1, 0]) == 0.0
    assert cohen_kappa([1, 0, 0, 0], [0, 1, 1, 1]) == pytest.approx(-0.6)  # po 0, pe 1/4*3/4+3/4*1/4 = 3/8
    assert cohen_kappa([1, 1], [1, 1]) is None  # chance agreement 1


def test_screenshots_are_read_from_both_trajectory_formats(tmp_path):
    run = _run_folder(tmp_path, {0: 1, 1: 0})
    expected = [_png(c) for c in ("red", "green", "blue", "white")]
    assert episode_screenshots(run, {"site": "classifieds", "task_id": 0}) == expected  # input image left out
    assert episode_screenshots(run, {"site": "classifieds", "task_id": 1}) == expected
    assert episode_screenshots(run, {"site": "classifieds", "task_id": 7}) == []


def test_judge_run_sends_the_last_k_screenshots_at_temperature_0_and_scores_agreement(tmp_path, openai_stub):
    run = _run_folder(tmp_path, {0: 1, 1: 0, 2: 1, 3: 0})
    openai_stub.reply(
        "ok\nVerdict: SUCCESS",
        "no\nVerdict: NOT SUCCESS",  # agrees, agrees
        "no\nVerdict: NOT SUCCESS",
        "yes\nVerdict: SUCCESS",
    )  # disagrees twice
    stats = judge_run(run, llm=_llm(openai_stub), last_k=3)
    assert len(openai_stub.requests) == 4  # the errored task is not judged
    for request in openai_stub.requests:
        assert request["temperature"] == 0.0 and request["model"] == "judge-vlm"
        parts = request["messages"][1]["content"]
        urls = [p["image_url"]["url"] for p in parts if p["type"] == "image_url"]
        assert [base64.b64decode(u.split(",", 1)[1]) for u in urls] == [_png(c) for c in ("green", "blue", "white")]
    assert "task 0" in openai_stub.requests[0]["messages"][1]["content"][0]["text"]
    assert "answer 0" in openai_stub.requests[0]["messages"][1]["content"][0]["text"]
    assert stats["episodes"] == 4 and stats["reward_success_rate"] == 0.5
    assert stats["success_rate"] == 0.5 and stats["agreement"] == 0.5 and stats["kappa"] == 0.0
    rows = [json.loads(x) for x in (run / "autoeval.jsonl").read_text().splitlines()]
    assert [r["verdicts"] for r in rows] == [["SUCCESS"], ["NOT SUCCESS"], ["NOT SUCCESS"], ["SUCCESS"]]
    assert rows[0]["reasons"] == ["ok\nVerdict: SUCCESS"]


def test_repeats_give_mean_and_sd_and_the_report_shows_them(tmp_path, openai_stub, monkeypatch):
    run = _run_folder(tmp_path, {0: 1, 1: 0})
    (run / "report.md").write_text("# Success rates\n\n| site | rate |\n")
    monkeypatch.setenv("AUTOEVAL_MODEL", "judge-vlm")
    monkeypatch.setenv("AUTOEVAL_BASE_URL", openai_stub.base_url)
    monkeypatch.setenv("AUTOEVAL_API_KEY", "k")
    monkeypatch.setenv("LLM_RETRIES", "1")
    openai_stub.reply(
        "Verdict: SUCCESS",
        "Verdict: SUCCESS",  # episode 0, repeats 1-2
        "Verdict: NOT SUCCESS",
        "Verdict: SUCCESS",
    )  # episode 1, repeats 1-2
    assert main([str(run), "--repeats", "2", "--last-k", "all"]) == 0
    images = [p for p in openai_stub.requests[0]["messages"][1]["content"] if p["type"] == "image_url"]
    assert len(images) == 4  # all of them
    stats = agreement_stats([json.loads(x) for x in (run / "autoeval.jsonl").read_text().splitlines()])
    assert (
        stats["repeats"] == 2
        and stats["agreement"] == 0.75
        and stats["agreement_sd"] == pytest.approx(0.35355, abs=1e-4)
    )
    assert stats["success_rate"] == 0.75
    report = (run / "report.md").read_text()
    assert report.startswith("# Success rates") and "| agreement | 75.0% ± 35.4 |" in report
    assert "| success rate, reward functions | 50.0% |" in report
    again = add_to_report(run, report)  # the section is replaced, never stacked
    assert again.count("## Auto-evaluator") == 1 and (run / "report.md").read_text().count("## Auto-evaluator") == 1


def test_garbage_replies_and_bad_options_are_clear_errors(tmp_path, openai_stub, capsys, monkeypatch):
    run = _run_folder(tmp_path, {0: 1})
    openai_stub.reply("I cannot tell.")
    stats = judge_run(run, llm=_llm(openai_stub))
    row = json.loads((run / "autoeval.jsonl").read_text())
    assert "no verdict" in row["error"] and row["verdicts"] == [] and stats["episodes"] == 0 and stats["errors"] == 1
    assert main([str(run), "--last-k", "0"]) == 2 and "--last-k" in capsys.readouterr().err
    for key in ("AUTOEVAL_MODEL", "JUDGE_MODEL", "MODEL"):
        monkeypatch.setenv(key, "")
    assert main([str(run)]) == 2 and "AUTOEVAL_MODEL" in capsys.readouterr().err
    monkeypatch.setenv("AUTOEVAL_MODEL", "m")
    assert main([str(tmp_path / "missing")]) == 2 and "no results.jsonl" in capsys.readouterr().err
