// Shown: laid out and not hidden by visibility or content-visibility; spliced into walker.js where it says
// /* shown.js */, and into the page scripts that need the walker's own test (the audit's sign-in form).
  function isShown(el, r) {
    if (r.width <= 0 && r.height <= 0) return false;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) {
      return false;
    }
    return true;
  }
