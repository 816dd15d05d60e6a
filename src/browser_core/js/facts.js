// Facts about one element for the security guard: its form, whether it submits, what it asks for.
el => {
  const clean = s => (s || '').replace(/\s+/g, ' ').trim().slice(0, 200);
  const labelOf = e => clean([
    e.labels ? Array.from(e.labels).map(l => l.textContent).join(' ') : '',
    e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.getAttribute('title'),
    e.getAttribute('name'), e.id,
    (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(i => (document.getElementById(i) || {}).textContent || '').join(' '),
  ].join(' '));
  const tag = el.tagName.toLowerCase();
  const type = (el.getAttribute('type') || (tag === 'button' ? 'submit' : '')).toLowerCase();
  const form = el.form || el.closest('form');
  const submits = f => Array.from(f.elements).filter(e =>
    (e.tagName === 'BUTTON' && (e.getAttribute('type') || 'submit').toLowerCase() === 'submit') ||
    (e.tagName === 'INPUT' && ['submit', 'image'].includes((e.type || '').toLowerCase())));
  let formFacts = null;
  if (form) {
    const fields = Array.from(form.elements).filter(e => ['INPUT', 'SELECT', 'TEXTAREA'].includes(e.tagName) &&
      !['hidden', 'submit', 'button', 'image', 'reset'].includes((e.type || '').toLowerCase()));
    const first = submits(form)[0];
    const heading = form.querySelector('h1,h2,h3,h4,legend');
    formFacts = {
      method: (form.getAttribute('method') || 'get').toLowerCase(),
      role: (form.getAttribute('role') || '').toLowerCase(),
      label: clean(form.getAttribute('aria-label') || (heading && heading.textContent) || form.getAttribute('name') || ''),
      fields: fields.slice(0, 40).map(e => ({ label: labelOf(e), type: (e.type || e.tagName).toLowerCase(),
        autocomplete: (e.getAttribute('autocomplete') || '').toLowerCase() })),
      submit_name: first ? clean(first.getAttribute('aria-label') || first.textContent || first.value || '') : '',
      has_submit: !!first,
    };
  }
  return {
    tag, type, label: labelOf(el), autocomplete: (el.getAttribute('autocomplete') || '').toLowerCase(),
    is_submit: !!form && ((tag === 'button' && type === 'submit') || (tag === 'input' && ['submit', 'image'].includes(type))),
    enter_submits: !!form && tag === 'input' && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(type) &&
      (submits(form).length > 0 || form.querySelectorAll('input:not([type=hidden])').length === 1),
    editable: el.isContentEditable || tag === 'textarea' || tag === 'input',
    form: formFacts,
  };
}
