// Words drawn only on hover, with no link to them, run before a walk after described.js (observation.py). A control
// that shows no words of its own (nothing, a glyph drawn from an icon font's word or hidden from readers, or a bare
// count beside a glyph) and has no name, title or tooltip attribute in words, is hovered once as a pointer would
// pass over it (synthetic events down to the element under its centre and up through the wrappers that hold it
// alone; never the real pointer, never focus), one control at a time (a page may share one floating box among all).
// A layer that then appears beside it (role tooltip, or a floating box: positioned, drawn, no control in it, short
// words, newly made or newly filled) gives its words, kept in window[key + "_hover"] (element -> words) for the
// walker's naming. A control that opens or controls something is never hovered; each element at most once.
// Bounded: at most 40 controls tried a walk, ``budget`` ms in all (the last layer's fading included), nothing when
// no control needs it.
async ({ key, attrs, budget }) => {
  const said = (window[key + "_hover"] = window[key + "_hover"] || new WeakMap());
  const tried = (window[key + "_hovered"] = window[key + "_hovered"] || new WeakSet());
  const CONTROL = "a[href],button,[role=button],[role=link],[role=menuitem],[role=tab]";
  const TOGGLE = "[role=checkbox],[role=radio],[role=switch],[role=option]";  // named by what they pick
  const OPENS = "[aria-haspopup]:not([aria-haspopup=false]),[aria-expanded],[aria-controls]";
  const NAMED = "[aria-label],[aria-labelledby],[aria-describedby],[title],img[alt]:not([alt='']),svg title," +
    attrs.map((a) => "[" + a + "]").join(",");
  const LIGATURE = /(^|\s)(material-(icons|symbols)[\w-]*|mat-icon|google-symbols)(\s|$)/;
  const GLYPH = "svg,img,i,[aria-hidden=true],[class*=icon i],[data-icon]";
  // A tooltip attribute in words names the control already; one holding a generated key (no space, capitals inside
  // or digits among the letters) does not (icons.js: tipKey).
  const tipKey = (v) => v.length >= 12 && /^[A-Za-z0-9_-]+$/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) &&
    (/\d/.test(v) || /[a-z][A-Z]/.test(v));
  const hasName = (n) => n.getAttribute("aria-label") || n.getAttribute("aria-labelledby") ||
    n.getAttribute("aria-describedby") || n.getAttribute("title") || n.matches("img[alt]:not([alt=''])") ||
    (n.tagName === "title" && n.textContent.trim()) ||
    attrs.some((a) => { const v = (n.getAttribute(a) || "").trim(); return v && v !== "true" && v !== "false" && !tipKey(v); });
  // The words a person reads on it: text outside icon fonts' glyphs and elements hidden from readers.
  function shownWords(el) {
    const tw = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let out = "";
    for (let t = tw.nextNode(), i = 0; t && i < 30; t = tw.nextNode(), i++) {
      if (!/[\p{L}\p{N}]/u.test(t.nodeValue.replace(/[\uE000-\uF8FF]/g, ""))) continue;
      const p = t.parentElement;
      if (p.closest("[aria-hidden=true]") || p.tagName === "MAT-ICON" || LIGATURE.test(p.getAttribute("class") || "")) continue;
      if (p.checkVisibility && !p.checkVisibility({ visibilityProperty: true })) continue;
      out += " " + t.nodeValue;
      if (out.length > 40) break;
    }
    return out.trim();
  }
  // Something on the page listens for the pointer coming over it, its insides, or a block around it (a page-wide
  // listener: any); without the page's own hooks noted (no init script), every control may answer.
  const marks = window[key + "_hovers"];
  function listened(el) {
    if (!marks || marks.page) return true;
    for (let n = el; n; n = n.parentElement) if (marks.els.has(n)) return true;
    return Array.from(el.querySelectorAll("*")).slice(0, 12).some((n) => marks.els.has(n));
  }
  function wanted(el) {
    if (tried.has(el) || el.matches(OPENS) || el.matches(TOGGLE) || el.closest("[aria-hidden=true],[inert]")) return false;
    if (hasName(el) || Array.from(el.querySelectorAll(NAMED)).some(hasName)) return false;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 4 || r.height < 4 || r.width > 400 || r.height > 160) return false;  // a button's size, not a card
    const words = shownWords(el);
    return (!words || (/^\d{1,4}$/.test(words) && !!el.querySelector(GLYPH))) && listened(el);  // a count beside a glyph
  }
  const targets = [];
  for (const el of document.querySelectorAll(CONTROL)) {
    if (targets.length >= 40) break;
    if (el.parentElement && el.parentElement.closest(CONTROL)) continue;  // the outer control is the one named
    if (wanted(el)) targets.push(el);
  }
  if (!targets.length) return 0;
  const start = performance.now(), FADE = 250, WAIT = 600;  // as described.js waits for a tip
  // The path a pointer takes onto it: the element under its centre up to it, then the wrappers holding it alone.
  function chain(el) {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const out = [];
    for (let n = at && el.contains(at) ? at : el; n && n !== el; n = n.parentElement) out.push(n);
    out.push(el);
    for (let n = el.parentElement, d = 0; n && d < 3 && n !== document.body; n = n.parentElement, d++) {
      if (n.querySelectorAll(CONTROL).length > 1 || shownWords(n) !== shownWords(el) || n.matches(OPENS)) break;
      out.push(n);
    }
    return out;
  }
  const fire = (path, over, enter) => {
    const opts = (bubbles) => ({ bubbles, cancelable: true, composed: true, relatedTarget: document.body });
    path[0].dispatchEvent(new PointerEvent(over[0], opts(true)));
    path[0].dispatchEvent(new MouseEvent(over[1], opts(true)));
    for (const n of path) { n.dispatchEvent(new PointerEvent(enter[0], opts(false))); n.dispatchEvent(new MouseEvent(enter[1], opts(false))); }
  };
  // A layer that appeared: the nearest element up from a change that is a tooltip or floats over the page.
  const floats = (n) => n.getAttribute("role") === "tooltip" ||
    ["absolute", "fixed"].includes(getComputedStyle(n).position);
  function layerOf(n) {
    for (let d = 0; n && n.nodeType === 1 && n !== document.body && d < 4; n = n.parentElement, d++) if (floats(n)) return n;
    return null;
  }
  function near(a, b) {
    const gap = Math.max(a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom);
    return gap <= 40;
  }
  // The box the pointer is over: the control and the wrappers that draw a box of their own.
  function span(path) {
    const rs = path.map((n) => n.getBoundingClientRect()).filter((r) => r.width && r.height);
    return { left: Math.min(...rs.map((r) => r.left)), right: Math.max(...rs.map((r) => r.right)),
      top: Math.min(...rs.map((r) => r.top)), bottom: Math.max(...rs.map((r) => r.bottom)) };
  }
  let changes = [];
  const watch = new MutationObserver((records) => { changes.push(...records); });
  watch.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ["class", "style", "hidden"] });
  let last = "", shown = null;
  function read(path, el) {
    const box = span(path);
    for (const m of changes) {
      const fresh = m.type !== "attributes";  // made or filled now; a box only shown again must say something new
      const nodes = m.type === "childList" ? [m.target, ...m.addedNodes] : [m.target];
      for (const n of nodes) {
        const layer = layerOf(n.nodeType === 1 ? n : n.parentElement);
        if (!layer || layer.contains(el) || el.contains(layer) || layer.querySelector(CONTROL)) continue;
        if (layer.checkVisibility && !layer.checkVisibility({ visibilityProperty: true })) continue;
        const r = layer.getBoundingClientRect();
        if (!r.width || !r.height || !near(r, box)) continue;
        const t = (layer.innerText || "").replace(/\s+/g, " ").trim();
        if (t && t.length <= 80 && /\p{L}/u.test(t) && (fresh || t !== last)) return [layer, t];
      }
    }
    return null;
  }
  const ENTER = [["pointerover", "mouseover"], ["pointerenter", "mouseenter"]];
  const LEAVE = [["pointerout", "mouseout"], ["pointerleave", "mouseleave"]];
  let path = null;
  try {
    for (const el of targets) {
      if (performance.now() - start + 300 + FADE > budget) break;  // too little time left for one more
      tried.add(el);
      if (path) fire(path, ...LEAVE);
      changes = [];
      path = chain(el);
      fire(path, ...ENTER);
      const until = Math.min(performance.now() + WAIT, start + budget - FADE);
      let got = null;
      while (!got && performance.now() < until) {
        await new Promise((r) => setTimeout(r, 25));
        got = read(path, el);
      }
      if (got) { said.set(el, got[1]); last = got[1]; shown = got[0]; }
    }
  } finally {
    if (path) fire(path, ...LEAVE);
    watch.disconnect();
  }
  // The page takes its layer away (a fade): the walk comes after, so it is not listed as part of the page.
  const gone = () => !shown || !shown.isConnected || (shown.checkVisibility && !shown.checkVisibility({ visibilityProperty: true }));
  while (!gone() && performance.now() - start < budget) await new Promise((r) => setTimeout(r, 25));
  return targets.length;
}
