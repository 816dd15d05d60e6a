// Calendars, spliced into walker.js where it says /* calendar.js */ (the walker's scope: clean, roleOf, isShown).
// A calendar is found by structure, never by words: a table or grid whose cells count the days of a month (1, 2, 3
// … 28 or more, in order), and the box around it (up to three levels up, the first that holds more than the grid).
// Its heading is what names the month shown: the grid's caption or label, else the words of its header rows or of
// the box outside the grid and outside its controls. Its arrows (the controls that change the month) are the
// small elements of the box outside the week rows that carry a title or a pointer cursor; listed as buttons even
// where the widget drew them as bare anchors or cells. The heading is the context of every control in the box, so
// a month change gives them new ids and what changed names the month now shown.
  let calendarsFound = null;
  const WEEK = 7;
  const rowOfCell = (el) => el.closest("tr,[role=row]");
  const weekRow = (row) => !!row && row.querySelectorAll("td,th,[role=gridcell],[role=columnheader]").length >= WEEK;
  function monthGrid(t) {
    const cells = t.querySelectorAll("td,[role=gridcell]");
    if (cells.length < 28 || cells.length > 60) return false;
    let want = 1;
    for (const c of cells) if ((c.textContent || "").trim() === String(want)) want++;
    return want > 28;
  }
  function boxOf(t) {
    const size = (n) => (n.textContent || "").replace(/\s+/g, "").length;
    let n = t;
    for (let d = 0; d < 3 && n.parentElement && n.parentElement !== document.body; d++) {
      n = n.parentElement;
      if (size(n) > size(t) || [...n.querySelectorAll("a,button,[role=button]")].some((c) => !t.contains(c))) return n;
    }
    return t;
  }
  function calendarArrows(cal, controls) {
    const out = [];
    for (const el of cal.box.querySelectorAll("*")) {
      if (out.length >= 6 || SKIP_TAGS.has(el.tagName) || /^(TABLE|TBODY|THEAD|TR)$/.test(el.tagName)) continue;
      if (cal.grid.contains(el) && weekRow(rowOfCell(el))) continue;
      if (out.some((o) => o.contains(el)) || controls.some((c) => c.contains(el) || el.contains(c))) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0 || r.width > 64 || r.height > 64 || !isShown(el, r)) continue;
      if (!el.getAttribute("title") && getComputedStyle(el).cursor !== "pointer") continue;
      out.push(el);
    }
    return out;
  }
  function headingOf(cal, skip) {
    const t = cal.grid;
    const own = clean((t.caption && t.caption.textContent) || t.getAttribute("aria-label") || refText(t, "aria-labelledby"), 60);
    if (own) return own;
    const pieces = [];
    const outside = (n) => !skip.some((s) => s.contains(n)) && (!t.contains(n) || !weekRow(rowOfCell(n.parentElement)));
    const tw = document.createTreeWalker(cal.box, NodeFilter.SHOW_TEXT);
    for (let n = tw.nextNode(); n && pieces.length < 6; n = tw.nextNode()) {
      const p = n.parentElement;
      if (!p || SKIP_TAGS.has(p.tagName) || !/[\p{L}\p{N}]/u.test(n.nodeValue) || !outside(n)) continue;
      const r = p.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && isShown(p, r)) pieces.push(n.nodeValue);
    }
    return clean(pieces.join(" "), 60);
  }
  // The calendars shown and their heading; their arrows are added to the candidates (in document order) when
  // ``cands`` is given.
  function findCalendars(cands, seen) {
    calendarsFound = [];
    for (const t of document.querySelectorAll("table,[role=grid]")) {
      if (calendarsFound.length >= 3) break;
      const r = t.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0 || !monthGrid(t)) continue;
      const cal = { grid: t, box: boxOf(t) };
      const controls = [...cal.box.querySelectorAll("*")].filter((e) => roleOf(e));
      cal.arrows = calendarArrows(cal, controls);
      for (const a of cands ? cal.arrows : []) {
        // An arrow is a button, and what a pointer walk found inside it (its drawn chevron) is the arrow itself.
        for (let i = cands.length - 1; i >= 0; i--) if (cands[i][0] === a || (a.contains(cands[i][0]) && !roleOf(cands[i][0]))) cands.splice(i, 1);
        seen.add(a);
        const at = cands.findIndex(([c]) => a.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
        cands.splice(at < 0 ? cands.length : at, 0, [a, "button"]);
      }
      cal.heading = headingOf(cal, controls.concat(cal.arrows));
      calendarsFound.push(cal);
    }
    return calendarsFound;
  }
  const calendarOfArrow = (el) => (calendarsFound || findCalendars(null, null)).find((c) => c.arrows.includes(el));
  const calendarArrow = (el) => !!calendarOfArrow(el);
  // An arrow nothing names (an empty cell, a drawn chevron): the way it turns the calendar, from where it sits.
  function calendarArrowName(el) {
    const cal = calendarOfArrow(el);
    if (!cal) return "";
    const a = el.getBoundingClientRect(), g = cal.grid.getBoundingClientRect();
    return a.left + a.width / 2 < g.left + g.width / 2 ? "previous" : "next";
  }
  // The heading of the calendar a control sits in (its arrows, its days): the month a day or an arrow belongs to.
  function calendarContext(el) {
    for (const cal of calendarsFound || findCalendars(null, null)) if (cal.heading && cal.box.contains(el)) return cal.heading;
    return "";
  }
