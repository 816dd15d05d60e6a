// Fields that stand for another and groups repeated per record, spliced into walker.js where it says
// /* records.js */ (the walker's scope: clean, textOf, groupLabel, firstClass, FIELDS).

  // A code editor's input proxy: an empty text area drawn at most 3 px, or clipped by a wrapper of that size (the
  // editor shows its document beside it). It stands for the editor: the nearest box around it drawn readable.
  const tiny = (b) => b.width <= 3 || b.height <= 3;
  function editorOf(el) {
    if (el.tagName !== "TEXTAREA" || el.value) return null;
    let n = el.parentElement;
    if (!n || (!tiny(el.getBoundingClientRect()) && !tiny(n.getBoundingClientRect()))) return null;
    for (let d = 0; n && d < 4 && n !== document.body; n = n.parentElement, d++) {
      const b = n.getBoundingClientRect();
      if (b.width >= 40 && b.height >= 12) return n;
    }
    return null;
  }
  // The editor's name: that of the field it was made from (the hidden field just before it), else the heading of
  // the block it sits in (a legend, a heading, a header line that opens its block), else what it is.
  function editorName(el) {
    const ed = editorOf(el);
    if (!ed) return richTextName(el);
    for (let p = ed.previousElementSibling, i = 0; p && i < 3; p = p.previousElementSibling, i++) {
      if (!p.matches("textarea,input")) continue;
      const labels = p.labels ? Array.from(p.labels).map((l) => textOf(l)).join(" ") : "";
      const own = clean(labels || p.getAttribute("aria-label") || p.getAttribute("title") || "", 60);
      if (own) return own;
      break;
    }
    return groupLabel(ed) || blockHeading(ed) || "code editor";
  }
  // A region edited in place (contenteditable, no label): its placeholder (aria-placeholder, or the one an editor
  // puts on its empty first line), else a heading just before it in the block it sits in (no control between), else
  // what it is.
  function richTextName(el) {
    if (!el.isContentEditable || (el.parentElement && el.parentElement.isContentEditable)) return "";
    const line = el.querySelector("[data-placeholder]");
    const held = el.getAttribute("aria-placeholder") || el.getAttribute("data-placeholder") ||
      (line && !line.textContent.trim() ? line.getAttribute("data-placeholder") : "");
    return clean(held || "", 60) || headingBefore(el) || "text editor";
  }
  function headingBefore(el) {
    for (let n = el, d = 0; n && d < 4 && n !== document.body; n = n.parentElement, d++) {
      for (let p = n.previousElementSibling, i = 0; p && i < 3; p = p.previousElementSibling, i++) {
        const t = p.matches("h1,h2,h3,h4,h5,h6,legend,[role=heading]") ? clean(textOf(p), 60) : "";
        if (t) return t;
        if (p.matches(FIELDS + ",a[href],button") || p.querySelector(FIELDS + ",a[href],button")) return "";
      }
    }
    return "";
  }
  // The first child of a block around the element that holds only words (no field, no button): its header line.
  function blockHeading(el) {
    for (let n = el, d = 0; n && d < 6 && n.parentElement && n !== document.body; n = n.parentElement, d++) {
      const first = n.parentElement.firstElementChild;
      if (first === n || first.matches(FIELDS + ",button") || first.querySelector(FIELDS + ",button")) continue;
      if (first.checkVisibility && !first.checkVisibility({ visibilityProperty: true })) continue;
      const t = clean(textOf(first), 80);
      if (t && /\p{L}/u.test(t)) return t;
    }
    return "";
  }

  // A form that repeats one group per record (two new rows to insert): the group's look-alike siblings (same tag,
  // same first class) hold a field whose name differs from this one's only in its numbers. " — record N" tells the
  // groups' fields apart; "" outside such groups.
  const stem = (f) => (f.getAttribute("name") || "").replace(/\d+/g, "#");
  function recordOf(el) {
    const name = el.getAttribute("name") || "";
    if (!/\d/.test(name)) return "";
    for (let n = el.parentElement, d = 0; n && d < 10 && n.parentElement && !n.matches("form,body"); n = n.parentElement, d++) {
      if (n.matches(ROW_SEL + "," + CELL_SEL + ",tbody,thead")) continue;  // a table's rows are keyed by their cells
      const tag = n.tagName, cls = firstClass(n);
      const groups = Array.from(n.parentElement.children).filter((s) => s === n || (s.tagName === tag &&
        firstClass(s) === cls && Array.from(s.querySelectorAll(FIELDS)).some((f) => f.name !== name && stem(f) === stem(el))));
      if (groups.length > 1) return " — record " + (groups.indexOf(n) + 1);
    }
    return "";
  }

  // A toggle's face, clickable only through the page's styles: a label of a listed box (the box drawn by its
  // label), or a wordless glyph beside the box in the box's own wrapper. The box is the control; its face is no
  // second one.
  function toggleFace(el, listed) {
    const box = el.tagName === "LABEL" ? el.control : !/[\p{L}\p{N}]/u.test(el.textContent) && el.parentElement &&
      Array.from(el.parentElement.children).find((c) => c !== el && c.matches("input[type=checkbox],input[type=radio]"));
    return !!box && box.matches("input[type=checkbox],input[type=radio]") && listed.has(box) && isShown(box, clickBox(box));
  }
