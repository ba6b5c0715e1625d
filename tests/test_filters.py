"""Tags and search filters on real Chroma and the real lexical index: filters apply before ranking
(a filtered search still fills top_k from the allowed documents, in every mode), tags come from
folders, Markdown front matter, `kb tag` and ingest, and tagging never embeds again."""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest

from kb.errors import InvalidInput
from kb.filters import Filters, make_filters
from kb.service import KnowledgeBase
from kb.settings import FILTER_TAGS_MAX, TAG_MAX_CHARS, load_settings
from tests.support import HashEmbedder

TEAMS = ["ops", "finance", "legal", "sales", "hr", "eng"]
PARAGRAPH = ("Deploy rollback procedure {n}: when a release goes bad, the on-call engineer rolls the deploy back, "
             "checks the dashboards and writes down what happened in the incident log for document {n}.")


def _corpus(root: Path, count: int = 60, allowed: tuple[int, ...] = (7, 23, 41)) -> Path:
    """`count` near-identical Markdown files under six team folders; the `allowed` ones say
    `tags: [audit]` in their front matter and are a little less on topic, so that without a filter
    they never fill the top places by themselves."""
    for n in range(count):
        folder = root / TEAMS[n % len(TEAMS)]
        folder.mkdir(parents=True, exist_ok=True)
        body = f"# Note {n}\n\n" + "\n\n".join(PARAGRAPH.format(n=f"{n}-{p}") for p in range(4)) + "\n"
        if n in allowed:
            body = "---\ntitle: Audit note\ntags: [Audit, quarterly review]\n---\n" + body.replace("Deploy rollback", "Audit trail")
        (folder / f"doc{n:02d}.md").write_text(body)
    return root


def _small_chunks(store: Path) -> KnowledgeBase:
    """A knowledge base whose documents split into several chunks each (so three documents can
    fill a top_k of 8 under the per-document cap), folders giving one tag level."""
    settings = load_settings(environ={"KB_STORE__PATH": str(store), "KB_INGEST__CHUNK_SIZE": "40",
                                      "KB_INGEST__CHUNK_OVERLAP": "0", "KB_INGEST__TAGS_FROM_FOLDERS": "1"})
    return KnowledgeBase(settings, embedder=HashEmbedder())


@pytest.fixture
def small_chunks(tmp_path: Path) -> KnowledgeBase:
    with _small_chunks(tmp_path / "store") as kb:
        yield kb


@pytest.fixture
def corpus_kb(small_chunks: KnowledgeBase, tmp_path: Path) -> KnowledgeBase:
    """The 60-document corpus, for a test that changes it."""
    report = small_chunks.ingest([_corpus(tmp_path / "docs")])
    assert report.files_added == 60 and not report.files_failed
    return small_chunks


@pytest.fixture(scope="module")
def shared_corpus(tmp_path_factory: pytest.TempPathFactory) -> KnowledgeBase:
    """The 60-document corpus ingested once, for tests that only search it."""
    root = tmp_path_factory.mktemp("filters")
    with _small_chunks(root / "store") as kb:
        report = kb.ingest([_corpus(root / "docs")])
        assert report.files_added == 60 and not report.files_failed
        yield kb


@pytest.mark.parametrize("mode", ["dense", "lexical", "hybrid"])
def test_a_filter_on_a_small_minority_still_fills_top_k(shared_corpus: KnowledgeBase, mode: str):
    corpus_kb = shared_corpus
    allowed = {d.doc_id for d in corpus_kb.documents() if "audit" in d.tags}
    assert len(allowed) == 3
    query = "deploy rollback procedure on-call engineer"
    unfiltered = corpus_kb.search(query, 8, mode=mode)
    assert len(unfiltered) == 8 and not {h.doc_id for h in unfiltered} & allowed  # they would never show
    hits = corpus_kb.search(query, 8, mode=mode, filters=Filters(tags=("audit",)))
    assert len(hits) == 8, [h.source for h in hits]
    assert {h.doc_id for h in hits} <= allowed
    assert {h.doc_id for h in hits} == allowed  # the per-document cap still spreads them


