#!/usr/bin/env python
"""Build the Debian manuals retrieval set for kb: two real Debian manuals, one as PDF, one as HTML.

    .venv/bin/python bench/debian_manual.py                # fetch + lay out the corpus, check the questions
    .venv/bin/python bench/debian_manual.py --find "dcut cancel"   # where a phrase is (PDF pages, HTML files)

Sources: two packages from Debian's documentation section, each shipping its manual as PDF and HTML,
fetched with `apt-get download PACKAGE=VERSION` into bench/.cache/debian/ (sha256 pinned below) and
unpacked with `dpkg -x`:

- developers-reference 12.18 (Debian Developer's Reference): its PDF, 114 pages.
- maint-guide 1.2.53 (Debian New Maintainers' Guide): its HTML, one file per chapter (10 files).

One format per manual, so every passage is in the corpus once: with both formats of one manual, an
HTML hit (a whole chapter, no pages) would count as relevant for any question on that chapter and
hide how well the page-level PDF retrieval does. The two manuals overlap in topic (building,
uploading, lintian, changelogs), which gives realistic near-miss distractors; where both answer a
question, both are gold. Layout:

    bench/.cache/debian/corpus/developers-reference.pdf
    bench/.cache/debian/corpus/maint-guide/<chapter>.en.html

The maint-guide table of contents (index.en.html), its CSS and images are left out.

Questions: corpora/debian-questions.jsonl (written by hand from the manuals). gold_sources are paths
relative to the corpus folder; gold_pages are the PDF's 1-based pages. An extra "evidence" list
holds phrases of the answer that this script verifies (case- and whitespace-insensitive, since pypdf
glues words on this PDF): each phrase must be on a gold page of the PDF or in a gold HTML file, and
every gold source must hold at least one of them. "kind" is "identifier" when the question turns on
an exact command, option, field or path, "paraphrase" otherwise.
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
PACKAGES = {  # name: (version, sha256 of the .deb)
    "developers-reference": ("12.18", "0dba82f6fa16e373f2a84ad07e7971aa9264ad2e7d2ae46b37edbc9c5fd57e2e"),
    "maint-guide": ("1.2.53", "762c8a400a36668d2eb814a3ba356b06488fd889dfce478eb11d5cfb189a47b5"),
}
PDF = "developers-reference.pdf"
MG_CHAPTERS = ["start", "first", "modify", "dreq", "dother", "build", "checkit", "upload", "update", "advanced"]
FILES = {  # corpus path: (package, path inside the package)
    PDF: ("developers-reference", "usr/share/developers-reference/developers-reference.pdf"),
    **{f"maint-guide/{c}.en.html": ("maint-guide", f"usr/share/doc/maint-guide/html/{c}.en.html") for c in MG_CHAPTERS},
}


def fetch(cache: Path, package: str) -> Path:
    """The pinned .deb of `package` in `cache`, downloaded with apt-get when missing; sha256 checked."""
    return fetch_deb(cache, package, *PACKAGES[package])


def fetch_deb(cache: Path, package: str, version: str, sha256: str) -> Path:
    """`package`=`version`'s .deb in `cache`, downloaded with apt-get when missing; sha256 checked."""
    cache.mkdir(parents=True, exist_ok=True)
    deb = cache / f"{package}_{version}_all.deb"
    if not deb.is_file():
        subprocess.run(["apt-get", "download", f"{package}={version}"], cwd=cache, check=True)
    digest = hashlib.sha256(deb.read_bytes()).hexdigest()
    if digest != sha256:
        raise SystemExit(f"{deb}: sha256 {digest}, expected {sha256}")
    return deb


def layout(cache: Path) -> Path:
    for package in PACKAGES:
        deb = fetch(cache, package)
        unpacked = cache / "unpacked" / package
        if not unpacked.is_dir():
            partial = unpacked.with_name(package + ".partial")
            shutil.rmtree(partial, ignore_errors=True)
            partial.mkdir(parents=True)
            subprocess.run(["dpkg", "-x", str(deb), str(partial)], check=True)
            partial.rename(unpacked)
    corpus = cache / "corpus"
    for rel, (package, inside) in FILES.items():
        src, dest = cache / "unpacked" / package / inside, corpus / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if not dest.is_file() or dest.read_bytes() != src.read_bytes():
            shutil.copy2(src, dest)  # copy2 keeps the package's mtimes: re-ingest skips unchanged files
    for path in corpus.rglob("*"):
        if path.is_file() and path.relative_to(corpus).as_posix() not in FILES:
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
    files = [p.relative_to(corpus).as_posix() for p in sorted(corpus.rglob("*.html")) if needle in html_text(p)]
    print(f"{phrase!r}: PDF pages {pages}, HTML {files}")


def check(corpus: Path, questions: Path) -> int:
    """Verify every answerable question's evidence on its gold pages and gold HTML; return the error count."""
    pages = pdf_pages(corpus / PDF)
    html = {p.relative_to(corpus).as_posix(): html_text(p) for p in corpus.rglob("*.html")}
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
        needles = [squash(phrase) for phrase in q.get("evidence") or []]
        holders = {}  # gold source -> evidence phrases found in it
        for gold in q["gold_sources"]:
            if gold == PDF:
                texts = [pages[p - 1] for p in q.get("gold_pages") or [] if 1 <= p <= len(pages)]
                if not texts or len(texts) != len(q["gold_pages"]):
                    print(f"{where}: the PDF is gold but gold_pages is empty or out of range")
                    errors += 1
                for page, text in zip(q["gold_pages"], texts):
                    if needles and not any(n in text for n in needles):
                        print(f"{where}: no evidence phrase on PDF page {page}")
                        errors += 1
            else:
                texts = [html.get(gold, "")]
            holders[gold] = {n for n in needles if any(n in t for t in texts)}
            if needles and not holders[gold]:
                print(f"{where}: no evidence phrase in {gold} (pages {q.get('gold_pages')})")
                errors += 1
        for phrase, needle in zip(q.get("evidence") or [], needles):
            if not any(needle in found for found in holders.values()):
                print(f"{where}: {phrase!r} is in no gold source")
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
    corpus = layout(args.cache)
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
