// Items drawn on a canvas; spliced into walker.js after twin.js (its scope: KEY, textOf, clean, HOLDS_CONTROL).
  // An item drawn by a script (a node of a diagram, a table on a floor plan) is often a wordless shape the script
  // listens to for a pointer's press (picked on the press, dragged, opened on a second press), drawn with its caption
  // in the group that holds both, with no role, tab stop or click listener of its own. The shape is the item, named
  // by its group's words. Not so when the shape is a small part of its group (a list row's drag grip: the row is
  // the item), when the group holds a control, or another pressed shape beside it (a region, not one item).
  const pressMarks = window[KEY + "_presses"];
  function pressedItem(el) {
    if (!pressMarks || !pressMarks.has(el) || el.childElementCount || /\S/.test(el.textContent || "")) return null;
    if (el.hasAttribute("aria-label") || el.hasAttribute("aria-labelledby") || el.hasAttribute("title")) return null;
    const group = el.parentElement;
    if (!group || group === document.body || group.querySelector(HOLDS_CONTROL)) return null;
    if (Array.from(group.children).some((c) => c !== el && pressMarks.has(c))) return null;
    const a = el.getBoundingClientRect(), b = group.getBoundingClientRect();
    if (!a.width || !a.height || a.width * a.height < 0.5 * b.width * b.height) return null;
    const words = clean(textOf(group), 80);
    return /[\p{L}\p{N}]/u.test(words) ? [words, false] : null;
  }
