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
