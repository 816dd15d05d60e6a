// Naming, spliced into walker.js where it says /* names.js */ (so it shares the walker's scope: clean,
// SKIP_TAGS, NAME_FROM_CONTENT). Names follow the order a browser computes them; a control with none gets one
// from its context (table column + row, group + row), marked as derived.
  // Text as it renders: hidden children skipped, images by their alt, element boundaries spaced (but not
  // inline formatting), a piece repeated right after itself dropped, a whole name repeated collapsed.
  const INLINE_FMT = new Set(["B", "I", "EM", "STRONG", "U", "MARK", "SUB", "SUP", "ABBR", "CODE", "S", "SMALL"]);
  function rendered(node, depth, pieces) {
    for (let c = node.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) { pieces.push(c.nodeValue); continue; }
      if (c.nodeType !== 1 || SKIP_TAGS.has(c.tagName) || depth > 12) continue;
      if (c.getAttribute("aria-hidden") === "true") continue;
      if (c.checkVisibility && !c.checkVisibility({ visibilityProperty: true })) continue;
      const sep = INLINE_FMT.has(c.tagName) ? "" : " ";
      let t = null;
      if (c.tagName === "INPUT" || c.tagName === "SELECT" || c.tagName === "TEXTAREA") t = "";
      else if (c.tagName === "IMG" || c.tagName === "AREA") t = c.getAttribute("alt") || "";
      else if (c.hasAttribute("aria-label")) t = c.getAttribute("aria-label");
      else if (c.tagName === "svg") t = (c.querySelector("title") || {}).textContent || "";
      if (t !== null) { pieces.push(sep + t + sep); continue; }
      const sub = [];
      rendered(c, depth + 1, sub);
      const s = sub.join("").replace(/\s+/g, " ").trim();
      if (s && pieces.length && pieces[pieces.length - 1].trim() === s) continue;
      pieces.push(sep + s + sep);
    }
    return pieces;
  }
  function collapseRepeats(s) {
    s = s.replace(/\s+/g, " ").trim();
    for (let n = 4; n >= 2; n--) {
      if ((s.length + 1) % n) continue;
      const part = s.slice(0, (s.length + 1) / n - 1);
      if (part && Array(n).fill(part).join(" ") === s) return part;
    }
    return s;
  }
  function textOf(el) {
    return collapseRepeats(rendered(el, 0, []).join(""));
  }

  function textName(el) {
    const t = textOf(el);
    if (t) return t;
    const img = el.querySelector && el.querySelector("img[alt], [aria-label], svg title");
    if (img) return img.getAttribute("alt") || img.getAttribute("aria-label") || img.textContent;
    return "";
  }

  function byId(el, id) {
    const root = el.getRootNode();
    return el.ownerDocument.getElementById(id) || (root.getElementById && root.getElementById(id)) || null;
  }
  function refText(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return "";
    return v.split(/\s+/).map((id) => {
      const n = byId(el, id);
      return n ? (textOf(n) || n.textContent || "") : "";
    }).join(" ").replace(/\s+/g, " ").trim();
  }

  // The accessible name, in the order a browser computes it; "" when there is none.
  function ownName(el, role) {
    const lb = refText(el, "aria-labelledby");
    if (lb) return lb;
    const al = el.getAttribute("aria-label");
    if (al && al.trim()) return al;
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      const t = (el.getAttribute("type") || "").toLowerCase();
      if (["button", "submit", "reset"].includes(t)) return el.value || t;
      if (t === "image") return el.getAttribute("alt") || el.value || "image";
      if (el.labels && el.labels.length) {
        const s = Array.from(el.labels).map((l) => textOf(l)).join(" ").trim();
        if (s) return s;
      }
      return el.getAttribute("title") || el.getAttribute("placeholder") || "";
    }
    if (NAME_FROM_CONTENT.has(role)) {
      const s = textName(el);
      if (s && s.trim()) return s;
    }
    return el.getAttribute("title") || el.getAttribute("alt") || "";
  }

  // [name, derived]: the accessible name, else one from context (table column + row, group + row, text
  // before the field), else the class words of an icon-only control.
  function nameInfo(el, role) {
    const own = clean(ownName(el, role), 80);
    if (own) {
      if (own.length <= 2 && !/[\p{L}\p{N}]/u.test(own)) {  // a bare glyph ("<", "×"): add what the class says
        const hint = classHint(el);
        if (hint) return [clean(own + " " + hint, 80), false];
      }
      return [own, false];
    }
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || role === "textbox" || role === "checkbox") {
      const cell = tableContext(el);
      if (cell) return [cell, true];
      const near = nearText(el);
      if (near) return [near, false];
      const group = groupContext(el);
      if (group) return [group, true];
    }
    return [classHint(el), false];
  }
  function nameOf(el, role) {
    return nameInfo(el, role)[0];
  }

  // A control in a table cell: "<column header> — row '<row key>'" (row number when the row has no key).
  function cellOf(el) {
    const td = el.closest("td,th");
    if (!td) return null;
    const tr = td.parentElement;
    const table = tr && tr.closest("table");
    return table && tr.tagName === "TR" ? { td, tr, table } : null;
  }
  function columnIndex(td) {
    let i = 0;
    for (let c = td.parentElement.firstElementChild; c && c !== td; c = c.nextElementSibling) i += c.colSpan || 1;
    return i;
  }
  function headerAt(table, col) {
    const head = (table.tHead && table.tHead.rows[table.tHead.rows.length - 1]) ||
      (table.rows[0] && table.rows[0].querySelector("th") ? table.rows[0] : null);
    if (!head) return "";
    let i = 0;
    for (const c of head.cells) {
      if (col < i + (c.colSpan || 1)) return clean(textOf(c), 40);
      i += c.colSpan || 1;
    }
    return "";
  }
  function rowKey(tr, skip) {
    const th = tr.querySelector(":scope > th");
    if (th && th !== skip) { const t = clean(textOf(th), 40); if (t) return t; }
    for (const c of tr.cells) {
      if (c === skip || c.querySelector("input,select,textarea,button")) continue;
      const t = clean(textOf(c), 40);
      if (t && /[\p{L}]/u.test(t)) return t;
    }
    const body = tr.parentElement;
    const n = body ? Array.from(body.children).filter((r) => r.tagName === "TR").indexOf(tr) + 1 : 0;
    return n ? "#" + n : "";
  }
  function tableContext(el) {
    const c = cellOf(el);
    if (!c || (c.table.tHead && c.table.tHead.contains(el))) return "";
    const head = headerAt(c.table, columnIndex(c.td));
    const key = rowKey(c.tr, c.td);
    if (!head) {  // a column without a heading (a selection column) in a table with headings: the row says it
      const headed = (c.table.tHead && c.table.tHead.rows.length) || (c.table.rows[0] && c.table.rows[0].querySelector("th"));
      return headed && key && key[0] !== "#" ? "row '" + key + "'" : "";
    }
    return key ? head + " — row " + (key[0] === "#" ? key.slice(1) : "'" + key + "'") : head;
  }
  // A field in a repeated group (fieldset, inline form): its legend or heading, and the row number.
  const HEADING = /^(H[1-6]|LEGEND)$/;
  function groupLabel(el) {
    let n = el;
    for (let depth = 0; n && depth < 8 && n !== document.body; n = n.parentElement, depth++) {
      let p = n.previousElementSibling;
      for (let i = 0; p && i < 12; p = p.previousElementSibling, i++) {
        if (HEADING.test(p.tagName)) { const t = clean(textOf(p), 40); if (t) return t; }
      }
    }
    return "";
  }
  function groupContext(el) {
    const g = groupLabel(el);
    return g ? g + " — field " + (el.getAttribute("type") || el.tagName.toLowerCase()) : "";
  }
  // What tells apart controls sharing a name: their description, else their table row, else their group.
  function distinguisher(el) {
    const d = clean(refText(el, "aria-describedby"), 50);
    if (d) return d;
    const c = cellOf(el);
    if (c && !(c.tr.parentElement && c.tr.parentElement.tagName === "THEAD")) {
      const k = rowKey(c.tr, c.td);
      if (k) return "row " + (k[0] === "#" ? k.slice(1) : "'" + k + "'");
    }
    return groupLabel(el);
  }

  // Where an element sits, as a person would say it.
  function regionOf(el) {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) {
      const r = n.getAttribute("role");
      if (n.tagName === "DIALOG" || r === "dialog" || r === "alertdialog") return "dialog";
      if (n.tagName === "NAV" || r === "navigation") return "navigation";
      if (n.tagName === "ASIDE" || r === "complementary") return "sidebar";
      if (n.tagName === "HEADER" && !n.parentElement.closest("main,article,section") || r === "banner") return "header";
      if (n.tagName === "FOOTER" && !n.parentElement.closest("main,article,section") || r === "contentinfo") return "footer";
      if (n.tagName === "MAIN" || r === "main") return "main";
    }
    return "main";
  }

  // No accessible name: the text just before a field ("Username: [    ]"), for the model to recognise it.
  function nearText(el) {
    for (let n = el, depth = 0; n && depth < 2; n = n.parentElement, depth++) {
      for (let p = n.previousSibling; p; p = p.previousSibling) {
        if (p.nodeType === 1 && p.matches && p.matches("input,select,textarea,button")) return "";
        if (p.nodeType === 1 && p.querySelector && p.querySelector("input,select,textarea,button")) return "";
        const t = (p.nodeType === 3 ? p.nodeValue : p.nodeType === 1 ? p.textContent : "") || "";
        if (t.trim()) return t.trim().length <= 40 ? clean(t, 40) : "";  // longer text is prose, not a label
      }
    }
    return "";
  }

  // No name at all (icon-only controls): the words of its class, e.g. "icon: trash".
  const GENERIC_CLASS = /^(icon|icons|btn|button|fa|fas|far|material|glyphicon|ui|svg|img|image|small|large|pull|left|right|active|js|ng|col|row|flex|d|p|m)$/;
  function classHint(el) {
    const words = [];
    for (const node of [el, el.firstElementChild]) {
      if (!node || typeof node.className !== "string") continue;
      for (const token of node.className.split(/[\s_-]+/)) {
        const w = token.toLowerCase();
        if (/^[a-z]{3,20}$/.test(w) && !GENERIC_CLASS.test(w) && !words.includes(w)) words.push(w);
      }
    }
    return words.length ? "icon: " + words.slice(0, 3).join(" ") : "";
  }

