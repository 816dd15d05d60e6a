// The open modal, spliced into walker.js where it says /* modal.js */ (the walker's scope: vw, vh, isShown,
// nameOf, textOf, clean). A modal is a native dialog in the top layer (showModal), a shown element marked
// aria-modal=true or an open <dialog>, else a fixed layer over the middle of the page, covering half of it or
// more, that holds controls while page controls outside it are covered by it. The last one open is on top.
  function openModal(cands) {
    let top = null;
    try {
      for (const d of document.querySelectorAll(":modal")) if (d.tagName === "DIALOG") top = d;
    } catch (e) { /* a browser without :modal */ }
    if (top) return top;
    for (const d of document.querySelectorAll("[aria-modal=true],dialog[open]")) {
      const r = d.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw && isShown(d, r) &&
        (!d.checkVisibility || d.checkVisibility({ opacityProperty: true, visibilityProperty: true }))) top = d;
    }
    return top || coveringLayer(cands);
  }
  function coveringLayer(cands) {
    let layer = null;
    for (let e = document.elementFromPoint(vw / 2, vh / 2); e && e !== document.body && e !== document.documentElement;
      e = e.parentElement) {
      if (getComputedStyle(e).position === "fixed") layer = e;
    }
    if (!layer) return null;
    const r = layer.getBoundingClientRect();
    if ((r.width * r.height) / (vw * vh) < 0.5) return null;
    let inside = 0, covered = 0, checked = 0;
    for (const [el] of cands) {
      if (layer.contains(el)) { inside++; continue; }
      if (checked >= 30) continue;
      const b = el.getBoundingClientRect();
      const x = b.left + b.width / 2, y = b.top + b.height / 2;
      if (b.width <= 0 || x < 0 || y < 0 || x >= vw || y >= vh) continue;
      checked++;
      const hit = document.elementFromPoint(x, y);
      if (hit && !el.contains(hit) && (layer.contains(hit) || getComputedStyle(hit).position === "fixed")) covered++;
    }
    return inside && covered ? layer : null;
  }
  function modalTitle(m) {
    const d = m.matches("dialog,[role=dialog],[role=alertdialog]") ? m :
      m.querySelector("dialog,[role=dialog],[role=alertdialog]") || m;
    const own = clean(ownName(d, "dialog")[0], 60);
    if (own) return own;
    const h = d.querySelector("h1,h2,h3,h4,h5,h6,[role=heading],[class*=title i],legend");
    return h ? clean(textOf(h), 60) : "";
  }
