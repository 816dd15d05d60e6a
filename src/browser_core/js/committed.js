// Spliced into facts.js (one scope): what a control commits beyond itself: the rows picked for it (ticked boxes,
// rows, options or items marked selected) and the values a form shows, with the form beside a control in none.
  // Rows ticked for an action: boxes that pick a row (a name shared by several boxes, a value naming the row, or
  // no name: a scripted selection), not a row's own yes/no field (a name of its own and the default value 'on').
  // Outside every row a box picks a record only by what it submits: a scripted box there (no name: its value goes
  // nowhere) is a setting beside the act ('show this panel again'), never its object.
  const picksRow = (b, boxes, inRow) => b.name ? (b.value && b.value !== 'on') ||
    boxes.filter(o => o.name === b.name).length > 1 : inRow;
  // The ARIA selection: a custom box ticked in a row, or a row, option or item marked selected (a mail list's open
  // message, a file manager's picked files), never a tab or the options of a combobox's popup.
  // A table row is a row by its tag too (a plain <tr> marked aria-selected, no role attribute). A box that states its
  // tick as a toggle button does (aria-pressed, no aria-checked) is ticked.
  const SELECTED = ['checkbox][aria-checked=true', 'row][aria-selected=true', 'option][aria-selected=true',
    'listitem][aria-selected=true', 'treeitem][aria-selected=true', 'gridcell][aria-selected=true']
    .map(r => `[role=${r}]`).join(',') + ',tr[aria-selected=true]:not([role])' +
    ',[role=checkbox][aria-pressed=true]:not([aria-checked])';
  const popupOf = e => { const list = e.closest('[role=listbox]');
    return !!list && !!list.id && !!document.querySelector(`[aria-controls~="${CSS.escape(list.id)}"],[aria-owns~="${CSS.escape(list.id)}"]`); };
  // A row drawn as no box of its own (display: contents, its cells laid out by the grid) is shown when a cell is.
  const shownRow = e => visible(e) || (getComputedStyle(e).display === 'contents' && Array.from(e.children).some(visible));
  // A picked row whose cells are all ids, dates and amounts is named by what it shows, as a line of its values.
  const valuesLine = e => e.getAttribute('role') === 'row' || e.tagName === 'TR' ? clean(textOf(e), 100) : '';
  const ariaPicked = scope => {
    const marked = Array.from(scope.querySelectorAll(SELECTED))
      .filter(e => shownRow(e) && !e.closest('thead,[role=columnheader],[role=menu]') && !popupOf(e));
    // A tree's marked item beside picked rows or options is where the list is (the folder or book it shows), no
    // pick: the rows are the selection. Alone, it is the selection (a folder picked to empty or remove).
    const inTree = e => e.getAttribute('role') === 'treeitem';
    return (marked.some(e => !inTree(e)) ? marked.filter(e => !inTree(e)) : marked)
      .map(e => { const n = e.getAttribute('role') === 'checkbox' || e.getAttribute('role') === 'gridcell'
        ? rowName(itemOf(e), e) : rowName(e) || clean(e.getAttribute('aria-label') || textOf(e), 100);
      return n && nameLike(n) ? n : valuesLine(e); })
      .filter(n => n);
  };
  // A box outside every row while the others sit in rows selects them all: it names no record.
  const checkedIn = scope => {
    const boxes = Array.from(scope.querySelectorAll('input[type=checkbox]'))
      .filter(b => !b.closest('thead,[role=columnheader]'));
    // A box's block that holds other boxes' own rows is a list around them (a select-all above the rows), no row.
    const rowOf = b => { const it = itemOf(b); return it && !boxes.some(o => o !== b && it.contains(o) && itemOf(o) !== it); };
    const inRows = boxes.filter(rowOf);
    const ticked = boxes.filter(b => (b.checked || b.getAttribute('aria-checked') === 'true') && visible(b) && picksRow(b, boxes, !!rowOf(b)) && (rowOf(b) || inRows.length < 2))
      .map(boxName);
    // Ticked boxes and marked rows are two views of one selection (a grid marks the rows its boxes tick): the
    // boxes when any is ticked, else the marked rows.
    // A box that only draws its tick is known by the person's clicks (picked.js): the selection when nothing states one.
    const stated = ticked.length ? ticked : ariaPicked(scope);
    return [...new Set(stated.length ? stated : clickedPicks(scope))].slice(0, 50);
  };
  const fieldsOf = f => elementsOf(f).filter(e => ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName) &&
    !['hidden', 'submit', 'button', 'image', 'reset'].includes((e.type || '').toLowerCase()));
  // A text area whose whole value is a list of mail addresses is a line of recipients, not a body.
  const ADDRESSES = /^\s*([^,;<>@\n]*<)?[^\s,;<>@]+@[^\s,;<>@]+>?(\s*[,;]\s*([^,;<>@\n]*<)?[^\s,;<>@]+@[^\s,;<>@]+>?)*[\s,;]*$/;
  const lineField = e => e.tagName === 'INPUT' ? ['text', 'email', 'url', 'tel', 'number'].includes((e.type || '').toLowerCase())
    : e.tagName === 'TEXTAREA' && ADDRESSES.test(e.value || '');
  const fieldValue = e => e.tagName === 'TEXTAREA' ? (e.value || '').replace(/[\s,;]+$/, '') : e.value;
  // A value the person set (it differs from the one the page loaded with), not a choice the page made for them.
  const changedField = e => e.tagName === 'SELECT'
    ? e.selectedIndex !== Math.max(Array.from(e.options).findIndex(o => o.defaultSelected), 0)
    : e.value !== e.defaultValue;
  const valuesOf = fields => fields.filter(e => visible(e) && !e.disabled && (e.tagName === 'SELECT'
      ? !e.multiple && e.selectedIndex >= 0 && e.value !== ''
      : lineField(e) && (e.getAttribute('role') || '').toLowerCase() !== 'searchbox' && !e.closest('[role=search],search') &&
        !(e.getAttribute('autocomplete') || '').toLowerCase().startsWith('one-time')))
    .slice(0, 12).map(e => ({ label: captionOf(e),
      value: clean(e.tagName === 'SELECT' ? (e.options[e.selectedIndex].label || e.options[e.selectedIndex].text) : fieldValue(e), 120),
      type: (e.type || e.tagName).toLowerCase(), autocomplete: (e.getAttribute('autocomplete') || '').toLowerCase(),
      fixed: !!e.readOnly, changed: changedField(e) }))
    .filter(v => v.label && v.value);
  // A form with no submit control of its own, beside a control in no form (a message's Send in the footer after
  // its form): the one form the nearest block around the control holds, a few levels up, is what that control
  // commits. A block with several forms, or a form that submits itself, is no control's form but its own.
  // A control of a dialog laid over the page (the app's own question before work is thrown away) acts on the one
  // form outside the dialog that holds values the person set: the work under it.
  const besideForm = (() => {
    if (form) return null;
    const over = dialogOf(el);
    if (over) {
      const under = Array.from(document.querySelectorAll('form')).filter(f => visible(f) && !over.contains(f) &&
        valuesOf(fieldsOf(f)).some(v => v.changed));
      return under.length === 1 && !over.querySelector('form') ? under[0] : null;
    }
    for (let a = el.parentElement, i = 0; a && i < 3; a = a.parentElement, i++) {
      const forms = Array.from(a.querySelectorAll('form')).filter(visible);
      if (forms.length) return forms.length === 1 && !submitters(forms[0]).length ? forms[0] : null;
    }
    return null;
  })();
  // Words the person wrote that the control commits: a filled text area or rich-text editor of its form, else of the
  // one form beside it, else of the one editor before it in the nearest block around a control in no form (a chat's
  // composer and its button). A toolbar's or a menu's control, or one whose nearest such block is the page's main
  // region, commits nothing written: an editor elsewhere on the page is another composer's.
  const EDITORS = 'textarea,[contenteditable=""],[contenteditable=true],[contenteditable=plaintext-only]';
  const editorsIn = scope => [...(scope.tagName === 'FORM' ? elementsOf(scope) : []), ...scope.querySelectorAll(EDITORS)]
    .filter((e, i, all) => e.matches(EDITORS) && all.indexOf(e) === i && visible(e) && !e.disabled &&
      !(e.parentElement && e.parentElement.closest('[contenteditable]:not([contenteditable=false])')));
  const filled = e => ((e.tagName === 'TEXTAREA' ? e.value : e.innerText) || '').trim() !== '';
  const written = (() => {
    if (form || besideForm) return editorsIn(form || besideForm).some(filled);
    const APART = 'main,body,[role=main],[role=toolbar],[role=menu],[role=menubar]';
    for (let a = el.parentElement, i = 0; a && i < 3 && !a.matches(APART); a = a.parentElement, i++) {
      const editors = editorsIn(a);
      if (editors.length) {
        return editors.length === 1 && filled(editors[0]) &&
          !!(editors[0].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      }
    }
    return false;
  })();
