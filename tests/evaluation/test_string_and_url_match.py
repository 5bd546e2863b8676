"""string_match and url_match, incl. the pitfalls of the format."""

from __future__ import annotations

import pytest

from evaluation.rewards.evaluators import EvalContext, evaluate_task, normalize_url
from evaluation.rewards.judges import OpenAIJudge
from evaluation.scoring.matching import contains, read_number
from evaluation.taskfiles.loader import parse_task
from evaluation.vocabulary.errors import JudgeError

from .taskdata import with_eval


def string_task(string_note: str = "", **answers):
    return parse_task(
        with_eval(1, eval_types=["string_match"], reference_answers=answers, string_note=string_note), "mem.json"
    )


def score(task, answer, url="http://127.0.0.1:1/", judge=None, scoring="strict"):
    reward = evaluate_task(task, EvalContext(answer=answer, final_url=url, judge=judge, scoring=scoring))
    return reward.score, reward


@pytest.mark.parametrize(
    "answers,answer,expected",
    [
        ({"exact_match": "Blue"}, "blue", 1),
        ({"exact_match": "Blue"}, '"Blue"', 1),
        ({"exact_match": "Blue"}, " 'blue' ", 1),
        ({"exact_match": "Blue"}, "blue bike", 0),
        ({"must_include": ["0"]}, "0", 1),
        ({"must_include": ["0"]}, "There are 0 items.", 1),
        ({"must_include": ["0"]}, "10", 0),  # single token: whole-token match only
        ({"must_include": ["0"]}, "$0.00", 0),  # the number token there is 0.00
        ({"must_include": ["$0.00"]}, "0", 0),
        ({"must_include": ["$0.00"]}, "it costs $0.00", 1),
        ({"must_include": ["red |OR| crimson", "bike"]}, "A Crimson Bike", 1),
        ({"must_include": ["red |OR| crimson", "bike"]}, "a crimson car", 0),
        ({"must_include": ["blue bike"]}, "the blue bikes", 1),  # several tokens: substring
        ({"must_exclude": ["no"]}, "I know", 1),  # 'no' is not a token of 'know'
        ({"must_exclude": ["no"]}, "No, it is not", 0),
        ({"one_of": ["north", "south"]}, "go south", 1),
        ({"one_of": ["north", "south"]}, "go east", 0),
        ({"required_values": [">= 12", "< 700"]}, "11", 0),
        ({"required_values": [">= 12", "< 700"]}, "1,200", 0),
        ({"required_values": [">= 12", "< 700"]}, "$650", 1),
        ({"required_values": [">= 12", "< 700"]}, "700", 0),
        ({"required_values": ["== 0"]}, "$0.00", 1),
        ({"required_values": ["== 3 |OR| == 5"]}, "5", 1),
        ({"required_values": ["> 1"]}, "about 3 or 4", 0),  # two numbers: not read as one
        ({"required_values": ["> 1"]}, "many", 0),
        ({"exact_match": "12", "must_include": ["12"]}, "12", 1),
        ({"exact_match": "12", "must_include": ["12"]}, "12 items", 0),
    ],
)
def test_string_primitives(answers, answer, expected):
    got, reward = score(string_task(**answers), answer)
    assert got == expected, reward.explain()


def test_no_answer_scores_zero_with_reason():
    got, reward = score(string_task(exact_match="x"), None)
    assert got == 0 and "no answer" in reward.checks[0].reason


def test_failure_reasons_name_what_is_missing():
    _, reward = score(string_task(must_include=["red", "bike"]), "a red car")
    [check] = reward.failed()
    assert check.name == "must_include" and "'bike'" in check.reason and "'red'" not in check.reason.split("lacks")[1]


def test_read_number():
    assert read_number("1,234.5") == 1234.5
    assert read_number("$12") == 12 and read_number("-$3") == -3 and read_number("45%") == 45
    assert read_number("The price is $12.") == 12
    assert read_number("N/A") is None


def test_contains_single_token_rule():
    assert contains("10", "10 items") and not contains("1", "10 items") and contains("a b", "xa by")


# ---- fuzzy_match and N/A with a real judge endpoint (local stub over HTTP) ------------------------------


@pytest.fixture
def judge(openai_stub):
    return OpenAIJudge(model="judge-model", base_url=openai_stub.base_url, api_key="k")


def test_fuzzy_equal_answer_makes_no_call(judge, openai_stub):
    got, _ = score(string_task(fuzzy_match=["Blue bike"]), '"blue bike"', judge=judge)
    assert got == 1 and openai_stub.requests == []


