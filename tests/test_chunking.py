"""Text normalisation and structure-aware chunking sized in the model's own tokens."""

from __future__ import annotations

import pytest

from ingest.chunking import Chunker, sentence_spans
from ingest.text import UndecodableText, decode, normalize, unwrap_lines
from kb.records import Chunk, Section
from tests.support import HashEmbedder


def test_normalize_joins_hyphenated_words_and_collapses_whitespace():
    assert normalize("The deploy- \nment  pipeline\t runs\n\n\n\nnightly.") == "The deployment pipeline runs\n\nnightly."


def test_normalize_is_nfc_and_keeps_cjk_intact():
    decomposed = "Cafe\u0301"
    assert normalize(decomposed) == "Caf\u00e9"
    assert normalize("报销需在三十天\n内提交。全角，标点！") == "报销需在三十天内提交。全角，标点！"


def test_normalize_spells_out_latin_ligatures():
    # LaTeX-made PDFs give ligatures as single characters (pypdf keeps them); words must read as typed.
    assert normalize("the con\ufb01guration \ufb01le, e\ufb00ective, \ufb02ags, o\ufb03ce") == \
        "the configuration file, effective, flags, office"


def test_unwrap_lines_keeps_paragraphs():
    assert unwrap_lines("line one\nline two\n\nnext para") == "line one line two\n\nnext para"


def test_unwrap_lines_joins_an_identifier_broken_after_an_underscore():
    # libconfig's PDF manual: "... values: CONFIG_ERR_NONE, CONFIG_ERR_\nFILE_IO, CONFIG_ERR_PARSE."
    text = "the following values: CONFIG_ERR_NONE, CONFIG_ERR_\nFILE_IO, CONFIG_ERR_PARSE. These\nrepresent"
    assert unwrap_lines(text) == "the following values: CONFIG_ERR_NONE, CONFIG_ERR_FILE_IO, CONFIG_ERR_PARSE. These represent"
    # (a lone underscore, a blank line and a line that ends a word are left as they were)
    assert unwrap_lines("fill in _\nhere\n\nnext_\n\nmore") == "fill in _ here\n\nnext_\n\nmore"
    assert unwrap_lines("config_\nlookup_int returns") == "config_lookup_int returns"
    # (a word that ends in an underscore before a plain word is two words: the review's cases)
    assert unwrap_lines("the keyword argument class_\ninstead of class") == "the keyword argument class_ instead of class"
    assert unwrap_lines("names start with LC_\noverride the locale") == "names start with LC_ override the locale"


@pytest.mark.parametrize(
    ("text", "encoding"),
    [
        ("Café résumé: the naïve façade of Zürich.", "latin-1"),
        ("Smart “quotes” – dashes. Ça va très bien.", "cp1252"),
        ("Müller’s “Kündigung” – bitte beachten.", "cp1252"),
        ("Price: 5€ – “quoted”", "cp1252"),
        ("差旅与报销制度。员工出差住宿标准为每晚不超过五百元。", "gbk"),
        ("差旅与报销制度。员工出差住宿标准为每晚不超过五百元。", "gb18030"),
        ("Plain UTF-8 with 中文 and é.", "utf-8"),
        ("UTF-16 with a BOM: 中文", "utf-16"),
    ],
)
def test_decode_non_utf8_text(text, encoding):
    decoded, _ = decode(text.encode(encoding))
    assert decoded == text


def test_decode_refuses_garbage():
    with pytest.raises(UndecodableText, match="save the file as UTF-8"):
        decode(bytes(range(128, 256)) * 4 + b"\x81\x30")


def test_sentence_spans_english_and_chinese():
    text = "First one. Second one? 第一句。第二句！Third"
    assert [text[a:b] for a, b in sentence_spans(text)] == ["First one.", "Second one?", "第一句。", "第二句！", "Third"]
    quoted = 'He said "stop." Then he left. 他说：“好。”然后走了。'
    assert [quoted[a:b] for a, b in sentence_spans(quoted)] == ['He said "stop."', "Then he left.", "他说：“好。”", "然后走了。"]


def _chunk_all(embedder, sections, size=40, overlap=8):
    return list(Chunker(embedder, size, overlap).chunk(sections))


def test_chunks_respect_size_and_overlap():
    embedder = HashEmbedder()
    text = " ".join(f"Sentence number {i} talks about topic {i}." for i in range(60))
    pieces = _chunk_all(embedder, [Section(text)])
    assert len(pieces) > 5
    assert all(p.tokens <= 40 for p in pieces)
    assert all(embedder.count_tokens([p.text])[0] <= 40 for p in pieces)
    for previous, current in zip(pieces, pieces[1:]):
        assert current.char_start < previous.char_end  # overlapping
        assert previous.text[-20:] in current.text or current.text.split(".")[0] in previous.text


