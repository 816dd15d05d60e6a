// Facts about one element for the security guard: what acting on it would cause, read from the page itself.
// The element, its link or form (method, action URL, the values the submission would carry), and the page around
// it (title, main heading, the text near the control, the objects a confirmation page lists). Observed data only.
// `given`: [pressed, key]: the element clicked before, which opened the popup menu `el` may sit in when the page marks
// no opener, and the page registry's key (the init script's record of the person's clicks, read by picked.js).
(el, given) => {
  const [pressed, key] = Array.isArray(given) ? given : [given, ''];
  const clean = (s, n) => (s || '').replace(/\s+/g, ' ').trim().slice(0, n || 200);
  // A label's own words: a field it wraps says its options or value, never its name ('Until', not 'Until forever1 year').
  const ownWords = l => Array.from(l.childNodes, n => n.nodeType === 3 ? n.data : n.nodeType === 1 &&
    !n.matches('select,textarea,input') ? ownWords(n) : '').join('');
  const labelOf = e => clean([
    e.labels ? Array.from(e.labels).map(ownWords).join(' ') : '',
    e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.getAttribute('title'),
    e.getAttribute('name'), e.id,
    (e.getAttribute('aria-labelledby') || '').split(/\s+/).map(i => (document.getElementById(i) || {}).textContent || '').join(' '),
  ].join(' '));
  const captionOf = e => clean((e.labels && e.labels.length ? Array.from(e.labels).map(ownWords).join(' ') : '') ||
    e.getAttribute('aria-label') || (e.getAttribute('aria-labelledby') || '').split(/\s+/)
      .map(i => (document.getElementById(i) || {}).textContent || '').join(' ') ||
    e.getAttribute('title') || e.getAttribute('name') || '', 80).replace(/[:*]+$/, '').trim();
  // The first of these that says something (an icon-only button's text is only whitespace: its title names it).
  const nameOf = e => [e.getAttribute('aria-label'), e.textContent, e.value, e.getAttribute('title')]
    .map(t => clean(t, 120)).find(Boolean) || '';
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
  // The repeated item (table row, ARIA row, list item, card) holding a control, and what the page calls it.
  const main = document.querySelector('main,[role=main]') || document.body;
  // A dialog that only wraps a popup menu (a popover whose whole text is the menu holding the control) is that
  // menu: its items act on what its opener acts on, never on the popover's first line.
  // A dialog the app marks with no role is the walker's covering layer (modal.js, spliced in): a fixed box over the
  // middle of the page, covering half of it or more, that holds controls while it covers page controls outside it.
  const vw = innerWidth, vh = innerHeight;
  /* modal.js */
  let cover;
  const coverOf = e => {
    if (cover === undefined) cover = coveringLayer(Array.from(
      document.querySelectorAll('button,[role=button],input,select,textarea,a[href]'), c => [c]));
    return cover && cover.contains(e) ? cover : null;
  };
  const dialogOf = e => {
    const d = e.closest('dialog[open],[role=dialog],[role=alertdialog],[aria-modal=true]') || coverOf(e);
    const m = d && e.closest('[role=menu]');
    return m && d.contains(m) && clean(d.innerText, 1e5) === clean(m.innerText, 1e5) ? null : d;
  };
  const ROW = 'tr,[role=row],li,[role=listitem],article,[role=article]';
  const textOf = e => clean(e.innerText || e.textContent, 200);
  // An id, not a name: no letter, or one long token that is hex or keeps switching between letters and digits
  // ('3b1e1e128b84', 'a1b2c3d4e5f6'); a name with a number in it ('vision-vit-02', 'sweep-2025-26') is a name.
  const idLike = s => !/\p{L}/u.test(s) || (!/\s/.test(s) && s.length > 12 && /\d/.test(s) &&
    (/^[0-9a-f-]+$/i.test(s) || (s.match(/\d\p{L}|\p{L}\d/gu) || []).length >= 3));
  // A date, a time or an age ("2024-05-01", "12:30", "5m ago", "3 days ago") says when, never which record.
  const timeLike = t => t.length <= 28 && /\d/.test(t) &&  // ... or a month's word ('Nov 28 2026, 15:25', '3 May 2024')
    (/^\d{1,4}([-/.:]\d{1,4}){1,2}([ T,]+\d{1,2}:\d{2}(:\d{2})?)?(\s*[ap]\.?m\.?)?$/i.test(t) ||
     /^\d+\s*\p{L}{1,7}\.?\s+\p{L}{2,4}$/u.test(t) || /^(\p{L}{3,9}\.?\s+\d{1,2}|\d{1,2}\s+\p{L}{3,9}\.?),?\s+\d{4}(,?\s+\d{1,2}:\d{2}(:\d{2})?)?$/u.test(t));
  // A count of what a record holds ("12 filters", "▸ 1 node": a number and one word) says how many, never which.
  const nameLike = t => !idLike(t) && !timeLike(t) && !/^[^\p{L}\p{N}]*\d[\d,.]*\s+\p{L}+$/u.test(t);
  // How much text a block holds as read: a template's indentation is no text.
  const size = e => (e.textContent || '').replace(/\s+/g, ' ').length;
  // A row or card is small and never holds the page's main heading; page regions (children of the body or the
  // main region) are not records even when they look alike.
  const pageHeading = document.querySelector('h1');
  // Siblings alike: one tag and class; plain (classless) blocks only when their children are alike too (a page's
  // query box and its work area are two plain divs, not two records).
  const shape = e => Array.from(e.children).map(c => `${c.tagName}.${c.className}`).join(',');
  // A class numbered per instance (a record's id a script adds: 'entry-17') tells no kind apart.
  const kindClasses = e => (e.getAttribute('class') || '').split(/\s+/).filter(t => t && !/\d/.test(t)).join(' ');
  const alike = (s, a) => s.tagName === a.tagName && kindClasses(s) === kindClasses(a) && (!!kindClasses(a) || shape(s) === shape(a));
  const ACTS = 'button,[role=button],a[href],input[type=submit],input[type=button]';
  const saysMore = a => {  // text of its own beside its controls: a record, not a toolbar
    const copy = a.cloneNode(true);
    copy.querySelectorAll(ACTS).forEach(c => c.remove());
    return /[\p{L}\p{N}]/u.test(copy.textContent || '');
  };
  // Look-alike blocks side by side in one band, each holding another kind of content than the block at hand, are
  // the columns of a line (a grid drawn with divs), not records: the line above them is the record. Records stack
  // (a list, a sidebar's sections) or repeat one kind of content (cards in a row).
  const kindOf = e => Array.from(e.querySelectorAll('*')).map(n => n.tagName).join(',');
  const columnsOfLine = (a, twins) => {
    const r = a.getBoundingClientRect(), kind = kindOf(a);
    return r.height > 0 && twins.every(s => {
      const q = s.getBoundingClientRect();
      return kindOf(s) !== kind && q.top < r.bottom && r.top < q.bottom && (q.left >= r.right - 1 || q.right <= r.left + 1);
    });
  };
  const itemOf = e => {
    for (let a = e.parentElement, i = 0; a && a !== document.body && a !== main && i < 10; a = a.parentElement, i++) {
      if ((pageHeading && a.contains(pageHeading)) || size(a) > 2000) return null;
      if (a.matches(ROW) && textOf(a) !== textOf(e)) return a;
      const p = a.parentElement;
      const twins = p && p !== document.body && p !== main ? Array.from(p.children).filter(s => s !== a && alike(s, a)) : [];
      if (!twins.length || a.tagName === 'FORM' || textOf(a) === textOf(e) || columnsOfLine(a, twins)) continue;
      // A repeated block is a record when it has a heading, link or cell, or when each holds its own control
      // beside text of its own (a result card with its 'Book' button).
      if (a.querySelector('a,h2,h3,h4,h5,h6,th,[role=rowheader],td,[role=gridcell]') ||
          (twins.every(s => s.querySelector(ACTS)) && saysMore(a))) return a;
    }
    return null;
  };
  // The fields next to a control (the line's quantity beside its Remove): those of the nearest ancestor that has
  // any, when it has only a few (a line, not a whole form).
  const FIELDS = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=image]),select,textarea';
  const nearFields = e => {
    for (let a = e.parentElement, i = 0; a && a !== document.body && i < 6; a = a.parentElement, i++) {
      const found = Array.from(a.querySelectorAll(FIELDS)).filter(f => f !== e);
      if (found.length) return found.length <= 3 ? found : [];
    }
    return [];
  };
  const unwrap = r => { let inner = r; while (inner.children.length === 1) inner = inner.children[0]; return inner; };
  const CELL = 'td,th,[role=gridcell],[role=cell],[role=rowheader]';
  const ownCells = r => Array.from(r.querySelectorAll(CELL)).filter(c => c.closest('tr,[role=row]') === r);
  // A table cell in a column whose words repeat down it (a foreign-key link, a status: columns.js) tells no row
  // apart, so it never names its row, even on a row whose value is the only one of its kind.
  /* columns.js */
  const byTable = new Map();
  // A line drawn with divs (look-alike siblings, its cells the children of its unwrapped block) has columns too.
  const kin = (s, r) => s.tagName === r.tagName && (s.className || '').split(' ')[0] === (r.className || '').split(' ')[0];
  const lineCells = r => Array.from(unwrap(r).children);
  const repeatsDownLine = (e, row) => {
    const p = row && !row.matches(ROW) && row.parentElement, cell = p && lineCells(row).find(c => c.contains(e));
    if (!cell) return false;
    if (!byTable.has(p)) byTable.set(p, columnKeys(Array.from(p.children).filter(s => kin(s, row)), lineCells,
      c => clean(textOf(c), 120), c => Array.from(c.parentElement.children).indexOf(c)));
    const column = byTable.get(p).get(lineCells(row).indexOf(cell));
    return !!column && !column.distinct;
  };
  const repeatsDown = (e, row) => {
    const td = e.closest(CELL), tr = td && td.closest('tr,[role=row]');
    const table = tr && tr.closest('table,[role=grid],[role=treegrid],[role=table]');
    if (!table) return repeatsDownLine(e, row);
    if (!byTable.has(table)) {
      byTable.set(table, columnKeys(Array.from(table.querySelectorAll('tr,[role=row]')).filter(r => !headerRow(r, ownCells(r))), ownCells, textOf,
        c => ownCells(c.closest('tr,[role=row]')).indexOf(c)));
    }
    const column = byTable.get(table).get(ownCells(tr).indexOf(td));
    return !!column && !column.distinct;
  };
  // A cell's title drawn as words before its links (columns.js: leadingWords) names its row, unless another row's
  // cell of that column leads with the same words (a 'by' before each author).
  const leadOf = (cell, row) => {
    const lead = leadingWords(cell), i = ownCells(row).indexOf(cell), p = row.parentElement;
    if (!lead || i < 0 || !p) return '';
    return Array.from(p.children).slice(0, 100).some(s => s !== row && ownCells(s)[i] &&
      leadingWords(ownCells(s)[i]) === lead) ? '' : lead;
  };
  const cellsOf = (row, skip, telling) => {
    const cells = Array.from(row.querySelectorAll(CELL)).filter(c => !c.querySelector('td,th,[role=gridcell],[role=cell]'));
    const parts = cells.length ? cells : Array.from(unwrap(row).children);  // a wrapper around the line unwrapped
    return parts.filter(c => !(skip && c.contains(skip)) && visible(c) && !(telling && repeatsDown(c, row))).map(c => {
      const field = c.querySelector('input:not([type=hidden]):not([type=checkbox]):not([type=radio]),select');
      return clean(field && !textOf(c) ? (field.value || '') : (telling && leadOf(c, row)) || textOf(c), 120);
    }).filter(Boolean).slice(0, 8);
  };
  // A row's aria-label names it when it shares a word with the row's own text ("Order 1042, Kira Quinn"); one
  // that does not is an instruction ("Press SPACE to select this row.").
  const wordsIn = t => new Set((t.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) || []));
  const labelNamesRow = (label, row) => {
    const text = wordsIn(row.innerText || row.textContent || '');
    return [...wordsIn(label)].some(w => text.has(w));
  };
  // What another row shows too names no row: a parent job linked from each run, an 'Activate' link on every line.
  const repeatsAcross = (c, row) => {
    const p = row.parentElement, words = clean(c.textContent), same = s => row.matches(ROW) ? s.tagName === row.tagName : alike(s, row);
    return !!p && Array.from(p.children).slice(0, 100).some(s => s !== row && same(s) &&
      Array.from(s.querySelectorAll(c.tagName === 'A' ? 'a[href]' : c.tagName)).some(a => clean(a.textContent) === words));
  };
  const TICKS = 'input[type=checkbox],input[type=radio],[role=checkbox],[role=radio]';  // boxes that pick a row
  // A command drawn after the control pressed (a row's 'disable all' after its 'remove') is a sibling command,
  // never the row's name, which leads it; a tick box leads its row, so what follows it still names it.
  const after = (skip, c) => !!skip && !skip.matches(TICKS) && !!(skip.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING);
  const rowName = (row, skip) => {  // the row's own name: its label, header cell, heading or first link, else text
    if (!row) return '';  // a header cell whose words only label its tick box ("Pick <row>") names the box:
    const labelsTick = c => !!c.querySelector(TICKS) && clean(c.innerText) === clean(Array.from(c.querySelectorAll('label'), l => l.innerText).join(' '));
    const own = row.getAttribute('aria-label');
    if (own && clean(own) && labelNamesRow(clean(own), row)) return clean(own, 100);
    for (const sel of ['[role=rowheader],th', 'h1,h2,h3,h4,h5,h6,[role=heading]', 'a[href],strong,b']) {  // the first
      const named = Array.from(row.querySelectorAll(sel)).find(c => !(skip && c.contains(skip)) && !after(skip, c) &&
        clean(c.textContent) && nameLike(clean(c.textContent)) && visible(c) && !repeatsDown(c, row) && !repeatsAcross(c, row) && !labelsTick(c));
      const cell = named && named.matches('a[href]') && named.closest(CELL);
      if (named) return clean((cell && row.contains(cell) && leadOf(cell, row)) || named.textContent, 100);
    }
    const cell = cellsOf(row, skip, true).find(nameLike) || cellsOf(row, skip).find(nameLike) || (skip ? Array.from(  // no cells:
      row.querySelectorAll('*')).filter(c => !c.firstElementChild && (c.compareDocumentPosition(skip) & Node.DOCUMENT_POSITION_FOLLOWING) &&
      visible(c)).map(c => clean(c.textContent, 100)).find(t => t && nameLike(t)) : '');  // the first words leading the control
    if (cell) return cell;
    const rest = clean(skip ? textOf(row).replace(textOf(skip), '') : textOf(row), 100);  // a line of bare text
    return nameLike(rest) ? rest : '';
  };
  const boxName = box => {
    const label = clean(box.getAttribute('aria-label') || (box.labels && box.labels[0] && box.labels[0].textContent), 100);
    const value = clean(box.value, 60);  // a value that is an id names nothing to a human: said as such
    return rowName(itemOf(box), box) || label || (idLike(value) ? `the row with value ${value}` : value);
  };
  /* committed.js */
  /* picked.js */

  let formFacts = null;
  if (form) {
    const fields = fieldsOf(form);
    const method = ((submitter && submitter.getAttribute('formmethod')) || form.getAttribute('method') || '').toLowerCase();
    const action = absolute((submitter && submitter.getAttribute('formaction')) || form.getAttribute('action'));
    formFacts = {
      method, action, role: (form.getAttribute('role') || '').toLowerCase(),
      label: clean(form.getAttribute('aria-label') || form.getAttribute('title') || ''),
      fields: fields.slice(0, 60).map(e => ({ label: labelOf(e), type: (e.type || e.tagName).toLowerCase(),
        autocomplete: (e.getAttribute('autocomplete') || '').toLowerCase(), visible: visible(e) })),
      hidden: Array.from(form.querySelectorAll('input[type=hidden]')).slice(0, 60)
        .map(e => [clean(e.getAttribute('name'), 60), clean(e.value, 60)]),
      chosen: [...Array.from(form.querySelectorAll('select')).filter(s => s.selectedIndex >= 0).slice(0, 20)
        .map(s => { const o = s.options[s.selectedIndex];
          const initial = Array.from(s.options).find(x => x.defaultSelected) || (s.multiple ? null : s.options[0]);
          return { name: s.getAttribute('name') || '', label: captionOf(s), option: clean(o.label || o.text, 120),
            value: clean(s.value, 80), changed: o !== initial, record: rowName(itemOf(s), s) }; }),
        ...Array.from(form.querySelectorAll('input[type=radio]')).filter(r => r.checked).slice(0, 20)
          .map(r => { const group = r.closest('fieldset,[role=radiogroup]');
            const legend = group && (group.querySelector('legend') || document.getElementById(
              (group.getAttribute('aria-labelledby') || '').split(' ')[0]));
            return { name: r.getAttribute('name') || '', label: clean((legend && legend.textContent) ||
              (group && group.getAttribute('aria-label')) || r.getAttribute('name'), 80),
              option: clean(r.labels && r.labels[0] ? r.labels[0].textContent : r.value, 120),
              value: clean(r.value, 80), changed: r.checked !== r.defaultChecked, record: rowName(itemOf(r), r) }; })],
      // The record an edit form is about, as it names itself: its first filled, visible text field
      // (Name, Title, Reference ... come first in most forms).
      record_name: (() => { const t = fields.find(e => e.tagName === 'INPUT' && ['text', ''].includes(
        (e.getAttribute('type') || '').toLowerCase()) && (e.value || '').trim() && visible(e));
        return t ? clean(t.value, 80) : ''; })(),
      // What submitting commits, as the page shows it: its visible single-line text fields (readonly ones too)
      // and its selects' chosen labels, in DOM order. Never a hidden input, a search box, a text area's body (one
      // holding only addresses is a line), an empty field or a select left on its empty choice; which values are
      // secret is the guard's to judge.
      values: valuesOf(fields),
      submit_name: submitter ? nameOf(submitter) : '',
      has_submit: !!submitter,
      submitter: describe(submitter),
      // A scripted control (no submit) in a form that ticks nothing (a toolbar drawn as a form) acts on the rows
      // ticked outside it: the page's selection.
      checked: (own => own.length || isSubmit ? own : checkedIn(document))(checkedIn(form)),
    };
  }
  // The page around the control: the nearest ancestor with enough text, the lists shown before the control.
  const anchor = form || el;
  const dialog = dialogOf(el);
  let around = anchor.parentElement || anchor;
  for (let i = 0; i < 5 && around !== dialog && around.parentElement && clean(around.innerText, 400).length < 120; i++) {
    around = around.parentElement;
  }
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
  const shown = (root, sel, n) => {
    const out = [];
    for (const e of root.querySelectorAll(sel)) {
      if (out.length >= n) break;
      if (visible(e) && !e.closest('nav,header,footer,[role=navigation]')) out.push(e);
    }
    return out;
  };
  const scope = dialog || main;
  const headings = shown(scope, 'h1,h2,h3,h4,h5,h6,[role=heading]', 12)  // those before the control, in order
    .filter(h => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).map(textOf).filter(Boolean).slice(0, 6);
  const h1 = Array.from(document.querySelectorAll('h1')).find(h => visible(h) && clean(h.textContent));
  // A dialog named by nothing that exists (no label, its labelled-by id missing) and with no heading is titled by
  // its first line when that line is short and more follows it (the title bar of the app's own modal). A line that
  // is a control's own words is no title: a popup menu's first command names nothing the others act on.
  const firstLine = d => {
    const lines = (d.innerText || '').split('\n').map(l => clean(l)).filter(Boolean);
    const commands = new Set(Array.from(d.querySelectorAll('button,a[href],[role=button],[role=link],[role=menuitem]'),
      c => (c.innerText || '').split('\n').map(l => clean(l))).flat());  // each line (a command and its key)
    return lines.length > 1 && lines[0].length <= 80 && !commands.has(lines[0]) ? lines[0] : '';
  };
  const labelled = dialog && (dialog.getAttribute('aria-label') || (document.getElementById(
    (dialog.getAttribute('aria-labelledby') || '').split(' ')[0]) || {}).textContent ||
    (shown(dialog, 'h1,h2,h3,h4,h5,h6,[role=heading]', 1).length ? '' : firstLine(dialog)));
  // A block titled by the very words of its control (a settings section 'Delete project' over its button) is that
  // control's section, no record.
  const item = (it => it && rowName(it, el).toLowerCase() === clean(el.innerText || el.value).toLowerCase() ? null : it)(itemOf(el));
  // The page's lines: table, ARIA and list rows, and repeated blocks (siblings of one tag and class) of two cells
  // or more that show a number; the innermost of them, each as its cells.
  const keys = new Map();
  const twin = e => {
    const p = e.parentElement;
    if (!p) return false;
    if (!keys.has(p)) {
      const count = new Map();
      for (const c of p.children) count.set(c.tagName + '.' + c.className, (count.get(c.tagName + '.' + c.className) || 0) + 1);
      keys.set(p, count);
    }
    return keys.get(p).get(e.tagName + '.' + e.className) > 1;
  };
  // A line alone (an order of one item) has no twin: a block of three cells or more, one a bare count and one
  // with the item's link or heading, is a line by its shape.
  const COUNT = /^\s*[×x]?\s*\d{1,4}\s*[×x]?\s*$/i;
  const lineShaped = r => {
    const cells = Array.from(unwrap(r).children).filter(c => /\S/.test(c.textContent || ''));
    return cells.length >= 3 && cells.some(c => COUNT.test(c.textContent || '')) &&
      cells.some(c => c.querySelector('a[href],h2,h3,h4,h5,h6,strong,b'));
  };
  const lineSet = new Set();
  const lineScope = item || scope;  // a control in a card or a line buys, edits or removes that line only
  for (const r of Array.from(lineScope.querySelectorAll('tr,[role=row],li,[role=listitem],div,article,section')).slice(0, 4000)) {
    if (unwrap(r).children.length >= 2 && /\d/.test(r.textContent || '') && (r.matches(ROW) || twin(r) || lineShaped(r)) &&
        size(r) < 600) lineSet.add(r);
  }
  for (const r of lineSet) {  // keep the innermost lines
    for (let a = r.parentElement, i = 0; a && a !== lineScope && i < 6; a = a.parentElement, i++) lineSet.delete(a);
  }
  const rows = [];
  for (const r of lineSet) {
    if (rows.length >= 30) break;
    if (!visible(r) || r.closest('nav,header,footer,[role=navigation]')) continue;
    // The cell that holds the line's own name (its heading or link) says that name, not the notes beside it
    // ('Olive Tree' rather than 'Olive Tree In stock (20 available)').
    const own = rowName(r, null);
    const cells = cellsOf(r, null).map(c => own && c !== own && c.startsWith(own + ' ') ? own : c);
    if (cells.length) rows.push(cells);
  }
  // The section a bulk control heads ('Shut Down All' in a list's header): the heading it sits with and the items
  // of the list that heading titles (the region it controls, the list after it in the block, or the blocks that
  // follow it up to the next heading). Items holding a control of their own are the records; their key is their own
  // first line (nested items and controls removed). Nothing when the control sits in a row or no heading is near.
  const up = e => e.parentElement || (e.getRootNode && e.getRootNode().host) || null;
  const HEADING = 'h1,h2,h3,h4,h5,h6,[role=heading]';
  const LIST = 'ul,ol,[role=list],[role=listbox],[role=tree],[role=grid],table,[role=table]';
  const ITEM = 'li,[role=listitem],[role=option],[role=treeitem],tr,[role=row]';
  const CONTROL = 'button,[role=button],a[href],input[type=submit],input[type=button],[aria-label][tabindex],[title][tabindex]';
  const isControl = c => c.matches(CONTROL) || /^[a-z]+-([a-z]+-)*button$/i.test(c.tagName);  // a design system's button
  const ownOf = it => Array.from(it.querySelectorAll('*')).filter(c => isControl(c) && c.parentElement &&
    c.parentElement.closest(ITEM) === it);
  const keyOf = it => {
    const copy = it.cloneNode(true);
    copy.querySelectorAll(ITEM + ',' + CONTROL + ',svg,img').forEach(c => c.remove());
    copy.querySelectorAll('*').forEach(c => { if (isControl(c)) c.remove(); });
    return clean(copy.textContent, 100);
  };
  const itemsIn = list => {
    const all = Array.from(list.querySelectorAll(ITEM)).filter(it => visible(it) && !it.querySelector('th'));
    const acting = all.filter(it => ownOf(it).length);
    return (acting.length ? acting : all.filter(it => !it.parentElement.closest(ITEM) ||
      !list.contains(it.parentElement.closest(ITEM)))).map(keyOf).filter(nameLike).slice(0, 30);
  };
  const headingText = h => {
    const copy = h.cloneNode(true);
    copy.querySelectorAll(CONTROL + ',[role=toolbar],svg').forEach(c => c.remove());
    copy.querySelectorAll('*').forEach(c => { if (isControl(c)) c.remove(); });
    return clean(copy.textContent, 80);
  };
  let at = el;  // a control inside a custom element's shadow tree is placed by its host
  while (at.getRootNode() !== document && at.getRootNode().host) at = at.getRootNode().host;
  /* page_context.js */
  return {
    tag, type, label: labelOf(el), autocomplete: (el.getAttribute('autocomplete') || '').toLowerCase(), is_submit: isSubmit,
    enter_submits: !!form && tag === 'input' && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(type) &&
      (submitters(form).length > 0 || form.querySelectorAll('input:not([type=hidden])').length === 1),
    editable: el.isContentEditable || tag === 'textarea' || tag === 'input',
    form: formFacts,
    beside_values: besideForm ? valuesOf(fieldsOf(besideForm)) : [],
    written,
    href: link ? (link.getAttribute('href') || '') : '',
    url: link ? link.href : '',
    link_signals: [actor.getAttribute('onclick') || '', el.getAttribute('onchange') || '',
      actor.getAttribute('data-method') ? 'method=' + actor.getAttribute('data-method') : '',
      actor.hasAttribute('data-confirm') || actor.hasAttribute('data-turbo-confirm') ? 'data-confirm' : '',
      actor.getAttribute('data-turbo-method') ? 'method=' + actor.getAttribute('data-turbo-method') : '',
      el.getAttribute('aria-expanded') === 'false' ? 'discloses' : '']  // a collapsed disclosure: it opens a panel
      .filter(Boolean).map(s => clean(s, 200)),
    page: {
      title: clean(document.title, 120), heading: h1 ? clean(h1.textContent, 120) : '',
      // The heading's own parts beside its text ('Delete' then its subtitle span 'Bridge closes').
      heading_parts: h1 && Array.from(h1.childNodes).some(n => n.nodeType === 3 && /\S/.test(n.textContent))
        ? Array.from(h1.children).filter(visible).map(c => clean(c.textContent, 100)).filter(Boolean).slice(0, 4) : [],
      text: clean(around.innerText, 1500), prose, objects, selected: form ? [] : checkedIn(document),
      near: clean(near.innerText, 600), headings, dialog: clean(labelled || (dialog && headings[0]) || '', 120),
      lone: !!dialog && !Array.from(dialog.querySelectorAll(ACTS)).some(c => c !== el && !c.contains(el) && visible(c) &&
        !c.disabled && c.getAttribute('aria-disabled') !== 'true'),
      modal: dialog ? (dialog.innerText || '').split('\n').map(t => clean(t, 300)).filter(Boolean).join('\n').slice(0, 900) : '',
      lines, rows, commands, alerts,
      menu_of: menuOf, in_filter: inFilter, in_shell: inShell, record_heading: recordHeading, opened_from: openedFrom, section_items: section ? section.items : [], section_heading: section ? section.heading : '',
    },
    row: { name: rowName(item, el), cells: item ? cellsOf(item, el) : [], fields: fieldFacts(item ? Array.from(item.querySelectorAll(FIELDS)) : nearFields(el)) },
    options: tag === 'select' ? Array.from(el.options).slice(0, 100).map(o => [clean(o.value, 80), clean(o.label || o.text, 120)]) : [],
  };
}