@pytest.mark.parametrize("mode", ["dense", "lexical", "hybrid"])
def test_kinds_folders_dates_and_ids_combine(shared_corpus: KnowledgeBase, mode: str):
    corpus_kb = shared_corpus
    docs = {d.source: d for d in corpus_kb.documents()}
    assert docs["ops/doc00.md"].kind == "md" and docs["ops/doc00.md"].folder == "ops"
    assert docs["finance/doc07.md"].tags == ["finance", "audit", "quarterly review"]  # folder, then front matter
    query = "incident log dashboards"
    # A tag from the folder, AND-ed with an id: one document only.
    only = docs["legal/doc02.md"].doc_id
    hits = corpus_kb.search(query, 5, mode=mode, filters=Filters(tags=("legal",), doc_ids=(only,)))
    assert hits and {h.doc_id for h in hits} == {only}
    # Any of two tags (OR), within a source prefix (AND).
    hits = corpus_kb.search(query, 10, mode=mode, filters=Filters(tags=("audit", "hr"), source="finance/"))
    assert {h.source for h in hits} == {"finance/doc07.md"}
    assert corpus_kb.search(query, 5, mode=mode, filters=Filters(kinds=("pdf",))) == []
    assert len(corpus_kb.search(query, 5, mode=mode, filters=Filters(kinds=("md",)))) == 5


def test_modified_dates_bound_the_search(small_chunks: KnowledgeBase, tmp_path: Path):
    root = _corpus(tmp_path / "docs", count=12, allowed=())
    for n, path in enumerate(sorted(root.rglob("*.md"))):
        stamp = 1_700_000_000 + n * 86_400  # one a day from 2023-11-14
        os.utime(path, (stamp, stamp))
    small_chunks.ingest([root])
    days = sorted(d.mtime for d in small_chunks.documents())
    after = make_filters(modified_after="2023-11-20", modified_before="2023-11-22T00:00:00Z")
    for mode in ("dense", "lexical", "hybrid"):
        hits = small_chunks.search("deploy rollback", 10, mode=mode, filters=after)
        assert hits and all(after.modified_after <= days_of(small_chunks, h.doc_id) < after.modified_before for h in hits)
        assert len({h.doc_id for h in hits}) == 2
    assert len([d for d in days if after.modified_after <= d < after.modified_before]) == 2


def days_of(kb: KnowledgeBase, doc_id: str) -> float:
    return next(d.mtime for d in kb.documents() if d.doc_id == doc_id)


@pytest.mark.slow  # a 60-document store of its own
def test_kb_tag_changes_search_without_embedding(corpus_kb: KnowledgeBase, tmp_path: Path):
    embedder = corpus_kb.embedder
    embedded = embedder.embedded
    target = next(d for d in corpus_kb.documents() if d.source == "eng/doc05.md")
    assert corpus_kb.search("deploy rollback", 5, filters=Filters(tags=("urgent",))) == []
    doc = corpus_kb.tag("eng/doc05.md", add=["Urgent", "urgent"])
    assert doc.tags == ["eng", "urgent"] and doc.tags_added == ["urgent"]
    for mode in ("dense", "lexical", "hybrid"):
        hits = corpus_kb.search("deploy rollback", 4, mode=mode, filters=Filters(tags=("urgent",)))
        assert len(hits) == 4 and {h.doc_id for h in hits} == {target.doc_id}
    # A folder tag removed by hand stays removed; the file's unchanged re-ingest keeps the hand-made tags.
    corpus_kb.tag(target.doc_id, remove=["eng"])
    assert corpus_kb.search("deploy rollback", 5, mode="lexical", filters=Filters(tags=("eng",), doc_ids=(target.doc_id,))) == []
    report = corpus_kb.ingest([tmp_path / "docs"])
    assert report.files_unchanged == 60
    assert corpus_kb.find_document(target.doc_id).tags == ["urgent"]
    assert embedder.embedded == embedded  # tagging and the unchanged re-ingest embedded nothing
    # An edited file is embedded again and keeps its hand-made tags.
    path = tmp_path / "docs" / "eng" / "doc05.md"
    path.write_text(path.read_text() + "\nOne more line about the rollback.\n")
    corpus_kb.ingest([tmp_path / "docs"])
    assert corpus_kb.find_document(target.doc_id).tags == ["urgent"]
    assert {h.doc_id for h in corpus_kb.search("rollback", 3, mode="dense", filters=Filters(tags=("urgent",)))} == {target.doc_id}
    assert corpus_kb.tags()["urgent"] == 1 and corpus_kb.tags()["audit"] == 3


