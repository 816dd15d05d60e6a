// The audit's own look at one frame (browser_core/audit/rows.py), read from the DOM and not from the walker, so it
// measures the walker: the rows of every visible table, grid and list, and which listed elements sit in each; the
// addresses of the listed links; the listed controls that declare a popup (menus, disclosures); the visible text.
// args: {key, numbers}: the registry's key and the numbers of the elements the last observation listed here.
(args) => {
  const st = window[args.key];
  const listed = new Map();
  for (const n of args.numbers) {
    const ref = st && st.els.get(n);
    const el = ref && ref.deref();
    if (el && el.isConnected) listed.set(el, n);
  }
  const clean = (s, n) => { s = (s || "").replace(/\s+/g, " ").trim(); return s.length > n ? s.slice(0, n - 1) + "…" : s; };
  const shown = (el) => el.getClientRects().length > 0 &&
    (!el.checkVisibility || el.checkVisibility({ visibilityProperty: true }));
  const GRID = "table,[role=grid],[role=treegrid],[role=table]";
  const LIST = "ul,ol,[role=list],[role=listbox],[role=tree]";
  const ITEM = "li,[role=listitem],[role=option],[role=treeitem]";
  const NAV = "nav,[role=navigation],[role=menu],[role=menubar],[role=tablist]";
  const CELL = "td,th,[role=gridcell],[role=cell],[role=rowheader]";
  // An item that says it is acted on by itself: selected, focusable, clicked, or drawn with a hand cursor of its own.
  const pointer = (el) => getComputedStyle(el).cursor === "pointer" &&
    !(el.parentElement && getComputedStyle(el.parentElement).cursor === "pointer");
  const acts = (el) => el.hasAttribute("aria-selected") || el.hasAttribute("onclick") || el.hasAttribute("tabindex") ||
    pointer(el);
  // A control drawn inside a row (a link, a field, a button, something clicked or focused): a row that holds none
  // has nothing to act on, however much it looks like its siblings (a paragraph of a manual's list beside one with a
  // link in its text).
  const CONTROL = "a[href],button,input:not([type=hidden]),select,textarea,[onclick],[tabindex],[contenteditable=true]," +
    "[role=button],[role=link],[role=checkbox],[role=switch],[role=menuitem],[role=tab],[role=option],[role=radio]";
  const holdsControl = (el) => !!el.querySelector(CONTROL) ||
    Array.from(el.querySelectorAll("*")).slice(0, 60).some((d) => pointer(d));
  const isHeader = (tr) => (tr.parentElement && tr.parentElement.tagName === "THEAD") ||
    (() => { const cells = Array.from(tr.children); return cells.length > 0 &&
      cells.every((c) => c.tagName === "TH" || c.getAttribute("role") === "columnheader"); })();
  const labelOf = (box) => clean(box.getAttribute("aria-label") || (box.caption && box.caption.textContent) || "", 60);

  const containers = [], rowOf = new Map(), rows = [];
  function addRows(box, kind, parts) {
    const groups = new Map();  // a grid row split over pinned containers is one row (its aria-rowindex)
    for (const p of parts) {
      const k = p.getAttribute("aria-rowindex") || p;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(p);
    }
    if (groups.size < 2) return;
    const c = containers.length;
    containers.push({ kind, label: labelOf(box), rows: groups.size });
    let i = 0;
    for (const els of groups.values()) {
      const row = { c, i: i++, text: clean(els.map((e) => e.innerText || e.textContent).join(" "), 120),
        sig: els[0].tagName + "|" + els.reduce((s, e) => s + e.childElementCount, 0), acts: false, n: [],
        holds: els.some(holdsControl) };
      for (const e of els) {
        rowOf.set(e, row);
        row.acts = row.acts || acts(e) || Array.from(e.querySelectorAll(CELL)).some((cell) => cell.closest("tr,[role=row]") === e && acts(cell));
      }
      rows.push(row);
    }
  }
  for (const box of document.querySelectorAll(GRID)) {
    if (!shown(box)) continue;
    addRows(box, "table", Array.from(box.querySelectorAll("tr,[role=row]")).filter((r) =>
      r.closest(GRID) === box && shown(r) && !isHeader(r)));
  }
  for (const box of document.querySelectorAll(LIST)) {
    if (!shown(box) || box.closest(NAV) || box.closest(GRID)) continue;
    // An item that shows no words (its words sit in children not drawn: a copy of a tool kept for small screens) is
    // no row to reach.
    addRows(box, "list", Array.from(box.querySelectorAll(ITEM)).filter((r) => r.closest(LIST) === box && shown(r) &&
      clean(r.innerText, 5)));
  }
  for (const [el, n] of listed) {
    for (let a = el; a; a = a.parentElement) {
      const row = rowOf.get(a);
      if (row) { row.n.push(n); break; }
    }
  }
  // A plain link (an http address without a query or a file extension, no script or data attributes) only opens
  // a page: the gate has nothing to judge there (detector.py: a GET link is held only on such signs).
  const PLAIN_ATTRS = new Set(["href", "class", "id", "title", "rel", "target", "style", "tabindex", "lang", "dir"]);
  const plainLink = (el) => /^https?:$/.test(el.protocol) && !el.search && !/\.[^/]*$/.test(el.pathname) &&
    Array.from(el.attributes).every((a) => PLAIN_ATTRS.has(a.name) || a.name.startsWith("aria-"));
  const CHROME = "nav,header,footer,aside,[role=navigation],[role=banner],[role=contentinfo],[role=complementary]";
  const links = {}, opens = [], plain = [], own = {}, chrome = [];
  for (const [el, n] of listed) {
    // The words it shows, line by line (a name that is one of them was taken from its content, not an attribute).
    own[n] = Array.from(new Set(String(el.innerText || el.value || "").split("\n").map((t) => clean(t, 80))
      .filter(Boolean))).slice(0, 12);
    if ((el.tagName === "A" || el.tagName === "AREA") && el.href) {
      links[n] = el.href;
      if (plainLink(el)) plain.push(n);
      if (el.closest(CHROME)) chrome.push(n);
    }
    const popup = el.getAttribute("aria-haspopup");
    if ((popup && popup !== "false") || el.getAttribute("aria-expanded") === "false" ||
      (el.tagName === "SUMMARY" && el.parentElement && !el.parentElement.open)) opens.push(n);
  }
  const values = Array.from(document.querySelectorAll("input:not([type=hidden]),textarea,select"))
    .filter(shown).map((f) => f.tagName === "SELECT" ? Array.from(f.selectedOptions).map((o) => o.text).join(" ") : f.value)
    .filter((v) => v && v.length < 200);
  return { containers, plain, own, chrome, rows: rows.filter((r) => r.n.length || r.acts || rows.some((o) => o.c === r.c && o.n.length &&
    o.sig === r.sig && (r.holds || o.acts))), links, opens,
    text: ((document.body && document.body.innerText) || "").slice(0, 200000) + "\n" + values.join("\n") };
}
