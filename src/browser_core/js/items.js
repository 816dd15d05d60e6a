// Items of a list, listbox, tree or grid, spliced into walker.js where it says /* items.js */ (the walker's scope:
// clean, textOf, listened, SKIP_TAGS; rows.js: GRID_SEL, rowKey).
// A widget that moves the focus between its items itself (a roving tabindex: each item, or one element in each,
// has a tabindex, all of them -1 but at most one) and handles their clicks in one place above them (a click,
// double-click or context-menu listener on the list or an ancestor) selects its items by a click though no item
// is a control: each item is listed, and the element holding its focus is not listed apart (the item stands for
// it). An item is named by its key cell: the cell that tells the items apart, never one that repeats or reads as
// a measure (a size, a date, an age).
  const ITEM_SEL = "li,tr,[role=listitem],[role=option],[role=treeitem],[role=row]";
  const NATIVE_SEL = "a[href],button,input,select,textarea";
  const focusHolder = (item) => (item.hasAttribute("tabindex") ? item : item.querySelector("[tabindex]"));
  const rovingCache = new Map();
  function rovingList(box) {
    let v = rovingCache.get(box);
    if (v !== undefined) return v;
    v = false;
    const items = Array.prototype.filter.call(box.children, (c) => c.matches(ITEM_SEL)).slice(0, 300);
    if (items.length >= 2) {
      let focusable = 0, scripted = 0;
      for (const it of items) {
        const f = focusHolder(it);
        if (!f || f.matches(NATIVE_SEL)) { scripted = -1; break; }
        if (+f.getAttribute("tabindex") >= 0) focusable++; else scripted++;
      }
      let heard = false;
      for (let a = box; a && !heard; a = a.parentElement) heard = listened(a);
      v = heard && scripted > 0 && focusable <= 1;
    }
    rovingCache.set(box, v);
    return v;
  }
  // An item holding controls of its own (a link, a checkbox) is reached by them: only one holding none but its focus
  // holder is listed as itself.
  const ITEM_CONTROL = NATIVE_SEL + ",[role=button],[role=link],[role=checkbox],[role=switch],[role=radio]," +
    "[role=menuitem],[role=combobox]";
  const rovingItem = (el) => !!el.parentElement && el.matches(ITEM_SEL) && rovingList(el.parentElement) &&
    Array.prototype.every.call(el.querySelectorAll(ITEM_CONTROL), (c) => c === focusHolder(el));
  // The element holding a roving item's focus (not the item itself): its item is listed instead. An item drawn as no
  // box of its own (display: contents, its cells laid out by the grid around it) cannot be listed or clicked: its
  // focus holder stands for it.
  function holdsItemFocus(el) {
    const item = el.parentElement && el.parentElement.closest(ITEM_SEL);
    return !!item && focusHolder(item) === el && rovingItem(item) && item.getClientRects().length > 0;
  }

  // An item's cells: the leaves of its words in order (a name, a size, a date); a control's words aside.
  const CELL_CONTROL = "input,select,textarea,button,[role=checkbox],[role=switch],[role=radio],[role=combobox]," +
    "[role=menuitem]";
  function itemCells(item) {
    const out = [];
    // A block with words of its own beside its children ("<u>O</u>pen") is one cell; one whose words are all in
    // its children is split into them.
    const ownWords = (n) => Array.prototype.some.call(n.childNodes, (k) => k.nodeType === 3 && /[\p{L}\p{N}]/u.test(k.nodeValue));
    const walk = (n, depth) => {
      for (const c of n.children) {
        if (SKIP_TAGS.has(c.tagName) || c.getAttribute("aria-hidden") === "true") continue;
        if (c.matches(CELL_CONTROL) || (c.checkVisibility && !c.checkVisibility({ visibilityProperty: true }))) continue;
        if (depth < 6 && !ownWords(c) && c.childElementCount) walk(c, depth + 1);
        else { const t = clean(textOf(c), 60); if (t) out.push(t); }
      }
    };
    if (ownWords(item)) return [];  // words of its own: named by its content
    walk(item, 0);
    return out.length <= 8 ? out : [];
  }
  // A column reads as a measure when most of its values do (rows.js: measure).
  const itemColumnCache = new Map();
  function itemKeyColumn(box) {
    let col = itemColumnCache.get(box);
    if (col !== undefined) return col;
    const rows = Array.prototype.filter.call(box.children, (c) => c.matches(ITEM_SEL)).slice(0, 60).map(itemCells);
    const width = Math.max(0, ...rows.map((r) => r.length));
    let best = null;
    for (let i = 0; i < width; i++) {
      const values = rows.map((r) => (r[i] || "").toLowerCase()).filter(Boolean);
      if (!values.length) continue;
      const unique = values.length === rows.length && new Set(values).size === values.length;
      const measured = values.filter(measure).length * 2 > values.length;
      const rank = (unique ? 0 : 2) + (measured ? 1 : 0);
      if (!best || rank < best[0]) best = [rank, i];
    }
    col = best ? best[1] : -1;
    itemColumnCache.set(box, col);
    return col;
  }
  // The name of an item listed as itself: a grid row's key (rows.js), else its key cell when it has several cells;
  // "" leaves it to its content.
  const ITEM_LISTED = new Set(["clickable", "row", "option", "treeitem"]);
  function itemName(el, role) {
    if (!ITEM_LISTED.has(role) || !el.matches(ITEM_SEL)) return "";
    if (el.matches("tr,[role=row]")) {
      const table = el.closest(GRID_SEL);
      const key = table ? rowKey(el, table, null) : "";
      return key && key[0] !== "#" ? key : "";
    }
    const cells = itemCells(el);
    if (cells.length < 2) return "";
    const col = el.parentElement ? itemKeyColumn(el.parentElement) : -1;
    return cells[col] || cells.find((t) => !measure(t)) || cells[0];
  }
