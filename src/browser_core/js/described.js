// Descriptions rendered on demand, run before a walk (observation.py). A control that shows no words and points
// aria-describedby at an element the page has not rendered yet is described by a tooltip the page draws only while
// the pointer rests on it: the words that say what the control does. Each such control is hovered once (synthetic
// pointer events on it alone, never a real pointer, never focus), the described element's words are kept in
// window[key + "_tips"] (id -> words; the walker's refText reads them when the page has removed the element again),
// and the pointer is taken away. A control that opens or controls something (a popup, a disclosure) is never hovered.
// Bounded: at most 40 controls a walk, each wait (drawn, taken away) at most 600 ms, ended early when done.
async (key) => {
  const tips = (window[key + "_tips"] = window[key + "_tips"] || new Map());
  const tried = (window[key + "_tried"] = window[key + "_tried"] || new WeakSet());
  const CONTROL = "a[href],button,[role=button],[role=link],[role=menuitem],[role=tab],[role=radio],[role=switch]," +
    "[role=checkbox],[role=option],[tabindex]";
  const OPENS = "[aria-haspopup]:not([aria-haspopup=false]),[aria-expanded],[aria-controls]";
  const ids = (el) => (el.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
  const missing = (el) => { const i = ids(el); return i.length && i.every((id) => !document.getElementById(id) && !tips.has(id)); };
  const words = (el) => /[\p{L}\p{N}]/u.test((el.innerText || "").replace(/[\uE000-\uF8FF]/g, ""));
  const targets = [];
  for (const el of document.querySelectorAll("[aria-describedby]")) {
    if (targets.length >= 40) break;
    if (tried.has(el) || !missing(el)) continue;
    tried.add(el);
    const control = el.closest(CONTROL);
    if (!control || words(control) || control.matches(OPENS) || el.matches(OPENS)) continue;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;
    if (targets.some((t) => ids(t).join(" ") === ids(el).join(" "))) continue;  // one hover per description
    targets.push(el);
  }
  if (!targets.length) return 0;
  const fire = (el, names, Kind) => {
    for (const [type, bubbles] of names) {
      el.dispatchEvent(new Kind(type, { bubbles, cancelable: true, relatedTarget: document.body, composed: true }));
    }
  };
  const enter = [["pointerover", true], ["pointerenter", false]], enterMouse = [["mouseover", true], ["mouseenter", false]];
  const leave = [["pointerout", true], ["pointerleave", false]], leaveMouse = [["mouseout", true], ["mouseleave", false]];
  for (const el of targets) { fire(el, enter, PointerEvent); fire(el, enterMouse, MouseEvent); }
  const found = () => targets.every((el) => ids(el).some((id) => document.getElementById(id)));
  const start = performance.now();
  while (!found() && performance.now() - start < 600) await new Promise((r) => setTimeout(r, 25));
  for (const el of targets) {
    for (const id of ids(el)) {
      const n = document.getElementById(id);
      const t = n ? (n.innerText || n.textContent || "").replace(/\s+/g, " ").trim() : "";
      if (t && t.length <= 80) tips.set(id, t);
    }
    fire(el, leave, PointerEvent); fire(el, leaveMouse, MouseEvent);
  }
  // The page takes its tooltips away (a fade): the walk comes after, so none is listed as part of the page.
  const gone = () => targets.every((el) => ids(el).every((id) => { const n = document.getElementById(id);
    return !n || (n.checkVisibility && !n.checkVisibility({ visibilityProperty: true })); }));  // not drawn at all
  const left = performance.now();
  while (!gone() && performance.now() - left < 600) await new Promise((r) => setTimeout(r, 25));
  return targets.length;
}
