// Spliced into walker.js after names.js (its scope: textOf, clean).
  // A command's keyboard shortcut drawn in an element of its own after its words (a <kbd>, or the last element
  // with words, whose words are one capital letter, a function key or a chord with a modifier) is no part of its
  // name; the command's other words (two letters at least) must remain.
  const MOD = "(?:ctrl|control|alt|option|opt|shift|cmd|command|meta|mod|win|[⌘⌥⇧⌃])";
  const ONE_KEY = /^(?:[A-Z]|F\d{1,2})$/;
  const CHORD = new RegExp("^(?:" + MOD + "\\s*[+-]?\\s*)+(?:[\\p{L}\\p{N}]|F\\d{1,2}|\\p{L}{2,9}|[↑↓←→])$", "iu");
  function shortcutOf(el) {
    const all = el.querySelectorAll("*");
    if (!all.length || all.length > 40) return null;  // a command's few parts, never a region's
    const leaves = Array.from(all).filter((n) => !n.firstElementChild && n.textContent.trim());
    const key = el.querySelector("kbd") || leaves[leaves.length - 1];
    if (!key || !leaves.length) return null;
    const words = key.textContent.trim();
    if (key.tagName !== "KBD" && !ONE_KEY.test(words) && !CHORD.test(words)) return null;
    if (!textOf(el).endsWith(clean(key.textContent, 80))) return null;  // words after it: part of the name
    const omit = (c) => c === key || c.tagName === "KBD";
    return /\p{L}{2}/u.test(textOf(el, false, omit)) ? omit : null;
  }
