// Names and listing by structure where a page's chrome or a library's wiring would speak instead of its words;
// spliced into walker.js where it says /* twin.js */ (the walker's scope).
  // A title bar (a heading drawn with the window's own buttons in it: close, maximise) is chrome: it heads the
  // dialog, never a group of its fields, and its words with its buttons' are no field's name.
  const BAR_CONTROL = "button,[role=button],a[href],input";
  // A secret field nothing names (no label, caption or group; a long prompt above it is prose): named by what it
  // takes, as its type declares it.
  const secretField = (el) => (el.getAttribute("type") || "").toLowerCase() === "password" ? "password" : "";
  // An id a library numbered per instance ("<lib>-<widget>-<n>-<part>"): a bare counter between words. Its words are
  // the library's, never what the control does.
  const counted = (v) => /[A-Za-z]-\d+-[A-Za-z]/.test(String(v || ""));
  // Two libraries each giving one control its role, one element inside the other (a tab strip's tab wrapping a
  // docking library's tab): the inner one, drawing at least half the outer's box with the same words, holding every
  // control the outer holds (a close cross) and taking no focus of its own, is the same control, listed once (as the
  // outer, which carries the strip's focus and state).
  function twinOf(el, role) {
    let outer = el.parentElement;
    for (let d = 0; outer && d < 3 && !(outer.getAttribute("role") || "").split(/\s+/).includes(role); d++) outer = outer.parentElement;
    if (!outer || outer === document.body || !(outer.getAttribute("role") || "").split(/\s+/).includes(role)) return false;
    const a = el.getBoundingClientRect(), b = outer.getBoundingClientRect();
    if (!b.width || !b.height || a.width * a.height < 0.5 * b.width * b.height) return false;
    const words = (n) => (n.textContent || "").replace(/\s+/g, " ").trim();
    const controls = (n) => n.querySelectorAll(BAR_CONTROL).length;  // the outer's controls all inside the inner
    return words(el) === words(outer) && controls(el) === controls(outer) && !el.hasAttribute("tabindex");
  }
  // A row of a grid's column headers with no words of its own (its headers drawn apart, a select-all box, glyphs): it
  // is the grid's header row (columns.js: headerRow), named so, never after a glyph.
  const headsRow = (el) => el.getAttribute("role") === "row" && headerRow(el, ownCells(el)) ? ["header row", true] : null;
  // A tab's words are its own: a control inside it (its close cross, drawn as a letter, a glyph or a word) is listed
  // apart, keyed by the tab, and names nothing of it ('Ledger', never 'Ledger close' or 'Notes ×').
  const TAB_PART = "button,[role=button],a[href],input";
  function ownWordsOmit(el, role) {
    const key = shortcutOf(el);
    if (role !== "tab" || !el.querySelector(TAB_PART)) return key;
    return (c) => c.matches(TAB_PART) || (!!key && key(c));
  }
