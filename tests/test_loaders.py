"""Loaders: every supported kind parsed into sections that keep headings and pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.detect import detect
from ingest.loaders import load
from tests import support

MB = 1_000_000


def _sections(path: Path):
    parsed = load(path, str(path), detect(path, str(path), 500 * MB))
    return parsed.title, list(parsed.sections)


def _all_text(sections) -> str:
    return "\n".join(s.text for s in sections)


def test_pdf_pages_are_one_based_and_headings_come_from_bookmarks(tmp_path):
    path = support.make_pdf(
        tmp_path / "guide.pdf",
        ["Welcome to the guide. Deploys hap-\npen on Tuesdays.", "Rollback uses beaconctl rollback.", "Retention is 30 days."],
        outline=[("Introduction", 1), ("Operations", 2)],
        title="Ops Guide",
    )
    title, sections = _sections(path)
    assert title == "Ops Guide"
    assert [s.page for s in sections] == [1, 2, 3]
    assert [s.heading for s in sections] == [("Introduction",), ("Operations",), ("Operations",)]
    assert "Deploys happen on Tuesdays." in sections[0].text


def test_pdf_running_headers_and_footers_are_left_out(tmp_path):
    body = ["Backups run nightly at 02:00.", "Retention is 30 days for snapshots.", "Restores need a ticket.",
            "The quota is enforced per user.", "Escalate to the storage team."]
    pages = [f"Storage Handbook {n} / 5\n{text}\nThe footer line of every page" for n, text in enumerate(body, 1)]
    title, sections = _sections(support.make_pdf(tmp_path / "handbook.pdf", pages))
    text = _all_text(sections)
    assert "Storage Handbook" not in text and "footer line" not in text
    assert [s.text for s in sections] == body
    # A PDF too short to have a running header keeps every line.
    title, sections = _sections(support.make_pdf(tmp_path / "two.pdf", pages[:2]))
    assert "Storage Handbook 1 / 5" in _all_text(sections)


def test_pdf_contents_and_index_pages_are_left_out(tmp_path):
    """A manual's table of contents and back-of-book index hold every heading and term with page
    numbers and no fact: they would come up for any question sharing a word with them."""
    contents = "Contents\n" + "\n".join(f"{n}.{m} Configuring the {w} server {n + 2}"
                                          for n, w in enumerate(["backup", "mail", "file"], 1) for m in range(1, 4))
    dotted = "\n".join(f"Appendix {c}: {w} . . . . . . . . {3 + i // 3}" for i, (c, w) in enumerate(zip("ABCDEFGH", "cache quota ports logs keys users tickets cells".split())))
    index = "Index\n" + "\n".join(f"{w}, {i % 4 + 3}, {i % 2 + 3}-{i % 2 + 4}" for i, w in
                                    enumerate("backup cache cells daemon fsck keys logs mail quota ports".split()))
    body = ["The backup server keeps 30 days of snapshots.", "The cache must be at least 10 MB.", "Mail is relayed on port 2525."]
    title, sections = _sections(support.make_pdf(tmp_path / "manual.pdf", [contents, dotted, *body, index]))
    assert [s.page for s in sections] == [3, 4, 5]
    assert [s.text for s in sections] == body
    # A document that is nothing but such a list is its own text: kept.
    title, sections = _sections(support.make_pdf(tmp_path / "index.pdf", [index, index]))
    assert [s.page for s in sections] == [1, 2] and "fsck, 3" in sections[0].text
    # A price list points at no page of its three: it is text.
    prices = "Prices\n" + "\n".join(f"Widget {c}, {n}" for n, c in enumerate("ABCDEFGHIJ", 10))
    title, sections = _sections(support.make_pdf(tmp_path / "prices.pdf", [body[0], prices, body[1]]))
    assert [s.page for s in sections] == [1, 2, 3] and "Widget C, 12" in sections[1].text
    # A numbered list whose steps end in numbers is text, not contents.
    steps = "\n".join(f"{n}. Set the retry limit of queue {n} to {n * 5}" for n in range(1, 11))
    title, sections = _sections(support.make_pdf(tmp_path / "steps.pdf", [steps, body[0]]))
    assert [s.page for s in sections] == [1, 2]


def test_lists_of_amounts_dates_and_changes_are_not_contents_or_an_index():
    from ingest.loaders import navigation_page

    amounts = "\n".join(f"Region {c} sales {n},045" for n, c in enumerate("ABCDEFGHIJ", 11))
    dates = "\n".join(f"Release {n} shipped on March {n}, 2023" for n in range(1, 11))
    changes = "\n".join(f"2.{n} Fixed a crash in worker {(7 * n) % 10}" for n in range(1, 11))
    steps = "\n".join(f"{n} Set the retry limit to 5" for n in range(1, 11))
    assert [navigation_page(t) for t in (amounts, dates, changes, steps)] == ["", "", "", ""]
    assert navigation_page("\n".join(f"{n}.1 Configuring part {n} {n * 4}" for n in range(1, 11))) == "contents"
    assert navigation_page("\n".join(f"term {c}, {n}, {n + 30}-{n + 32}" for n, c in enumerate("abcdefghij"))) == "index"
    # A Texinfo index: terms in alphabetical order, dotted leaders, pages in no order (round 30's Gri manual).
    texinfo = ["abs rpn operator . . . . . . . 162", "close command . . . . . . . . 74", "closing files . . . . . . 74",
               "Clyde Clements (contributor) . . . . . 241", "colour, setting . . . . . . 45", "columns, reading . . . . 12",
               "convert columns to grid command . . . . . 78", "cumulative sum . . . . . . . 160", "data window . . . . . 123"]
    assert navigation_page("\n".join(texinfo)) == "index"
    settings = [f"option{n} . . . . . . {n * 3}" for n in range(1, 10)]  # in order: a contents page, not an index
    assert navigation_page("\n".join(settings)) == "contents"
    # Factory settings with leaders are content: their terms are in no alphabetical order.
    defaults = [("Telnet port", 23), ("Lockout period (minutes)", 30), ("Password minimum length", 8), ("Baud rate", 96),
                ("Admin timeout", 15), ("SNMP port", 161), ("HTTP port", 80), ("Retries", 3), ("Log level", 4)]
    assert navigation_page("\n".join(f"{k} . . . . . . . . {v}" for k, v in defaults), 160) == ""


def test_pdf_with_empty_user_password_is_read(tmp_path):
    plain = support.make_pdf(tmp_path / "plain.pdf", ["Secret handshake is blue."])
    locked = support.encrypt_pdf(plain, tmp_path / "locked.pdf", user_password="")
    _, sections = _sections(locked)
    assert "Secret handshake is blue." in _all_text(sections)


def test_docx_headings_nest(tmp_path):
    path = support.make_docx(
        tmp_path / "runbook.docx",
        [("h1", "Runbook"), ("p", "Read this first."), ("h2", "Failover"), ("p", "Promote the replica with pg_ctl promote."), ("h2", "Disk full"), ("p", "Delete old WAL.")],
    )
    title, sections = _sections(path)
    assert title == "Runbook"
    by_text = {s.text: s.heading for s in sections}
    assert by_text["Promote the replica with pg_ctl promote."] == ("Runbook", "Failover")
    assert by_text["Delete old WAL."] == ("Runbook", "Disk full")


def test_pptx_slides_are_pages(tmp_path):
    path = support.make_pptx(tmp_path / "deck.pptx", [("Roadmap", "Ship SSO in Q3."), ("Pricing", "Team plan is 12 dollars.")])
    _, sections = _sections(path)
    assert "Ship SSO in Q3." in _all_text(sections)
    assert {s.page for s in sections if "12 dollars" in s.text} == {2}


def test_xlsx_rows_are_text(tmp_path):
    path = support.make_xlsx(tmp_path / "inventory.xlsx", [["host", "role"], ["db-01", "primary"], ["db-02", "replica"]])
    _, sections = _sections(path)
    assert "db-02" in _all_text(sections) and "replica" in _all_text(sections)


@pytest.mark.parametrize(
    ("name", "content", "heading", "body"),
    [
        ("faq.html", "<html><body><h1>FAQ</h1><h2>Retention</h2><p>Data is kept 400 days.</p><script>evil()</script></body></html>", ("FAQ", "Retention"), "Data is kept 400 days."),
        ("notes.md", "# Notes\n\n## Backups\n\nBackups run at 02:00 UTC.\n", ("Notes", "Backups"), "Backups run at 02:00 UTC."),
        ("中文.md", "# 报销制度\n\n## 住宿\n\n住宿标准为每晚不超过五百元。\n", ("报销制度", "住宿"), "住宿标准为每晚不超过五百元。"),
        ("guide.rst", "Guide\n=====\n\nInstall\n-------\n\nRun the installer twice.\n", ("Guide", "Install"), "Run the installer twice."),
    ],
)
def test_markup_formats_keep_headings(tmp_path, name, content, heading, body):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    _, sections = _sections(path)
    matching = [s for s in sections if body in s.text]
    assert matching and matching[0].heading == heading
    assert "evil()" not in _all_text(sections)


def test_txt_csv_eml(tmp_path):
    txt = tmp_path / "a.txt"
    txt.write_text("Line about pagers.\n\nAnother paragraph.", encoding="utf-8")
    assert "Line about pagers." in _all_text(_sections(txt)[1])
    csv = tmp_path / "hosts.csv"
    csv.write_text("host,owner\nweb-1,alice\nweb-2,bob\n", encoding="latin-1")
    assert "bob" in _all_text(_sections(csv)[1])
    eml = support.make_eml(tmp_path / "mail.eml", "Maintenance window", "The maintenance window is Sunday 03:00.")
    assert "Sunday 03:00" in _all_text(_sections(eml)[1])


@pytest.mark.parametrize("suffix", [".odt", ".epub"])
def test_pandoc_formats(tmp_path, suffix):
    path = support.make_via_pandoc(tmp_path / f"book{suffix}", "# Chapter\n\nThe escalation contact is Dana.\n")
    assert "escalation contact is Dana" in _all_text(_sections(path)[1])


def test_non_utf8_text_is_decoded(tmp_path):
    gbk = tmp_path / "制度.txt"
    gbk.write_bytes("出差住宿标准为每晚不超过五百元。".encode("gbk"))
    latin = tmp_path / "menu.md"
    latin.write_bytes("# Menu\n\nCafé crème à volonté.\n".encode("latin-1"))
    assert "五百元" in _all_text(_sections(gbk)[1])
    assert "Café crème à volonté." in _all_text(_sections(latin)[1])


def test_tables_keep_their_columns_in_the_text(tmp_path):
    """A table row becomes "name: column value; column value", so a chunk (and a prompt) keeps its meaning."""
    doc = tmp_path / "settings.md"
    doc.write_text("# Server settings\n\n| Setting | Production | Staging |\n|---|---|---|\n"
                   "| shared_buffers | 16GB | 4GB |\n| work_mem | 32MB | 16MB |\n", encoding="utf-8")
    text = "\n".join(section.text for section in load(doc, str(doc), detect(doc, str(doc), 500 * MB)).sections)
    assert "shared_buffers: Production 16GB; Staging 4GB" in text
    assert "work_mem: Production 32MB; Staging 16MB" in text


def test_a_two_column_table_without_a_header_row_is_a_list_of_terms(tmp_path):
    """A DocBook variablelist is a table of term and description with no header row: each row is
    "term: description", and the first row's description does not open every other row."""
    page = tmp_path / "spawn.html"
    page.write_text(
        "<html><body><h1>cockpit.spawn()</h1><p>The options can contain any of the following fields:</p>"
        '<div class="variablelist"><table border="0" class="variablelist"><tbody>'
        '<tr><td><p><span class="term"><code>"binary"</code></span></p></td>'
        "<td><p>If set to <code>true</code> then handle the input and output as arrays of binary bytes.</p></td></tr>"
        '<tr><td><p><span class="term"><code>"latency"</code></span></p></td>'
        "<td><p>The timeout for flushing any cached data in milliseconds.</p></td></tr>"
        "</tbody></table></div></body></html>", encoding="utf-8")
    text = "\n".join(section.text for section in load(page, str(page), detect(page, str(page), 500 * MB)).sections)
    assert '"binary": If set to true then handle the input and output as arrays of binary bytes.' in text
    assert '"latency": The timeout for flushing any cached data in milliseconds.' in text
    assert text.count("arrays of binary bytes") == 1


