// Icon-only controls, spliced into walker.js where it says /* icons.js */ (the walker's scope: clean, refText).
// A control with no visible words is named, in order, by its title, its tooltip, its visually hidden text or
// <svg><title> (what the content gives), its test id's words, a sprite's symbol, then an icon library's class,
// ligature or icon name, through the vocabulary of icons.json (spliced in below): library prefixes, the words
// that only say size, weight or colour (never a name), icon words -> purposes, bare glyphs -> purposes.
  const ICONS = /* icons.json */;
  const ICON_PREFIXES = ICONS.prefixes.slice().sort((a, b) => b.length - a.length);
  const ICON_MODS = new Set(ICONS.modifiers);
  const FIELD_KINDS = new Set(ICONS.field_kinds);
  const TIP_ATTRS = ICONS.tooltip_attributes;
  const TEST_ATTRS = ICONS.test_id_attributes;
  const LIGATURE = /(^|\s)(material-(icons|symbols)[\w-]*|mat-icon|google-symbols)(\s|$)/;
  const PUA = /[\uE000-\uF8FF]/g;  // private-use glyphs of icon fonts

  // An icon font draws a word ("expand_more") as one glyph: known by its library's class, or measured, a leaf whose
  // text of several characters renders in a box about one character wide and one line tall, well under the width
  // the same text takes set in a plain font.
  const glyphCache = new WeakMap();
  let plainPen = null;
  function plainWidth(t, size) {
    plainPen = plainPen || document.createElement("canvas").getContext("2d");
    if (!plainPen) return 0;
    plainPen.font = size + "px sans-serif";
    return plainPen.measureText(t).width;
  }
  function drawnAsGlyph(n) {
    if (n.childElementCount || !n.firstChild) return false;
    const t = n.textContent;
    if (t.length < 3 || t.length > 40 || /\s/.test(t.trim()) || !/^\s*[\p{L}\p{N}_-]+\s*$/u.test(t)) return false;
    if (glyphCache.has(n)) return glyphCache.get(n);
    const range = document.createRange();
    range.selectNodeContents(n);
    const r = range.getBoundingClientRect(), size = parseFloat(getComputedStyle(n).fontSize) || 0;
    const one = size > 0 && r.width > 0 && r.width <= size * 1.5 && r.height <= size * 2 &&
      r.width < plainWidth(t.trim(), size) * 0.7;
    glyphCache.set(n, one);
    return one;
  }
  const isLigature = (n) => n.tagName === "MAT-ICON" || LIGATURE.test(n.getAttribute("class") || "") || drawnAsGlyph(n);
  // A label made as an identifier ("arrow_drop_down", "chevron-left"), on a control that shows no words, is its
  // glyph's name, not words a person reads: the control is named by its purpose first, by these words last.
  const GLYPH_NAME = /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$/;
  // An image (role img) labelled with such an identifier, inside a control: its glyph, not the control's words. So is
  // one labelled with the very word the image itself declares as the glyph it draws (a class "<set>-<word>", or
  // data-icon on it or its drawing): a label copied from the icon's own name, not written for a person.
  function declaresGlyph(n, label) {
    const word = label.toLowerCase();
    if (!/^[a-z][a-z0-9-]*$/.test(word)) return false;
    const own = (n.getAttribute("class") || "").toLowerCase().split(/\s+/);
    if (own.some((t) => t.length > word.length + 1 && t.endsWith("-" + word))) return true;
    const drawn = n.querySelector("svg[data-icon]");
    return [n, drawn].some((d) => d && (d.getAttribute("data-icon") || "").toLowerCase() === word);
  }
  function glyphLabel(n, bare) {
    const label = (n.getAttribute("aria-label") || "").trim();
    return n.getAttribute("role") === "img" && (GLYPH_NAME.test(label) || (!bare && declaresGlyph(n, label)));
  }
  function stripPrefix(t) {
    for (const p of ICON_PREFIXES) if (t.startsWith(p) && t.length > p.length) return t.slice(p.length);
    return null;
  }
  // An icon's own word ("pen-to-square", "trash-2", "more_vert") -> the purpose a person would name ("edit",
  // "delete", "more actions"); an unknown icon keeps its words; "" when only size/weight/colour words remain.
  function purposeOf(raw) {
    let w = String(raw || "").replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase().replace(/[_\s.]+/g, "-");
    w = stripPrefix(w) || w;
    if (ICONS.words[w]) return ICONS.words[w];
    const parts = w.split("-").filter((p) => p && !ICON_MODS.has(p) && !/^\d+$/.test(p));
    const bare = parts.map((p) => p.replace(/\d+$/, "")).filter((p) => p && !ICON_MODS.has(p));
    for (const k of [parts.join("-"), bare.join("-")]) if (k && ICONS.words[k]) return ICONS.words[k];
    const out = bare.join(" ");
    return /^[a-z][a-z ]{1,29}$/.test(out) ? out : "";
  }
  // "delete-run-button" -> "delete run"; "DeleteIcon" -> "delete"; ids and numbers dropped. A dotted path
  // ("app.page.section.refresh-button") names the control by its last step; the others say where it sits.
  // An id a library generated holds its counter or hash among letters ("react-aria2829233554-«r2i»", "ember1207",
  // "mui-7f3k"): a part gluing a run of three digits or more to letters, or a digit between letters, or a mark outside
  // plain ASCII. Its words are the library's, never what the control does.
  const generatedId = (v) => /[^\x20-\x7e]/.test(v) ||
    v.split(/[^A-Za-z0-9]+/).some((p) => /[a-z]/i.test(p) && (/\d{3,}/.test(p) || /[a-z]\d+[a-z]/i.test(p)));
  function idWords(v) {
    if (generatedId(String(v || ""))) return "";
    const own = String(v || "").split(/[.:/]/).filter(Boolean).pop() || "";
    let words = own.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z0-9]+/)
      .filter((w) => w && !ICON_MODS.has(w) && !/\d/.test(w) && w.length <= 20);
    if (!words.length || words.length > 5) return "";
    const said = words.filter((w) => !FIELD_KINDS.has(w));  // "textarea-editable-title-input": "title"
    if (said.length) words = said;
    return words.length === 1 ? ICONS.words[words[0]] || words[0] : words.join(" ");
  }
  // A tooltip attribute may hold the key of a tip the page draws on hover, not its words: one run of letters (and
  // digits), long as a generated id, capitals inside it or digits among the letters ("k3Jd9_xQ0pLmZr2TyV7aB",
  // "DsvvEcVSzBmASjoVMKkEV"). It names nothing.
  const tipKey = (v) => v.length >= 12 && /^[A-Za-z0-9_-]+$/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) &&
    (/\d/.test(v) || /[a-z][A-Z]/.test(v));
  function tipWords(n, a) {
    const v = (n.getAttribute(a) || "").trim();
    return v && v !== "true" && v !== "false" && !tipKey(v) ? v : "";
  }
  // A library's own tooltip attribute, namespaced by the library ("data-<library>-tooltip"), on the control or on a
  // part inside it: the same tip as data-tooltip.
  const NS_TIP = /^data-[a-z0-9]+(?:-[a-z0-9]+)*-tooltip$/;
  function namespacedTip(el) {
    for (const n of [el, ...Array.from(el.querySelectorAll("*")).slice(0, 12)]) {
      for (const a of n.getAttributeNames()) if (NS_TIP.test(a)) { const v = tipWords(n, a); if (v) return v; }
    }
    return "";
  }
  function tooltipOf(el) {
    const nodes = [el, ...el.querySelectorAll("[title]," + TIP_ATTRS.map((a) => "[" + a + "]").join(","))].slice(0, 5);
    for (const n of nodes) {
      if (n !== el) { const t = n.getAttribute("title"); if (t && t.trim()) return t; }
      for (const a of TIP_ATTRS) { const v = tipWords(n, a); if (v) return v; }
    }
    const ns = namespacedTip(el);
    if (ns) return ns;
    // Its description, or its icon's (a tooltip attached to the glyph inside it); then a title on a wrapper that
    // holds this control alone and no words (a list item of a pager titled "Next"): the tooltip over it.
    for (const n of [el, ...el.querySelectorAll("[aria-describedby]")].slice(0, 4)) {
      const d = refText(n, "aria-describedby");
      if (d && d.length <= 80) return d;
    }
    return wrapperTitle(el) || hoverWords(el);
  }
  // The words a layer showed beside it when it was hovered (hovered.js), kept per element.
  const hoverWords = (el) => ((window[KEY + "_hover"] || new WeakMap()).get(el) || "");
  function wrapperTitle(el) {
    for (let n = el.parentElement, d = 0; n && d < 2 && n !== document.body; n = n.parentElement, d++) {
      if (hasVisibleWords(n) || n.querySelectorAll(CONTROL_SEL + ",a[href]").length > 1) return "";
      const t = (n.getAttribute("title") || "").trim();
      if (t && /\p{L}/u.test(t) && t.length <= 60) return t;
    }
    return "";
  }
  const hasTip = (el) => el.hasAttribute("title") || el.hasAttribute("aria-describedby") ||
    TIP_ATTRS.some((a) => tipWords(el, a)) || !!el.querySelector("[aria-describedby]");
  // The purpose of a control that shows only glyphs, from their labels ("down plus"): each glyph's purpose word;
  // a caret beside another glyph only says a menu opens, and is left out.
  function glyphPurpose(text) {
    const words = text.split(/\s+/).filter(Boolean).map((w) => purposeOf(w) || w);
    const kept = words.length > 1 ? words.filter((w) => w !== ICONS.glyphs["▾"]) : words;
    return (kept.length ? kept : words).join(" ");
  }
  // Hidden from the eye but read by a screen reader: clipped to nothing, 1px boxes, text pushed off by an indent.
  function visuallyHidden(n) {
    const cs = getComputedStyle(n);
    if (cs.clip && /^rect\(\s*[01]px,?\s+[01]px/.test(cs.clip)) return true;
    if (cs.clipPath && /^inset\(\s*(50%|100%)/.test(cs.clipPath)) return true;
    if (parseFloat(cs.textIndent) < -500) return true;
    const r = n.getBoundingClientRect();
    return r.width <= 1 && r.height <= 1 && cs.overflow !== "visible";
  }
  // Words a person sees on the control (not screen-reader-only text, not an icon font's ligature or glyph).
  function hasVisibleWords(el) {
    const tw = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = tw.nextNode(), i = 0; t && i < 40; t = tw.nextNode(), i++) {
      if (!/[\p{L}\p{N}]/u.test(t.nodeValue.replace(PUA, ""))) continue;
      let hidden = false;
      for (let n = t.parentElement; n && !hidden; n = n === el ? null : n.parentElement) {
        hidden = n.getAttribute("aria-hidden") === "true" || isLigature(n) || visuallyHidden(n) ||
          (n.checkVisibility && !n.checkVisibility({ visibilityProperty: true }));
      }
      if (!hidden) return true;
    }
    return false;
  }
  // Two icon-only buttons on either side of one control that shows a value (a date range, a period between arrows)
  // step that value: the one before it "previous '<value>'", the one after it "next '<value>'".
  function stepName(el) {
    const group = el.parentElement;
    const parts = group ? Array.from(group.children).filter((c) => c.matches("button,[role=button],a[href]")) : [];
    if (parts.length !== 3 || (parts[0] !== el && parts[2] !== el)) return "";
    if (hasVisibleWords(parts[0]) || hasVisibleWords(parts[2]) || !hasVisibleWords(parts[1])) return "";
    const a = parts[0].getBoundingClientRect(), b = parts[2].getBoundingClientRect(), m = parts[1].getBoundingClientRect();
    if (!(a.right <= m.left + 1 && m.right <= b.left + 1)) return "";  // side by side, in that order
    const value = clean(textOf(parts[1]), 40);
    return value ? (el === parts[0] ? "previous '" : "next '") + value + "'" : "";
  }
  // A library's class ("fa-trash", "bi-pencil-square"); on an empty element used as the icon itself, also a bare
  // class that is an icon word of the vocabulary ("trash", "calnav-next"); design-system words never.
  function classIcon(n) {
    const leaf = n.childElementCount === 0;
    for (const token of (n.getAttribute("class") || "").toLowerCase().split(/\s+/)) {
      const base = stripPrefix(token);
      const p = base ? purposeOf(base) : "";
      if (p) return p;
      if (!leaf || base) continue;
      // "calnav-next"; a widget's part named last by what it does ("picker-choice-close").
      const parts = token.split(/[-_]+/);
      const own = ICONS.words[token] || (parts.length >= 2 && ICONS.words[parts[parts.length - 1]]);
      if (own) return own;
    }
    return "";
  }
  function imgIcon(n) {
    if (n.tagName !== "IMG" || n.getAttribute("alt")) return "";
    const src = n.getAttribute("src") || "";
    if (src.startsWith("data:")) return "";
    const file = (src.split(/[?#]/)[0].split("/").pop() || "").replace(/\.\w+$/, "");
    return /^[A-Za-z][\w-]{1,30}$/.test(file) ? purposeOf(file) : "";
  }
  // The icon words of a control: its test id, a descendant's test id, a sprite's symbol, then a library's class,
  // ligature, icon name attribute or image file, then its own words the page hides, and last its own id.
  function iconWords(el) {
    const nodes = [el, ...Array.from(el.querySelectorAll("*")).slice(0, 12)];
    for (const n of nodes) for (const a of TEST_ATTRS) { const w = idWords(n.getAttribute(a)); if (w) return w; }
    if (TEST_ATTRS.some((a) => el.hasAttribute(a))) {  // a test id of layout words only: its wrapper's, before classes
      const w = wrapperTestWords(el);
      if (w) return w;
    }
    for (const n of nodes) {
      if (n.localName !== "use") continue;
      const href = n.getAttribute("href") || n.getAttribute("xlink:href") || "";
      const w = purposeOf(href.split("#").pop());
      if (w) return w;
    }
    for (const n of nodes) {
      const w = classIcon(n) || (isLigature(n) || hiddenGlyph(n, el) ? purposeOf(n.textContent.trim()) : "") ||
        (n !== el && glyphLabel(n) ? purposeOf(n.getAttribute("aria-label")) : "") ||
        purposeOf(n.getAttribute("data-icon") || n.getAttribute("data-feather") || n.getAttribute("data-lucide") ||
          (n.localName === "ion-icon" ? n.getAttribute("name") || n.getAttribute("icon") : "")) || imgIcon(n);
      if (w) return w;
    }
    return keptWords(el) || idWords(counted(el.id) ? "" : el.id);  // last: its own id ("open-search"), generated ids dropped
  }
  // A wordless control whose only clue is a data-* value of two words or more ("colour-switch"; never a script's
  // wiring: a JSON value, an address, a number; never one word, a state: "open", "active") is named by it; else it
  // is left unnamed (the audit flags it).
  function dataWords(el) {
    for (const a of Array.from(el.attributes).slice(0, 20)) {
      if (!a.name.startsWith("data-") || !/^[A-Za-z]+(?:[_-][A-Za-z]+)+$/.test(a.value) || a.value.length > 40) continue;
      const w = idWords(a.value);
      if (w) return [w, true];
    }
    return ["", false];
  }
  // A control whose test id says only what it is in the layout ("cell-button"), drawn alone in a wrapper whose test
  // id says what the column is for ("cleared", "select"): the wrapper's words name it.
  function wrapperTestWords(el) {
    for (let n = el.parentElement, d = 0; n && d < 2 && n !== document.body; n = n.parentElement, d++) {
      if (n.querySelectorAll(CONTROL_SEL + ",a[href],[tabindex]").length > 1) return "";
      for (const a of TEST_ATTRS) { const w = idWords(n.getAttribute(a)); if (w) return w; }
    }
    return "";
  }
  // A leaf hidden from readers inside a control whose one lowercase word is an icon font's ("more_vert"): a glyph.
  const hiddenGlyph = (n, el) => n !== el && !n.childElementCount && n.getAttribute("aria-hidden") === "true" &&
    /^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$/.test(n.textContent.trim());
  // The control's own words the page's style hides (a drop arrow whose label is drawn away): what it is called, before
  // its id. Only a control's own short text, holding no other control.
  function keptWords(el) {  // a field's own text is its choices (a select's options), never its name
    if (el.matches("select,textarea") || el.querySelector("a,button,input,select,textarea,[role=button],[role=link],[role=menuitem]")) return "";
    const t = (el.textContent || "").replace(/\s+/g, " ").trim();
    return /\p{L}/u.test(t) && t.split(" ").length <= 6 && t.length <= 60 ? t : "";
  }
  // [name, derived] of a control named by its content, icon-only ones by the chain above; null when it has none.
  function contentName(el, text, glyphs) {
    text = (text || "").replace(PUA, "").trim();
    const hovered = !/\p{L}/u.test(text) && hoverWords(el);  // a bare count or glyph: the words its hover showed
    if (hovered) return [hovered, false];
    const title = (el.getAttribute("title") || "").trim();
    // A control that shows only a count (a badge, its label drawn away) while its title says what it opens: that
    // title with the count. A title that holds the number (a page's, a day's) is read as before.
    if (/^\d[\d.,]*\+?$/.test(text) && /\p{L}/u.test(title) && !title.includes(text.replace(/\+$/, ""))) {
      return [title + " " + text, false];
    }
    if (!glyphs && GLYPH_NAME.test(text) && !hasTip(el) && !hasVisibleWords(el)) return [purposeOf(text) || text, true];
    const words = /[\p{L}\p{N}]/u.test(text);
    if (words && !glyphs && (!hasTip(el) || hasVisibleWords(el))) return [text, false];
    if (title) return [title, false];
    const tip = tooltipOf(el).trim();
    if (tip) return [tip, false];
    if (words && glyphs) return [glyphPurpose(text), true];  // what the glyphs it shows are for
    if (words) return [text, false];
    // A glyph the person sees ("«", "›", "+") says what the control does before a word read from a class does (a
    // pager's "page-link" class is no "link" icon).
    const g = ICONS.glyphs[text];
    if (g) return [g, true];
    const icon = iconOrPanel(el);
    if (icon) return [icon, true];
    return text ? [text, false] : null;
  }

  // Pagination: "page 3", "next page", "previous page" (first/last), by the control's words, its rel, its icon,
  // else its place before or after the numbered pages.
  const PAGER_SEL = "nav[aria-label*=pagin i],[role=navigation][aria-label*=pagin i],[class*=paginat i],[class*=pager i]";
  // A bar of page controls known by its shape: within two levels, two or more rising page numbers and
  // at most four other controls (first, previous, next, last).
  const PAGE_CONTROL = "a,button,[role=button],[role=link]";
  function pagerOf(el) {
    const marked = el.parentElement && el.parentElement.closest(PAGER_SEL);
    if (marked) return marked;
    for (let n = el.parentElement, d = 0; n && d < 2 && n !== document.body; n = n.parentElement, d++) {
      if (n.matches("tr,td,th,li")) continue;
      const all = n.querySelectorAll(PAGE_CONTROL);
      if (all.length > 30) return null;
      const pages = Array.from(all, (c) => c.textContent).filter((t) => /^\s*\d+\s*$/.test(t)).map(Number);
      if (pages.length >= 2 && pages.length < all.length && all.length - pages.length <= 4 && pages.every((p, i) => !i || p > pages[i - 1])) return n;
      if (stepsAround(n, all)) return n;
    }
    return null;
  }
  // A pager with no numbered controls: two (or four) controls that show no words, evenly either side of a page
  // indicator, words that hold a number and are no control ("Page 3", "3 of 12", "3").
  function stepsAround(n, all) {
    if ((all.length !== 2 && all.length !== 4) || Array.from(all).some((c) => hasVisibleWords(c))) return false;
    const half = all.length / 2, before = all[half - 1], after = all[half];
    const tw = document.createTreeWalker(n, NodeFilter.SHOW_TEXT);
    let found = false;
    for (let t = tw.nextNode(); t; t = tw.nextNode()) {
      const v = t.nodeValue.trim();
      if (!v || Array.from(all).some((c) => c.contains(t))) continue;
      if (!(before.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING) ||
        !(after.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_PRECEDING)) return false;  // words outside the steps
      if (v.length > 30 || (t.parentElement && t.parentElement.closest("input,select,textarea"))) return false;
      found = found || /\d/.test(v);
    }
    return found;
  }
  function pagerName(el, name, derived) {
    const rel = (el.getAttribute("rel") || "").toLowerCase().split(/\s+/);
    const pager = pagerOf(el);
    const relDir = rel.includes("next") ? "next" : rel.includes("prev") || rel.includes("previous") ? "previous" : "";
    if (!pager && !relDir) return [name, derived];
    const plain = name.replace(/[^\p{L}\p{N}\s]/gu, " ").replace(/\s+/g, " ").trim().toLowerCase();
    if (/^\d+$/.test(plain) && !relDir) return ["page " + plain, derived];
    // Words the page shows ("Next", "Older") stay as they are; a glyph or an icon's word reads as a page.
    if (!derived && /\p{L}/u.test(name)) return [name, derived];
    const word = ICONS.glyphs[name.trim()] || ICONS.words[plain] || "";
    const dir = relDir || (ICONS.directions[word] ? word : "") || (!plain && pager ? placeInPager(el, pager) : "");
    return dir && ICONS.directions[dir] ? [ICONS.directions[dir], derived] : [name, derived];
  }
  function placeInPager(el, pager) {
    const all = Array.from(pager.querySelectorAll("a,button,[role=button],[role=link]")).filter((c) => !c.contains(el) || c === el);
    if (all.length > 30) return "";
    const numbered = all.map((c) => /^\s*\d+\s*$/.test(c.textContent));
    const first = numbered.indexOf(true), last = numbered.lastIndexOf(true), i = all.indexOf(el);
    if (first < 0) return all.length === 2 ? ["previous", "next"][i] : all.length === 4 ? ["first", "previous", "next", "last"][i] : "";
    if (i < first) return first >= 2 && i === 0 ? "first" : "previous";
    if (i > last) return all.length - 1 - last >= 2 && i === all.length - 1 ? "last" : "next";
    return "";
  }

  // An icon-only button at the end of a row (a table or grid row, a list item, a card: after the row's other cells)
  // whose icon says nothing more than a caret or "more" opens that row's menu, whether or not it declares a popup:
  // what it opens is not seen before the click, where it sits is. [name, the row] or null.
  function rowMenuOf(el, role, icon) {
    if (role !== "button" || el.closest("a[href]") || el.hasAttribute("aria-controls") || hasVisibleWords(el)) return null;
    if (icon && icon !== ICONS.glyphs["▾"] && icon !== ICONS.glyphs["⋮"]) return null;
    const c = cellOf(el);
    const row = c ? (isHeaderRow(c.tr) ? null : c.tr) : (lineOf(el) || [])[2];
    if (!row || !row.textContent.trim()) return null;
    const controls = Array.from(row.querySelectorAll(CONTROL_SEL + ",a[href]")).filter((n) => !el.contains(n) && shown(n));
    if (!controls.length && !wordsOf(row)) return null;
    if (controls.some((n) => el.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING)) return null;  // not last
    return ICONS.glyphs["⋮"];
  }
  // A wordless trigger (or the one control of its wrapper) that holds or is followed by a hidden panel of choices (a
  // box of filters, a menu of places) shows that panel: it is named by the panel's headings, else by the words the
  // panel opens with before its first choice. What it opens says its purpose; "" when nothing heads the panel.
  const PANEL_CHOICE = CONTROL_SEL + ",a[href]";
  const hiddenPanel = (p) => !!p && !!p.querySelector(PANEL_CHOICE) &&
    !(p.checkVisibility ? p.checkVisibility({ visibilityProperty: true }) : p.getClientRects().length);
  function panelHeads(el) {
    if (el.matches("input,select,textarea,[contenteditable]")) return "";  // a field's list is its value's choices
    const inside = Array.from(el.children).find(hiddenPanel);
    if (inside) return headsOf(inside);
    for (let n = el, d = 0; n && d < 3 && n !== document.body; n = n.parentElement, d++) {
      if (d && n.querySelectorAll(PANEL_CHOICE).length > 1) return "";
      if (hiddenPanel(n.nextElementSibling)) return headsOf(n.nextElementSibling);
    }
    return "";
  }
  function headsOf(p) {
    const heads = Array.from(p.querySelectorAll("h1,h2,h3,h4,h5,h6,legend,[role=heading]"), (h) => clean(h.textContent, 30));
    if (heads.some(Boolean)) return clean(heads.filter(Boolean).slice(0, 3).join(", "), 60);
    const first = p.querySelector(PANEL_CHOICE), tw = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let words = "";
    for (let t = tw.nextNode(); t && !first.contains(t) && (t.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING); t = tw.nextNode()) words += " " + t.nodeValue;
    return /\p{L}/u.test(words) ? clean(words, 40) : "";
  }
  // An icon word the vocabulary does not know ("jigsaw") says less than what heads the panel the control shows.
  const KNOWN_PURPOSES = new Set(Object.values(ICONS.words));
  function iconOrPanel(el) {
    const icon = iconWords(el);
    return icon && KNOWN_PURPOSES.has(icon) ? icon : panelHeads(el) || icon;
  }
  // [name, derived] of a control its icon names (``icon``: what the glyph says): its place in a pager or a row first.
  function iconPlace(el, role, icon) {
    const paged = pagerName(el, icon, true);
    return paged[0] !== icon ? paged : [rowMenuOf(el, role, icon) || icon, true];
  }
