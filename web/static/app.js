// kb's chat page. Plain JavaScript, no build step, no network beyond this origin.
// Safety rule: text from the model or from documents only ever reaches the DOM through
// textContent / createTextNode (never innerHTML), so no HTML in them can run.
"use strict";

const I18N = {
  en: {
    newChat: "New chat", documents: "Documents", settings: "Settings", logOut: "Log out", conversations: "Conversations",
    pastChats: "Past conversations", messages: "Messages", askLabel: "Your question",
    askPlaceholder: "Ask about your documents…", send: "Send", stop: "Stop", source: "Source", close: "Close",
    openOriginal: "Open the original", emptyKb: "The knowledge base is empty. Upload documents to start asking questions.",
    uploadDocs: "Upload documents", dropHelp: "Drop files here or click to choose (PDF, Word, PowerPoint, Excel, HTML, Markdown, text, scans and photos of pages…)",
    filesToUpload: "Files to upload", uploads: "Uploads", searchDocs: "Search documents", colSource: "Source",
    colStatus: "Status", colChunks: "Chunks", colSize: "Size", colDate: "Date", actions: "Actions", topK: "Passages (top-k)",
    temperature: "Temperature", keyTitle: "API key",
    keyHelp: "This server needs an API key. It is exchanged for a session cookie and not stored by the page.",
    keyLabel: "Key", keyWrong: "That key was not accepted.", keySubmit: "Continue", copy: "Copy", copied: "Copied",
    retry: "Retry", rename: "Rename", delete: "Delete", sources: "Sources", refused: "Not in the documents",
    notGrounded: "This answer cites no source: check it against the documents.", stopped: "Stopped.",
    error: "Error", renamePrompt: "Name of this conversation", deleteConfirm: "Delete this document from the knowledge base?",
    uploading: "uploading", queued: "queued", ingesting: "ingesting", added: "added", updated: "updated",
    unchanged: "unchanged", failed: "failed", indexed: "indexed", page: "p.", you: "You", assistant: "kb",
    syncedFolders: "Folders kept in sync", syncNow: "Sync now", lastSync: "last sync", never: "not yet", pendingFiles: "pending",
    starting: "starting", syncing: "syncing", idle: "up to date", waiting: "waiting for another ingest",
  },
  zh: {
    newChat: "新对话", documents: "文档", settings: "设置", logOut: "退出登录", conversations: "对话", pastChats: "历史对话",
    messages: "消息", askLabel: "你的问题", askPlaceholder: "就你的文档提问…", send: "发送", stop: "停止", source: "出处",
    close: "关闭", openOriginal: "打开原文件", emptyKb: "知识库还是空的。上传文档后即可提问。", uploadDocs: "上传文档",
    dropHelp: "把文件拖到这里，或点击选择（PDF、Word、PowerPoint、Excel、HTML、Markdown、文本、扫描件和页面照片…）", filesToUpload: "要上传的文件",
    uploads: "上传", searchDocs: "搜索文档", colSource: "来源", colStatus: "状态", colChunks: "片段", colSize: "大小",
    colDate: "日期", actions: "操作", topK: "检索段落数（top-k）", temperature: "温度", keyTitle: "API 密钥",
    keyHelp: "此服务器需要 API 密钥。密钥会换成会话 Cookie，页面不会保存它。", keyLabel: "密钥", keyWrong: "密钥不正确。",
    keySubmit: "继续", copy: "复制", copied: "已复制", retry: "重试", rename: "重命名", delete: "删除", sources: "出处",
    refused: "文档中没有答案", notGrounded: "这个回答没有引用出处，请对照文档核实。", stopped: "已停止。", error: "错误",
    renamePrompt: "对话名称", deleteConfirm: "从知识库中删除这个文档？", uploading: "上传中", queued: "排队中",
    ingesting: "处理中", added: "已添加", updated: "已更新", unchanged: "未变化", failed: "失败", indexed: "已索引",
    page: "第", you: "你", assistant: "kb",
    syncedFolders: "同步的文件夹", syncNow: "立即同步", lastSync: "上次同步", never: "尚未同步", pendingFiles: "待处理",
    starting: "启动中", syncing: "同步中", idle: "已是最新", waiting: "等待其他导入完成",
  },
};
const LANG = (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
const t = (key) => (I18N[LANG][key] ?? I18N.en[key] ?? key);

const $ = (id) => document.getElementById(id);
const el = (tag, props = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
};

const state = {
  chats: JSON.parse(localStorage.getItem("kb.chats") || "[]"),
  current: null,
  controller: null,
  limits: { top_k_max: 100, temperature_max: 1, temperature: 0.2, top_k: 5 },
  options: JSON.parse(localStorage.getItem("kb.options") || "{}"),
};

// -- API -----------------------------------------------------------------------------------------

// crypto.randomUUID exists only in secure contexts (https, localhost); the page is also served over
// plain http on a LAN address, where getRandomValues still works.
function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function api(path, init = {}) {
  const response = await fetch(path, { credentials: "same-origin", ...init });
  if (response.status === 401) {
    await askForKey();
    return api(path, init);
  }
  return response;
}

// Errors are RFC 9457 problem details: {type, title, status, detail, request_id}.
function problemMessage(problem) {
  return problem?.detail || problem?.title || "";
}

async function errorMessage(response) {
  try {
    const body = await response.json();
    return problemMessage(body) || response.statusText;
  } catch {
    return `${response.status} ${response.statusText}`;
  }
}

function askForKey() {
  return new Promise((resolve) => {
    const dialog = $("key-dialog");
    const form = $("key-form");
    const onSubmit = async (event) => {
      event.preventDefault();
      const response = await fetch("/api/session", {
        method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
        body: JSON.stringify({ key: $("key-input").value }),
      });
      if (response.ok) {
        $("key-input").value = "";
        $("key-error").hidden = true;
        form.removeEventListener("submit", onSubmit);
        dialog.close();
        resolve();
      } else {
        $("key-error").hidden = false;
      }
    };
    form.addEventListener("submit", onSubmit);
    if (!dialog.open) dialog.showModal();
  });
}

// -- Markdown, safely: a small subset rendered into DOM nodes -------------------------------------

function renderMarkdown(text, onCite) {
  const root = document.createDocumentFragment();
  const blocks = text.replace(/\r/g, "").split(/\n{2,}/);
  let inCode = null;
  for (const block of blocks) {
    const lines = block.split("\n");
    if (inCode || lines[0].startsWith("```")) {
      inCode = inCode || el("pre", {}, el("code"));
      const body = lines.filter((line, i) => !(line.startsWith("```")));
      inCode.firstChild.append(document.createTextNode((inCode.firstChild.textContent ? "\n\n" : "") + body.join("\n")));
      const fences = lines.filter((line) => line.startsWith("```")).length;
      if (!root.contains(inCode)) root.append(inCode);
      if ((lines[0].startsWith("```") && fences >= 2) || (!lines[0].startsWith("```") && fences >= 1)) inCode = null;
      continue;
    }
    if (lines.every((line) => /^\s*([-*]|\d+[.)])\s+/.test(line))) {
      const ordered = /^\s*\d/.test(lines[0]);
      const list = el(ordered ? "ol" : "ul");
      for (const line of lines) list.append(inline(el("li"), line.replace(/^\s*([-*]|\d+[.)])\s+/, ""), onCite));
      root.append(list);
    } else if (/^#{1,6}\s/.test(lines[0]) && lines.length === 1) {
      root.append(inline(el("p", { class: "md-heading" }), lines[0].replace(/^#+\s*/, ""), onCite));
    } else {
      const p = el("p");
      lines.forEach((line, i) => {
        if (i) p.append(el("br"));
        inline(p, line, onCite);
      });
      root.append(p);
    }
  }
  return root;
}

function inline(parent, text, onCite) {
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\[(\d{1,3})\])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parent.append(document.createTextNode(text.slice(last, match.index)));
    if (match[1]) parent.append(el("code", { text: match[1].slice(1, -1) }));
    else if (match[2]) parent.append(el("strong", { text: match[2].slice(2, -2) }));
    else parent.append(onCite ? onCite(Number(match[4])) : document.createTextNode(match[3]));
    last = match.index + match[0].length;
  }
  parent.append(document.createTextNode(text.slice(last)));
  return parent;
}