def test_a_definition_term_and_its_classifier_do_not_run_together(tmp_path):
    """Sphinx's "term : classifier" (<strong>LMOD_VERSION_MAJOR</strong><span class="classifier">The
    current …</span>) reads as a browser shows it, so the term stays a word of its own (Lmod, round 19)."""
    page = tmp_path / "env.html"
    page.write_text(
        "<html><body><h1>Environment variables</h1><dl class=\"simple\">"
        "<dt><strong>LMOD_VERSION_MAJOR</strong><span class=\"classifier\">The current major version.</span></dt>"
        "<dd><p>If it is X.Y.Z then X is returned (exists for Lmod 5.1.5+)</p></dd></dl></body></html>", encoding="utf-8")
    text = "\n".join(section.text for section in load(page, str(page), detect(page, str(page), 500 * MB)).sections)
    assert "LMOD_VERSION_MAJOR : The current major version." in text
    assert "LMOD_VERSION_MAJORThe" not in text


def test_a_pdf_whose_pages_repeat_one_line_keeps_it(tmp_path):
    title, sections = _sections(support.make_pdf(tmp_path / "same.pdf", ["Quarterly numbers are in the finance share."] * 4))
    assert [s.text for s in sections] == ["Quarterly numbers are in the finance share."] * 4