def test_headings_start_new_chunks_and_are_kept():
    embedder = HashEmbedder()
    words = " ".join(f"word{i}" for i in range(12))  # 12 tokens: over a quarter of chunk_size 40
    sections = [
        Section(f"Intro text {words}.", heading=("Guide",)),
        Section(f"Install steps {words}.", heading=("Guide", "Install")),
        Section(f"Usage steps {words}.", heading=("Guide", "Usage")),
    ]
    pieces = _chunk_all(embedder, sections)
    assert [(p.heading, p.text) for p in pieces] == [
        (("Guide",), f"Intro text {words}."),
        (("Guide", "Install"), f"Install steps {words}."),
        (("Guide", "Usage"), f"Usage steps {words}."),
    ]


def test_a_lone_title_joins_the_next_sections_chunk():
    """A chapter title alone (HTML's <h1> text, a one-line section) would be a chunk that every
    short query matches a little: it goes into the next section's chunk, under that heading."""
    embedder = HashEmbedder()
    body = " ".join(f"word{i}" for i in range(20)) + "."
    sections = [
        Section("Chapter 11. Customizing your system", heading=()),
        Section(body, heading=("Chapter 11", "Modules")),
        Section("Short note.", heading=("Chapter 11", "Fonts")),
    ]
    pieces = _chunk_all(embedder, sections)
    assert [(p.heading, p.text) for p in pieces] == [
        (("Chapter 11", "Modules"), f"Chapter 11. Customizing your system {body}"),
        (("Chapter 11", "Fonts"), "Short note."),  # the last section keeps its chunk, however short
    ]


def test_pages_become_ranges_and_offsets_point_into_the_document():
    embedder = HashEmbedder()
    sections = [Section("End of page one.", page=1), Section("Start of page two.", page=2)]
    [piece] = _chunk_all(embedder, sections)
    assert (piece.page_start, piece.page_end) == (1, 2)
    document = "\n\n".join(s.text for s in sections)
    assert document[piece.char_start : piece.char_end].replace("\n\n", " ") == piece.text


def test_overlong_sentence_is_cut_at_token_boundaries():
    embedder = HashEmbedder()
    text = " ".join(f"word{i}" for i in range(500))  # one sentence, 500 tokens
    pieces = _chunk_all(embedder, [Section(text)])
    assert all(embedder.count_tokens([p.text])[0] <= 40 for p in pieces)
    assert " ".join(p.text for p in pieces).count("word499") >= 1


def test_chinese_text_is_chunked_at_sentence_ends():
    embedder = HashEmbedder()
    text = "".join(f"第{i}条规定员工出差需要提前申请。" for i in range(40))
    pieces = _chunk_all(embedder, [Section(text)])
    assert len(pieces) > 3
    assert all(p.text.endswith("。") for p in pieces)
    assert all(" " not in p.text for p in pieces)  # no spaces invented between CJK sentences


def test_real_tokenizer_never_exceeds_what_the_model_reads(real_embedder):
    """all-MiniLM-L6-v2 drops everything past 256 word pieces: no chunk (with its heading) may."""
    heading = ("Operations handbook", "Databases", "PostgreSQL tuning for the primary cluster")
    english = " ".join(f"Set shared_buffers_{i} to {i}GB and restart pg_ctl on host-{i}." for i in range(200))
    chinese = "".join(f"第{i}条：员工出差住宿标准为每晚不超过五百元，超出部分自理。" for i in range(120))
    one_long_sentence = " ".join(f"token{i}" for i in range(900))
    huge_heading = tuple("第" + "章节标题很长" * 12 for _ in range(4))  # ~300 tokens of heading path
    chunker = Chunker(real_embedder, chunk_size=1000, chunk_overlap=32)  # asks for more than the model reads
    sections = [Section(english, heading), Section(chinese, heading[:1]), Section(one_long_sentence), Section(chinese, huge_heading)]
    pieces = list(chunker.chunk(sections))
    assert any(p.heading and p.heading[-1].startswith("第章节") for p in pieces)
    limit = real_embedder.max_tokens
    for index, piece in enumerate(pieces):
        chunk = Chunk(chunk_id="x", doc_id="d", source="s", title="t", text=piece.text, index=index, heading=piece.heading)
        assert real_embedder.count_tokens([chunk.embedding_text])[0] <= limit
    assert len(pieces) >= 8