// -- Conversations ----------------------------------------------------------------------------

function saveChats() {
  localStorage.setItem("kb.chats", JSON.stringify(state.chats.slice(0, 100)));
  renderChatList();
}

function newChat() {
  state.current = { id: newId(), title: "", turns: [], created: Date.now() };
  $("messages").replaceChildren();
  $("chat-title").textContent = t("newChat");
  renderChatList();
  renderScope();
  $("question").focus();
}

function openChat(chat) {
  state.current = chat;
  $("chat-title").textContent = chat.title || t("newChat");
  $("messages").replaceChildren();
  renderScope();
  for (const turn of chat.turns) {
    addUserMessage(turn.question);
    const view = addAnswerView();
    finishAnswer(view, turn.answer, turn.sources || []);
  }
  renderChatList();
}

function renderChatList() {
  const list = $("chat-list");
  list.replaceChildren();
  for (const chat of state.chats) {
    const open = el("button", { type: "button", class: "chat-open", text: chat.title || t("newChat"), onclick: () => openChat(chat) });
    if (state.current && chat.id === state.current.id) open.setAttribute("aria-current", "true");
    const rename = el("button", { type: "button", class: "icon small", "aria-label": t("rename"), title: t("rename"), text: "✎",
      onclick: () => {
        const name = prompt(t("renamePrompt"), chat.title);
        if (name !== null && name.trim()) { chat.title = name.trim().slice(0, 120); saveChats(); if (state.current?.id === chat.id) $("chat-title").textContent = chat.title; }
      } });
    const remove = el("button", { type: "button", class: "icon small", "aria-label": t("delete"), title: t("delete"), text: "✕",
      onclick: () => {
        state.chats = state.chats.filter((c) => c.id !== chat.id);
        if (state.current?.id === chat.id) newChat();
        saveChats();
      } });
    list.append(el("li", {}, open, rename, remove));
  }
}