def test_html_page_navigation_is_left_out(tmp_path):
    """A generated manual's every page repeats its navigation (DocBook's navheader/navfooter,
    Publican's docnav and title bar of image links, <nav>): none of it becomes text; the page's own
    text stays, links within sentences included."""
    page = tmp_path / "ch05s11.html"
    page.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<html><body>'
        '<p id="title"><a href="https://www.debian.org"><img alt="Product Site" src="l.png"/></a>'
        '<a href="https://www.debian.org/doc/"><img alt="Documentation Site" src="r.png"/></a></p>'
        '<div class="navheader"><table><tr><td><a href="ch05s10.html">Prev</a></td><td>Next</td></tr></table></div>'
        '<ul class="docnav top"><li class="previous"><a href="chroot.html">Prev</a></li><li class="home">Manual</li></ul>'
        '<nav><a href="index.html">Home</a> | <a href="toc.html">Contents</a></nav>'
        '<h2>5.11. General cleartext password paranoia</h2><p>Avoid services that send passwords in cleartext, such as FTP.</p>'
        '<p>See <a href="rfc959">RFC 959</a> and <a href="rfc2228">RFC 2228</a>.</p>'
        '<div class="navfooter">Up Home Next 5.12. Disabling NIS</div></body></html>', encoding="utf-8")
    sections = list(load(page, page.name, detect(page, page.name, 500 * MB)).sections)
    text = "\n".join(s.text for s in sections)
    assert "cleartext, such as FTP" in text and sections[0].heading == ("5.11. General cleartext password paranoia",)
    assert "See RFC 959 and RFC 2228." in text  # links inside a sentence are text
    for nav in ("Prev", "Next", "Home", "Contents", "Disabling NIS", "Manual", "Product Site"):
        assert nav not in text, nav


def test_html_headings_lose_their_permalink_anchors(tmp_path):
    """Sphinx (and MkDocs) end every heading with an anchor "¶": citations show headings, so it goes."""
    page = tmp_path / "configuration.html"
    page.write_text(
        '<html><head><title>Configuration File &#8212; Supervisor 4.2.5 documentation</title></head><body>'
        '<h1>Configuration File<a class="headerlink" href="#configuration-file" title="Permalink to this heading">¶</a></h1>'
        '<p>The configuration file is in Windows-INI style.</p>'
        '<h2>[program:x] Section Settings<a href="#program-x">¶</a></h2>'
        '<p>stopwaitsecs: the number of seconds to wait. Default: 10. See <a href="#x">#</a> below.</p></body></html>',
        encoding="utf-8")
    parsed = load(page, page.name, detect(page, page.name, 500 * MB))
    sections = list(parsed.sections)
    assert parsed.title == "Configuration File"
    assert sections[-1].heading == ("Configuration File", "[program:x] Section Settings")
    assert "¶" not in "\n".join(s.text for s in sections)
    assert "See # below." in sections[-1].text  # a link in a sentence is text, whatever it says
