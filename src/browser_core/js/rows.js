// Rows, spliced into walker.js where it says /* rows.js */ (the walker's scope: clean, textOf, refText, vh).
// A control's row is its table or ARIA-grid row (a grid whose pinned columns sit in other containers is joined by
// aria-rowindex), else the list item or card it sits in (an ancestor repeated among look-alike siblings that hold
// the same control). A row is known by its label, its header cell, its link, else its first words that are not a
// control's.
  const CELL_SEL = "td,th,[role=gridcell],[role=cell],[role=rowheader],[role=columnheader]";
  const ROW_SEL = "tr,[role=row]";
  const GRID_SEL = "table,[role=grid],[role=treegrid],[role=table]";
  const CONTROL_SEL = "input,select,textarea,button,[role=button],[role=checkbox],[role=switch],[role=radio]," +
    "[role=combobox],[role=menuitem],[role=tab]";
  const STOP_SEL = "body,form,main,nav,header,footer,aside,dialog,[role=dialog],[role=main],[role=navigation]," +
    "[role=toolbar],[role=menu],[role=menubar],[role=tablist]";
  const gridRowsCache = new Map();
  // A link that goes somewhere names a row; one that runs the page's script (href "#", "javascript:", a button
  // role) is a control, and one beside a field (a date field's "Today") is the field's helper.
  const FIELD_SEL = "input:not([type=hidden]),select,textarea";
  // A field one types or picks a value in: a cell holding one is an editing cell, its links the field's helpers. A
  // toggle or a swatch beside a name (a checkbox, a colour picker) leaves the cell a name cell.
  const VALUE_SEL = "input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=color])" +
    ":not([type=range]):not([type=button]):not([type=submit]):not([type=reset]):not([type=image]),select,textarea";
  // A link parked off the page (left of its origin, where no scrolling reaches) until the pointer rests on its row
  // is a row action, not the row's own link.
  const parked = (a) => { const r = a.getBoundingClientRect(); return r.width > 0 && r.right + window.scrollX <= 0; };
  const isDataLink = (a) => !/^\s*(#!?\s*$|javascript:)/i.test(a.getAttribute("href") || "") &&
    !a.matches("[role=button],[role=menuitem],[role=tab],[role=switch]") && !parked(a);
  // Navigation (a nav, a menu, an aside of links): its links are no rows of data.
  const NAV_SEL = "nav,[role=navigation],[role=menu],[role=menubar]";
  function inNavigation(el) {
    if (el.closest(NAV_SEL)) return true;
    const side = el.closest("aside,[role=complementary]");
    return !!side && !side.querySelector(FIELD_SEL + ",button,[role=button]");
  }

  function cellOf(el) {
    const td = el.closest(CELL_SEL);
    if (!td) return null;
    const tr = td.closest(ROW_SEL);
    const table = tr && tr.closest(GRID_SEL);
    return table ? { td, tr, table } : null;
  }
  const isAria = (table) => table.tagName !== "TABLE";
  function ownCells(tr) {
    if (tr.tagName === "TR") return Array.from(tr.cells);
    return Array.from(tr.querySelectorAll(CELL_SEL)).filter((c) => c.closest(ROW_SEL) === tr);
  }
  function gridRows(table) {
    let rows = gridRowsCache.get(table);
    if (!rows) {
      rows = Array.from(table.querySelectorAll(ROW_SEL)).filter((r) => r.closest(GRID_SEL) === table &&
        (r.getAttribute("aria-rowindex") || r.getClientRects().length));  // a hidden template row is no row
      gridRowsCache.set(table, rows);
    }
    return rows;
  }
  function isHeaderRow(tr) {
    return headerRow(tr, ownCells(tr));  // columns.js
  }
  // The cells of a row; an ARIA grid's row split over pinned containers is joined by its aria-rowindex.
  function rowCells(tr, table) {
    const ri = tr.getAttribute("aria-rowindex");
    let cells = ownCells(tr);
    if (ri && isAria(table)) {
      for (const r of gridRows(table)) if (r !== tr && r.getAttribute("aria-rowindex") === ri) cells = cells.concat(ownCells(r));
      const at = (c) => +(c.getAttribute("aria-colindex") || 0);
      if (cells.every(at)) cells.sort((a, b) => at(a) - at(b));
    }
    return cells;
  }
  function columnIndex(td) {
    const ci = td.getAttribute("aria-colindex");
    if (ci) return +ci - 1;
    let i = 0;
    for (let c = td.parentElement.firstElementChild; c && c !== td; c = c.nextElementSibling) i += c.colSpan || 1;
    return i;
  }
  function headerCells(table) {
    if (!isAria(table)) {
      const head = (table.tHead && table.tHead.rows[table.tHead.rows.length - 1]) ||
        (table.rows[0] && table.rows[0].querySelector("th") ? table.rows[0] : null);
      return head ? Array.from(head.cells) : [];
    }
    return Array.from(table.querySelectorAll("[role=columnheader]")).filter((c) => c.closest(GRID_SEL) === table);
  }
  function headerCellAt(table, col) {
    const cells = headerCells(table);
    if (cells.length && cells.every((c) => c.getAttribute("aria-colindex"))) {
      return cells.find((h) => +h.getAttribute("aria-colindex") === col + 1) || null;
    }
    let i = 0;
    for (const c of cells) {
      if (col < i + (c.colSpan || 1)) return c;
      i += c.colSpan || 1;
    }
    return null;
  }
  function headerAt(table, col) {
    const c = headerCellAt(table, col);
    return c ? clean(textOf(c), 40) : "";
  }
  // A heading spanning several columns whose words are all a control's (a view toggle over the selection and
  // action columns) is no column title: a box under it selects its row.
  function controlHeading(table, col) {
    const h = headerCellAt(table, col);
    return !!h && (h.colSpan || 1) > 1 && !!h.querySelector("a[href],button,[role=button]") &&
      !clean(rendered(h, 0, [], "a[href],button,[role=button]").join(""), 40);
  }
  const hasHeaders = (table) => headerCells(table).length > 0;
  // Words of a node that are not a control's (a row's "Edit" button is not what the row is called).
  const LEFT_OUT = CONTROL_SEL + ",a[href='#'],a[href^='javascript:' i]";
  const wordsOf = (n) => clean(collapseRepeats(rendered(n, 0, [], (c) => c.matches(LEFT_OUT) || parked(c))
    .join("")), 40);
  const lettered = (t) => /\p{L}/u.test(t);
  // ... and when it shares a word with the row's own text (an instruction such as "Press SPACE to deselect this
  // row." shares none, even on the one row that is selected).
  function labelInRow(own, tr, table) {
    const text = rowCells(tr, table).map((c) => c.textContent || "").join(" ").toLowerCase();
    return (own.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []).some((w) => text.includes(w));
  }
  function sharedLabel(tr, table, own) {
    for (const r of gridRows(table)) {
      if (r === tr || isHeaderRow(r) || (r.getAttribute("aria-rowindex") && r.getAttribute("aria-rowindex") ===
        tr.getAttribute("aria-rowindex"))) continue;
      if (clean(refText(r, "aria-labelledby") || r.getAttribute("aria-label") || "", 40) === own) return true;
    }
    return false;
  }
  // What a cell offers as its row's key: [kind, words], the kinds in order of preference (a header cell, a link
  // that goes somewhere, words that are not a control's); null for a cell with none.
  // A header cell whose only words are the label of its own tick box (a selection column's "Pick <row>") names the
  // box, not the row: those words rank as plain words, after the row's link.
  const TICK_SEL = "input[type=checkbox],input[type=radio],[role=checkbox],[role=radio]";
  const labelsItsTick = (c) => !!c.querySelector(TICK_SEL) && !clean(rendered(c, 0, [], CONTROL_SEL + ",label")
    .join(""), 40);
  function cellKey(c) {
    if ((c.tagName === "TH" || c.getAttribute("role") === "rowheader") && !labelsItsTick(c)) {
      const t = wordsOf(c); if (t) return [0, t];
    }
    if (!c.querySelector(VALUE_SEL)) {
      // Its title drawn as words before its links (columns.js), else its own link, else its name set in bold (a
      // record's title shown without a link), as in a line.
      const lead = leadingWords(c);
      if (lead) return [1, clean(lead, 40)];
      const a = Array.from(c.querySelectorAll("a[href]")).find(isDataLink) ||
        Array.from(c.querySelectorAll("strong,b")).find((b) => !b.closest("a[href],button") && !parked(b));
      const t = a ? clean(textOf(a), 40) : "";
      if (t && lettered(t)) return [1, t];
    }
    if (!c.querySelector(FIELD_SEL)) { const t = wordsOf(c); if (t && lettered(t)) return [2, t]; }
    return null;
  }
  // The columns whose keys tell the table's rows apart (columns.js), read once per table.
  const keyColumnsCache = new Map();
  function keyColumns(table) {
    let cols = keyColumnsCache.get(table);
    if (cols) return cols;
    cols = new Map();
    const measured = new Map();
    const body = gridRows(table).filter((r) => !isHeaderRow(r));
    for (const [col, c] of columnKeys(body, (r) => rowCells(r, table), (c) => (cellKey(c) || [])[1] || "", columnIndex)) {
      cols.set(col, c.distinct);
      measured.set(col, c.keys.reduce((n, k) => n + (measure(k) ? 1 : -1), 0));
    }
    measuredColumns.set(table, measured);
    keyColumnsCache.set(table, cols);
    return cols;
  }
  // A value that has no letter or begins with a digit reads as a measure (a size, a date, an age, a row number:
  // "436 B", "4m ago", "2025-01-03"), never a key; a column whose keys mostly are is a measured column (the one rule
  // of table rows and of list items, items.js).
  const measure = (t) => !/\p{L}/u.test(t) || /^\d/.test(t);
  const measuredColumns = new Map();
  const measuredColumn = (table, col) => (keyColumns(table), ((measuredColumns.get(table) || new Map()).get(col) || 0) > 0);
  function rowKey(tr, table, skip) {
    // A row's own label names it only when it tells it apart: one every row shares ("Press SPACE to select this
    // row.") is an instruction, not a name.
    const own = clean(refText(tr, "aria-labelledby") || tr.getAttribute("aria-label") || "", 40);
    if (own && !sharedLabel(tr, table, own) && labelInRow(own, tr, table)) return own;
    let best = null;
    for (const c of rowCells(tr, table)) {
      if (c === skip) continue;
      const k = cellKey(c);
      if (!k) continue;
      // A column whose words repeat down the table (a supplier link on every row, a status) names no row.
      const col = columnIndex(c);
      const rank = [(keyColumns(table).get(col) ? 0 : 2) + (measuredColumn(table, col) ? 1 : 0), k[0]];
      if (!best || rank[0] < best[0][0] || (rank[0] === best[0][0] && rank[1] < best[0][1])) best = [rank, k[1]];
    }
    if (best) return best[1];
    const body = gridRows(table).filter((r) => !isHeaderRow(r));
    const seen = new Set(), order = [];
    for (const r of body) {
      const k = r.getAttribute("aria-rowindex") || r;
      if (!seen.has(k)) { seen.add(k); order.push(k); }
    }
    const n = order.indexOf(tr.getAttribute("aria-rowindex") || tr) + 1;
    return n ? "#" + n : "";
  }
  // A control in a table cell: "<column header> — row '<row key>'" (row number when the row has no key); in a
  // column without a heading (a selection column), "select row '<row key>'" for a checkbox.
  function tableContext(el) {
    const c = cellOf(el);
    if (!c || isHeaderRow(c.tr)) return "";
    const pick = /^(checkbox|radio)$/.test(el.type || el.getAttribute("role") || "");
    // A tick box under a heading with no letter (a row number's "#") selects its row: that heading names no column.
    const words = pick && controlHeading(c.table, columnIndex(c.td)) ? "" : headerAt(c.table, columnIndex(c.td));
    const head = pick && !lettered(words) ? "" : words;
    const key = rowKey(c.tr, c.table, c.td);
    if (!head) {
      if (!hasHeaders(c.table) || !key || key[0] === "#") return "";
      const turns = pick && laterToggle(el, c.tr);  // names.js: a row's later toggle turns it on or off
      return (turns ? "on/off row '" : pick ? "select row '" : "row '") + key + "'";
    }
    return key ? head + " — row " + (key[0] === "#" ? key.slice(1) : "'" + key + "'") : head;
  }
  function inHeaderRow(el) {
    if (el.closest("thead")) return true;
    const c = cellOf(el);
    return !!c && isHeaderRow(c.tr);
  }

  // A list item or card: the nearest ancestor repeated among look-alike siblings (same tag, same first class)
  // where a sibling holds the same control (another line's "Remove"), with words of its own; forms, landmarks and
  // toolbars end the search.
  const firstClass = (n) => ((n.getAttribute("class") || "").trim().split(/\s+/)[0] || "");
  const signature = (c) => c.tagName + "|" + (c.getAttribute("type") || "") + "|" +
    (/^(INPUT|SELECT|TEXTAREA)$/.test(c.tagName) ? "" : clean(c.textContent, 40).toLowerCase() || firstClass(c));
  // The items of one list are look-alikes whatever state classes a script gives them (selected, before, after).
  const alike = (s, n) => s !== n && s.tagName === n.tagName && (n.tagName === "LI" || firstClass(s) === firstClass(n));
  function repeatedIn(n, el) {
    const sig = signature(el);
    for (const s of [n.previousElementSibling, n.nextElementSibling]) {
      if (!s || !alike(s, n)) continue;
      for (const c of s.getElementsByTagName(el.tagName)) if (signature(c) === sig) return true;
    }
    return false;
  }
  // The controls a block draws: a closed menu's commands (built, not drawn until it opens) are none of its own.
  function drawsManyControls(n) {  // more than 12, counted only as far as 13 (read for each listed element)
    const all = n.querySelectorAll(CONTROL_SEL + ",a[href]");
    if (all.length <= 12) return false;
    let drawn = 0;
    for (const c of all) if (c.getClientRects().length && ++drawn > 12) return true;
    return false;
  }
  function lineOf(el) {
    for (let n = el.parentElement, d = 0; n && d < 8 && !n.matches(STOP_SEL); n = n.parentElement, d++) {
      if (n.matches(GRID_SEL)) return null;
      const row = n.matches(ROW_SEL);
      if (!row && !repeatedIn(n, el)) continue;
      if (drawsManyControls(n)) return null;  // a layout block, not a line
      const key = lineKey(n);
      if (key || row) return key ? [key, row ? "row" : "", n] : null;
    }
    return null;
  }
  // Whether a look-alike sibling line (same tag, same first class) shows a link of the same words.
  function repeatedLink(n, text) {
    const parent = n.parentElement;
    if (!parent) return false;
    for (const s of parent.children) {
      if (!alike(s, n)) continue;
      for (const a of s.querySelectorAll("a[href]")) if (clean(textOf(a), 40) === text) return true;
    }
    return false;
  }
  function lineKey(n) {
    const own = clean(refText(n, "aria-labelledby") || n.getAttribute("aria-label") || "", 40);
    if (own) return own;
    const h = n.querySelector("h1,h2,h3,h4,h5,h6,[role=heading]");
    if (h) { const t = wordsOf(h); if (t) return t; }
    // Its first link that no look-alike line repeats (a run's own name, not its flow's, shown on every run of that
    // flow); else its first link.
    const links = [];
    for (const a of n.querySelectorAll("a[href]")) {
      if (!isDataLink(a)) continue;
      const t = clean(textOf(a), 40);
      if (t && lettered(t)) links.push(t);
    }
    const first = links.find((t) => !repeatedLink(n, t));
    if (first) return first;
    // Every link repeats (a version list written in one minute by one author): the first piece of words no
    // look-alike line shows (a version's note) tells the lines apart; else its first link.
    if (links.length) return uniquePiece(n) || links[0];
    // A block of fields each labelled (a form's section) is no record: its words are its labels and help texts.
    if (n.querySelectorAll("label").length >= 2 && n.querySelectorAll("input:not([type=hidden]),select,textarea").length >= 2) return "";
    const t = wordsOf(n);
    return t && lettered(t) ? t : "";
  }

  function uniquePiece(n) {
    const others = Array.from(n.parentElement ? n.parentElement.children : []).filter((s) => alike(s, n))
      .map((s) => s.textContent);
    for (const p of n.querySelectorAll("*")) {
      if (p.children.length || p.matches(CONTROL_SEL + ",a[href]") || p.closest("a[href],button")) continue;
      const t = clean(textOf(p).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""), 40);
      if (t && lettered(t) && !measure(t) && !others.some((o) => o.includes(t))) return t;
    }
    return "";
  }

  // A grid drawn column by column (a tree's names in one container, each row's other cells in columns of their own,
  // lined up with the rows by height): a control in no row of its own sits in a cell, one of a column of look-alike
  // blocks stacked one per row; when that column's cells and the rows beside it (tree items or rows in the block
  // around both, outside the column) pair up one to one, each cell's top on its row's own line, the control's row
  // is the one its cell stands beside.
  const BAND_ROWS = "[role=treeitem],[role=row],tr";
  const sharesClass = (a, b) => (a.getAttribute("class") || "").split(/\s+/).some((t) => t && b.classList.contains(t));
  const lookAlike = (a, b) => a.tagName === b.tagName && (a.tagName === "LI" || sharesClass(a, b));
  // A row's own line begins at its top (a tree item's open branch lies below that line).
  function ownTop(row) {
    const r = row.getBoundingClientRect();
    return r.height ? r.top : null;
  }
  const bandCache = new Map();
  function bandRows(column) {
    if (bandCache.has(column)) return bandCache.get(column);
    let found = null;
    const cells = Array.from(column.children).filter((c) => c.getBoundingClientRect().height > 0);
    for (let n = column.parentElement, d = 0; n && d < 4 && !found && !n.matches(STOP_SEL); n = n.parentElement, d++) {
      const rows = Array.from(n.querySelectorAll(BAND_ROWS)).filter((r) => !column.contains(r) && ownTop(r) !== null);
      if (rows.length < 2) continue;
      const paired = new Map();
      for (const c of cells) {
        const top = c.getBoundingClientRect().top;
        const row = rows.find((r) => Math.abs(ownTop(r) - top) <= 2);
        if (row) paired.set(c, row);
      }
      const used = new Set(paired.values());
      if (paired.size >= 2 && used.size === paired.size && used.size === rows.length) found = paired;
    }
    bandCache.set(column, found);
    return found;
  }
  function besideRow(el) {
    for (let n = el.parentElement, d = 0; n && d < 8 && !n.matches(STOP_SEL); n = n.parentElement, d++) {
      const column = n.parentElement;
      if (!column || n.matches(BAND_ROWS)) return null;
      if (!Array.from(column.children).some((s) => s !== n && lookAlike(s, n))) continue;
      const row = (bandRows(column) || new Map()).get(n);
      const key = row ? clean(row.getAttribute("aria-label") || "", 40) || lineKey(row) : "";
      if (key) return [key, "row", row];
    }
    return null;
  }

  // The row a listed control sits in, as context: "row 'run-7 brave-owl'" (a table or grid row), "row 3" (one
  // without words), "Linen shirt" (a list item or card); "" outside rows, in a header row, when the name says it
  // already, or when the row's words are the control's own label.
  // A control inside a tab (the cross that closes it) acts on that tab: its key is the tab's own words.
  function tabContext(el, name) {
    const tab = el.parentElement && el.parentElement.closest("[role=tab]");
    const words = tab ? clean(textOf(tab, false, (c) => c === el) || tab.getAttribute("aria-label") || "", 60) : "";
    return words && words.toLowerCase() !== name.toLowerCase() ? "tab '" + words + "'" : "";
  }
  function rowContext(el, name) {
    const tab = tabContext(el, name);
    if (tab) return tab;
    if (inNavigation(el)) return "";
    const c = cellOf(el);
    let key = "", kind = "row";
    if (c) {
      if (isHeaderRow(c.tr) || c.tr.getBoundingClientRect().height > vh * 0.4) return "";
      if (!isAria(c.table) && c.table.rows.length < 2) return "";
      key = rowKey(c.tr, c.table, null);
      if (key[0] === "#" && rowCells(c.tr, c.table).length < 2) return "";  // a row holding just this control
    } else {
      [key, kind] = besideRow(el) || lineOf(el) || ["", ""];
    }
    if (!key) return "";
    if (key[0] === "#") return name.includes("row " + key.slice(1)) ? "" : "row " + key.slice(1);
    const low = key.toLowerCase(), own = name.toLowerCase();
    if (own.includes(low) || (own && low.includes(own))) return "";  // the control names its row, or is its label
    return kind ? kind + " '" + key + "'" : key;
  }
