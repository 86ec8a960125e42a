"""The command line contract: python -m nardy_rules."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START = {"variant": "short", "turn": "white", "white": {"24": 2, "13": 5, "8": 3, "6": 5},
         "black": {"1": 2, "12": 5, "17": 3, "19": 5}}


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "nardy_rules", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_plays():
    out = run("plays", "--position", json.dumps(START), "--dice", "3-1")
    assert out.returncode == 0
    plays = json.loads(out.stdout)["plays"]
    assert len(plays) == 16
    assert "8/5 6/5" in [p["notation"] for p in plays]
    made = next(p for p in plays if p["notation"] == "8/5 6/5")["position"]
    assert made["white"]["5"] == 2 and made["turn"] == "black"


def test_batch_keeps_order_and_survives_bad_lines():
    lines = [
        json.dumps({"position": {"variant": "long", "white": {"24": 15}, "black": {"12": 15}}, "dice": [6, 6]}),
        "not json",
        json.dumps({"position": START, "dice": [9, 1]}),
        json.dumps({"position": START, "dice": [6, 5]}),
    ]
    out = run("plays", "--batch", stdin="\n".join(lines) + "\n")
    assert out.returncode == 0
    results = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(results) == 4
    assert [p["notation"] for p in results[0]["plays"]] == ["24/18(2)"]
    assert "JSON" in results[1]["error"]
    assert "dice" in results[2]["error"]
    assert "plays" in results[3]


def test_bad_input_exits_2_with_one_line():
    out = run("plays", "--position", json.dumps({**START, "white": {"24": 16}}), "--dice", "3-1")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "16 checkers" in out.stderr
    out = run("plays", "--position", json.dumps(START), "--dice", "0-1")
    assert out.returncode == 2 and "dice" in out.stderr
    out = run("frobnicate")
    assert out.returncode == 2 and out.stderr.count("\n") == 1


def test_check_and_parse_and_convert():
    out = run("check", "--position", "nardy:long:w:24x15:12x15", "--dice", "6-6", "--move", "18/12")
    assert json.loads(out.stdout)["reason"]["code"] == "no-checker"
    out = run("parse", "--position", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "--dice", "3-1",
              "--play", "8/5 6/5")
    assert json.loads(out.stdout)["notation"] == "8/5 6/5"
    out = run("convert", "--position", "4HPwATDgc/ABMA")
    assert json.loads(out.stdout)["text"] == "nardy:short:w:24x2,13x5,8x3,6x5:19x5,17x3,12x5,1x2"


# ---------------------------------------------------------------------- matches: import and analyse

GNUBG_MAT = ROOT / "tests" / "engine" / "data" / "gnubg-3pt.mat"


def test_import_prints_the_match_record_of_a_gnubg_file():
    out = run("import", str(GNUBG_MAT))
    assert out.returncode == 0, out.stderr
    record = json.loads(out.stdout)
    assert (record["format"], record["variant"], record["length"]) == ("nardy-match", "short", 3)
    assert len(record["games"]) == 3 and record["players"] == {"white": "gnubg", "black": "root"}


def test_import_of_a_damaged_file_is_one_line_with_the_line_and_exit_2(tmp_path):
    damaged = tmp_path / "bad.mat"
    text = GNUBG_MAT.read_text()
    assert "64: 24/18 18/14 " in text
    damaged.write_text(text.replace("64: 24/18 18/14 ", "64: 24/18 18/13 "))
    out = run("import", str(damaged))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.startswith("error: line 8: '24/18 18/13' with 6-4: ") and out.stderr.count("\n") == 1
    missing = run("import", str(tmp_path / "none.mat"))
    assert missing.returncode == 2 and "cannot read the file" in missing.stderr


def test_analyse_prints_every_decision_and_the_summary(tmp_path):
    text = (" 1 point match\n\n Game 1\n A : 0                          B : 0\n"
            "  1) 31: 8/5 6/5                 31: 8/5 6/5\n  2) 64: 24/14\n")
    match = tmp_path / "short.mat"
    match.write_text(text)
    out = run("analyse", str(match))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "short nardy, 1-point match: A (white) against B (black)"
    assert [line.split()[:4] for line in lines if line[:6].strip().isdigit()] == [
        ["1", "white", "play", "3-1"], ["2", "black", "play", "3-1"], ["3", "white", "play", "6-4"]]
    assert any(line.startswith("error rate (per 1000)") for line in lines)
    as_json = json.loads(run("analyse", str(match), "--json").stdout)
    assert [d["played"] for d in as_json["decisions"]] == ["8/5 6/5", "17/20 19/20", "24/14"]  # White's numbering
    assert as_json["decisions"][0]["best"] == "8/5 6/5" and as_json["decisions"][0]["mark"] is None
    assert set(as_json["summary"]) == {"white", "black"}
    record = json.loads(run("import", str(match)).stdout)
    from_json = json.loads(run("analyse", "-", "--json", stdin=json.dumps(record)).stdout)
    assert from_json == as_json
