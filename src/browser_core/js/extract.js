// Generic extraction: tables, lists, links, form fields or main text of a region, as compact data.
// args: {what: "auto"|"table"|"list"|"links"|"form"|"text", maxItems, maxChars, region}; root: element or null.
([args, root]) => {
  const clean = (s, n) => { s = (s || "").replace(/\s+/g, " ").trim(); return s.length > n ? s.slice(0, n - 1) + "…" : s; };
  const visible = (el) => !el.checkVisibility || el.checkVisibility({ visibilityProperty: true });
  const pick = () => document.querySelector("main,[role=main]") || document.querySelector("article") || document.body;
  // A region named by the model: a table caption, a list's label or heading, a section's label or heading.
  function region(q) {
    q = q.toLowerCase();
    let best = null, bestScore = 0;
    for (const el of document.querySelectorAll(
      "table,[role=grid],[role=treegrid],[role=table],ul,ol,dl,section,article,form,nav,aside,main,[role=region],fieldset")) {
      if (!visible(el)) continue;
      let prev = el.previousElementSibling;
      const head = el.querySelector("caption,legend,h1,h2,h3,h4,h5,h6");
      const label = [el.getAttribute("aria-label"), head && head.innerText,
        prev && /^H\d$/.test(prev.tagName) ? prev.innerText : ""].join(" ").toLowerCase();
      if (!label.trim()) continue;
      const words = q.split(/\s+/).filter((w) => w.length > 1);
      const score = label.includes(q) ? 2 : words.filter((w) => label.includes(w)).length / Math.max(words.length, 1);
      if (score > bestScore) { best = el; bestScore = score; }
    }
    return bestScore >= 0.5 ? best : null;
  }
  const named = args.region ? region(args.region) : null;
  if (args.region && !named) return { error: "no region matches", region: args.region };
  const base = root || named || pick();
  const out = { region: base === document.body ? "page" : base.tagName.toLowerCase() +
    (named ? ` '${clean((named.querySelector("caption,legend,h1,h2,h3,h4") || {}).innerText || named.getAttribute("aria-label"), 60)}'` : "") };
  const want = args.what;
  const max = args.maxItems;
  // A cell as a person reads it: its text, the state of its controls ([x] / [ ] / the chosen option / the
  // typed value) and the address of its single link.
  const cellOf = (c) => {
    const parts = [];
    for (const f of c.querySelectorAll("input:not([type=hidden]),select,textarea")) {
      if (!f.getClientRects().length && f.tagName !== "SELECT") continue;  // a field not shown (a styled picker's input)
      const t = (f.type || "").toLowerCase();
      if (t === "checkbox" || t === "radio") parts.push(f.checked ? "[x]" : "[ ]");
      else if (f.tagName === "SELECT") parts.push(clean((f.selectedOptions[0] || {}).text, 60));
      else if (t === "password" || f.hasAttribute("data-agent-secret")) parts.push(f.value ? "••••" : "");
      else if (!["button", "submit", "reset", "image"].includes(t)) parts.push(clean(f.value, 80));
    }
    let own = c.innerText;
    if (c.querySelector("select,textarea")) {
      const copy = c.cloneNode(true);
      for (const f of copy.querySelectorAll("select,textarea")) f.remove();
      own = copy.textContent;
    }
    const text = clean([clean(own, 120), ...parts].filter(Boolean).join(" "), 160);
    const a = c.querySelectorAll("a[href]");
    return a.length === 1 && !a[0].getAttribute("href").startsWith("#") ? { cell: text, link: a[0].href } : text;
  };
  // Paging near a table: a rel=next link, or a block named or classed as pagination.
  const paging = (t) => {
    let box = null;
    for (let n = t.parentElement, d = 0; n && d < 4 && !box; n = n.parentElement, d++) {
      box = n.querySelector("a[rel=next],[class*=paginat],[class*=pager],[aria-label*=aginat],nav[role=navigation]");
    }
    if (!box) return null;
    const block = box.matches("a") ? box.parentElement : box;
    const next = box.matches("a[rel=next]") ? box : block.querySelector("a[rel=next]") || afterCurrent(block);
    const out = { pages: clean(block.innerText, 160) };
    if (next) {  // a hint only where there is a next page to go to
      out.next = next.href;
      out.hint = "navigate to next (or click the next-page link) and extract again";
    }
    return out;
  };
  // The next page's link, by position: the link right after the current page (aria-current, or the one page
  // number that is not a link), when it goes to a page.
  function afterCurrent(block) {
    const marks = Array.from(block.querySelectorAll("a[href],[aria-current=page],[aria-current=true],span,em,strong,b"));
    let current = marks.find((m) => m.matches("[aria-current=page],[aria-current=true]"));
    if (!current) current = marks.find((m) => !m.closest("a[href]") && /^\s*\d+\s*$/.test(m.textContent));
    const pageLinks = Array.from(block.querySelectorAll("a[href]")).filter((a) => !a.getAttribute("href").startsWith("#"));
    if (!current) {  // no current page shown: a step link after the numbered ones ("2 3 ›")
      const numbered = pageLinks.map((a) => /^\s*\d+\s*$/.test(a.textContent));
      const last = numbered.lastIndexOf(true);
      return last >= 0 && last === pageLinks.length - 2 ? pageLinks[last + 1] : null;
    }
    const links = pageLinks.filter((a) => (current.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      !current.contains(a));
    const first = links[0];
    return first && /^\s*\d+\s*$/.test(first.textContent) && +first.textContent === +current.textContent + 1 ? first : null;
  }
  // Elements in the order they are seen when the page moved them (CSS order, a reversed flex box, rows placed by
  // a transform): a later one wholly above an earlier one in the same column; else in document order.
  function onScreen(els) {
    const boxes = els.map((e) => [e, e.getBoundingClientRect()]);
    const moved = boxes.some(([, b], i) => {
      const a = i > 0 && boxes[i - 1][1];
      return a && b.bottom <= a.top && b.left < a.right && b.right > a.left && b.height > 3 && a.height > 3;
    });
    if (moved) boxes.sort(([, a], [, b]) => a.top - b.top || a.left - b.left);
    return boxes.map(([e]) => e);
  }
  // Tables: <table> and ARIA grids (role=grid/treegrid/table with row and cell divs), in document order.
  const GRID = "table,[role=grid],[role=treegrid],[role=table]";
  const tables = () => Array.from(base.matches(GRID) ? [base] : base.querySelectorAll(GRID)).filter(visible)
    .filter((t) => t.tagName === "TABLE" || !(t.parentElement && t.parentElement.closest(GRID)))
    .slice(0, 5).map((t) => {
      const [head, rows] = t.tagName === "TABLE" ? htmlTable(t) : ariaGrid(t);
      const out = { caption: t.caption ? clean(t.caption.innerText, 120) : captionOf(t),
        headers: head && head.map((h) => (typeof h === "string" ? h : h.cell)), rows: rows.slice(0, max),
        total_rows: rows.length };
      const p = paging(t);
      if (p) out.pagination = p;
      return out;
    });
  function htmlTable(t) {
    const rows = Array.from(t.rows).map((r) => Array.from(r.cells).map(cellOf));
    const head = t.tHead && t.tHead.rows.length ? rows.shift() : (t.rows[0] && t.rows[0].querySelector("th") ? rows.shift() : null);
    return [head, rows];
  }
  function captionOf(t) {
    const ids = (t.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    const by = ids.map((i) => (document.getElementById(i) || {}).innerText || "").join(" ");
    return clean(by || t.getAttribute("aria-label"), 120) || null;
  }
  // An ARIA grid: its rows (a row split over pinned containers joined by aria-rowindex) in their on-screen order
  // (aria-rowindex, else top to bottom), each row's cells by aria-colindex, else left to right; the header row is
  // the one made of column headers.
  function ariaGrid(t) {
    const CELL = "[role=gridcell],[role=cell],[role=columnheader],[role=rowheader]";
    const rows = Array.from(t.querySelectorAll("[role=row]")).filter((r) => r.closest(GRID) === t && visible(r));
    const joined = new Map();
    for (const r of rows) {
      const k = r.getAttribute("aria-rowindex") || r;
      if (!joined.has(k)) joined.set(k, { top: r.getBoundingClientRect().top, index: +(r.getAttribute("aria-rowindex") || 0), cells: [] });
      joined.get(k).cells.push(...Array.from(r.querySelectorAll(CELL)).filter((c) => c.closest("[role=row]") === r));
    }
    const all = Array.from(joined.values());
    all.sort(all.every((r) => r.index) ? (a, b) => a.index - b.index : (a, b) => a.top - b.top);
    const col = (c) => +(c.getAttribute("aria-colindex") || 0);
    for (const r of all) {
      r.cells.sort(r.cells.every(col) ? (a, b) => col(a) - col(b) : (a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
    }
    const isHead = (r) => r.cells.length && r.cells.every((c) => c.getAttribute("role") === "columnheader");
    const headRow = all.find(isHead);
    const body = all.filter((r) => !isHead(r) && r.cells.length).map((r) => r.cells.map(cellOf));
    return [headRow ? headRow.cells.map(cellOf) : null, body];
  }
  const lists = () => Array.from(["UL", "OL", "DL"].includes(base.tagName) ? [base] : base.querySelectorAll("ul,ol,[role=list]"))
    .filter(visible).filter((l) => l.children.length > 1).slice(0, 8).map((l) => {
      const label = l.getAttribute("aria-label") || (l.previousElementSibling && /^H\d$/.test(l.previousElementSibling.tagName)
        ? l.previousElementSibling.innerText : "");
      const items = onScreen(Array.from(l.children).filter((c) => c.tagName === "LI" || c.getAttribute("role") === "listitem"));
      return { label: clean(label, 80) || null, items: items.slice(0, max).map((li) => clean(li.innerText, 160)),
        total_items: items.length };
    });
  const links = () => Array.from(base.querySelectorAll("a[href]")).filter(visible).slice(0, max)
    .map((a) => ({ link: clean(a.innerText || a.getAttribute("aria-label"), 100), href: a.href }));
  const form = () => Array.from(base.querySelectorAll("input,select,textarea")).filter((e) => e.type !== "hidden")
    .slice(0, max).map((e) => {
      const label = (e.labels && e.labels[0] && e.labels[0].innerText) || e.getAttribute("aria-label") || e.placeholder || e.name;
      let value = e.tagName === "SELECT" ? (e.selectedOptions[0] || {}).text : e.value;
      if (e.type === "password") value = value ? "••••" : "";
      const secret = e.getAttribute("data-agent-secret");  // a named secret (act/secret_typing.py): its name only
      if (secret !== null) value = value ? "•••• (secret " + clean(secret, 40) + ")" : "";
      if (e.type === "checkbox" || e.type === "radio") value = e.checked;
      return { label: clean(label, 80), type: e.type || e.tagName.toLowerCase(), value };
    });
  const text = () => clean(base.innerText, args.maxChars);
  if (want === "table" || want === "auto") out.tables = tables();
  if (want === "list" || want === "auto") out.lists = lists();
  if (want === "links") out.links = links();
  if (want === "form") out.fields = form();
  if (want === "text" || (want === "auto" && !(out.tables || []).length && !(out.lists || []).length)) out.text = text();
  for (const k of ["tables", "lists"]) if (out[k] && !out[k].length) delete out[k];
  return out;
}
