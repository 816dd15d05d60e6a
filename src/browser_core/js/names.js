// Naming, spliced into walker.js where it says /* names.js */ (so it shares the walker's scope: clean,
// SKIP_TAGS, NAME_FROM_CONTENT). Names follow the order a browser computes them; a control with none gets one
// from its context (table column + row, group + row), marked as derived.
  // Text as it renders: hidden children skipped, images by their alt, element boundaries spaced (but not
  // inline formatting), a piece repeated right after itself dropped, a whole name repeated collapsed.
  const INLINE_FMT = new Set(["B", "I", "EM", "STRONG", "U", "MARK", "SUB", "SUP", "ABBR", "CODE", "S", "SMALL"]);
  // ``omit``: a selector (or a test) of elements left out (a row's controls, when the row's own words are wanted).
  // ``bare``: an image labelled with the glyph it declares is read (the words of a control that shows nothing else).
  // A slot renders the nodes assigned to it (a custom element's label), else its own fallback content.
  const shownChildren = (node) => {
    const assigned = node.tagName === "SLOT" && node.assignedNodes ? node.assignedNodes({ flatten: true }) : [];
    return assigned.length ? assigned : node.childNodes;
  };
  const outOfFlow = (c) => { const st = getComputedStyle(c);
    return st.position === "absolute" || st.position === "fixed" || st.float !== "none"; };
  function rendered(node, depth, pieces, omit, bare) {
    for (const c of shownChildren(node)) {
      if (c.nodeType === 3) { pieces.push(c.nodeValue); continue; }
      if (c.nodeType !== 1 || SKIP_TAGS.has(c.tagName) || depth > 12) continue;
      if (c.getAttribute("aria-hidden") === "true" || isLigature(c) ||
        (omit && (typeof omit === "function" ? omit(c) : c.matches(omit)))) continue;
      // A wrapper that draws no box of its own (display: contents) shows its children; checkVisibility says no.
      if (c.tagName !== "SLOT" && c.checkVisibility && !c.checkVisibility({ visibilityProperty: true }) &&
        getComputedStyle(c).display !== "contents") continue;
      const apart = outOfFlow(c);
      let sep = INLINE_FMT.has(c.tagName) && !apart ? "" : " ", post = sep;
      // Inline: no space where the page shows none ("“Ada”"); a piece taken out of the text's flow (positioned or
      // floated: a count drawn as a badge beside a name) is a word of its own.
      if ((c.tagName === "A" || c.tagName === "SPAN") && !apart) {
        const before = c.previousSibling, after = c.nextSibling;
        if (before && before.nodeType === 3 && /\S$/.test(before.nodeValue)) sep = "";
        if (after && after.nodeType === 3 && /^\S/.test(after.nodeValue)) post = "";
      }
      let t = null;
      if (c.tagName === "INPUT" || c.tagName === "SELECT" || c.tagName === "TEXTAREA") t = "";
      else if (c.tagName === "IMG" || c.tagName === "AREA") t = c.getAttribute("alt") || "";
      else if (c.hasAttribute("aria-label")) t = glyphLabel(c, bare) ? "" : c.getAttribute("aria-label");  // no words
      else if (c.tagName === "svg") t = (c.querySelector("title") || {}).textContent || "";
      if (t !== null) { pieces.push(sep + t + post); continue; }
      const sub = [];
      rendered(c, depth + 1, sub, omit, bare);
      const s = sub.join("").replace(/\s+/g, " ").trim();
      if (s && pieces.length && pieces[pieces.length - 1].trim() === s) continue;
      pieces.push(sep + s + post);
    }
    return pieces;
  }
  function collapseRepeats(s) {
    s = s.replace(/\s+/g, " ").trim();
    for (let n = 4; n >= 2; n--) {
      if ((s.length + 1) % n) continue;
      const part = s.slice(0, (s.length + 1) / n - 1);
      if (part && Array(n).fill(part).join(" ") === s) return part;
    }
    return s;
  }
  function textOf(el, bare, omit) {
    return collapseRepeats(rendered(el, 0, [], omit || null, bare).join("").replace(PUA, ""));
  }
  function textName(el) {
    const t = textOf(el) || textOf(el, true);  // a declared glyph's label names only a control with no other words
    if (t) return t;
    const img = el.querySelector && el.querySelector("img[alt], [aria-label], svg title");
    if (img) return img.getAttribute("alt") || img.getAttribute("aria-label") || img.textContent;
    return "";
  }

  function byId(el, id) {
    const root = el.getRootNode();
    return el.ownerDocument.getElementById(id) || (root.getElementById && root.getElementById(id)) || null;
  }
  function refText(el, attr) {
    const v = el.getAttribute(attr);
    if (!v) return "";
    return v.split(/\s+/).map((id) => {
      const n = byId(el, id);  // else the words a tooltip showed when hovered, kept by described.js
      return n ? (textOf(n) || n.textContent || "") : ((window[KEY + "_tips"] || new Map()).get(id) || "");
    }).join(" ").replace(/\s+/g, " ").trim();
  }

  // [name, derived]: the accessible name, in the order a browser computes it (an icon-only control's by the
  // chain of icons.js); "" when there is none.
  function ownName(el, role) {
    const lb = refText(el, "aria-labelledby") || (el.getAttribute("aria-label") || "").trim();
    if (lb && !glyphLabel(el)) return [lb, false];  // an image labelled by its glyph's name is named as an icon
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      const t = (el.getAttribute("type") || "").toLowerCase();
      if (["button", "submit", "reset"].includes(t)) return [el.value || t, false];
      if (t === "image") return [el.getAttribute("alt") || el.value || "image", false];
      if (el.labels && el.labels.length) {
        const s = Array.from(el.labels).map((l) => textOf(l)).join(" ").trim();
        if (s) return [s, false];
      }
      const orphan = orphanLabel(el) || strandedLabel(el);
      if (orphan) return [orphan, false];
      return [el.getAttribute("title") || el.getAttribute("placeholder") || "", false];
    }
    if (EDITABLE_ROLES.has(role) || el.isContentEditable) {
      const stranded = strandedLabel(el);
      if (stranded) return [stranded, false];
    }
    if (NAME_FROM_CONTENT.has(role)) {
      const key = itemName(el, role);  // a list or grid item listed as itself: its key cell (items.js)
      if (key) return [key, false];
      // No words but its images' labels that name their own glyphs: it shows glyphs only (named by purpose, last).
      const plain = textOf(el, false, ownWordsOmit(el, role)).replace(/\s*\+$/, ""), bare = plain ? "" : textOf(el, true);
      const got = contentName(el, plain || bare || textName(el), !!bare);
      if (got) return got;
    }
    return [el.getAttribute("title") || el.getAttribute("alt") || "", false];
  }

  // [name, derived]: the accessible name, else one from context (select-all in a header row, table column + row,
  // text before the field, group + row, the field's own name attribute), else what its icon says; pagination
  // controls read "page 3", "next page".
  function nameInfo(el, role) {
    const [own, ownDerived] = pressedItem(el) || ownName(el, role);
    const name = clean(own, 80);
    if (name && !ownDerived) return pagerName(el, name, ownDerived);
    const toggle = TOGGLE_ROLES.has(role) && el.tagName !== "INPUT" ? toggleLabel(el, role) : null;
    if (toggle) return toggle;
    if (name) return iconPlace(el, role, name);
    const tag = el.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || role === "textbox" || role === "checkbox") {
      if (role === "checkbox" && inHeaderRow(el)) return ["select all rows", true];
      const editor = editorName(el);  // a code editor's input proxy (records.js)
      if (editor) return [editor, true];
      const cell = tableContext(el);
      if (cell) return [cell + recordOf(el), true];
      const near = nearText(el) || besideBox(el) || columnHead(el);  // a grid of blocks: its column's header
      if (near) return [near, false];
      const tied = TOGGLE_ROLES.has(role) && tag === "INPUT" ? toggleLabel(el, role) : null;  // others: asked above
      if (tied) return tied;
      const field = idWords((el.getAttribute("name") || "").split(/\W?\d+\W?/).filter(Boolean).pop());
      if (field.replace(/ /g, "").length >= 3) return [clean(field, 40), true];  // "form-0-quantity": "quantity"
      const caption = captionOf(el);
      if (caption) return [caption, false];
      const group = groupContext(el);
      if (group) return [group, true];
    }
    const icon = iconOrPanel(el);
    if (icon) return iconPlace(el, role, icon);
    const paged = pagerName(el, "", true);
    if (paged[0]) return paged;
    const arrow = calendarArrowName(el) || stepName(el);
    if (arrow) return [arrow, true];
    const panel = panelHeads(el);  // a wordless trigger beside the hidden panel it shows: what heads the panel
    if (panel) return [panel, true];
    const goes = destination(el);  // a wordless link to the site's root is its home link, drawn or not
    if (!el.matches("svg,img") && !el.querySelector("svg,img,i,[class*=icon i]")) return goes === "home" ? [goes, true] : headsRow(el) || dataWords(el);
    if (goes) return [goes, true];
    // An icon nothing names: a control that opens a menu offers more actions (a row's menu); else its column.
    const popup = (el.getAttribute("aria-haspopup") || "").toLowerCase();
    if (popup && popup !== "false" && popup !== "dialog") return [ICONS.glyphs["⋮"], true];
    const cell = tableContext(el);
    if (cell && !cell.startsWith("row '")) return [cell, true];
    const menu = rowMenuOf(el, role, "");
    if (menu) return [menu, true];
    // One in a column's heading (a sortable column's gear) opens that column's options: "<heading> options".
    const head = inHeaderRow(el) && cellOf(el);
    const words = head ? headerAt(head.table, columnIndex(head.td)).replace(/[^\p{L}\p{N}]+$/u, "").trim() : "";
    return words ? [words + " " + ICONS.in_heading, true] : headsRow(el) || dataWords(el);  // else unnamed: "icon" names nothing
  }
  function nameOf(el, role) {
    return nameInfo(el, role)[0];
  }

  // A <label> whose for= names no element (an id the page never rendered) labels the first field after it in the
  // block around both (up to 5 levels): the label a person reads beside the field.
  const FIELDS = "input:not([type=hidden]),select,textarea";
  function orphanLabel(el) {
    for (let n = el.parentElement, d = 0; n && d < 5 && n !== document.body; n = n.parentElement, d++) {
      for (const l of n.querySelectorAll("label[for]")) {
        if (l.control || byId(l, l.getAttribute("for"))) continue;
        if (!(l.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
        const next = Array.from(n.querySelectorAll(FIELDS)).find((f) =>
          l.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING);
        if (next === el && firstBlockHas(l, el)) { const t = clean(textOf(l), 60); if (t) return t; }
      }
    }
    return "";
  }

  // A <label> whose for= points at nothing a person can type in (an id the page never rendered, a hidden input
  // that stores a rich editor's value, a field parked out of sight, an element that is no field) names the one visible field of its own field
  // container: the nearest block around the label and the field, when that block holds no other field. A label
  // for a hidden checkbox or radio is that box's own face (a styled switch), never another field's name.
  const EDITABLE = "input:not([type=hidden]),select,textarea,[contenteditable]:not([contenteditable=false])," +
    "[role=textbox],[role=combobox],[role=searchbox]";
  const EDITABLE_ROLES = new Set(["textbox", "combobox", "searchbox"]);
  const shown = (n) => !n.checkVisibility || n.checkVisibility({ visibilityProperty: true });
  // A field parked where no one sees it (fully transparent, or moved wholly before the page's start, where no
  // scrolling reaches): a value store another control stands in for, no field a person types in.
  function drawn(n) {
    if (!shown(n) || (n.checkVisibility && !n.checkVisibility({ opacityProperty: true }))) return false;
    const r = n.getBoundingClientRect();
    return r.right + window.scrollX > 0 && r.bottom + window.scrollY > 0;
  }
  // The drawn fields in n, in document order, up to ``max`` (a combobox's own input is part of its one field).
  function fieldsIn(n, max) {
    const out = [];
    for (const f of n.querySelectorAll(EDITABLE)) {
      if ((out.length && out[out.length - 1].contains(f)) || !drawn(f)) continue;
      if (out.push(f) >= max) break;
    }
    return out;
  }
  function strands(l, el) {
    if (!shown(l)) return false;
    const t = byId(l, l.getAttribute("for"));
    if (!t || t === el) return true;
    if (t.matches("input[type=checkbox],input[type=radio]")) return false;
    return !t.matches(EDITABLE) || !drawn(t);
  }
  // The fields of the nearest block around the label that holds any: a label beside its own field (an editor that
  // has a name of its own) names no field further on.
  function firstBlockHas(l, el) {
    for (let n = l.parentElement, d = 0; n && d < 12 && n !== document.body; n = n.parentElement, d++) {
      const fields = fieldsIn(n, 50);
      if (fields.length) return fields.some((f) => f === el || f.contains(el));
    }
    return true;
  }
  function strandedLabel(el) {
    for (let n = el.parentElement, d = 0; n && d < 12 && n !== document.body; n = n.parentElement, d++) {
      if (!n.querySelector("label[for]")) continue;
      const fields = fieldsIn(n, 2);
      if (fields.length !== 1 || fields[0] !== el) return "";
      for (const l of n.querySelectorAll("label[for]")) {
        if (!strands(l, el)) continue;
        const t = clean(textOf(l), 60);
        if (t) return t;
      }
    }
    return "";
  }

  // A checkbox or radio with no label is labelled by the words right after it (where a box's label sits), under
  // its group's title when it has one ("Rating: None", a facet of a filter list).
  function besideBox(el) {
    const t = (el.getAttribute("type") || el.getAttribute("role") || "").toLowerCase();
    if (t !== "checkbox" && t !== "radio") return "";
    for (let p = el.nextSibling, i = 0; p && i < 6; p = p.nextSibling, i++) {
      if (p.nodeType === 1 && p.matches("input[type=hidden]")) continue;
      if (p.nodeType === 1 && (p.matches("input,select,textarea,button") || p.querySelector("input,select,textarea"))) return "";
      const words = clean(p.nodeType === 1 ? textOf(p) : p.nodeType === 3 ? p.nodeValue : "", 60);
      if (!words) continue;
      if (words.length > 40 || measure(words)) return "";  // a time or size beside it is its row's value
      const group = groupLabel(el);
      return group && group !== words ? group + ": " + words : words;
    }
    return "";
  }
  // An icon-only link nothing names says where it goes: the last step of its address ("home" for the root).
  function destination(el) {
    const a = el.closest("a[href]");
    if (!a) return "";
    const href = a.getAttribute("href") || "";
    if (href.startsWith("javascript:") || (href.startsWith("#") && !href.startsWith("#/"))) return "";
    let steps;
    try {
      const url = new URL(href, location.href);
      if (url.origin !== location.origin) return "";
      const path = url.hash.startsWith("#/") ? url.hash.slice(1).split("?")[0] : url.pathname;  // a hash route
      steps = decodeURIComponent(path).split("/").filter(Boolean);
    } catch (e) { return ""; }
    return steps.length ? idWords(steps[steps.length - 1].replace(/\.\w+$/, "")) : "home";
  }

  // A field in a repeated group (fieldset, inline form, disclosure): its legend or heading, and the row number.
  const HEADING = /^(H[1-6]|LEGEND|SUMMARY|DT)$/;  // a disclosure's summary heads what it opens; a term its list
  function groupLabel(el) {
    let n = el;
    for (let depth = 0; n && depth < 8 && n !== document.body; n = n.parentElement, depth++) {
      let p = n.previousElementSibling;
      for (let i = 0; p && i < 12; p = p.previousElementSibling, i++) {
        if (HEADING.test(p.tagName) && !p.querySelector(BAR_CONTROL)) { const t = clean(textOf(p), 40); if (t) return t; }
      }
    }
    return "";
  }
  function groupContext(el) {
    const g = groupLabel(el);
    return g ? g + " — field " + (el.getAttribute("type") || el.tagName.toLowerCase()) : secretField(el);
  }
  // What a listed control gets as context: its row (a table or grid row, a list item, a card); when controls
  // share its role and name (``dup``), first their description, and last their group's heading.
  function contextOf(el, name, dup) {
    if (dup) { const d = clean(refText(el, "aria-describedby"), 50); if (d && d !== name) return d; }
    const r = rowContext(el, name);
    if (r || !dup) return r;
    const g = groupLabel(el);
    return g && g !== name ? g : "";
  }

  // Where an element sits, as a person would say it.
  function regionOf(el) {
    for (let n = el; n && n.nodeType === 1; n = n.parentElement || (n.getRootNode() && n.getRootNode().host)) {
      const r = n.getAttribute("role");
      if (n.tagName === "DIALOG" || r === "dialog" || r === "alertdialog") return "dialog";
      if (n.tagName === "NAV" || r === "navigation") return "navigation";
      if (n.tagName === "ASIDE" || r === "complementary") return "sidebar";
      if (n.tagName === "HEADER" && !n.parentElement.closest("main,article,section") || r === "banner") return "header";
      if (n.tagName === "FOOTER" && !n.parentElement.closest("main,article,section") || r === "contentinfo") return "footer";
      if (n.tagName === "MAIN" || r === "main") return "main";
    }
    return "main";
  }

  // No accessible name: the text just before a field ("Username: [    ]"), for the model to recognise it.
  // A <label> before the field's own wrapper counts even when its for= names no element (widget libraries wrap
  // the real input in several boxes and give it an id of their own): up to 5 levels, through wrappers that hold
  // no other field.
  // A control showing a chosen value (a custom select): its words are an option, never the next field's label.
  const PICKER = "[role=combobox],[role=listbox],[role=option],[aria-haspopup=listbox],[aria-haspopup=true]";
  function nearText(el) {
    for (let n = el, depth = 0; n && depth < 5; n = n.parentElement, depth++) {
      if (depth >= 2 && !(n.previousElementSibling && n.previousElementSibling.tagName === "LABEL")) continue;
      if (n !== el && n.querySelectorAll("input,select,textarea").length > 1) return "";
      for (let p = n.previousSibling; p; p = p.previousSibling) {
        if (p.nodeType === 1 && p.matches && p.matches("input,select,textarea,button")) return "";
        if (p.nodeType === 1 && p.matches && (p.matches(PICKER) || p.querySelector(PICKER))) return "";  // its value
        if (p.nodeType === 1 && p.querySelector && p.querySelector("input,select,textarea,button")) return "";
        if (p.nodeType === 1 && p.querySelector && p.querySelector("a[href],p,div,li,h1,h2,h3,h4,h5,h6")) return "";  // content
        const t = (p.nodeType === 3 ? p.nodeValue : p.nodeType === 1 ? p.textContent : "") || "";
        if (t.trim()) return t.trim().length <= 40 ? clean(t, 40) : "";  // longer text is prose, not a label
      }
    }
    return "";
  }

  // A field alone in a block of its own (up to 6 levels) whose boxes follow a caption: the nearest block before the
  // field's boxes, holding no control, whose words are short (one line, at most 40 characters). Words before the
  // field's block with a control among them, or prose, are no caption.
  // A control before the field (a custom select showing its chosen option) is no caption.
  const CAPTION_STOP = FIELDS + ",button,a[href],[contenteditable=true],[role=button],[role=combobox],[role=listbox]," +
    "[role=textbox],[role=searchbox],[role=checkbox],[role=switch],[role=radio],[role=slider],[role=spinbutton]," +
    "[role=menuitem],[role=tab],[role=option],[tabindex]:not([tabindex='-1'])";
  function captionOf(el) {
    for (let n = el, d = 0; n && d < 6 && n.parentElement && n.parentElement !== document.body; n = n.parentElement, d++) {
      if (n !== el && fieldsIn(n, 2).length > 1) return "";
      const p = n.previousElementSibling;
      if (!p) continue;
      if (p.matches(CAPTION_STOP) || p.querySelector(CAPTION_STOP)) return "";
      const t = clean(textOf(p), 60);
      return t && t.length <= 40 && !/[.!?:]\s/.test(t) && /\p{L}/u.test(t) ? t : "";
    }
    return "";
  }

  // A toggle (checkbox, switch, radio) with no name of its own: the words structure ties to it. The block around it
  // that holds no other field or toggle gives its words outside the toggle (a switch's words on a sibling button of
  // its fieldset); in a table or list row, the row's key; outside rows, one whose block holds rows that each have a
  // box of the same kind selects them all.
  const TOGGLE_ROLES = new Set(["checkbox", "switch", "radio"]);
  const TOGGLES = "input[type=checkbox],input[type=radio],[role=checkbox],[role=switch],[role=radio]";
  function toggleLabel(el, role) {
    const box = el.tagName === "INPUT" && el.closest("label") ? el.closest("label") : el;
    for (let n = box.parentElement, d = 0; n && d < 2 && n !== document.body; n = n.parentElement, d++) {
      const others = Array.from(n.querySelectorAll(TOGGLES + "," + FIELDS + ",a[href]")).filter((o) => !box.contains(o));
      const next = n.nextElementSibling;  // a header line above look-alike lines of boxes: their select-all
      if (n.matches(ROW_SEL) || others.length || (next && next.tagName === n.tagName && next.querySelector(TOGGLES))) break;
      const words = clean(collapseRepeats(rendered(n, 0, [], TOGGLES).join("")), 60);
      if (words && /\p{L}/u.test(words)) return words.length <= 40 ? [words, false] : null;
    }
    // A row's box selects its row (the words tableContext gives a box in a table); a row's switch turns it.
    const c = cellOf(el), line = !c && lineOf(el);
    const key = c ? (isHeaderRow(c.tr) ? "" : rowKey(c.tr, c.table, c.td)) : line ? line[0] : "";
    if (key && key[0] !== "#") {
      const pair = role === "radio" && radioGroup(el, c ? c.tr : line[2]);  // "from"/"to" of a comparison
      if (pair) return [pair + " — row '" + key + "'", true];
      const turns = role !== "switch" && laterToggle(el, c ? c.tr : line[2]);
      return [(role === "switch" ? "row '" : turns ? "on/off row '" : "select row '") + key + "'", true];
    }
    return role === "checkbox" && selectsRows(el) ? ["select all rows", true] : null;
  }
  // A row selects by its first toggle: a later toggle of the same row (a switch drawn over a checkbox, at the row's
  // end) turns the row's record on or off, and is no second "select row".
  function laterToggle(el, row) {
    const box = el.tagName === "INPUT" && el.closest("label") ? el.closest("label") : el;
    const first = row && row.querySelector(TOGGLES);
    return !!first && first !== el && !box.contains(first);
  }
  // A row holding radios of several groups (pick this version as the one to compare from, or to): each is named by
  // its group; "" when the row's radios are one group.
  function radioGroup(el, row) {
    const names = new Set(Array.from(row.querySelectorAll("input[type=radio]")).map((r) => r.name));
    return names.size > 1 ? clean(idWords(el.name) || el.name, 30) : "";
  }
  function selectsRows(el) {
    for (let n = el.parentElement, d = 0; n && d < 8 && n !== document.body; n = n.parentElement, d++) {
      const boxes = Array.from(n.querySelectorAll(TOGGLES)).filter((b) => b !== el && !b.contains(el));
      if (boxes.length < 2) continue;
      if (boxes[0].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) return false;  // it is not first
      return boxes.every((b) => !!(cellOf(b) ? !isHeaderRow(cellOf(b).tr) : lineOf(b)));
    }
    return false;
  }
