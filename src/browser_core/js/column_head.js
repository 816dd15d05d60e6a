// Spliced into walker.js after shortcuts.js (its scope: textOf, clean).
  // A field in a grid drawn with blocks (no table, no label of its own) is named by its column's header: the cell
  // with a few words straight above it, in a line of cells side by side that stands alone (the grid's rows repeat
  // as look-alike lines, its header does not) and holds no field, when that line's cells start where the field's
  // own line's cells start (two at least: the same columns). Rows of the grid above the field are passed over; a
  // toolbar whose buttons do not line up with the field's line names nothing.
  const HEAD_FIELDS = "input,select,textarea,[contenteditable=true],[contenteditable='']";
  function cellsLine(n, up) {  // the nearest block (up to `up` levels) of 3+ children side by side in one band
    for (let a = n, i = 0; a && a !== document.body && i < up; a = a.parentElement, i++) {
      const rs = Array.from(a.children, (c) => c.getBoundingClientRect()).filter((q) => q.width > 0);
      if (rs.length < 3 || rs.length > 40) continue;
      if (rs.every((q, j) => q.top < rs[0].bottom && rs[0].top < q.bottom && (!j || q.left >= rs[j - 1].right - 1))) return a;
    }
    return null;
  }
  const cellStarts = (line) => Array.from(line.children, (c) => Math.round(c.getBoundingClientRect().left));
  const loneLine = (line) => !Array.from(line.parentElement ? line.parentElement.children : []).some((s) =>
    s !== line && s.tagName === line.tagName && s.className === line.className && s.children.length === line.children.length);
  function columnHead(el) {
    const own = cellsLine(el, 6);
    if (!own) return "";
    const r = el.getBoundingClientRect(), x = r.left + Math.min(12, r.width / 2), mine = cellStarts(own);
    for (let y = r.top - 3; y > Math.max(0, r.top - 600); y -= 6) {
      const hit = document.elementFromPoint(x, y);
      const line = hit && !own.contains(hit) ? cellsLine(hit, 5) : null;
      if (!line || line.contains(el)) continue;
      if (!loneLine(line) || line.querySelector(HEAD_FIELDS)) { y = Math.min(y, line.getBoundingClientRect().top); continue; }
      if (cellStarts(line).filter((s) => mine.some((m) => Math.abs(m - s) <= 4)).length < 2) return "";
      const cell = Array.from(line.children).find((c) => c.contains(hit));
      const words = cell ? clean(textOf(cell), 41) : "";
      return words.length <= 40 && /\p{L}/u.test(words) ? words : "";
    }
    return "";
  }