def test_front_matter_is_metadata_not_text(small_chunks: KnowledgeBase, tmp_path: Path):
    root = tmp_path / "docs"
    root.mkdir()
    (root / "note.md").write_text("---\ntags: alpha, Beta\nowner: someone-secret\n---\n# Note\n\nThe body text.\n")
    (root / "broken.md").write_text("---\ntags: [unclosed\n---\n# Broken\n\nStill ingested.\n")
    (root / "plain.txt").write_text("---\ntags: [not, front, matter]\n---\nA text file keeps its lines.\n")
    report = small_chunks.ingest([root])
    assert report.files_added == 3, report.files_failed
    docs = {d.source: d for d in small_chunks.documents()}
    assert docs["note.md"].tags == ["alpha", "beta"] and docs["note.md"].tags_file == ["alpha", "beta"]
    assert docs["broken.md"].tags == [] and docs["plain.txt"].tags == []
    assert small_chunks.search("someone-secret", 5, mode="lexical") == []
    assert small_chunks.search("body text", 5, mode="lexical", filters=Filters(tags=("beta",)))[0].source == "note.md"


def test_ingest_tags_every_file_and_folder_tags_follow_the_setting(tmp_path: Path):
    root = _corpus(tmp_path / "docs", count=6, allowed=())
    settings = load_settings(environ={"KB_STORE__PATH": str(tmp_path / "store")})
    embedder = HashEmbedder()
    with KnowledgeBase(settings, embedder=embedder) as kb:
        kb.ingest([root], tags=["Batch 1"])
        assert {tuple(d.tags) for d in kb.documents()} == {("batch 1",)}
        embedded = embedder.embedded
    deeper = settings.with_overrides(ingest={"tags_from_folders": 1})
    with KnowledgeBase(deeper, embedder=embedder) as kb:
        kb.ingest([root])  # unchanged files: their tags follow the new setting, as metadata only
        assert embedder.embedded == embedded
        assert kb.find_document("ops/doc00.md").tags == ["ops", "batch 1"]
        hits = kb.search("deploy", 3, mode="dense", filters=Filters(tags=("ops",)))
        assert {h.source for h in hits} == {"ops/doc00.md"}


