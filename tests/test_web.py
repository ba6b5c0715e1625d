"""The web page in a real browser: Debian's chromium driven by Playwright, against a real `kb serve`
(a subprocess) on a copy of the sample corpus with Qwen2.5-Coder-0.5B. Screenshots go to
tests/.cache/screenshots/."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import MODELS_DIR, ROOT
from tests.support import free_port

pytestmark = pytest.mark.slow
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "tests" / ".cache" / "screenshots"


class KbServe:
    """`python -m kb serve` in a subprocess with its own settings file."""

    def __init__(self, folder: Path, store: Path, tables: str = "", **server: str):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        settings = folder / "settings.toml"
        extra = "".join(f"{k} = {v}\n" for k, v in server.items())
        settings.write_text(
            f'[store]\npath = "{store}"\n[embedding]\nmodel = "all-MiniLM-L6-v2"\n[llm]\nmodel = "qwen2.5-coder-0.5b"\nmodels_dir = "{MODELS_DIR}"\nmax_tokens = 200\n'
            f'temperature = 0.0\n'
            f'[server]\nport = {self.port}\nuploads_dir = "{folder / "uploads"}"\n{extra}{tables}',
            encoding="utf-8",
        )
        env = {k: v for k, v in os.environ.items() if not k.startswith("KB_")} | {"HF_HUB_OFFLINE": "1"}
        self.log = open(folder / "server.log", "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "kb", "--settings", str(settings), "serve"],
                                        stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=folder)
        deadline = time.time() + 180
        while True:
            try:
                if httpx.get(f"{self.url}/api/health", timeout=2).status_code in (200, 503):
                    break
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.time() > deadline:
                raise RuntimeError((folder / "server.log").read_text()[-3000:])
            time.sleep(0.3)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)
        self.log.close()


@pytest.fixture(scope="module")
def served(sample_store, tmp_path_factory):
    folder = tmp_path_factory.mktemp("web")
    store = folder / "store"
    shutil.copytree(sample_store, store)
    server = KbServe(folder, store)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: `make test` installs it (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, served):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    yield page
    context.close()
    assert not errors, errors


def _ask(page, question: str) -> None:
    page.fill("#question", question)
    page.keyboard.press("Enter")


def _answer(page, index: int = -1):
    answers = page.locator(".message.assistant")
    page.wait_for_function("() => !document.body.classList.contains('busy') && document.querySelectorAll('.message.assistant').length > 0", timeout=120_000)
    return answers.nth(index if index >= 0 else answers.count() - 1)


def test_ask_streams_an_answer_with_a_citation_that_opens_the_source(page):
    SHOTS.mkdir(parents=True, exist_ok=True)
    _ask(page, "What file formats can I export my metric data in?")
    page.wait_for_selector("#stop:not([hidden])")
    answer = _answer(page)
    assert "Parquet" in answer.locator(".bubble").inner_text()
    cite = answer.locator(".bubble .cite").first
    cite.click()
    panel = page.locator("#source-panel")
    assert panel.is_visible()
    assert "product-faq.html" in page.inner_text("#source-title")
    assert "parquet" in page.inner_text("#source-text").lower()
    assert page.locator("#source-text mark").count() > 0  # the cited words are highlighted
    assert "/api/documents/" in page.get_attribute("#source-open", "href")
    assert answer.locator(".sources li").count() >= 1
    page.screenshot(path=str(SHOTS / "answer-with-source.png"))
    # The conversation is kept in the browser and listed.
    assert "metric data" in page.inner_text("#chat-list")


def test_a_refusal_looks_like_a_refusal(page):
    _ask(page, "What is the capital of Mongolia?")
    answer = _answer(page)
    assert "refused" in answer.get_attribute("class")
    assert answer.locator(".sources li").count() == 0
    assert "cannot answer" in answer.inner_text()
    page.screenshot(path=str(SHOTS / "refusal.png"))


def test_stop_button_ends_generation(page):
    _ask(page, "Explain in detail everything the on-call runbook says about failover, step by step, with all commands.")
    page.wait_for_function("() => document.querySelector('.message.assistant .bubble').textContent.length > 5", timeout=120_000)
    page.click("#stop")
    answer = _answer(page)
    assert page.is_visible("#send") and not page.is_visible("#stop")
    assert "Stopped" in answer.inner_text()


def test_enter_sends_shift_enter_breaks_and_ime_composition_never_sends(page):
    page.fill("#question", "first line")
    page.keyboard.press("Shift+Enter")
    page.keyboard.type("second line")
    assert page.input_value("#question") == "first line\nsecond line"
    page.evaluate("""() => document.getElementById('question').dispatchEvent(
        new KeyboardEvent('keydown', {key: 'Enter', isComposing: true, bubbles: true, cancelable: true}))""")
    assert page.locator(".message.user").count() == 0


def test_upload_then_ask_about_the_new_file_and_hostile_content_stays_text(page, tmp_path):
    notes = tmp_path / "falcon-project.md"
    notes.write_text("# Project Falcon\n\nThe Falcon project launch date is 14 March 2027. The project lead is Ingrid Halvorsen.\n")
    hostile = tmp_path / "hostile.md"
    hostile.write_text(
        # U+2028 and U+2029 end a line for JavaScript's regexes: the streamed sources must still parse.
        "# Hostile page\n\nThe hostile review code word is Marmalade.\u2028It is secret.\u2029Keep it.\n\n"
        "<script>window.__pwned = 1</script>\n\n<img src=x onerror=\"window.__pwned = 2\">\n"
    )
    page.click("#show-docs")
    page.set_input_files("#file-input", [str(notes), str(hostile)])
    page.wait_for_selector("#upload-list li[data-status='added'][data-name='falcon-project.md']", timeout=120_000)
    page.wait_for_selector("#upload-list li[data-status='added'][data-name='hostile.md']", timeout=120_000)
    page.fill("#doc-search", "falcon")
    page.wait_for_selector("#doc-rows td:has-text('falcon-project.md')")
    page.screenshot(path=str(SHOTS / "documents.png"))
    page.click("#docs-dialog [data-close]")

    _ask(page, "When is the Falcon project launch date?")
    answer = _answer(page)
    assert "14 March 2027" in answer.inner_text() or "March 14, 2027" in answer.inner_text()
    assert "falcon-project.md" in answer.locator(".sources").inner_text()

    _ask(page, "What is the hostile review code word? Quote the page.")
    answer = _answer(page)
    assert "failed" not in (answer.get_attribute("class") or ""), answer.inner_text()
    if answer.locator(".cite").count():
        answer.locator(".cite").first.click()
    assert page.evaluate("() => window.__pwned") is None
    assert page.locator(".messages script, .messages img, #source-text script, #source-text img").count() == 0


def test_the_page_works_without_a_secure_context(browser, served):
    """Over plain http on a LAN address the browser hides crypto.randomUUID (secure contexts only);
    the page must start and chat there too."""
    context = browser.new_context(locale="en-US")
    context.add_init_script("delete Crypto.prototype.randomUUID")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready=true]", timeout=30_000)
    assert page.evaluate("() => typeof crypto.randomUUID") == "undefined"
    page.click("#new-chat")
    context.close()
    assert not errors, errors


def test_phone_width_layout(browser, served):
    context = browser.new_context(locale="zh-CN", viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.goto(served.url + "/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert page.is_visible("#question") and page.is_visible("#send")
    assert page.inner_text("#send") == "发送"  # the UI follows the browser's language
    box = page.locator("#sidebar").bounding_box()
    assert box["x"] + box["width"] <= 1  # the conversation list is off-canvas until opened
    page.click("#toggle-sidebar")
    page.wait_for_timeout(300)
    assert page.locator("#sidebar").bounding_box()["x"] >= -1
    page.screenshot(path=str(SHOTS / "phone.png"))
    context.close()


def test_the_page_works_with_api_keys(browser, sample_store, tmp_path):
    store = tmp_path / "store"
    shutil.copytree(sample_store, store)
    server = KbServe(tmp_path, store, api_keys='["s3cret"]', preload_model="false")
    try:
        context = browser.new_context(locale="en-US")
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("#key-dialog[open]")
        page.fill("#key-input", "wrong")
        page.click("#key-form button[type=submit]")
        page.wait_for_selector("#key-error:not([hidden])")
        page.fill("#key-input", "s3cret")
        page.click("#key-form button[type=submit]")
        page.wait_for_selector("body[data-ready=true]")
        _ask(page, "What is the capital of Mongolia?")
        assert "refused" in _answer(page).get_attribute("class")
        assert page.evaluate("() => document.cookie") == ""  # HttpOnly: the page cannot read the session
        # Log out: the server revokes the session and the page asks for the key again.
        page.click("#log-out")
        page.wait_for_selector("#key-dialog[open]")
        assert page.evaluate("async () => (await fetch('/api/documents')).status") == 401
        context.close()
    finally:
        server.stop()


def test_an_empty_knowledge_base_calls_for_an_upload_and_settings_keep_to_the_server_bounds(browser, tmp_path):
    server = KbServe(tmp_path, tmp_path / "empty-store", preload_model="false")
    try:
        context = browser.new_context(locale="en-US")
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready=true]")
        assert page.is_visible("#empty-kb")
        page.click("#empty-upload")
        assert page.is_visible("#docs-dialog") and page.is_visible("#drop-zone")
        page.click("#docs-dialog [data-close]")
        page.click("#show-settings")
        assert page.get_attribute("#temperature", "max") == "1"
        assert page.input_value("#temperature") == "0"  # this server's default (settings file: 0.0)
        page.evaluate("() => { const r = document.getElementById('topk'); r.value = '3'; r.dispatchEvent(new Event('input')); }")
        assert page.evaluate("() => JSON.parse(localStorage.getItem('kb.options')).top_k") == 3
        context.close()
    finally:
        server.stop()


def test_the_documents_view_shows_the_folders_kept_in_sync(browser, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4 not really a PDF")
    source = f'[[sources]]\npath = "{docs}"\nwatch = false\nrescan_s = 0\nsettle_s = 0\n'
    server = KbServe(tmp_path, tmp_path / "store", tables=source, preload_model="false")
    try:
        deadline = time.time() + 60
        while httpx.get(f"{server.url}/api/sources").json()["sources"][0]["passes"] < 1:
            assert time.time() < deadline, "the first pass did not finish"
            time.sleep(0.2)
        context = browser.new_context(locale="en-US")
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready=true]")
        page.click("#show-docs")
        item = page.locator("#source-list > li")
        item.wait_for()
        assert str(docs) in item.inner_text() and "up to date" in item.inner_text()
        assert "broken.pdf" in page.inner_text(".source-failures")  # the failure, with its reason
        (docs / "guide.md").write_text("# Guide\n\nThe wiki lives on the intranet.\n")
        page.click("#source-list button:has-text('Sync now')")  # no events, no rescan: only this syncs
        page.wait_for_selector("#doc-rows td:has-text('guide.md')", timeout=60_000)
        page.screenshot(path=str(SHOTS / "synced-folders.png"))
        context.close()
    finally:
        server.stop()


def test_conversations_are_kept_renamed_and_deleted_and_documents_can_be_deleted(page, served):
    _ask(page, "What is the capital of Mongolia?")
    _answer(page)
    page.click("#new-chat")
    assert page.locator(".message").count() == 0
    page.once("dialog", lambda dialog: dialog.accept("Geography"))
    page.click("#chat-list li:first-child button[aria-label='Rename']")
    assert page.inner_text("#chat-list li:first-child .chat-open") == "Geography"
    page.click("#chat-list li:first-child .chat-open")
    assert "Mongolia" in page.inner_text("#messages")  # the old conversation comes back from the browser's storage
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    assert "Geography" in page.inner_text("#chat-list")
    page.click("#chat-list li:first-child button[aria-label='Delete']")
    assert "Geography" not in page.inner_text("#chat-list")

    page.click("#show-docs")
    page.fill("#doc-search", "报销")
    page.wait_for_selector("#doc-rows td:has-text('报销制度.md')")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#doc-rows button:has-text('Delete')")
    page.wait_for_function("() => !document.querySelector('#doc-rows').textContent.includes('报销制度.md')")
    listing = httpx.get(f"{served.url}/api/documents", params={"q": "报销"}).json()
    assert listing["total"] == 0


def test_an_error_shows_the_problem_detail(page):
    """The server's problem details (here Litestar's validation of a question over 4,000 characters)
    reach the reader as their `detail`, with a retry button."""
    _ask(page, "why " * 1100)
    page.wait_for_selector(".message.assistant.failed .error")
    text = page.inner_text(".message.assistant.failed .error")
    assert text.startswith("Error: invalid request: question:") and "4000" in text, text
    assert page.locator(".message.assistant.failed button:has-text('Retry')").count() == 1


def test_the_servers_log_lines_carry_their_request_id(served):
    """`kb serve` configures logging once, at the CLI's entry: time, level, request id, logger."""
    response = httpx.get(f"{served.url}/api/stats")
    request_id = response.headers["x-request-id"]
    deadline = time.time() + 10
    while time.time() < deadline:
        log = Path(served.log.name).read_text(encoding="utf-8", errors="replace")
        if request_id in log:
            break
        time.sleep(0.2)
    assert re.search(rf"^\S+ \S+ INFO \[{request_id}\] kb\.server: GET /api/stats -> 200 in \d+ ms$", log, re.M), log[-2000:]


