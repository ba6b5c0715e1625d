#!/usr/bin/env python
"""Build the Debian FAQ retrieval set for kb: a held-out corpus and question set nobody has tuned on.

    python3 bench/debian_faq.py                          # fetch + lay out the corpus, check the questions
    python3 bench/debian_faq.py --find "apt-get update"  # which chapter files hold a phrase

Source: the package debian-faq 11.1 (The Debian GNU/Linux FAQ), from Debian's documentation section,
fetched with `apt-get download debian-faq=11.1` into bench/.cache/debian-faq/ (sha256 pinned below)
and unpacked with `dpkg -x`. It ships the FAQ as HTML (one file per chapter), plain text and PDF;
only the English HTML chapters are used, 16 files, so every passage is in the corpus once:

    bench/.cache/debian-faq/corpus/<chapter>.en.html

The table of contents (index.en.html), the CSS, the images, the .txt.gz and .pdf.gz copies and the
un-suffixed *.html symlinks are left out.

Questions: corpora/debian-faq-questions.jsonl (written by hand from the FAQ's text; kept out of any
tuning so the set stays held out). gold_sources are file names relative to the corpus folder;
gold_pages stays empty (HTML has no pages). "evidence" holds short verbatim phrases of the answer
that this script verifies (after the HTML tags are stripped, whitespace collapsed, case ignored and
typographic quotes made plain): each phrase must be in a gold file, every gold file must hold one.
"kind" is "paraphrase", "identifier" (the question names a command, path, package or option),
"cross-lingual" (a Chinese question on an English passage) or "near-miss" (answerable false: a
plausible question on the FAQ's topics whose answer the FAQ does not give). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from debian_manual import _Text, fetch_deb  # bench/ is on sys.path when run as a script

ROOT = Path(__file__).resolve().parent.parent
PACKAGE, VERSION = "debian-faq", "11.1"
SHA256 = "427426e0cfa6888622fc1d72631071cb4b5a1f86ccde722e7820bcef284de5d0"
CHAPTERS = [  # in the FAQ's order
    "basic-defs", "getting-debian", "choosing", "compatibility", "software", "ftparchives",
    "pkg-basics", "pkgtools", "uptodate", "kernel", "customizing", "support", "contributing",
    "redistributing", "nextrelease", "faqinfo",
]
FILES = {f"{c}.en.html": f"usr/share/doc/debian/FAQ/{c}.en.html" for c in CHAPTERS}  # corpus name: path in the .deb


def fetch(cache: Path) -> Path:
    """The pinned .deb in `cache`, downloaded with apt-get when missing; sha256 checked."""
    return fetch_deb(cache, PACKAGE, VERSION, SHA256)


def layout(cache: Path) -> Path:
    deb = fetch(cache)
    unpacked = cache / "unpacked"
    if not unpacked.is_dir():
        partial = cache / "unpacked.partial"
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        subprocess.run(["dpkg", "-x", str(deb), str(partial)], check=True)
        partial.rename(unpacked)
    corpus = cache / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for name, inside in FILES.items():
        src, dest = unpacked / inside, corpus / name
        if not dest.is_file() or dest.read_bytes() != src.read_bytes():
            shutil.copy2(src, dest)  # copy2 keeps the package's mtimes: re-ingest skips unchanged files
    for path in corpus.rglob("*"):
        if path.is_file() and path.relative_to(corpus).as_posix() not in FILES:
            path.unlink()
    return corpus


_PLAIN = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\xa0": " "})


def normalize(text: str) -> str:
    """Lower-case, whitespace runs made one space, typographic quotes and dashes made plain."""
    return re.sub(r"\s+", " ", text.translate(_PLAIN)).strip().lower()


def html_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return normalize("".join(parser.parts))


def find(corpus: Path, phrase: str) -> None:
    needle = normalize(phrase)
    print(f"{phrase!r}: {[name for name in FILES if needle in html_text(corpus / name)]}")


def check(corpus: Path, questions: Path) -> int:
    """Verify the question file (ids, fields, evidence in the gold files); return the error count."""
    texts = {name: html_text(corpus / name) for name in FILES}
    errors, counts, ids = 0, {}, set()

    def error(message: str) -> None:
        nonlocal errors
        print(message)
        errors += 1

    for number, line in enumerate(questions.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        q = json.loads(line)
        where = f"{questions.name}:{number} ({q['id']})"
        if q["id"] in ids:
            error(f"{where}: duplicate id")
        ids.add(q["id"])
        key = f"{q['kind']}/{q['language']}"
        counts[key] = counts.get(key, 0) + 1
        if not q["answerable"]:
            if q["gold_sources"] or q["evidence"] or q["answer_keywords"]:
                error(f"{where}: an unanswerable question has gold_sources, evidence or answer_keywords")
            continue
        if not q["evidence"]:
            error(f"{where}: no evidence phrase to verify")
        needles = [normalize(phrase) for phrase in q["evidence"]]
        for gold in q["gold_sources"]:
            if gold not in texts:
                error(f"{where}: gold source {gold} is not in the corpus")
            elif not any(n in texts[gold] for n in needles):
                error(f"{where}: no evidence phrase in {gold}")
        for phrase, needle in zip(q["evidence"], needles):
            if not any(needle in texts.get(gold, "") for gold in q["gold_sources"]):
                error(f"{where}: {phrase!r} is in no gold source")
        evidence = " ".join(needles)
        for keyword in q["answer_keywords"]:
            if not any(option.strip().lower() in evidence for option in keyword.split("|")):
                error(f"{where}: answer keyword {keyword!r} is in no evidence phrase")
    print(", ".join(f"{k}: {v}" for k, v in sorted(counts.items())) + f"; {errors} error(s)")
    return errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=ROOT / "bench/.cache/debian-faq")
    parser.add_argument("--questions", type=Path, default=ROOT / "corpora/debian-faq-questions.jsonl")
    parser.add_argument("--find", metavar="PHRASE", action="append", help="print where PHRASE is (repeatable)")
    args = parser.parse_args()
    corpus = layout(args.cache)
    if args.find:
        for phrase in args.find:
            find(corpus, phrase)
        return
    print(f"corpus: {corpus} ({len(FILES)} files)")
    for name in FILES:
        print(f"  {name}  {(corpus / name).stat().st_size:,} B")
    if args.questions.is_file():
        sys.exit(1 if check(corpus, args.questions) else 0)
    print(f"{args.questions} does not exist yet: nothing to check")


if __name__ == "__main__":
    main()