def test_filter_bounds_name_the_field():
    with pytest.raises(InvalidInput, match=r"^filters\.tags: 51 tags; at most 50"):
        make_filters(tags=[f"t{i}" for i in range(FILTER_TAGS_MAX + 1)])
    with pytest.raises(InvalidInput, match=r"^filters\.tags: .* is not a tag"):
        make_filters(tags=["x" * (TAG_MAX_CHARS + 1)])
    with pytest.raises(InvalidInput, match=r"^filters\.kinds:"):
        make_filters(kinds=["p df"])
    with pytest.raises(InvalidInput, match=r"^filters\.modified_after: 'yesterday' is not a date"):
        make_filters(modified_after="yesterday")
    with pytest.raises(InvalidInput, match=r"^modified_after: '2024-13-01' is not a date .*month must be in 1..12"):
        make_filters(modified_after="2024-13-01", prefix="")
    with pytest.raises(InvalidInput, match=r"^filters\.tags: '\\u3000 ' is not a tag"):
        make_filters(tags=["\u3000 "])  # white space only
    assert make_filters(tags=["ß" * TAG_MAX_CHARS]).tags == ("ss" * TAG_MAX_CHARS,)  # the bound is on what was given
    empty = make_filters(modified_after="2024-05-02", modified_before="2024-05-01")  # an empty range matches nothing
    assert empty.modified_before < empty.modified_after
    assert make_filters(modified_after="2024-05-01t09:30:00z").modified_after == 1714555800.0
    assert make_filters(tags=[" Q3  Plans "], kinds=[".PDF"]).tags == ("q3 plans",)
    assert make_filters(modified_after="2024-05-01").modified_after == 1714521600.0


@pytest.mark.slow  # a 60-document store of its own
def test_an_interrupted_retag_is_finished_by_the_next_ingest(corpus_kb: KnowledgeBase, tmp_path: Path):
    """A retag journals like a write: killed between the registry and the chunks, the next run
    writes the registry's tags onto the chunks."""
    store = corpus_kb.store
    doc = copy.copy(corpus_kb.find_document("hr/doc04.md"))
    doc.tags, doc.tags_added, doc.pending = ["hr", "late"], ["late"], doc.sha256  # a run killed after the journal
    store._put(doc)
    assert corpus_kb.search("rollback", 3, mode="dense", filters=Filters(tags=("late",))) == []
    corpus_kb.ingest([tmp_path / "docs"])
    for mode in ("dense", "lexical"):
        assert {h.source for h in corpus_kb.search("rollback", 3, mode=mode, filters=Filters(tags=("late",)))} == {"hr/doc04.md"}


def test_a_store_from_before_filters_gets_its_metadata_without_embedding(small_chunks: KnowledgeBase, tmp_path: Path):
    """A store written before chunks carried filter keys (no kind/folder/modified/tags on its chunks,
    no lexical document table, registry entries of metadata version 0): the next ingest writes them,
    and embeds nothing."""
    root = _corpus(tmp_path / "docs", count=6, allowed=(2,))
    for n, path in enumerate(sorted(root.rglob("*.md"))):
        os.utime(path, (1_700_000_000 + n * 3600, 1_700_000_000 + n * 3600))
    small_chunks.ingest([root])
    store = small_chunks.store
    got = store._chunks.get(include=[])
    store._chunks.update(ids=got["ids"], metadatas=[{"kind": None, "folder": None, "modified": None, "tags": None}] * len(got["ids"]))
    for doc in small_chunks.documents():
        old = copy.copy(doc)
        old.meta_version, old.tags, old.tags_file = 0, [], []  # no tags known: its front matter is read again
        store._put(old)
    store.lexical.set_documents([])
    with store.lexical._lock:
        store.lexical._db.execute("delete from doc_meta")
        store.lexical._db.execute("delete from doc_tags")
    assert small_chunks.search("deploy incident", 3, mode="dense", filters=Filters(tags=("audit",))) == []
    few = Filters(modified_after=1_700_000_000 + 3600)  # all but one: the stores filter
    assert small_chunks.search("deploy incident", 3, mode="dense", filters=few) == []
    assert small_chunks.search("deploy incident", 3, mode="lexical", filters=few) == []
    embedded = small_chunks.embedder.embedded
    report = small_chunks.ingest([root])
    assert report.files_unchanged == 6 and small_chunks.embedder.embedded == embedded
    for mode in ("dense", "lexical", "hybrid"):
        assert {h.source for h in small_chunks.search("deploy incident", 3, mode=mode, filters=Filters(tags=("audit",)))} == {"legal/doc02.md"}
        assert len(small_chunks.search("deploy incident", 3, mode=mode, filters=Filters(kinds=("md",)))) == 3