def _sources_event(response) -> list[dict]:
    """The passages of a streamed answer's `sources` event ([] when it was refused before it)."""
    import json

    for block in response.text().split("\n\n"):
        lines = block.split("\n")
        if "event: sources" in lines:
            return json.loads("".join(line[6:] for line in lines if line.startswith("data: ")))
    return []


def test_a_conversation_can_be_restricted_to_tags_or_documents(page, served):
    """"Ask only these": the picked tags or documents go with every question of the conversation as
    `filters`, the answer's sources keep to them, and the choice is kept with the conversation."""
    docs = {d["source"]: d for d in httpx.get(f"{served.url}/api/documents", params={"limit": 500}).json()["documents"]}
    hr, faq = docs["hr-policy.pdf"], docs["product-faq.html"]
    assert httpx.post(f"{served.url}/api/documents/{hr['doc_id']}/tags", json={"add": ["people"]}).status_code == 200
    assert page.inner_text("#scope-summary") == "All documents"
    page.click("#scope-button")
    page.check("#scope-tags input[value='people']")
    page.click("#scope-apply")
    assert page.inner_text("#scope-summary") == "Only: #people"
    question = "How many days of paid vacation does a full-time employee get each year?"
    with page.expect_response("**/api/ask") as asked:
        _ask(page, question)
    assert asked.value.request.post_data_json["filters"] == {"tags": ["people"]}
    _answer(page)
    passages = _sources_event(asked.value)
    assert passages and {p["source"] for p in passages} == {"hr-policy.pdf"}

    page.click("#scope-button")
    page.uncheck("#scope-tags input[value='people']")
    page.fill("#scope-search", "faq")
    assert page.locator("#scope-docs li").count() == 1
    page.check(f"#scope-docs input[value='{faq['doc_id']}']")
    page.click("#scope-apply")
    assert page.inner_text("#scope-summary") == "Only: product-faq.html"
    with page.expect_response("**/api/ask") as asked:
        _ask(page, question)
    assert asked.value.request.post_data_json["filters"] == {"doc_ids": [faq["doc_id"]]}
    _answer(page)
    assert {p["source"] for p in _sources_event(asked.value)} <= {"product-faq.html"}  # (none: refused)
    page.screenshot(path=str(SHOTS / "scope.png"))

    page.click("#new-chat")
    assert page.inner_text("#scope-summary") == "All documents"  # a new conversation asks everything
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    page.click("#chat-list li:first-child .chat-open")
    assert page.inner_text("#scope-summary") == "Only: product-faq.html"  # kept with the conversation
    page.click("#scope-clear")
    with page.expect_request("**/api/ask") as asked:
        _ask(page, "What file formats can I export my metric data in?")
    assert asked.value.post_data_json["filters"] is None
    _answer(page)
