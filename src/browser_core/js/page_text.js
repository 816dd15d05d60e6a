// The page's text as a person reads it: innerText, except where a container shows its children in another order
// than the document's (CSS order, a reversed flex box, rows placed by a transform or absolute positions, as data
// grids do after a client-side sort): there the children are read top to bottom, then left to right.
// A child is out of place when it sits wholly above the one before it in the same column.
() => {
  const body = document.body;
  if (!body) return "";
  const shown = (e) => !e.checkVisibility || e.checkVisibility({ visibilityProperty: true });
  const moved = new Set(), onPath = new Set();
  for (const el of body.querySelectorAll("*")) {
    if (el.childElementCount < 2) continue;
    let prev = null;
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      const b = c.getBoundingClientRect();
      if (b.height <= 3 || b.width <= 3) continue;  // nothing seen (screen-reader-only text is a 1px box)
      if (prev && b.bottom <= prev.top && b.left < prev.right && b.right > prev.left) { moved.add(el); break; }
      prev = b;
    }
  }
  if (!moved.size) return body.innerText;
  for (const m of moved) for (let n = m; n && n !== body.parentElement; n = n.parentElement) onPath.add(n);
  function read(el) {
    if (!onPath.has(el)) return el.innerText || "";
    let kids = Array.from(el.childNodes);
    if (moved.has(el)) {
      const boxes = kids.filter((k) => k.nodeType === 1).map((k) => [k, k.getBoundingClientRect()]);
      boxes.sort(([, a], [, b]) => a.top - b.top || a.left - b.left);
      kids = kids.filter((k) => k.nodeType === 3).concat(boxes.map(([k]) => k));
    }
    const parts = [];
    for (const k of kids) {
      if (k.nodeType === 3) parts.push(k.nodeValue.replace(/\s+/g, " ").trim());
      else if (k.nodeType === 1 && !/^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE)$/.test(k.tagName) && shown(k)) parts.push(read(k));
    }
    return parts.filter((p) => p).join("\n");
  }
  return read(body);
}
