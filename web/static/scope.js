// "Ask only these": the documents and tags a conversation is restricted to. Each conversation keeps
// its own scope (chat.scope = { tags: [...], doc_ids: [...], labels: [...] }, saved with it); every
// question of that conversation sends it as `filters` to /api/ask, which applies it before ranking.
// Tags alone are sent as `filters.tags` (any of them); documents alone as `filters.doc_ids`; both
// together as the documents of either (the server ANDs fields, the picker means "these or those").
// Same safety rule as app.js: names from documents reach the DOM as text only.
"use strict";

const SCOPE_I18N = {
  en: { scopeAll: "All documents", scopeOnly: "Only", scopePick: "Choose documents", scopeTitle: "Ask only these",
        scopeTags: "Tags", scopeDocs: "Documents", scopeApply: "Apply", scopeClear: "All documents",
        scopeFilter: "Filter documents", scopeDocCount: "documents", scopeNoTags: "No tags yet." },
  zh: { scopeAll: "全部文档", scopeOnly: "仅限", scopePick: "选择文档", scopeTitle: "只问这些文档", scopeTags: "标签",
        scopeDocs: "文档", scopeApply: "应用", scopeClear: "全部文档", scopeFilter: "筛选文档", scopeDocCount: "个文档",
        scopeNoTags: "还没有标签。" },
};
const st = (key) => (SCOPE_I18N[LANG][key] ?? SCOPE_I18N.en[key] ?? key);
const SCOPE_DOC_IDS_MAX = 500; // filters.doc_ids' bound (GET /api/stats: limits.filter_doc_ids_max)

const scope = { documents: [], tags: [], draft: null };

// The `filters` of a question in `chat` (null: the whole knowledge base).
function scopeFilters(chat) {
  const picked = chat?.scope;
  if (!picked || (!picked.tags?.length && !picked.doc_ids?.length)) return null;
  if (!picked.doc_ids?.length) return { tags: picked.tags };
  if (!picked.tags?.length) return { doc_ids: picked.doc_ids };
  const ids = new Set(picked.doc_ids);
  for (const doc of scope.documents) if (doc.tags.some((tag) => picked.tags.includes(tag))) ids.add(doc.doc_id);
  return { doc_ids: [...ids].slice(0, state.limits.filter_doc_ids_max ?? SCOPE_DOC_IDS_MAX) };
}

// The line above the composer: what the current conversation is restricted to.
function renderScope() {
  const picked = state.current?.scope;
  const parts = [...(picked?.tags || []).map((tag) => `#${tag}`), ...(picked?.labels || [])];
  const on = parts.length > 0;
  $("scope-summary").textContent = on ? `${st("scopeOnly")}: ${parts.join(", ")}` : st("scopeAll");
  $("scope-bar").classList.toggle("on", on);
  $("scope-clear").hidden = !on;
}

async function loadScopeChoices() {
  const [docs, tags] = await Promise.all([api("/api/documents?limit=500"), api("/api/tags")]);
  if (docs.ok) scope.documents = (await docs.json()).documents;
  if (tags.ok) scope.tags = (await tags.json()).tags;
}

function renderScopeChoices() {
  const draft = scope.draft;
  const toggle = (list, value, on) => { const i = list.indexOf(value); if (on && i < 0) list.push(value); if (!on && i >= 0) list.splice(i, 1); return i; };
  const tagList = $("scope-tags");
  tagList.replaceChildren();
  if (!scope.tags.length) tagList.append(el("li", { class: "muted", text: st("scopeNoTags") }));
  for (const { tag, documents } of scope.tags) {
    const box = el("input", { type: "checkbox", value: tag, onchange: (event) => toggle(draft.tags, tag, event.target.checked) });
    box.checked = draft.tags.includes(tag);
    tagList.append(el("li", {}, el("label", {}, box, document.createTextNode(` ${tag} `), el("span", { class: "muted", text: `(${documents})` }))));
  }
  const query = $("scope-search").value.trim().toLowerCase();
  const docList = $("scope-docs");
  docList.replaceChildren();
  for (const doc of scope.documents) {
    if (query && !`${doc.source} ${doc.title} ${doc.tags.join(" ")}`.toLowerCase().includes(query)) continue;
    const box = el("input", { type: "checkbox", value: doc.doc_id, onchange: (event) => {
      const at = toggle(draft.doc_ids, doc.doc_id, event.target.checked);
      if (event.target.checked) draft.labels.push(doc.source); else if (at >= 0) draft.labels.splice(at, 1);
    } });
    box.checked = draft.doc_ids.includes(doc.doc_id);
    const tags = doc.tags.length ? el("span", { class: "muted", text: ` ${doc.tags.map((tag) => `#${tag}`).join(" ")}` }) : "";
    docList.append(el("li", {}, el("label", {}, box, document.createTextNode(` ${doc.source}`), tags)));
  }
}

async function openScope() {
  if (!state.current) newChat();
  const picked = state.current.scope;
  // The dialog edits a draft: closing it without Apply changes nothing.
  scope.draft = { tags: [...(picked?.tags || [])], doc_ids: [...(picked?.doc_ids || [])], labels: [...(picked?.labels || [])] };
  $("scope-search").value = "";
  await loadScopeChoices();
  renderScopeChoices();
  $("scope-dialog").showModal();
}

function applyScope() {
  const chat = state.current;
  const { tags, doc_ids, labels } = scope.draft;
  chat.scope = tags.length || doc_ids.length
    ? { tags, doc_ids: doc_ids.slice(0, SCOPE_DOC_IDS_MAX), labels: labels.slice(0, SCOPE_DOC_IDS_MAX) } : null;
  if (chat.turns.length) saveChats();
  renderScope();
  $("scope-dialog").close();
}

function clearScope() {
  if (!state.current) return;
  state.current.scope = null;
  if (state.current.turns.length) saveChats();
  renderScope();
}

function wireScope() {
  $("scope-button").addEventListener("click", openScope);
  $("scope-clear").addEventListener("click", clearScope);
  $("scope-apply").addEventListener("click", applyScope);
  $("scope-all").addEventListener("click", () => { clearScope(); $("scope-dialog").close(); });
  $("scope-search").addEventListener("input", renderScopeChoices);
  for (const node of document.querySelectorAll("[data-i18n-scope]")) node.textContent = st(node.dataset.i18nScope);
  for (const node of document.querySelectorAll("[data-i18n-scope-label]")) node.setAttribute("aria-label", st(node.dataset.i18nScopeLabel));
  renderScope();
}
