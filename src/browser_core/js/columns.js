// Which columns tell a table's rows apart, spliced where it says /* columns.js */ into walker.js (through rows.js:
// a row's key) and facts.js (the record a held act names): one rule for both. A column whose words repeat down the
// table (a supplier link on every row, a status) names no row, even on the row whose value is the only one of its
// kind. Read on up to 60 body rows (the caller leaves out header and footer rows: `headerRow`); a row split over
// pinned containers (one aria-rowindex) is read once.
// `cellsOf(row)`: its cells; `keyOf(cell)`: the words it offers as its row's key ("" for none); `columnOf(cell)`:
// its column. Returns column -> {keys: the keys read down it, distinct: no two rows share one (case aside)}.
const columnKeys = (rows, cellsOf, keyOf, columnOf) => {
  const columns = new Map(), done = new Set();
  for (const r of rows.slice(0, 60)) {
    const ri = r.getAttribute("aria-rowindex");
    if (ri) { if (done.has(ri)) continue; done.add(ri); }
    for (const c of cellsOf(r)) {
      const k = keyOf(c);
      if (!k) continue;
      const col = columnOf(c), column = columns.get(col) || { keys: [], seen: new Set(), distinct: true };
      if (column.seen.has(k.toLowerCase())) column.distinct = false;
      column.seen.add(k.toLowerCase());
      column.keys.push(k);
      columns.set(col, column);
    }
  }
  return columns;
};
// A table's header and footer rows are no records (a footer repeats the column titles, or sums them up): a row in
// the table's head or foot, or one whose own `cells` are all column headers.
const headerRow = (tr, cells) => {
  const p = tr.parentElement;
  if (p && (p.tagName === "THEAD" || p.tagName === "TFOOT")) return true;
  return cells.length > 0 && cells.every((c) => c.getAttribute("role") === "columnheader" ||
    (c.tagName === "TH" && !c.getAttribute("role") && c.getAttribute("scope") !== "row" && cells.length > 1));
};
// The words a cell shows before its first link with words of its own, when that link follows them: a record's
// title drawn as plain text, the links after it annotating it (a group or category chip, a source); or all its words
// when its only links have none (a thumbnail's, an icon's). "" when the cell begins with a link with words (the link
// names the row) or holds no link. Images, hidden parts, controls and fields' labels are passed over; a lead that is
// a measure or a code (no two letters in a row, or a number first) is no title.
const LEAD_STOP = "a[href],[role=link]";
const LEAD_SKIP = "button,input,select,textarea,label,[role=button],[role=checkbox],script,style,template,img,svg";
const leadingWords = (cell) => {
  const pieces = [];
  let passed = false;
  const skip = (n) => n.matches(LEAD_SKIP) || n.getAttribute("aria-hidden") === "true" || !n.getClientRects().length;
  const walk = (node) => {
    for (const c of node.childNodes) {
      if (c.nodeType === 3) { pieces.push(c.nodeValue); continue; }
      if (c.nodeType !== 1) continue;
      if (c.matches(LEAD_STOP)) {
        if (/[\p{L}\p{N}]/u.test(c.textContent || "")) return true;
        passed = true;
        continue;
      }
      if (!skip(c) && walk(c)) return true;
    }
    return false;
  };
  const stopped = walk(cell);
  const words = stopped || passed ? pieces.join(" ").replace(/\s+/g, " ").trim() : "";
  return /\p{L}{2}/u.test(words) && !/^\d/.test(words) ? words : "";
};
