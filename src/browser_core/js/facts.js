// Facts about one element for the security guard: what acting on it would cause, read from the page itself.
// The element, its link or form (method, action URL, the values the submission would carry), and the page around
// it (title, main heading, the text near the control, the objects a confirmation page lists). Observed data only.
el => {
  const clean = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n || 200);
  const labelOf = e => clean([
    e.labels ? Array.from(e.labels).map(l => l.textContent).join(' ') : '',
    e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.getAttribute('title'),
    e.getAttribute('name'), e.id,
    (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(i => (document.getElementById(i) || {}).textContent || '').join(' '),
  ].join(' '));
  const nameOf = e => clean(e.getAttribute('aria-label') || e.textContent || e.value || e.getAttribute('title') || '', 120);
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || (tag === 'button' ? 'submit' : '')).toLowerCase();
  const form = el.form || el.closest('form');
  const isSubmitter = e => (e.tagName === 'BUTTON' && (e.getAttribute('type') || 'submit').toLowerCase() === 'submit') ||
    (e.tagName === 'INPUT' && ['submit', 'image'].includes((e.type || '').toLowerCase()));
  // Read through the prototype: an input named "elements" or "action" shadows the form's own properties.
  const elementsOf = f => Array.from(Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, 'elements').get.call(f));
  const absolute = u => { try { return new URL(u || location.href, document.baseURI).href; } catch (e) { return String(u); } };
  const submitters = f => elementsOf(f).filter(isSubmitter);
  const visible = e => !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length);
  const isSubmit = !!form && isSubmitter(el);
  const submitter = isSubmit ? el : (form ? submitters(form)[0] : null);
  const describe = s => s ? { label: nameOf(s), name: s.getAttribute('name') || '', value: clean(s.value, 80) } : null;
  const rowName = box => {  // the row's own name (its first link or header cell), else the box's label
    const row = box.closest('tr,li,[role=row]');
    const named = row && Array.from(row.querySelectorAll('a,th')).find(c => clean(c.textContent) && !c.contains(box));
    if (named) return clean(named.textContent, 80);
    const aria = box.getAttribute('aria-label') || (box.labels && box.labels[0] && box.labels[0].textContent);
    return clean(aria || (row ? row.textContent : ''), 80);
  };
  // Rows ticked for an action: boxes that pick a row (a name shared by several boxes, a value naming the row, or
  // no name: a scripted selection), not a row's own yes/no field (a name of its own and the default value 'on').
  const picksRow = (b, boxes) => !b.name || (b.value && b.value !== 'on') ||
    boxes.filter(o => o.name === b.name).length > 1;
  const checkedIn = scope => {
    const boxes = Array.from(scope.querySelectorAll('input[type=checkbox]')).filter(b => !b.closest('thead'));
    return boxes.filter(b => b.checked && visible(b) && picksRow(b, boxes)).slice(0, 50).map(rowName);
  };

  let formFacts = null;
  if (form) {
    const fields = elementsOf(form).filter(e => ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName) &&
      !['hidden', 'submit', 'button', 'image', 'reset'].includes((e.type || '').toLowerCase()));
    const method = ((submitter && submitter.getAttribute('formmethod')) || form.getAttribute('method') || '').toLowerCase();
    const action = absolute((submitter && submitter.getAttribute('formaction')) || form.getAttribute('action'));
    formFacts = {
      method, action, role: (form.getAttribute('role') || '').toLowerCase(),
      label: clean(form.getAttribute('aria-label') || form.getAttribute('title') || ''),
      fields: fields.slice(0, 60).map(e => ({ label: labelOf(e), type: (e.type || e.tagName).toLowerCase(),
        autocomplete: (e.getAttribute('autocomplete') || '').toLowerCase() })),
      hidden: Array.from(form.querySelectorAll('input[type=hidden]')).slice(0, 60)
        .map(e => [clean(e.getAttribute('name'), 60), clean(e.value, 60)]),
      chosen: Array.from(form.querySelectorAll('select')).filter(s => s.selectedIndex >= 0).slice(0, 20)
        .map(s => ({ name: s.getAttribute('name') || '', label: labelOf(s),
          option: clean(s.options[s.selectedIndex].label || s.options[s.selectedIndex].text, 120),
          value: clean(s.value, 80) })),
      submit_name: submitter ? nameOf(submitter) : '',
      has_submit: !!submitter,
      submitter: describe(submitter),
      checked: checkedIn(form),
    };
  }

  // The page around the control: the nearest ancestor with enough text, the lists shown before the control.
  const anchor = form || el;
  let around = anchor.parentElement || anchor;
  for (let i = 0; i < 5 && around.parentElement && clean(around.innerText, 400).length < 120; i++) around = around.parentElement;
  const objects = [];
  const lists = Array.from(around.querySelectorAll('ul,ol')).filter(l => visible(l) && !l.contains(anchor) &&
    !l.parentElement.closest('li') && (anchor.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_PRECEDING) &&
    !l.closest('nav,header,footer,[role=navigation],form'));
  const last = lists[lists.length - 1];
  if (last) {
    for (const li of Array.from(last.children).filter(c => c.tagName === 'LI').slice(0, 30)) {
      const own = (li.innerText || '').split('\n').map(s => s.trim()).find(Boolean);  // its first line
      if (own) objects.push(clean(own, 100));
    }
  }
  const h1 = Array.from(document.querySelectorAll('h1')).find(h => visible(h) && clean(h.textContent));
  const link = el.closest('a[href]');
  const actor = link || el;
  return {
    tag, type, label: labelOf(el), autocomplete: (el.getAttribute('autocomplete') || '').toLowerCase(),
    is_submit: isSubmit,
    enter_submits: !!form && tag === 'input' && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(type) &&
      (submitters(form).length > 0 || form.querySelectorAll('input:not([type=hidden])').length === 1),
    editable: el.isContentEditable || tag === 'textarea' || tag === 'input',
    form: formFacts,
    href: link ? (link.getAttribute('href') || '') : '',
    url: link ? link.href : '',
    link_signals: [actor.getAttribute('onclick') || '', el.getAttribute('onchange') || '',
      actor.getAttribute('data-method') ? 'method=' + actor.getAttribute('data-method') : '',
      actor.hasAttribute('data-confirm') || actor.hasAttribute('data-turbo-confirm') ? 'data-confirm' : '',
      actor.getAttribute('data-turbo-method') ? 'method=' + actor.getAttribute('data-turbo-method') : '']
      .filter(Boolean).map(s => clean(s, 200)),
    page: {
      title: clean(document.title, 120), heading: h1 ? clean(h1.textContent, 120) : '',
      text: clean(around.innerText, 1500), objects, selected: form ? [] : checkedIn(document),
    },
  };
}