// -- Asking -----------------------------------------------------------------------------------

function addUserMessage(text) {
  const item = el("li", { class: "message user" }, el("span", { class: "who", text: t("you") }), el("div", { class: "bubble", text }));
  $("messages").append(item);
  item.scrollIntoView({ block: "end" });
}

function addAnswerView() {
  const body = el("div", { class: "bubble answer", "aria-busy": "true" });
  const sources = el("ol", { class: "sources", "aria-label": t("sources") });
  const actions = el("div", { class: "actions" });
  const item = el("li", { class: "message assistant" }, el("span", { class: "who", text: t("assistant") }), body, sources, actions);
  $("messages").append(item);
  return { item, body, sources, actions, text: "" };
}

function citeButton(n, sources) {
  const source = sources.find((s) => s.n === n);
  if (!source) return document.createTextNode("");
  return el("button", { type: "button", class: "cite", text: `[${n}]`, "aria-label": `${t("source")} ${n}: ${source.source}`,
    onclick: (event) => showSource(source, event.target) });
}

function renderAnswerText(view, text, sources) {
  view.body.replaceChildren(renderMarkdown(text, sources.length ? (n) => citeButton(n, sources) : null));
}

function finishAnswer(view, answer, sources) {
  view.body.removeAttribute("aria-busy");
  const cited = new Set((answer.citations || []).map((c) => c.n));
  const shown = sources.filter((s) => cited.has(s.n));
  if (answer.refused) {
    view.item.classList.add("refused");
    view.body.replaceChildren(el("span", { class: "refusal-label", text: t("refused") }), el("p", { text: answer.answer }));
  } else {
    renderAnswerText(view, answer.answer, shown);
    if (!answer.grounded && !answer.cancelled) view.body.append(el("p", { class: "warning", text: t("notGrounded") }));
    if (answer.cancelled) view.body.append(el("p", { class: "muted", text: t("stopped") }));
  }
  view.sources.replaceChildren();
  for (const source of shown) {
    const where = [source.source, source.page ? `${t("page")} ${source.page}${source.page_end && source.page_end !== source.page ? "–" + source.page_end : ""}` : "", source.heading].filter(Boolean).join(" · ");
    view.sources.append(el("li", {}, el("button", { type: "button", class: "source-link", text: `[${source.n}] ${where}`,
      onclick: (event) => showSource(source, event.target) })));
  }
  view.actions.replaceChildren(
    el("button", { type: "button", class: "small", text: t("copy"), onclick: async (event) => {
      await navigator.clipboard?.writeText(answer.answer);
      event.target.textContent = t("copied");
    } }),
  );
}

