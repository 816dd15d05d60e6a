  // How well an element answers a description (search mode): 3 its name is the description, 2.5 its name holds
  // it, 2 its label/title/description holds it; otherwise the share of the description's words it answers.
  // A word in what names the element counts fully, so does a role word that is the element's role ("link",
  // "button") and one found in the element's own row; a word found where the element sits (its column, its
  // group's heading or label, the landmark or container around it: "in the pagination", "in the in-stock
  // filter") counts 0.75, one in its value 0.5.
  // Function words ("the", "in") are not counted. Only elements answering at least one word by name get the
  // (costlier) context read; an element named by none of the words may still answer by its role and its place
  // ("the edition link of the row for X": the link in column Edition of row X).
  const FUNCTION_WORDS = new Set(["a", "an", "the", "of", "in", "on", "at", "for", "to", "with", "and", "or", "from",
    "by", "under", "inside", "within", "that", "which", "this", "its", "row"]);
  const ROLE_WORDS = { link: ["link", "hyperlink", "anchor"], button: ["button", "btn"],
    checkbox: ["checkbox", "check", "tick"], radio: ["radio", "option"], textbox: ["field", "input", "box", "textbox"],
    searchbox: ["search", "field", "input", "box"], combobox: ["dropdown", "select", "combobox", "field"],
    listbox: ["list", "listbox", "select"], tab: ["tab"], menuitem: ["menu", "item"], option: ["option"],
    switch: ["switch", "toggle"], slider: ["slider"], spinbutton: ["field", "number", "input"] };
  const STRONG = 0.9;  // page/targets.py STRONG_MATCH
  const ANY_ROLE_WORD = new Set([].concat(...Object.values(ROLE_WORDS), ["control", "icon", "element", "item"]));
  function queryWords(text) {
    return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) || []);
  }
  function sameWord(a, b) {
    if (a === b) return true;
    const n = Math.min(a.length, b.length);
    if (n < 5) return false;
    let i = 0;
    while (i < n && a[i] === b[i]) i++;
    return i >= 5 && i >= 0.7 * n;  // "pagination" ~ "paginator", "filters" ~ "filter"
  }
  function hasWord(words, w) {
    for (const x of words) if (sameWord(x, w)) return true;
    return false;
  }
  function placeText(el, name) {
    const parts = [];
    try {
      parts.push(contextOf(el, name, true));
      const c = cellOf(el);
      if (c) { const h = headerAt(c.table, columnIndex(c.td)); if (h) parts.push(typeof h === "string" ? h : h.textContent || ""); }
    } catch (e) { /* a detached node */ }
    if (pagerOf(el)) parts.push(Object.values(ICONS.directions).join(" "));  // a pager's controls are page controls
    let n = el.parentElement;
    for (let depth = 0; n && depth < 10 && n !== document.body; n = n.parentElement, depth++) {
      parts.push(n.getAttribute("aria-label") || "", refText(n, "aria-labelledby"), n.id || "",
        typeof n.className === "string" ? n.className : "");
      const head = n.querySelector(":scope > h1, :scope > h2, :scope > h3, :scope > h4, :scope > legend, " +
        ":scope > summary, :scope > caption, :scope > details > summary");
      if (head && !head.contains(el)) parts.push((head.textContent || "").slice(0, 80));
      if (n.tagName === "DETAILS") { const s = n.querySelector("summary"); if (s) parts.push(s.textContent || ""); }
    }
    return parts.join(" ").replace(/[_\-]+/g, " ");
  }
  function matchScore(el, role, name, q, named, other) {
    const nm = name.toLowerCase();
    if (nm === q) return 3;
    if (nm && nm.includes(q)) return 2.5;
    if (named.includes(q)) return 2;
    const words = queryWords(q).filter((w) => !FUNCTION_WORDS.has(w));
    if (!words.length) return 0;
    const namedWords = queryWords(named), otherWords = queryWords(other), roleWords = ROLE_WORDS[role] || [role];
    let hit = 0, byName = 0, byRole = 0;
    const rest = [];
    for (const w of words) {
      if (hasWord(namedWords, w)) { hit += 1; byName++; }
      else if (roleWords.includes(w)) { hit += 1; byRole++; }
      else rest.push(w);
    }
    if (!byName && !byRole) return 0;
    let missing = 0;
    if (rest.length) {  // the element's own row counts fully ("edit run-7 brave-owl"), the sections around it 0.75
      let row = "";
      try { row = contextOf(el, name, true); } catch (e) { /* a detached node */ }
      const rowWords = queryWords(row), place = queryWords(placeText(el, name));
      for (const w of rest) {
        const got = hasWord(rowWords, w) ? 1 : hasWord(place, w) ? 0.75 : hasWord(otherWords, w) ? 0.5 : 0;
        // A word that names a kind of control ("button" said of a link) is no word the element fails to answer.
        if (!got && !ANY_ROLE_WORD.has(w)) missing++;
        hit += got;
      }
    }
    // Between equal shares, the element whose own name the description covers more ("Next" over "page 1" for
    // "the Next page link") comes first. Every word answered somewhere: STRONG or more (1 and up when all are
    // answered by the element itself or its row); a word answered nowhere: a weak match, below STRONG, which a
    // description never resolves to.
    const own = queryWords(name);
    const covered = own.length ? own.filter((w) => hasWord(words, w)).length / own.length : 0;
    const share = hit / words.length;
    if (share >= 1) return share + 0.05 * covered;
    if (!missing) return STRONG + (0.99 - STRONG) * Math.min(share + 0.05 * covered, 1);
    return Math.min(share + 0.05 * covered, STRONG - 0.01);
  }