@pytest.mark.parametrize(
    "reply,expected",
    [
        ("The answer matches. Verdict: correct", 1),
        ("Verdict: not correct", 0),
        ("It is partially correct", 0),
        ("This is incorrect.", 0),
        ("At first it looks correct, but no. Verdict: incorrect", 0),
    ],
)
def test_fuzzy_verdicts(judge, openai_stub, reply, expected):
    openai_stub.reply(reply)
    got, reward = score(string_task(fuzzy_match=["a blue bicycle"]), "the bike is blue", judge=judge)
    assert got == expected, reward.explain()
    [request] = openai_stub.requests
    assert request["temperature"] == 0 and request["model"] == "judge-model"
    assert "a blue bicycle" in request["messages"][0]["content"]
    assert "the bike is blue" in request["messages"][0]["content"]
    assert judge.usage.calls == 1 and judge.usage.prompt_tokens > 0


def test_judge_failure_is_an_error_not_zero(judge, openai_stub):
    openai_stub.fail(500, times=5)
    with pytest.raises(JudgeError, match=r"judge model 'judge-model'.*failed"):
        score(string_task(fuzzy_match=["x"]), "y", judge=judge)


def test_judge_reply_without_verdict_is_an_error(judge, openai_stub):
    openai_stub.reply("I cannot tell.")
    with pytest.raises(JudgeError, match="no verdict"):
        score(string_task(fuzzy_match=["x"]), "y", judge=judge)


def test_fuzzy_without_judge_configured_is_an_error():
    with pytest.raises(JudgeError, match="JUDGE_MODEL"):
        score(string_task(fuzzy_match=["x"]), "y")


def test_unachievable_plain_na_scores_without_judge():
    got, _ = score(string_task(fuzzy_match="N/A", string_note="the shop has no red bikes"), "N/A")
    assert got == 1


def test_unachievable_with_reason_asks_the_judge(judge, openai_stub):
    task = string_task(fuzzy_match="N/A", string_note="the shop has no red bikes")
    openai_stub.reply("Verdict: correct", "Verdict: incorrect")
    assert score(task, "N/A: there are no red bikes in this shop", judge=judge)[0] == 1
    assert score(task, "The red bike costs $30", judge=judge)[0] == 0
    assert "the shop has no red bikes" in openai_stub.requests[0]["messages"][0]["content"]


def test_unachievable_without_note_needs_exact_na():
    got, reward = score(string_task(fuzzy_match="N/A"), "N/A because it does not exist")
    assert got == 0 and "must be N/A" in reward.checks[0].reason


# ---- url_match ----------------------------------------------------------------------------------------


def url_task(reference, note=None):
    fields = {"eval_types": ["url_match"], "reference_url": reference}
    if note:
        fields["url_note"] = note
    return parse_task(with_eval(2, **fields), "mem.json")


@pytest.mark.parametrize(
    "reference,note,final,expected",
    [
        ("http://127.0.0.1:9980/index.php?page=item&id=3", None, "http://127.0.0.1:9980/index.php?page=item&id=3", 1),
        ("http://127.0.0.1:9980/f/pics/", None, "http://localhost:9980/f/pics", 1),
        ("http://127.0.0.1:9980/f/pics", None, "http://LOCALHOST:9980/f/pics/", 1),
        ("http://127.0.0.1:9980/f/pics", None, "http://127.0.0.1:9980/f/pics/#top", 0),  # the fragment counts
        ("http://127.0.0.1:9980/f/pics", None, "http://127.0.0.1:9980/f/pics/12", 0),
        ("http://127.0.0.1:9980/a |OR| http://127.0.0.1:9980/b", None, "http://127.0.0.1:9980/b/", 1),
        (
            "http://127.0.0.1:9980/index.php?page=search&sPattern=bike",
            "GOLD in PRED",
            "http://localhost:9980/index.php?page=search&sPattern=bike&iPage=2",
            1,
        ),
        (
            "http://127.0.0.1:9980/index.php?page=search&sPattern=bike",
            "GOLD in PRED",
            "http://127.0.0.1:9980/index.php?page=search&sPattern=car",
            0,
        ),
        ("http://127.0.0.1:80/x", None, "http://127.0.0.1/x", 1),
    ],
)
def test_url_match(reference, note, final, expected):
    got, reward = score(url_task(reference, note), None, url=final)
    assert got == expected, reward.explain()


def test_normalize_url():
    assert normalize_url("HTTP://LocalHost:8080/a/?q=1") == "http://127.0.0.1:8080/a?q=1"


def test_reward_is_product_of_evaluators():
    task = parse_task(
        with_eval(
            3,
            eval_types=["string_match", "url_match"],
            reference_answers={"exact_match": "7"},
            reference_url="http://127.0.0.1:1/done",
        ),
        "mem.json",
    )
    assert evaluate_task(task, EvalContext(answer="7", final_url="http://127.0.0.1:1/done")).score == 1
    r = evaluate_task(task, EvalContext(answer="7", final_url="http://127.0.0.1:1/other"))
    assert r.score == 0 and [c.passed for c in r.checks] == [True, False]
