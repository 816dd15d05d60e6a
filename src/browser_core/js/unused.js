// Spliced into walker.js (one scope): what looks like a control but is none a person uses: words no one sees, a
// focus trap's empty edge, an item a script gave a role that shows nothing and does nothing.
  // Words of its own as a person reads them: a hidden measuring copy of text or a line-number gutter hidden from
  // assistive technology (a code editor's empty surface) is none.
  function shownWords(el) {
    const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(), i = 0; n && i < 300; n = walk.nextNode(), i++) {
      const p = n.parentElement, mute = p && p.closest("[aria-hidden=true]");
      if (p && /[\p{L}\p{N}]/u.test(n.textContent) && !(mute && el.contains(mute)) &&
          (!p.checkVisibility || p.checkVisibility({ visibilityProperty: true }))) return true;
    }
    return false;
  }

  const NAMING = ["aria-label", "aria-labelledby", "title"];
  // An empty focusable block of no area, named by nothing, is a focus trap's edge: no control a person uses.
  const focusSentinel = (el) => !el.firstElementChild && !/\S/.test(el.textContent || "") &&
    !NAMING.some((a) => el.hasAttribute(a)) &&
    (() => { const r = el.getBoundingClientRect(); return r.width === 0 || r.height === 0; })();

  // Nothing shown in it (no text, its children not drawn: a copy of a tool kept for small screens), no name,
  // nothing that makes it act (focus, a listener, a link), no glyph drawn in it.
  const FILLED = [...NAMING, "tabindex", "onclick", "href", "contenteditable"];
  const blank = (el) => !/\S/.test(el.innerText || "") && Array.from(el.children).every((c) => !c.getClientRects().length) &&
    !FILLED.some((a) => el.hasAttribute(a)) &&
    !["INPUT", "SELECT", "TEXTAREA", "BUTTON", "IMG", "svg", "CANVAS", "IFRAME", "VIDEO"].includes(el.tagName) && !listened(el) &&
    ["::before", "::after"].every((p) => ["none", "normal", '""'].includes(getComputedStyle(el, p).content));