// The source panel's OCR label: a passage read by OCR from a scanned page or an image says so, with
// the recognition's mean confidence (its strings kept here, so this stays one self-contained piece).
const OCR_TEXT = {
  en: { label: "OCR", help: "Read by OCR from a scanned page or an image (mean confidence): check it against the original." },
  zh: { label: "OCR", help: "这段文字由 OCR 从扫描页或图片识别（平均置信度），请对照原文件核对。" },
};

function ocrLabel(source) {
  const text = OCR_TEXT[LANG] || OCR_TEXT.en;
  const percent = Math.round(source.ocr_confidence * 100);
  return el("span", { class: "ocr-label", title: text.help, "aria-label": `${text.label} ${percent}%: ${text.help}`, text: `${text.label} ${percent}%` });
}

function showSource(source, opener) {
  const panel = $("source-panel");
  $("source-title").textContent = `[${source.n}] ${source.source}`;
  $("source-meta").textContent = [source.page ? `${t("page")} ${source.page}${source.page_end && source.page_end !== source.page ? "–" + source.page_end : ""}` : "", source.heading].filter(Boolean).join(" · ");
  if (source.ocr_confidence != null) $("source-meta").append(ocrLabel(source));
  const quote = $("source-text");
  quote.replaceChildren();
  const words = new Set((state.lastAnswerText || "").toLowerCase().match(/[\p{L}\p{N}_]{4,}|[\u4e00-\u9fff]{2}/gu) || []);
  const text = source.text || source.snippet || "";
  for (const part of text.split(/([\p{L}\p{N}_]+)/u)) {
    const lower = part.toLowerCase();
    const hit = part && (words.has(lower) || [...words].some((w) => /[\u4e00-\u9fff]/.test(w) && lower.includes(w)));
    quote.append(hit ? el("mark", { text: part }) : document.createTextNode(part));
  }
  const link = $("source-open");
  link.href = `/api/documents/${encodeURIComponent(source.doc_id)}/file${source.page ? `#page=${source.page}` : ""}`;
  panel.hidden = false;
  panel.dataset.source = source.source;
  $("close-source").focus();
  panel.opener = opener;
}

