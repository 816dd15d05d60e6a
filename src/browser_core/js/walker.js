// One pass over a frame's DOM (open and closed shadow roots included) that lists interactive
// elements without selectors. Each element gets a local number kept in a WeakMap, so the same
// element keeps its id across observations; the Python side prefixes the frame.
// args: {key, start, mode: "observe"|"search"|"fingerprint", maxViewport, maxOff, maxText,
//        query, role, name, includeText}
(args) => {
  const KEY = args.key;
  const st = (window[KEY] = window[KEY] || { ids: new WeakMap(), els: new Map(), next: args.start });
  if (st.next < args.start) st.next = args.start;
  const shadowOf = (el) => el.shadowRoot || (window[KEY + "_closed"] && window[KEY + "_closed"].get(el)) || null;
  const vw = window.innerWidth, vh = window.innerHeight;
  const ROLE_ATTR = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider", "spinbutton", "treeitem", "listbox",
    "gridcell", "columnheader", "row"]);
  const INPUT_ROLE = { button: "button", submit: "button", reset: "button", image: "button", checkbox: "checkbox",
    radio: "radio", range: "slider", number: "spinbutton", search: "searchbox", file: "button", color: "button" };
  const NAME_FROM_CONTENT = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "treeitem", "gridcell", "columnheader", "row", "clickable"]);
  const SKIP_TAGS = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE"]);
  const clean = (s, n) => {
    s = (s || "").replace(/\s+/g, " ").trim();
    return s.length > n ? s.slice(0, n - 1) + "…" : s;
  };

  // A grid's rows, cells and column headers are listed only where they act themselves (selected, expanded,
  // sorted, clicked) and hold no control of their own: a cell's checkbox or link is the control.
  const STRUCTURAL = new Set(["row", "gridcell", "columnheader"]);
  const HOLDERS = new Set(["menu", "menubar", "tablist", "tree", "grid", "toolbar", "list", "radiogroup", "listbox"]);
  const HOLDS_CONTROL = "a[href],button,input,select,textarea,[role=button],[role=checkbox],[role=link],[tabindex='0']";
  const clickMarks = window[KEY + "_clicks"];
  const listened = (el) => !!clickMarks && clickMarks.has(el);
  const actsItself = (el) => (["aria-selected", "aria-expanded", "aria-sort", "onclick"].some((a) => el.hasAttribute(a)) ||
    listened(el) || (!!el.parentElement && listened(el.parentElement))) && (!el.querySelector(HOLDS_CONTROL) || opensBesideBox(el));
  // A table row with a click listener of its own whose only control is the box that picks it: a click on the row
  // opens its record, the box selects it for the list's tools. The row is a control beside its box.
  const PICK_BOX = "input[type=checkbox],[role=checkbox]";
  const opensBesideBox = (el) => el.tagName === "TR" && listened(el) && !el.closest("thead") &&
    Array.from(el.querySelectorAll(HOLDS_CONTROL)).every((c) => c.matches(PICK_BOX) || !!c.closest(PICK_BOX)) &&
    el.querySelectorAll(PICK_BOX).length === 1;
  // A grid's row that takes the focus itself and carries a name of its own (a list of files, each row opened by a
  // click or Enter, its menu button inside it) is the item a person acts on: listed beside its own controls.
  const focusedRow = (el) => el.getAttribute("role") === "row" && el.hasAttribute("tabindex") &&
    (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby")) && !!el.closest("[role=grid],[role=treegrid]");
  // An item of a list, listbox, tree or grid that is selected by a click (aria-selected, its own click listener, or
  // its list's): listed though nothing makes it focusable. An element of any other kind with a click listener of
  // its own and words, holding no control, is clickable too.
  const ITEM_ROLES = new Set(["listitem", "option", "treeitem", "row"]);
  function clickedItem(el, explicit) {
    if (el === document.body || el === document.documentElement) return false;
    const item = el.tagName === "LI" || el.tagName === "TR" || ITEM_ROLES.has(explicit);
    // An item hidden from assistive technology with no words of its own is a list's separator, no control.
    if (item && el.getAttribute("aria-hidden") === "true" && !/[\p{L}\p{N}]/u.test(el.textContent || "")) return false;
    if (item) return actsItself(el) || rovingItem(el);
    return listened(el) && !el.querySelector(HOLDS_CONTROL) && el.childElementCount <= 8 && !servesItems(el) &&
      /[\p{L}\p{N}]/u.test(el.textContent || "") && shownWords(el);
  }
  /* unused.js */
  function roleOf(el) {
    if (el.hasAttribute("tabindex") && holdsItemFocus(el)) return null;  // its item is listed (items.js)
    const explicit = (el.getAttribute("role") || "").trim().split(/\s+/)[0];
    if (explicit && ROLE_ATTR.has(explicit)) {
      if (blank(el) || twinOf(el, explicit)) return null;  // an empty item a script gave a role: nothing to act on
      return !STRUCTURAL.has(explicit) || actsItself(el) || rovingItem(el) || focusedRow(el) ? explicit : null;
    }
    const tag = el.tagName;
    if (tag === "A" || tag === "AREA") return el.hasAttribute("href") ? "link" : null;
    if (tag === "BUTTON" || tag === "SUMMARY") return "button";
    if (tag === "INPUT") {
      const t = (el.getAttribute("type") || "text").toLowerCase();
      if (t === "hidden") return null;
      return INPUT_ROLE[t] || "textbox";
    }
    if (tag === "SELECT") return el.multiple || el.size > 1 ? "listbox" : "combobox";
    if (tag === "TEXTAREA") return "textbox";
    const ce = el.getAttribute("contenteditable");
    if (ce !== null && ce !== "false" && !(el.parentElement && el.parentElement.isContentEditable)) return "textbox";
    if (explicit === "presentation" || explicit === "none") return null;
    const ti = el.getAttribute("tabindex");
    // A focusable block holding controls (a scrollable region, a modal's backdrop trapping focus, a panel holding a
    // frame) is not one control: its controls are listed; one drawing nothing (a frame's placeholder) offers none.
    if (el.hasAttribute("onclick")) return "clickable";
    // A holder of items (a menubar, a tab list) the page made focusable but left empty offers nothing to act on.
    if (HOLDERS.has(explicit) && !el.childElementCount && !/\S/.test(el.textContent || "")) return null;
    if (ti !== null && +ti >= 0) return el.querySelector(HOLDS_CONTROL + ",iframe") || focusSentinel(el) || drawsNothing(el) ? null : "clickable";
    return clickedItem(el, explicit) || pressedItem(el) ? "clickable" : null;
  }

  // The box a person clicks: a checkbox or radio drawn by its label (the native input shrunk to nothing inside
  // it, or beside it) is clicked through that label, so the label's box stands for it.
  function clickBox(el) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 || r.height > 0 || !el.labels || !/^(checkbox|radio)$/.test(el.type)) return r;
    for (const l of el.labels) {
      const lr = l.getBoundingClientRect();
      if (lr.width > 0 && lr.height > 0) return lr;
    }
    return r;
  }

  /* shown.js */

  /* names.js */ /* shortcuts.js */ /* column_head.js */ /* twin.js */ /* tree.js */ /* pressed.js */
  /* match.js */
  /* columns.js */
  /* rows.js */
  /* records.js */
  /* items.js */
  /* icons.js */
  /* modal.js */
  /* calendar.js */

  // What a listed element is to a person: its role, its name (a count in brackets aside: "Cart (3)") and its row.
  // An id stands for that: a node that comes to show another element (a list that rewrote its rows' text after a
  // delete) gets a new id, and its old id is gone.
  const identity = (role, name, row) => role + "\u0000" + name.replace(/\s*[(\[]\s*\d+\s*[)\]]/g, "") + "\u0000" + row;
  if (args.mode === "identify") {
    const ref = st.els.get(args.number), el = ref && ref.deref();
    if (!el || !el.isConnected) return { gone: true };
    const role = roleOf(el) || (calendarArrow(el) ? "button" : getComputedStyle(el).cursor === "pointer" ? "clickable" : "");
    const name = role ? nameInfo(el, role)[0] : "";
    const row = role ? calendarContext(el) || rowContext(el, name) : "";
    return { role, name, row, same: !!st.idents && st.idents.get(el) === identity(role, name, row) };
  }

  function valueOf(el, role) {
    const tag = el.tagName;
    // A field holding a named secret (act/secret_typing.py marks it): its name, never its value.
    const secret = el.getAttribute && el.getAttribute("data-agent-secret");
    if (secret !== null && secret !== undefined) return el.value ? "•••• (secret " + clean(secret, 40) + ")" : "";
    if (tag === "SELECT") {
      const o = el.selectedOptions && el.selectedOptions[0];
      return o ? clean(o.textContent, 40) : "";
    }
    if (tag === "INPUT") {
      const t = (el.getAttribute("type") || "text").toLowerCase();
      if (["checkbox", "radio", "button", "submit", "reset", "image", "file"].includes(t)) {
        return t === "file" && el.files && el.files.length ? clean(el.files[0].name, 40) : "";
      }
      if (t === "password") return el.value ? "••••" : "";
      return clean(el.value, 40);
    }
    if (tag === "TEXTAREA") return clean(el.value, 40);
    if (role === "textbox" && el.isContentEditable) return clean(el.textContent, 40);
    return "";
  }

  function deepActive() {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    return a;
  }
  const active = deepActive();

  const TICKS = new Set(["checkbox", "switch", "menuitemcheckbox"]);
  function statesOf(el, role) {
    const s = [];
    const ac = el.getAttribute("aria-checked");  // a box stating its tick as a toggle button does: aria-pressed
    const pressed = ac === null && TICKS.has(role) && el.getAttribute("aria-pressed") === "true";
    if (el.checked === true || ac === "true" || pressed) s.push("checked");
    else if (ac === "mixed" || el.indeterminate) s.push("mixed");
    if (el.disabled === true || el.getAttribute("aria-disabled") === "true") s.push("disabled");
    // A disclosure: aria-expanded, or a <details>' summary (open when its details is).
    const details = el.tagName === "SUMMARY" && el.parentElement && el.parentElement.tagName === "DETAILS" ? el.parentElement : null;
    const ex = el.getAttribute("aria-expanded") || (details ? String(details.open) : drawnDisclosure(el, role));
    if (ex === "true") s.push("expanded");
    else if (ex === "false") s.push("collapsed");
    if (el.getAttribute("aria-selected") === "true") s.push("selected");
    const cur = el.getAttribute("aria-current");
    if (cur && cur !== "false") s.push("current");
    if (el === active) s.push("focused");
    if (el.readOnly === true) s.push("readonly");
    if (el.required === true) s.push("required");
    return s.join(",");
  }

  // An element re-rendered by the page (the node replaced, the same control in the same place of the page: same
  // role, name, row, link and position) keeps the number of the one it replaced, when that one was listed by the last scan and is
  // gone now: what changed does not report it as removed and added.
  st.keys = st.keys || new Map();
  let dead = null;
  function reused(key) {
    if (!dead) {
      dead = new Map();
      for (const [n, k] of st.keys) {
        const ref = st.els.get(n), old = ref && ref.deref();
        if (old && old.isConnected) continue;
        st.keys.delete(n);
        if (!dead.has(k)) dead.set(k, []);
        dead.get(k).push(n);
      }
    }
    const free = dead.get(key);
    return free && free.length ? free.shift() : undefined;
  }
  st.idents = st.idents || new WeakMap();
  function idOf(el, key, ident) {
    let n = st.ids.get(el);
    if (n !== undefined && st.idents.has(el) && st.idents.get(el) !== ident) {
      st.els.delete(n);
      n = undefined;
    }
    st.idents.set(el, ident);
    if (n === undefined) {
      n = reused(key);
      if (n === undefined) n = st.next++;
      st.ids.set(el, n);
      st.els.set(n, new WeakRef(el));
    }
    return n;
  }

  // Collect candidates across light DOM and shadow roots, in document order.
  const cands = [];
  const seenCand = new Set();
  function visit(root) {
    const all = root.querySelectorAll("*");
    for (let i = 0; i < all.length; i++) {
      const el = all[i];
      if (SKIP_TAGS.has(el.tagName)) continue;
      const role = roleOf(el);
      if (role) { cands.push([el, role]); seenCand.add(el); }
      const sr = shadowOf(el);
      if (sr) visit(sr);
    }
  }
  visit(document);

  // Elements clickable only through script listeners (cursor: pointer, no semantics): looked for only where a
  // person could click now, by a walk that skips subtrees lying wholly outside the viewport.
  const POINTER_TAGS = new Set(["DIV", "SPAN", "LI", "IMG", "TD", "LABEL", "svg", "P", "I", "TR", "SECTION", "A"]);
  let pointerChecks = 0;
  function pointerWalk(el, parentPointer) {
    if (pointerChecks > 3000 || SKIP_TAGS.has(el.tagName)) return;
    const r = el.getBoundingClientRect();
    const sized = r.width > 0 || r.height > 0;
    if (sized && (r.top >= vh || r.bottom <= 0 || r.left >= vw || r.right <= 0)) {
      const pos = el.ownerDocument.defaultView.getComputedStyle(el).position;
      if (pos !== "fixed" && pos !== "absolute") return;
    }
    let pointer = parentPointer;
    if (sized && !seenCand.has(el) && POINTER_TAGS.has(el.tagName)) {
      pointerChecks++;
      pointer = getComputedStyle(el).cursor === "pointer" && !scrollBox(el);
      if (pointer && !parentPointer && !el.querySelector("a,button,input,select,textarea") && !toggleFace(el, seenCand) && !wrapsListed(el, seenCand)) {
        cands.push([el, "clickable"]);
        seenCand.add(el);
      }
    } else if (seenCand.has(el)) {
      pointer = true;
    }
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) pointerWalk(c, pointer);
    const sr = shadowOf(el);
    if (sr) for (let c = sr.firstElementChild; c; c = c.nextElementSibling) pointerWalk(c, pointer);
  }
  if (document.body) pointerWalk(document.body, false);
  findCalendars(cands, seenCand);

  const inView = [], off = [], inModal = [];
  let total = 0;
  const mode = args.mode;
  // While a modal is open its controls are listed first and whole, whatever the page behind holds; a search finds
  // no control it covers (one of the same name behind it is no target while it is open).
  const modal = mode === "observe" || mode === "search" ? openModal(cands) : null;
  const onTop = (el, r) => {
    const hit = r.width > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw &&
      document.elementFromPoint(Math.min(Math.max(r.left + r.width / 2, 0), vw - 1),
        Math.min(Math.max(r.top + r.height / 2, 0), vh - 1));
    return !!hit && el.contains(hit);
  };
  const q = (args.query || "").toLowerCase().replace(/\s+/g, " ").trim();
  const accept = args.accept && args.accept.length ? new Set(args.accept) : null;
  for (const [el, role] of cands) {
    if (args.role && role !== args.role) continue;
    if (accept && !accept.has(role)) continue;
    const r = clickBox(el);
    if (r.width <= 0 && r.height <= 0) continue;
    // A transparent control drawn with no area and no label (an uploader's shim parked until its button shows) is
    // nothing a person can see or hit.
    if ((r.width <= 0 || r.height <= 0) && !(el.labels && el.labels.length) && getComputedStyle(el).opacity === "0") continue;
    const vis = r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw;
    // Off-screen elements in observe mode are checked for CSS visibility lazily, nearest first.
    if ((vis || mode !== "observe") && !isShown(el, r)) continue;
    if (modal && mode === "search" && !modal.contains(el) && !onTop(el, r)) continue;
    total++;
    let dist = 0;
    if (!vis) dist = r.top >= vh ? r.top - vh : r.bottom <= 0 ? -r.bottom : Math.abs(r.left) + vh;
    const rec = { el, role, r, vis, dist };
    if (mode === "observe") {
      if (modal && modal.contains(el)) { rec.modal = true; if (inModal.length < args.maxViewport) inModal.push(rec); }
      else if (vis) { if (inView.length < args.maxViewport) inView.push(rec); }
      else { rec.pri = isPrimary(el, role) ? 1 : 0; off.push(rec); }
    } else {
      [rec.name, rec.derived] = nameInfo(el, role);
      if (mode === "fingerprint") {
        if (rec.name === args.name) inView.push(rec);
      } else {
        if (!q) { inView.push(rec); continue; }
        // Words found in what names the element count fully; words found only in its role or value, half.
        const named = (rec.name + " " + (el.getAttribute("placeholder") || "") + " " + (el.getAttribute("title") || "") +
          " " + refText(el, "aria-describedby")).toLowerCase();
        const other = (role + " " + valueOf(el, role)).toLowerCase();
        rec.score = matchScore(el, role, rec.name, q, named, other);
        if (rec.score >= 0.5) { rec.region = regionOf(el); inView.push(rec); }
      }
    }
  }
  let picked = inView;
  if (mode === "observe") {
    off.sort((a, b) => b.pri - a.pri || a.dist - b.dist);  // a form's Save and a pager's Next first
    const near = [];
    for (let i = 0; i < off.length && near.length < args.maxOff; i++) {
      if (isShown(off[i].el, off[i].r)) near.push(off[i]);
      else total--;
    }
    picked = inModal.concat(inView, near);
  } else if (mode === "search") {
    picked.sort((a, b) => (b.score || 0) - (a.score || 0) || (a.vis === b.vis ? 0 : a.vis ? -1 : 1));
    picked = picked.slice(0, args.maxOff);
  }
  for (const x of picked) if (x.name === undefined) [x.name, x.derived] = nameInfo(x.el, x.role);
  // Controls in a row (a table or grid row, a list item, a card) get the row's words as context, and controls
  // sharing a role and name what tells them apart (their description, row or group); the name stays their own
  // (the gate judges a control by it).
  {
    const counts = new Map();
    for (const x of picked) { const k = x.role + "\u0000" + x.name; counts.set(k, (counts.get(k) || 0) + 1); }
    for (const x of picked) {
      const dup = counts.get(x.role + "\u0000" + x.name) > 1;
      x.ctx = calendarContext(x.el) || contextOf(x.el, x.name, dup);
      x.row = dup ? calendarContext(x.el) || rowContext(x.el, x.name) : x.ctx;
    }
  }
  // Repeated structures (table rows, list items): each element's container and the unit it sits in, so a
  // listing can fold a long run of look-alike units. Regions say where an element is (main, navigation, ...).
  const containers = new Map(), units = new Map();
  const UNIT_OF = { TABLE: "tr", TBODY: "tr", UL: "li", OL: "li" };
  function unitOf(el) {
    let box = el.parentElement && el.parentElement.closest(
      "tbody,table,ul,ol,[role=list],[role=grid],[role=treegrid],[role=table],[role=listbox]");
    if (!box && el.tagName === "A" && el.parentElement) box = el.parentElement;  // a bar of sibling links
    if (!box) return ["", 0];
    if (!containers.has(box)) containers.set(box, containers.size + 1);
    const unit = el.closest(UNIT_OF[box.tagName] || "[role=listitem],[role=row],[role=option]");
    const u = unit && box.contains(unit) ? unit : el;
    if (!units.has(u)) units.set(u, units.size + 1);
    const kind = box.matches("tbody,table,[role=grid],[role=treegrid],[role=table]") ? "t" : "l";
    return [kind + containers.get(box), units.get(u)];
  }
  // A page's primary actions, never folded nor left out of a listing: a form's submit buttons and the controls
  // beside them (its action bar), and a pager's step controls (next, previous, first, last).
  function isPrimary(el, role) {
    if (role !== "button" && role !== "link") return false;
    if (isSubmit(el)) return true;
    const bar = el.parentElement;
    if (bar && Array.prototype.some.call(bar.children, (c) => c !== el && isSubmit(c))) return true;
    const rel = (el.getAttribute("rel") || "").toLowerCase();
    if (/\b(next|prev|previous)\b/.test(rel)) return true;
    const pager = bar && bar.closest(PAGER_SEL);
    return !!pager && !/^\s*\d+\s*$/.test(el.textContent) && !!placeInPager(el, pager);
  }
  function isSubmit(el) {
    const t = (el.getAttribute("type") || "").toLowerCase();
    if (el.tagName === "INPUT") return t === "submit" || t === "image";
    return el.tagName === "BUTTON" && (t === "submit" || (!t && !!el.form));
  }
  if (mode === "observe") {
    for (const x of picked) {
      x.region = regionOf(x.el);
      if (x.region === "main" && !x.el.closest("main,[role=main]")) x.region = "page";  // no landmark says
      [x.grp, x.unit] = unitOf(x.el);
    }
  }
  const listedNow = new Map();
  const elements = picked.map((x) => {
    const r = x.r;
    const where = x.vis ? "" : r.top >= vh ? "below" : r.bottom <= 0 ? "above" : r.left >= vw ? "right" : "left";
    const t = x.el.tagName === "INPUT" ? (x.el.getAttribute("type") || "text").toLowerCase() : "";
    // Same control in the same place: role, name, row, link target and where it sits on the page (a search
    // result of the same name on the next page of results is another element).
    const key = [x.role, x.name, x.ctx || "", x.el.getAttribute("href") || "",
      Math.round((r.x + scrollX) / 4), Math.round((r.y + scrollY) / 4)].join("\u0000");
    const n = idOf(x.el, key, identity(x.role, x.name, x.row));
    listedNow.set(n, key);
    return [n, x.role, x.name, valueOf(x.el, x.role),
      statesOf(x.el, x.role), Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height), where,
      t === "text" ? "" : t, x.score || 0, x.derived ? 1 : 0, x.region || "", x.ctx || "", x.grp || "", x.unit || 0,
      x.modal ? 1 : 0, mode === "observe" && (x.pri !== undefined ? x.pri : isPrimary(x.el, x.role)) ? 1 : 0];
  });
  if (mode === "observe") st.keys = listedNow;  // what the next scan may carry a number over from

  const out = { elements, total, next: st.next, ready: document.readyState,
    scroll: [Math.round(window.scrollY), Math.max(0, Math.round(document.documentElement.scrollHeight - vh))],
    viewport: [vw, vh] };
  if (mode !== "observe") return out;
  try { out.title = String(document.title); } catch (e) { /* a page's own getter threw: read it the usual way */ }

  /* page_read.js */
  out.notes = notes;
  return out;
}
