"""Write a synthetic data folder N times the size of kb/data, for the benchmarks.

Usage: python tools/multiply_data.py N OUT [--data DIR] [--pages DIR]

Copy 1 is the data folder as it is.  Copies 2..N are every provision, topic, glossary term,
erratum and scenario again under fresh ids (``tda.misdeal`` -> ``tda.misdeal-x2``, topic
``four-card-flop`` -> ``four-card-flop-x2``, term ``boxed card`` -> ``boxed card x2``), with
every cross-reference inside a copy renamed the same way (relations, topics, see-also,
defined-by, errata), so the copy is as consistent as the original and ``floorbook check``
finds no problem in it.  Sources, editions, source copies and house rulebooks are not
copied (a house id used twice is an error; the editions are the published rulebooks).
A provision copy keeps its numbers: edition tda@2024 then numbers N provisions "39-A",
one per copy of the four-card-flop topic.

The scenarios' copies keep their events and expectations: the deciders know the original
topics and provisions, so a copied scenario rules exactly as its original (its irregularity
raises the original topic), and N copies cost N times the rulings.  The copied topics are
answered by copied provisions that no scenario reaches, so the disagreement check leaves
them to their declared (textual) disagreements, as it does every topic no scenario reaches.

``OUT/pages`` is the bundled handbook's pages (``docs/``, or ``--pages``) with a page for
every copied topic (the shell ```` ```{rule:topic} ID``` ````, found by the topics index's
glob), so ``floorbook build --data OUT`` builds the handbook of the bigger knowledge base.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATA, DOCS = ROOT / "kb" / "data", ROOT / "docs"


class Names:
    """The renaming of one copy: every id of the knowledge base and its copy's id."""

    def __init__(self, files: dict, provisions, copy: int) -> None:
        self.suffix = f"-x{copy}"
        self.provisions = {p["id"] for document in provisions for p in document["provisions"]
                           if not _copied(p["id"])}
        self.topics = {t["id"] for t in files["topics"]["topics"] if not _copied(t["id"])}
        self.terms = {t["term"] for t in files["glossary"]["terms"]
                      if not _copied(t["term"].replace(" ", "-"))}

    def provision(self, pid: str) -> str:
        return pid + self.suffix if pid in self.provisions else pid

    def topic(self, tid: str) -> str:
        return tid + self.suffix if tid in self.topics else tid

    def term(self, term: str) -> str:
        return f"{term} {self.suffix[1:]}" if term in self.terms else term


def _copied(name: str) -> bool:
    """Whether an id is itself a copy's (the lists grow as copies are added)."""
    return re.search(r"-x\d+$", name) is not None


def multiply(data: Path, factor: int, out: Path, pages: Path = DOCS) -> None:
    """Write ``factor`` copies of the data folder ``data`` into ``out`` (created; must not
    exist) and its pages into ``out/pages``.  Raises ValueError for a factor below 1 or an
    output folder that exists."""
    if factor < 1:
        raise ValueError(f"the factor must be 1 or more, not {factor}")
    if out.exists():
        raise ValueError(f"{out} exists; give a new folder")
    shutil.copytree(data, out)
    _copy_pages(pages, out / "pages")
    files = {name: _read(data / f"{name}.yaml") for name in _LISTS}
    provisions = {path: _read(path) for path in sorted((data / "provisions").glob("*.yaml"))}
    for copy in range(2, factor + 1):
        names = Names(files, provisions.values(), copy)
        for path, document in provisions.items():
            _write(out / "provisions" / f"{path.stem}{names.suffix}.yaml", dict(
                document, provisions=[_provision(p, names) for p in document["provisions"]]))
        for name, (key, rename) in _LISTS.items():
            files[name][key].extend(rename(entry, names) for entry in _originals(data, name))
        for path in sorted((data / "scenarios").glob("*.yaml")):
            _scenario(path, out / "scenarios" / f"{path.stem}{names.suffix}.yaml", names)
        for topic in sorted(names.topics):
            (out / "pages" / "topics" / f"{names.topic(topic)}.md").write_text(
                f"```{{rule:topic}} {names.topic(topic)}\n```\n", encoding="utf-8")
    if factor > 1:
        for name, document in files.items():
            _write(out / f"{name}.yaml", document)


def _originals(data: Path, name: str) -> list[dict]:
    """The entries of one of the single files (topics, glossary, errata) as in ``data``."""
    key = _LISTS[name][0]
    return _read(data / f"{name}.yaml")[key]


def _provision(provision: dict, names: Names) -> dict:
    copy = dict(provision, id=names.provision(provision["id"]))
    copy["topics"] = [names.topic(t) for t in provision.get("topics", ())]
    if "relations" in provision:
        copy["relations"] = [_relation(r, names) for r in provision["relations"]]
    return copy


def _relation(relation: dict, names: Names) -> dict:
    copy = dict(relation)
    copy["target"] = (names.term if relation["kind"] == "defines"
                      else names.provision)(relation["target"])
    if "topic" in relation:
        copy["topic"] = names.topic(relation["topic"])
    return copy


def _topic(topic: dict, names: Names) -> dict:
    copy = dict(topic, id=names.topic(topic["id"]), title=f"{topic['title']} ({names.suffix[1:]})")
    if "see-also" in topic:
        copy["see-also"] = [names.topic(t) for t in topic["see-also"]]
    return copy


def _term(term: dict, names: Names) -> dict:
    copy = dict(term, term=names.term(term["term"]))
    for key, rename in (("defined-by", names.provision), ("see", names.term)):
        if key in term:
            copy[key] = [rename(value) for value in term[key]]
    return copy


def _erratum(erratum: dict, names: Names) -> dict:
    copy = dict(erratum, id=erratum["id"] + names.suffix)
    for key in ("claimed-by", "provisions"):
        copy[key] = [names.provision(p) for p in erratum.get(key, ())]
    return copy


_ID = re.compile(r"^id: *(\S+) *$", re.MULTILINE)


def _scenario(path: Path, target: Path, names: Names) -> None:
    """The scenario file with a fresh id, text otherwise untouched (comments kept)."""
    text = path.read_text(encoding="utf-8")
    text, count = _ID.subn(lambda m: f"id: {m.group(1)}{names.suffix}", text, count=1)
    if count != 1:
        raise ValueError(f"{path}: no top-level 'id:' line to rename")
    target.write_text(text, encoding="utf-8")


def _copy_pages(pages: Path, out: Path) -> None:
    shutil.copytree(pages, out, ignore=shutil.ignore_patterns("_build", ".*"))


#: The single files copied entry by entry: file name -> (its list's key, the renaming).
_LISTS = {"topics": ("topics", _topic), "glossary": ("terms", _term),
          "errata": ("errata", _erratum)}


def _read(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _write(path: Path, document: dict) -> None:
    path.write_text(yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100),
                    encoding="utf-8")


def _append(path: Path, key: str, entries: list[dict]) -> None:
    document = _read(path)
    document[key].extend(entries)
    _write(path, document)


def main(argv: list[str] | None = None) -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("factor", type=int, help="how many copies of the data (1: as it is)")
    options.add_argument("out", type=Path, help="the new data folder (must not exist)")
    options.add_argument("--data", type=Path, default=DATA, help="the data folder to copy")
    options.add_argument("--pages", type=Path, default=DOCS, help="the pages to copy")
    args = options.parse_args(argv)
    try:
        multiply(args.data, args.factor, args.out, args.pages)
    except ValueError as error:
        print(f"multiply_data: {error}", file=sys.stderr)
        return 1
    print(f"{args.out}: {args.factor} x {args.data}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