async function ask(question, retryOf = null) {
  if (!question.trim() || state.controller) return;
  if (!state.current) newChat();
  const chat = state.current;
  const history = chat.turns.flatMap((turn) => [{ role: "user", content: turn.question }, { role: "assistant", content: turn.answer.answer }]).slice(-12);
  addUserMessage(question);
  const view = addAnswerView();
  const controller = new AbortController();
  state.controller = controller;
  setBusy(true);
  let sources = [];
  let answer = null;
  try {
    const response = await api("/api/ask", {
      method: "POST", signal: controller.signal,
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ question, history, stream: true, top_k: state.options.top_k ?? null,
        temperature: state.options.temperature ?? null, filters: scopeFilters(chat) }),
    });
    if (!response.ok) throw new Error(await errorMessage(response));
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let cut;
      buffer = buffer.replace(/\r\n/g, "\n"); // either line end of the event-stream format
      while ((cut = buffer.indexOf("\n\n")) >= 0) {
        const raw = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        // Fields split on "\n" only: a regex's ^ and $ would also end a line at U+2028 and U+2029.
        let kind = "message";
        const lines = [];
        for (const line of raw.split("\n")) {
          if (line.startsWith("event:")) kind = line.slice(6).trim();
          else if (line.startsWith("data:")) lines.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
        const data = JSON.parse(lines.join("\n") || "null");
        if (kind === "sources") sources = data;
        else if (kind === "token") {
          view.text += data.text;
          renderAnswerText(view, view.text, sources);
          view.item.scrollIntoView({ block: "end" });
        } else if (kind === "done") answer = data;
        else if (kind === "error") throw new Error(problemMessage(data) || t("error"));
      }
    }
  } catch (error) {
    if (error.name === "AbortError") {
      answer = { answer: view.text, refused: false, grounded: false, citations: [], cancelled: true };
    } else {
      view.item.classList.add("failed");
      view.body.removeAttribute("aria-busy");
      view.body.replaceChildren(el("p", { class: "error", role: "alert", text: `${t("error")}: ${error.message}` }));
      view.actions.replaceChildren(el("button", { type: "button", class: "small", text: t("retry"), onclick: () => { view.item.previousElementSibling?.remove(); view.item.remove(); ask(question); } }));
    }
  } finally {
    state.controller = null;
    setBusy(false);
  }
  if (!answer) return;
  state.lastAnswerText = answer.answer;
  finishAnswer(view, answer, sources);
  view.actions.append(el("button", { type: "button", class: "small", text: t("retry"), onclick: () => ask(question) }));
  chat.turns.push({ question, answer, sources: sources.filter((s) => (answer.citations || []).some((c) => c.n === s.n)) });
  if (!chat.title) chat.title = question.slice(0, 60);
  $("chat-title").textContent = chat.title;
  state.chats = [chat, ...state.chats.filter((c) => c.id !== chat.id)];
  saveChats();
}

function setBusy(busy) {
  $("send").hidden = busy;
  $("stop").hidden = !busy;
  document.body.classList.toggle("busy", busy);
}

// -- Documents --------------------------------------------------------------------------------

async function loadDocuments() {
  const q = $("doc-search").value.trim();
  const response = await api(`/api/documents?limit=500&q=${encodeURIComponent(q)}`);
  if (!response.ok) return;
  const { documents } = await response.json();
  const rows = $("doc-rows");
  rows.replaceChildren();
  for (const doc of documents) {
    const date = doc.ingested_at ? new Date(doc.ingested_at).toLocaleDateString(LANG === "zh" ? "zh-CN" : undefined) : "";
    rows.append(el("tr", {},
      el("td", {}, el("a", { href: `/api/documents/${encodeURIComponent(doc.doc_id)}/file`, target: "_blank", rel: "noopener", text: doc.source })),
      el("td", { text: t("indexed") }), el("td", { text: String(doc.chunks) }), el("td", { text: formatSize(doc.size) }),
      el("td", { text: date }),
      el("td", {}, el("button", { type: "button", class: "small danger", text: t("delete"), "aria-label": `${t("delete")} ${doc.source}`,
        onclick: async () => {
          if (!confirm(t("deleteConfirm"))) return;
          const res = await api(`/api/documents/${encodeURIComponent(doc.doc_id)}`, { method: "DELETE" });
          if (res.ok) { loadDocuments(); refreshHealth(); }
        } })),
    ));
  }
}

