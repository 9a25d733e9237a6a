"""Characters that reorder or hide text (bidi controls such as U+202E, zero-width and
other invisible format characters, control characters such as ESC and CR) are refused in
every kind of file a person writes, each as ``file:line: message (what to do)``, written
as they are or as a double-quoted escape; and what a command prints of a file (a file's
name, a value quoted) shows them escaped, so no line on the terminal reads other than it
is.  Ordinary text (accents, curly quotes, emoji joined by U+200D) is still allowed."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from kb.cli import main
from kb.cli.common import Shown
from kb.files import parse_text, validate

DATA = Path(__file__).parent / "data"
SMALL = DATA / "kb-small"
SCENARIO = Path(__file__).parent.parent / "kb" / "data" / "scenarios" / "four-card-flop.yaml"
WHAT = ("a character that is not shown but reorders, hides or rewrites the text around it "
        "(delete it: retype the text if you cannot see where it is)")

#: One of each kind refused, with the name a problem gives it.
REFUSED = {
    0x202A: "LEFT-TO-RIGHT EMBEDDING", 0x202B: "RIGHT-TO-LEFT EMBEDDING",
    0x202C: "POP DIRECTIONAL FORMATTING", 0x202D: "LEFT-TO-RIGHT OVERRIDE",
    0x202E: "RIGHT-TO-LEFT OVERRIDE", 0x2066: "LEFT-TO-RIGHT ISOLATE",
    0x2067: "RIGHT-TO-LEFT ISOLATE", 0x2068: "FIRST STRONG ISOLATE",
    0x2069: "POP DIRECTIONAL ISOLATE", 0x200E: "LEFT-TO-RIGHT MARK",
    0x200F: "RIGHT-TO-LEFT MARK", 0x061C: "ARABIC LETTER MARK", 0x200B: "ZERO WIDTH SPACE",
    0x2060: "WORD JOINER", 0xFEFF: "ZERO WIDTH NO-BREAK SPACE",
    0x180E: "MONGOLIAN VOWEL SEPARATOR", 0x2028: "LINE SEPARATOR",
    0x2029: "PARAGRAPH SEPARATOR", 0xE0041: "TAG LATIN CAPITAL LETTER A",
    0x1B: "(a control character)", 0x0D: "(a control character)",
    0x07: "(a control character)", 0x7F: "(a control character)",
    0x85: "(a control character)", 0x9B: "(a control character)",
}


def _topics(title: str) -> str:
    return ("topics:\n  - id: four-card-flop\n"
            f"    title: {title}\n"
            "    question: What happens?\n")


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


@pytest.mark.parametrize("code", sorted(REFUSED), ids=lambda code: f"U+{code:04X}")
def test_each_such_character_written_as_an_escape_is_refused_at_its_line(code):
    data = parse_text(_topics(f'"Four-card {_escape(code)}flop"'), "topics.yaml")
    assert [str(p) for p in validate(data, "topics", "topics.yaml")] == [
        f"topics.yaml:3: topics.title holds U+{code:04X} {REFUSED[code]}, {WHAT}"]


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200f", "\u200b", "\ufeff",
                                  "\U000e0041"], ids=lambda c: f"U+{ord(c):04X}")
def test_each_such_character_written_as_it_is_is_refused_at_its_line(char):
    text = "# a comment line\n" + _topics(f"Four-card {char}flop")
    data = parse_text(text, "topics.yaml")
    problems = [str(p) for p in validate(data, "topics", "topics.yaml")]
    assert len(problems) == 1 and problems[0].startswith(
        f"topics.yaml:4: topics.title holds U+{ord(char):04X} "), problems


def test_a_key_holding_one_is_refused_at_the_key_line_with_the_key_escaped():
    text = 'topics:\n  - id: four-card-flop\n    "ti\\u202etle": Four-card flop\n'
    problems = [str(p) for p in validate(parse_text(text, "t.yaml"), "topics", "t.yaml")]
    assert (f"t.yaml:3: the key topics.ti\\u202etle holds U+202E RIGHT-TO-LEFT OVERRIDE, "
            f"{WHAT}") in problems
    assert all("\u202e" not in problem for problem in problems)


def test_several_in_one_text_are_one_problem_naming_the_first_and_counting_the_others():
    data = parse_text(_topics('"\\u202eFour\\u2066-card\\u2069 flop"'), "topics.yaml")
    assert [str(p) for p in validate(data, "topics", "topics.yaml")] == [
        "topics.yaml:3: topics.title holds U+202E RIGHT-TO-LEFT OVERRIDE and 2 others "
        "like it: characters that are not shown but reorder, hide or rewrite the text "
        "around them (delete it: retype the text if you cannot see where it is)"]


@pytest.mark.parametrize("title", [
    "Carte brûlée, à l’envers — “quoted”", "Family pot 👨\u200d👩\u200d👧 and ZWNJ \u200c",
    "Ставка, ポーカー, العربية", '"A\\ttab and a quoted \\u00e9"'])
def test_ordinary_text_in_any_script_is_allowed(title):
    data = parse_text(_topics(title if title.startswith('"') else f"'{title}'"), "t.yaml")
    assert validate(data, "topics", "t.yaml") == []


def test_a_block_scalar_keeps_its_line_breaks_and_tabs():
    text = ("topics:\n  - id: four-card-flop\n    title: Four-card flop\n"
            "    question: |\n      One line,\n      \tanother.\n")
    assert validate(parse_text(text, "t.yaml"), "topics", "t.yaml") == []


# --------------------------------------------------------------- every kind of input file


def _data_folder(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(SMALL, root)
    return root


#: Per knowledge-base file: the text replaced, what replaces it, and the path named.
IN_DATA = {
    "sources": ("sources.yaml", "title: Robert's Rules of Poker",
                'title: "Robert\\u202e Rules of Poker"', "sources.title"),
    "provisions": ("provisions/tda.yaml", "\"tda@2024\": 39-A",
                   '"tda@2024": "39-A\\u2067"', "provisions.numbers.tda@2024"),
    "glossary": ("glossary.yaml", "definition: The top card",
                 'definition: \'\u200fThe top card', "terms.definition"),
    "errata": ("errata.yaml", "claim: Rule 41-A.", 'claim: "Rule \\u202d41-A."',
               "errata.claim"),
}


@pytest.mark.parametrize("kind", sorted(IN_DATA))
def test_check_refuses_one_in_each_knowledge_base_file(tmp_path, capsys, kind):
    name, old, new, where = IN_DATA[kind]
    root = _data_folder(tmp_path)
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new)
    if kind == "glossary":     # the mark as it is, in a quoted line: "street is dealt."'
        text = text.replace("street is dealt.", "street is dealt.'")
    path.write_text(text, encoding="utf-8")
    line = text[:text.index(new)].count("\n") + 1
    assert main(["check", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert any(row.startswith(f"{path}:{line}: {where} holds U+")
               for row in err.splitlines()), err


def test_check_refuses_one_in_a_scenario_of_the_data_folder(tmp_path, capsys):
    root = _data_folder(tmp_path)
    (root / "scenarios").mkdir()
    text = SCENARIO.read_text(encoding="utf-8")
    title = 'title: "The dealer turns four cards on the flop"'
    assert title in text
    scenario = root / "scenarios" / "x.yaml"
    scenario.write_text(text.replace(title, 'title: "\\u202eThe dealer turns four cards"'),
                        encoding="utf-8")
    line = text[:text.index(title)].count("\n") + 1
    assert main(["check", "--data", str(root)]) == 1
    assert (f"{scenario}:{line}: title holds U+202E RIGHT-TO-LEFT OVERRIDE, {WHAT}"
            in capsys.readouterr().err.splitlines())


def test_rule_refuses_a_scenario_holding_one(tmp_path, capsys):
    scenario = tmp_path / "hand.yaml"
    scenario.write_text(SCENARIO.read_text(encoding="utf-8").replace(
        "\ntitle: ", "\ntitle: \u2066", 1), encoding="utf-8")
    assert main(["rule", str(scenario), "--rulebook", "tda@2024"]) == 1
    err = capsys.readouterr().err
    assert "title holds U+2066 LEFT-TO-RIGHT ISOLATE" in err and "\u2066" not in err


HOUSE = ('id: house.ours@1\ntitle: Our rules\nbase: "tda@2024"\nadd:\n'
         "  - id: house.ours.deck\n    number: \"1\"\n    title: Deck changes\n"
         "    topics: [four-card-flop]\n    text: \"A new deck \\u202eon request.\"\n"
         "    rules-as: [tda.four-card-flop]\n")


@pytest.mark.parametrize("command", [["rulebook", "check", "FILE"],
                                     ["rule", str(SCENARIO), "--rulebook", "FILE"]],
                         ids=["rulebook-check", "rule"])
def test_a_house_file_holding_one_is_refused(tmp_path, capsys, command):
    house = tmp_path / "ours.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    assert main([str(house) if word == "FILE" else word for word in command]) == 1
    assert (f"{house}:9: add.text holds U+202E RIGHT-TO-LEFT OVERRIDE, {WHAT}"
            in capsys.readouterr().err.splitlines())


# --------------------------------------------------------------- what the terminal shows


def test_check_prints_a_file_name_holding_one_escaped(tmp_path, capsys):
    root = _data_folder(tmp_path)
    (root / "provisions" / "evil\u202elmay.yaml").write_text("source: tda\nprovisions: 3\n",
                                                            encoding="utf-8")
    assert main(["check", "--data", str(root)]) == 1
    err = capsys.readouterr().err
    assert "\u202e" not in err
    assert (f"{root}/provisions/evil\\u202elmay.yaml:2: provisions must be a list"
            in err), err


def test_check_json_escapes_them_and_stays_the_same_json(tmp_path, capsys):
    root = _data_folder(tmp_path)
    name = "evil\u202e\U000e0041.yaml"
    (root / "provisions" / name).write_text("source: tda\nprovisions: 3\n", encoding="utf-8")
    assert main(["check", "--data", str(root), "--json"]) == 1
    out = capsys.readouterr().out
    assert "\u202e" not in out and "\U000e0041" not in out and "\\u202e" in out
    files = [problem["file"] for problem in json.loads(out)["problems"]]
    assert f"{root}/provisions/{name}" in files


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_colours_are_kept_and_every_other_escape_sequence_is_escaped(
        monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    terminal, pipe = _Terminal(), io.StringIO()
    line = "\x1b[1mx.yaml:3:\x1b[0m \x1b]0;title\x07\u202eflop\r\n"
    Shown(terminal).write(line)
    Shown(pipe).write(line)
    assert terminal.getvalue() == ("\x1b[1mx.yaml:3:\x1b[0m \\u001b]0;title\\u0007"
                                   "\\u202eflop\\u000d\n")
    assert pipe.getvalue() == ("\\u001b[1mx.yaml:3:\\u001b[0m \\u001b]0;title\\u0007"
                               "\\u202eflop\\u000d\n")
