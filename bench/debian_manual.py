#!/usr/bin/env python
"""Build the Debian manual retrieval set for kb: a real manual as PDF *and* HTML.

    .venv/bin/python bench/debian_manual.py                # fetch + lay out the corpus, check the questions
    .venv/bin/python bench/debian_manual.py --find "dcut cancel"   # where a phrase is (PDF pages, HTML files)

Source: the Debian package `developers-reference` 12.18 (Debian Developer's Reference, Sphinx build),
fetched with `apt-get download developers-reference=12.18` into bench/.cache/debian/ (sha256 pinned
below) and unpacked with `dpkg -x`. The same manual ships as one PDF (114 pages) and as one HTML file
per chapter, so the corpus holds both:

    bench/.cache/debian/corpus/developers-reference.pdf
    bench/.cache/debian/corpus/html/<chapter>.html      (scope, new-maintainer, developer-duties,
                                                         resources, pkgs, best-pkging-practices,
                                                         beyond-pkging, l10n, tools)

Left out on purpose: developers-reference.html (the whole manual again on one page), index.html (the
table of contents), search.html, the epub, the .txt.gz and the Sphinx sources, so that each passage
exists once per format.

Questions: corpora/debian-questions.jsonl (written by hand from the manual). Each answerable line
names both formats in gold_sources (paths relative to the corpus folder) and the PDF page(s) in
gold_pages; an extra "evidence" list holds phrases from the answer that this script verifies: each
phrase must appear (case- and whitespace-insensitive, since pypdf glues words on this PDF) on one of
the gold pages of the PDF and in the gold HTML file. "kind" is "identifier" when the question turns
on an exact command, option, field or path, "paraphrase" otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE, VERSION = "developers-reference", "12.18"
SHA256 = "0dba82f6fa16e373f2a84ad07e7971aa9264ad2e7d2ae46b37edbc9c5fd57e2e"
CHAPTERS = [
    "scope",
    "new-maintainer",
    "developer-duties",
    "resources",
    "pkgs",
    "best-pkging-practices",
    "beyond-pkging",
    "l10n",
    "tools",
]
PDF = "developers-reference.pdf"
DOCS = Path("usr/share/developers-reference")


def fetch(cache: Path) -> Path:
    """The pinned .deb in `cache`, downloaded with apt-get when missing; its sha256 is checked."""
    cache.mkdir(parents=True, exist_ok=True)
    deb = cache / f"{PACKAGE}_{VERSION}_all.deb"
    if not deb.is_file():
        subprocess.run(["apt-get", "download", f"{PACKAGE}={VERSION}"], cwd=cache, check=True)
    digest = hashlib.sha256(deb.read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{deb}: sha256 {digest}, expected {SHA256}")
    return deb


def layout(deb: Path, cache: Path) -> Path:
    unpacked = cache / "unpacked"
    if not (unpacked / DOCS / PDF).is_file():
        shutil.rmtree(unpacked, ignore_errors=True)
        subprocess.run(["dpkg", "-x", str(deb), str(unpacked)], check=True)
    corpus = cache / "corpus"
    wanted = {PDF: unpacked / DOCS / PDF}
    wanted.update({f"html/{c}.html": unpacked / DOCS / f"{c}.html" for c in CHAPTERS})
    for rel, src in wanted.items():
        dest = corpus / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if not dest.is_file() or dest.read_bytes() != src.read_bytes():
            shutil.copy2(src, dest)  # copy2 keeps the package's mtimes: re-ingest skips unchanged files
    for path in corpus.rglob("*"):
        if path.is_file() and path.relative_to(corpus).as_posix() not in wanted:
            path.unlink()
    return corpus


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1
        self.parts.append(" ")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def squash(text: str) -> str:
    """Lower-case, no whitespace, typographic quotes and dashes made plain: pypdf drops spaces here."""
    table = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-"})
    return re.sub(r"\s+", "", text.translate(table)).lower()


def pdf_pages(pdf: Path) -> list[str]:
    from pypdf import PdfReader

    return [squash(page.extract_text() or "") for page in PdfReader(str(pdf)).pages]


def html_text(path: Path) -> str:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return squash("".join(parser.parts))


def find(corpus: Path, phrase: str) -> None:
    needle = squash(phrase)
    pages = [i for i, text in enumerate(pdf_pages(corpus / PDF), 1) if needle in text]
    files = [p.relative_to(corpus).as_posix() for p in sorted((corpus / "html").glob("*.html")) if needle in html_text(p)]
    print(f"{phrase!r}: PDF pages {pages}, HTML {files}")


def check(corpus: Path, questions: Path) -> int:
    """Verify every answerable question's evidence on its gold pages and gold HTML; return the error count."""
    pages = pdf_pages(corpus / PDF)
    html = {p.relative_to(corpus).as_posix(): html_text(p) for p in (corpus / "html").glob("*.html")}
    errors, counts = 0, {"answerable": 0, "unanswerable": 0, "identifier": 0, "paraphrase": 0}
    ids = set()
    for number, line in enumerate(questions.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        q = json.loads(line)
        where = f"{questions.name}:{number} ({q['id']})"
        if q["id"] in ids:
            print(f"{where}: duplicate id")
            errors += 1
        ids.add(q["id"])
        if not q.get("answerable", True):
            counts["unanswerable"] += 1
            if q.get("gold_sources"):
                print(f"{where}: an unanswerable question has gold_sources")
                errors += 1
            continue
        counts["answerable"] += 1
        counts[q.get("kind", "paraphrase")] += 1
        for gold in q["gold_sources"]:
            if not (corpus / gold).is_file():
                print(f"{where}: gold source {gold} is not in the corpus")
                errors += 1
        for phrase in q.get("evidence") or []:
            needle = squash(phrase)
            if PDF in q["gold_sources"]:
                if not any(1 <= p <= len(pages) and needle in pages[p - 1] for p in q["gold_pages"]):
                    found = [i for i, t in enumerate(pages, 1) if needle in t]
                    print(f"{where}: {phrase!r} not on PDF pages {q['gold_pages']} (found on {found})")
                    errors += 1
            for gold in q["gold_sources"]:
                if gold in html and needle not in html[gold]:
                    print(f"{where}: {phrase!r} not in {gold}")
                    errors += 1
        if not q.get("evidence"):
            print(f"{where}: no evidence phrase to verify")
            errors += 1
    print(", ".join(f"{k}: {v}" for k, v in counts.items()) + f"; {errors} error(s)")
    return errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=ROOT / "bench/.cache/debian")
    parser.add_argument("--questions", type=Path, default=ROOT / "corpora/debian-questions.jsonl")
    parser.add_argument("--find", metavar="PHRASE", action="append", help="print where PHRASE is (repeatable)")
    args = parser.parse_args()
    corpus = layout(fetch(args.cache), args.cache)
    if args.find:
        for phrase in args.find:
            find(corpus, phrase)
        return
    from pypdf import PdfReader

    files = sorted(p.relative_to(corpus).as_posix() for p in corpus.rglob("*") if p.is_file())
    print(f"corpus: {corpus} ({len(files)} files, PDF {len(PdfReader(str(corpus / PDF)).pages)} pages)")
    for f in files:
        print(f"  {f}  {(corpus / f).stat().st_size:,} B")
    if args.questions.is_file():
        sys.exit(1 if check(corpus, args.questions) else 0)
    print(f"{args.questions} does not exist yet: nothing to check")


if __name__ == "__main__":
    main()