// The [[sources]] folders the server keeps in sync: state, last pass, pending files, failures.
async function loadSources() {
  const response = await api("/api/sources");
  if (!response.ok) return;
  const { sources } = await response.json();
  $("sources").hidden = sources.length === 0;
  const list = $("source-list");
  list.replaceChildren();
  for (const source of sources) {
    const when = source.last_sync ? new Date(source.last_sync).toLocaleString(LANG === "zh" ? "zh-CN" : undefined) : t("never");
    const facts = [t(source.state), `${t("lastSync")}: ${when}`];
    if (source.pending_count) facts.push(`${t("pendingFiles")}: ${source.pending_count}`);
    if (source.failures.length) facts.push(`${t("failed")}: ${source.failures.length}`);
    const item = el("li", { class: `source state-${source.state}` },
      el("span", { class: "source-path", text: source.path }), el("span", { class: "source-facts", text: facts.join(" · ") }),
      el("button", { type: "button", class: "small", text: t("syncNow"), "aria-label": `${t("syncNow")} ${source.path}`,
        onclick: async (event) => {
          event.target.disabled = true;
          await api(`/api/sources/sync?path=${encodeURIComponent(source.path)}`, { method: "POST" });
          await untilPassed(source.path, source.passes);
          loadSources();
          loadDocuments();
        } }));
    if (source.error) item.append(el("p", { class: "source-error", text: source.error }));
    if (source.failures.length) {
      item.append(el("ul", { class: "source-failures" },
        ...source.failures.map((f) => el("li", { text: `${f.path}: ${f.error}` }))));
    }
    list.append(item);
  }
}

// Wait (up to two minutes) for the source at `path` to finish a pass after its `passes`-th.
async function untilPassed(path, passes) {
  for (let i = 0; i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const response = await api("/api/sources");
    if (!response.ok) return;
    const source = (await response.json()).sources.find((s) => s.path === path);
    if (!source || (source.passes > passes && source.state !== "syncing") || source.state === "error") return;
  }
}

