// Spliced into walker.js's observe pass (one scope): what an observation reads beside the controls: the visible
// text near the viewport, the page's messages, and notes of modals, dialogs and layers over the page.
  // Visible text near the viewport, in document order, bounded.
  if (args.maxText > 0 && document.body) {
    const parts = [];
    let size = 0, lastParent = null, lastRaw = "", lastCell = null;
    const TEXT_BLOCKS = "p,li,h1,h2,h3,h4,h5,h6,tr,div,section,article,td,th,dt,dd,label,button,a,legend";
    const INLINE_BLOCKS = new Set(["A", "LABEL", "BUTTON"]);
    const inSentence = (b) => [b.previousSibling, b.nextSibling].some((n) => n && n.nodeType === 3 && n.nodeValue.trim());
    const seen = new Map(), inContent = new Map(), topOf = new Map(), tops = [];
    const CHROME = new Set(["navigation", "sidebar", "header", "footer"]);
    const tw = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let below = 0;
    for (let n = tw.nextNode(); n && size < args.maxText && below < 400; n = tw.nextNode()) {
      const v = n.nodeValue;
      if (!v || !v.trim()) continue;
      const p = n.parentElement;
      if (!p || SKIP_TAGS.has(p.tagName) || isLigature(p)) continue;  // an icon font's ligature is no text
      let ok = seen.get(p);
      if (ok === undefined) {
        const r = p.getBoundingClientRect();
        // Document order mostly follows the page downwards: a long run of text below the region ends the scan.
        if (r.top >= vh * 1.25 && r.height > 0) below++;
        else if (r.height > 0) below = 0;
        ok = r.width > 0 && r.height > 0 && r.bottom > -vh * 0.25 && r.top < vh * 1.25 && r.right > 0 && r.left < vw &&
          (!p.checkVisibility || p.checkVisibility({ visibilityProperty: true }));
        seen.set(p, ok);
        topOf.set(p, Math.round(r.top + window.scrollY));
      }
      if (!ok) continue;
      if (args.mainText) {  // an action's digest: the page's own content, not its header, menus or footer
        if (!inContent.has(p)) inContent.set(p, !CHROME.has(regionOf(p)));
        if (!inContent.get(p)) continue;
      }
      const s = clean(v, 400);
      let block = p.closest(TEXT_BLOCKS);
      // A link or label inside a sentence ("The author “<a>Ada Byron</a>” was added") is part of its sentence.
      if (block && INLINE_BLOCKS.has(block.tagName) && inSentence(block) && block.parentElement) {
        block = block.parentElement.closest(TEXT_BLOCKS) || block;
      }
      // A table row reads as one line, its cells in order (link cells too): " | " between cells.
      const cell = p.closest("td,th,[role=cell],[role=gridcell],[role=rowheader],[role=columnheader]");
      const row = cell && cell.parentElement && cell.parentElement.closest("tr,[role=row]");
      if (row) block = row;
      const glued = block === lastParent && /^\S/.test(v) && /\S$/.test(lastRaw);  // no space between in the page
      const apart = row && block === lastParent && cell !== lastCell;
      if (!parts.length || block !== lastParent) tops.push(topOf.get(p));  // where each line starts, in the document
      parts.push((block !== lastParent && parts.length ? "\n" : apart ? " | " : glued ? "" : " ") + s);
      lastParent = block;
      lastCell = cell;
      lastRaw = v;
      size += s.length + 1;
    }
    out.text = parts.join("").replace(/\n\s*\n+/g, "\n").trim();
    if (size >= args.maxText) out.textCut = true;  // the budget ended the excerpt: what follows was not read
    out.textTops = tops;
  }

  // Messages a person would read after an action: alerts, live regions, success/error notes, field errors
  // (with the field they belong to). Only blocks without controls of their own.
  if (args.messages && document.body) {
    const msgs = [];
    const seenMsg = new Set();
    const MSG = "[role=alert],[role=status],[aria-live=assertive],[aria-live=polite],[class*=error],[class*=success]," +
      "[class*=warning],[class*=alert],[class*=message],[class*=notice],[class*=invalid-feedback]";
    for (const m of document.body.querySelectorAll(MSG)) {
      if (msgs.length >= 8) break;
      // A message may hold a link in its sentence (the record it is about); a block of controls or links is no message.
      const links = m.querySelectorAll("a[href]");
      const sentence = links.length <= 2 && clean(m.textContent, 400).length > Array.from(links)
        .reduce((n, a) => n + clean(a.textContent, 400).length, 0) + 2;
      if (m.querySelector("input:not([type=hidden]),select,textarea,button") || (links.length && !sentence) ||
        seenMsg.has(m.parentElement)) { seenMsg.add(m); continue; }
      const t = clean(textOf(m), 160);
      const r = m.getBoundingClientRect();
      seenMsg.add(m);
      if (!t || t.length < 3 || !isShown(m, r)) continue;
      if (msgs.some((x) => x.text === t || x.text.includes(t))) continue;
      // A message is a field's when it sits in that field's own group: the nearest ancestor holding one field
      // holds little else (its label, a hint). A notice beside a search box in a page's content is the page's.
      let field = "";
      const own = clean(m.textContent, 2000).length;
      for (let n = m.parentElement, d = 0; n && d < 3 && !field; n = n.parentElement, d++) {
        const fs = n.querySelectorAll("input:not([type=hidden]),select,textarea");
        if (fs.length > 1 || clean(n.textContent, 2000).length - own > 160) break;
        if (fs.length === 1) field = nameOf(fs[0], roleOf(fs[0]) || "textbox");
      }
      msgs.push(field ? { text: t, field } : { text: t });
    }
    for (const f of document.querySelectorAll("[aria-invalid=true]")) {
      if (msgs.length >= 10) break;
      const msg = f.validationMessage || clean(refText(f, "aria-errormessage") || refText(f, "aria-describedby"), 160);
      const name = nameOf(f, roleOf(f) || "textbox");
      if (!msgs.some((x) => x.field === name)) msgs.push({ text: msg || "invalid", field: name });
    }
    out.messages = msgs;
  }

  // Overlays and modals: dialogs that are shown, and fixed layers covering much of the viewport.
  const notes = [];
  if (modal) notes.push({ kind: "modal", name: modalTitle(modal), id: null, listed: inModal.length });
  const dialogs = document.querySelectorAll("dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true]");
  for (const d of dialogs) {
    const r = d.getBoundingClientRect();
    if (!isShown(d, r) || (modal && (modal.contains(d) || d.contains(modal)))) continue;
    const title = nameOf(d, "dialog") || clean((d.querySelector("h1,h2,h3,h4") || {}).textContent, 60);
    notes.push({ kind: "modal", name: title, id: null });
    if (notes.length > 3) break;
  }
  const probes = [[0.5, 0.5], [0.5, 0.9], [0.5, 0.1], [0.1, 0.5], [0.9, 0.5]];
  const layers = new Set();
  for (const [fx, fy] of probes) {
    let e = document.elementFromPoint(vw * fx, vh * fy);
    while (e && e !== document.body && e !== document.documentElement) {
      const cs = getComputedStyle(e);
      if (cs.position === "fixed" || cs.position === "sticky") {
        if (modal && (modal.contains(e) || e.contains(modal))) break;  // the modal, noted above
        const r = e.getBoundingClientRect();
        if ((r.width * r.height) / (vw * vh) >= 0.2 && !layers.has(e)) {
          layers.add(e);
          // A layer beside the content (a fixed sidebar or header) covers nothing: it is an overlay only when
          // a hit-test at an element under its box lands on the layer.
          const covered = inView.filter((c) => !e.contains(c.el) && !c.el.contains(e) && c.r.left < r.right &&
            c.r.right > r.left && c.r.top < r.bottom && c.r.bottom > r.top && (() => {
            const hit = document.elementFromPoint(
              Math.min(Math.max(c.r.left + c.r.width / 2, 0), vw - 1), Math.min(Math.max(c.r.top + c.r.height / 2, 0), vh - 1));
            return !!hit && e.contains(hit) && !c.el.contains(hit);
          })()).length;
          if (covered) {
            notes.push({ kind: "overlay", name: nameOf(e, "clickable") || clean(e.textContent, 60),
              cover: Math.round((100 * r.width * r.height) / (vw * vh)), covered });
          }
        }
        break;
      }
      e = e.parentElement;
    }
  }
  // A box that scrolls on its own holding listed items (a list drawn only where it is in view hides the rest): said,
  // with what it shows, so the rest is reached by scrolling it (the scroll tool scrolls the box an item is in).
  const boxOfItem = new Map(), scrollers = new Map();
  const scrollerOf = (el) => {
    for (let a = el.parentElement, d = 0; a && a !== document.body && a !== document.documentElement && d < 12;
      a = a.parentElement, d++) {
      if (boxOfItem.has(a)) return boxOfItem.get(a);
      const cs = getComputedStyle(a);
      if (/(auto|scroll|overlay)/.test(cs.overflowY) && a.scrollHeight > a.clientHeight + 8) {
        boxOfItem.set(a, a);
        return a;
      }
    }
    return null;
  };
  for (const x of picked) {
    const box = x.vis && x.name ? scrollerOf(x.el) : null;
    if (box) { if (!scrollers.has(box)) scrollers.set(box, []); scrollers.get(box).push(x.name); }
  }
  for (const [box, names] of scrollers) {
    const above = box.scrollTop > 4, below = box.scrollTop + box.clientHeight < box.scrollHeight - 4;
    if (names.length < 2 || notes.length > 5) continue;
    notes.push({ kind: "scrolls", name: clean(names[0], 40), last: clean(names[names.length - 1], 40),
      items: names.length, more: [above ? "above" : "", below ? "below" : ""].filter(Boolean).join(" and ") });
  }
