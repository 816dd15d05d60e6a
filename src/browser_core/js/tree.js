// Trees a script draws without ARIA, spliced into walker.js where it says /* tree.js */ (the walker's scope).
  // A region-sized block that draws nothing a person could act on: no words, no image, frame or field, no glyph drawn
  // by style (a placeholder a frame is laid over, named only by what labels it). A small box is a control's face.
  function drawsNothing(el) {
    const r = el.getBoundingClientRect();
    if (r.width < 200 || r.height < 100 || WORDS.test(el.textContent || "") || el.querySelector("svg,img,canvas,iframe,video,object,embed,input,select,textarea")) return false;
    const all = [el, ...Array.from(el.getElementsByTagName("*")).slice(0, 30)];
    return all.every((n) => getComputedStyle(n).backgroundImage === "none" &&
      ["::before", "::after"].every((p) => /^(none|normal|""|'')$/.test(getComputedStyle(n, p).content)));
  }
  // A block drawn with a pointer around a control already listed, with no words but the control's (a tab strip's
  // slot around its tab): the same control, listed once.
  function wrapsListed(el, seen) {
    const words = (n) => (n.textContent || "").replace(/\s+/g, "");
    const own = words(el);
    return !!own && Array.from(el.querySelectorAll("[role],[tabindex]")).some((c) => seen.has(c) && words(c) === own);
  }
  // An item's leading glyphs: the elements drawn before its first words that draw something and say nothing (an
  // svg or image, a pseudo-element's glyph, a background image); a blank spacer draws nothing.
  const WORDS = /[\p{L}\p{N}]/u;
  // A box that scrolls its own content (a list's pane) is a region: a click listener or a pointer cursor on it serves
  // its items, never one control named by all of them.
  const scrollBox = (el) => {
    const cs = getComputedStyle(el);
    return (/(auto|scroll)/.test(cs.overflowY) && el.scrollHeight > el.clientHeight + 8) ||
      (/(auto|scroll)/.test(cs.overflowX) && el.scrollWidth > el.clientWidth + 8);
  };
  // So is a box whose click listener serves items drawn inside it with a pointer of their own (a panel handing its
  // items' clicks on): the items are the controls.
  function servesItems(el) {
    if (scrollBox(el)) return true;
    const all = el.getElementsByTagName("*");
    for (let i = 0; i < all.length && i < 300; i++) if (getComputedStyle(all[i]).cursor === "pointer") return true;
    return false;
  }
  const glyphsSeen = new Map();
  function drawsGlyph(c) {
    if (c.matches("svg,img,canvas") || c.querySelector("svg,img,canvas")) return true;
    const cs = getComputedStyle(c);
    if (cs.backgroundImage && cs.backgroundImage !== "none") return true;
    return ["::before", "::after"].some((p) => !/^(none|normal|""|'')$/.test(getComputedStyle(c, p).content));
  }
  function leadGlyphs(item) {
    if (glyphsSeen.has(item)) return glyphsSeen.get(item);
    const out = [];
    const walk = (n) => {  // true once the first words are reached
      for (let c = n.firstChild; c && out.length < 3; c = c.nextSibling) {
        if (c.nodeType === 3) { if (WORDS.test(c.data)) return true; continue; }
        if (c.nodeType !== 1 || SKIP_TAGS.has(c.tagName)) continue;
        if (WORDS.test(c.textContent || "")) { if (walk(c)) return true; continue; }
        const r = c.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && drawsGlyph(c)) out.push(c);
      }
      return false;
    };
    walk(item);
    glyphsSeen.set(item, out);
    return out;
  }
  // Where an item's words start: a tree drawn as a flat list shows a level by indenting its words.
  function wordsLeft(item) {
    const tw = document.createTreeWalker(item, NodeFilter.SHOW_TEXT, { acceptNode: (t) => WORDS.test(t.data) ?
      NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP });
    const t = tw.nextNode();
    if (!t) return null;
    const range = document.createRange();
    range.selectNodeContents(t);
    return range.getBoundingClientRect().left;
  }
  // An item a person opens though nothing states it can be opened (no aria-expanded): among look-alike items (its
  // wrapper's siblings), it leads with a glyph before another (a disclosure mark before the item's icon), or with
  // one its leaf siblings lack; the mark is small and the item one line. Open ("true") when the item drawn next
  // below it indents its words further (its children), else shut ("false").
  // The line an item is drawn on: the item and the wrappers around it that add no words and no height (its mark may
  // sit beside the part that takes the click).
  function itemLine(el) {
    const words = (n) => (n.textContent || "").replace(/\s+/g, "");
    const own = words(el), h = el.getBoundingClientRect().height;
    let a = el;
    for (let d = 0; d < 4 && a.parentElement && a.parentElement !== document.body; d++) {
      const p = a.parentElement;
      if (words(p) !== own || p.getBoundingClientRect().height > h + 8) break;
      a = p;
    }
    return a;
  }
  const DISCLOSED_ROLES = new Set(["clickable", "treeitem", "row", "option"]);
  function drawnDisclosure(el, role) {
    if (!DISCLOSED_ROLES.has(role)) return null;
    el = itemLine(el);
    const lead = leadGlyphs(el), mark = lead.length && lead[0].getBoundingClientRect();
    if (!mark || mark.width > 24 || mark.height > 24 || el.getBoundingClientRect().height > 40) return null;
    let slot = el;
    const lone = (n) => !!n.parentElement && n.parentElement.childElementCount === 1;
    for (let d = 0; d < 3 && lone(slot); d++) slot = slot.parentElement;
    const box = slot.parentElement;
    if (!box || box === document.body) return null;
    const sibs = Array.from(box.children).filter((s) => s.tagName === slot.tagName).slice(0, 80);
    const counts = sibs.map((s) => (s === slot ? lead.length : leadGlyphs(s).length));
    const most = Math.max(...counts);
    if (lead.length < most || !(most >= 2 || counts.some((c) => c < most))) return null;
    const top = el.getBoundingClientRect().top;
    let next = null, nextTop = Infinity;
    for (const s of sibs) {
      const t = s.getBoundingClientRect().top;
      if (t > top + 1 && t < nextTop) { next = s; nextTop = t; }
    }
    const own = wordsLeft(el), theirs = next ? wordsLeft(next) : null;
    return own !== null && theirs !== null && theirs > own + 4 ? "true" : "false";
  }