function formatSize(bytes) {
  if (bytes > 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  if (bytes > 1e3) return `${Math.round(bytes / 1e3)} kB`;
  return `${bytes} B`;
}

function uploadFiles(files) {
  for (const file of files) {
    const status = el("span", { class: "upload-status", text: t("uploading") });
    const bar = el("progress", { max: "100", value: "0", "aria-label": file.name });
    const row = el("li", { "data-name": file.name }, el("span", { class: "upload-name", text: file.name }), bar, status);
    $("upload-list").append(row);
    const form = new FormData();
    form.append("files", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", "/api/documents");
    request.upload.onprogress = (event) => { if (event.lengthComputable) bar.value = Math.round((event.loaded / event.total) * 100); };
    request.onload = async () => {
      if (request.status === 401) { await askForKey(); row.remove(); uploadFiles([file]); return; }
      let body = {};
      try { body = JSON.parse(request.responseText); } catch { /* shown below */ }
      if (request.status !== 202) {
        row.classList.add("failed");
        status.textContent = `${t("failed")}: ${problemMessage(body) || request.statusText}`;
        return;
      }
      bar.value = 100;
      status.textContent = t("queued");
      pollJob(body.id, row, status);
    };
    request.onerror = () => { row.classList.add("failed"); status.textContent = t("failed"); };
    request.send(form);
  }
}

async function pollJob(id, row, status) {
  for (;;) {
    const response = await api(`/api/jobs/${id}`);
    if (!response.ok) { status.textContent = t("failed"); return; }
    const job = await response.json();
    if (job.status === "running") status.textContent = t("ingesting");
    if (job.status === "done" || job.status === "failed") {
      const file = job.files[0] || {};
      const failed = job.status === "failed" || file.status === "failed";
      row.classList.add(failed ? "failed" : "done");
      status.textContent = failed ? `${t("failed")}: ${file.error || job.error || ""}` : `${t(file.status) || file.status} · ${file.chunks}`;
      row.dataset.status = failed ? "failed" : file.status;
      loadDocuments();
      refreshHealth();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
}

// -- Settings and status ----------------------------------------------------------------------

async function refreshHealth() {
  const response = await fetch("/api/health");
  if (!response.ok && response.status !== 503) return;
  const health = await response.json();
  $("empty-kb").hidden = health.documents !== 0;
}

async function loadLimits() {
  const response = await api("/api/stats");
  if (!response.ok) return;
  state.limits = (await response.json()).limits;
  const topk = $("topk");
  topk.max = String(Math.min(state.limits.top_k_max, 20));
  topk.value = String(state.options.top_k ?? state.limits.top_k);
  const temp = $("temperature");
  temp.max = String(state.limits.temperature_max);
  temp.value = String(state.options.temperature ?? state.limits.temperature);
  $("topk-value").textContent = topk.value;
  $("temp-value").textContent = temp.value;
}

function saveOptions() {
  state.options = { top_k: Number($("topk").value), temperature: Math.min(Number($("temperature").value), state.limits.temperature_max) };
  $("topk-value").textContent = String(state.options.top_k);
  $("temp-value").textContent = String(state.options.temperature);
  localStorage.setItem("kb.options", JSON.stringify(state.options));
}

// -- Wiring -----------------------------------------------------------------------------------

function translatePage() {
  document.documentElement.lang = LANG === "zh" ? "zh-CN" : "en";
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
}

async function start() {
  translatePage();
  const session = await (await fetch("/api/session", { credentials: "same-origin" })).json();
  if (session.keys_required && !session.authenticated) await askForKey();
  // With API keys the session ends here (the server revokes it); the key is asked for again.
  $("log-out").hidden = !session.keys_required;
  $("log-out").addEventListener("click", async () => {
    await fetch("/api/session", { method: "DELETE", credentials: "same-origin" });
    await askForKey();
  });
  const input = $("question");
  $("ask-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const question = input.value;
    input.value = "";
    autosize();
    ask(question);
  });
  input.addEventListener("keydown", (event) => {
    // Enter sends; Shift+Enter is a new line; an IME composition (Chinese input) never sends.
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      $("ask-form").requestSubmit();
    }
  });
  const autosize = () => { input.style.height = "auto"; input.style.height = `${Math.min(input.scrollHeight, 200)}px`; };
  input.addEventListener("input", autosize);
  $("stop").addEventListener("click", () => state.controller?.abort());
  $("new-chat").addEventListener("click", newChat);
  $("toggle-sidebar").addEventListener("click", () => document.body.classList.toggle("sidebar-open"));
  $("close-source").addEventListener("click", () => { $("source-panel").hidden = true; $("source-panel").opener?.focus(); });
  const docs = $("docs-dialog");
  const openDocs = () => { docs.showModal(); loadSources(); loadDocuments(); };
  $("show-docs").addEventListener("click", openDocs);
  $("empty-upload").addEventListener("click", openDocs);
  $("show-settings").addEventListener("click", () => $("settings-dialog").showModal());
  for (const button of document.querySelectorAll("[data-close]")) button.addEventListener("click", () => button.closest("dialog").close());
  $("topk").addEventListener("input", saveOptions);
  $("temperature").addEventListener("input", saveOptions);
  $("doc-search").addEventListener("input", () => loadDocuments());
  const zone = $("drop-zone");
  zone.addEventListener("click", () => $("file-input").click());
  zone.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") $("file-input").click(); });
  $("file-input").addEventListener("change", (event) => { uploadFiles([...event.target.files]); event.target.value = ""; });
  zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => { event.preventDefault(); zone.classList.remove("over"); uploadFiles([...event.dataTransfer.files]); });
  wireScope();
  newChat();
  await Promise.all([refreshHealth(), loadLimits()]);
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", start);
