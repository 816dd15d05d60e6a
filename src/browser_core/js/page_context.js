// Spliced into facts.js (one scope): where a control sits on its page: a view's filter, the app's shell, a
// section, the record the page shows, the row or opener a menu or modal acts on.
  // A control of the view's filter (a chip that drops a filter): it sits in a search region or a form that only
  // reads (method GET), or in the block of the list's search field that holds no records of its own.
  const RECORDS = 'table,[role=grid],[role=table],[role=treegrid],tr,[role=row],article,[role=article]';
  const inFilter = (() => {
    if (at.closest(RECORDS + ',td,[role=gridcell]')) return false;  // a table's row is a record
    const box = at.closest('[role=search],search,form');
    if (box && (box.tagName !== 'FORM' || box.getAttribute('role') === 'search' ||
        (box.getAttribute('method') || '').toLowerCase() === 'get')) return true;
    // Else only a chip (a short block of its own text and this one control) or a control among chips: a toolbar's
    // 'Delete selected' beside the search field is no filter.
    const controls = c => Array.from(c.querySelectorAll('*')).filter(isControl).length;
    // A chip is a token in a line: look-alike blocks stacked one under another (a list's rows, each with its own
    // Delete) are records beside the list's query field, not chips.
    const stacked = c => {
      const r = c.getBoundingClientRect(), p = c.parentElement;
      return !!p && Array.from(p.children).some(s => {
        const q = s.getBoundingClientRect();
        return s !== c && alike(s, c) && (q.top >= r.bottom - 1 || q.bottom <= r.top + 1) && Math.abs(q.left - r.left) < 2;
      });
    };
    const chip = c => !!c && size(c) < 80 && saysMore(c) && controls(c) === 1 && !stacked(c);
    // The control with the wrappers that hold nothing else (a widget's span, a cell of its own).
    let own = at;
    while (up(own) && up(own) !== document.body && controls(up(own)) <= 1 && !saysMore(up(own))) own = up(own);
    const parent = up(own);
    if (!parent || !(chip(parent) || Array.from(parent.querySelectorAll('*')).some(c => !c.contains(at) && chip(c))))
      return false;
    // The view's query field: a search field, or a text field that submits nothing (no form, no name): a script's.
    const SEARCH = 'input[type=search],[role=searchbox],[role=search]';
    const SCRIPTED = 'input[type=text]:not([name]):not([form]),input:not([type]):not([name]):not([form])';
    for (let a = parent, i = 0; a && a !== document.body && a !== main && i < 8; a = up(a), i++) {
      if (a.querySelector(RECORDS)) return false;
      if (a.querySelector(SEARCH) || Array.from(a.querySelectorAll(SCRIPTED)).some(f => !f.closest('form'))) return true;
    }
    return false;
  })();
  const section = (() => {
    const rowOf = item || itemOf(at);  // a repeated block that is a section's header is no row
    if (dialog || dialogOf(at) || (rowOf && !rowOf.matches(HEADING) && !rowOf.querySelector(HEADING))) return null;
    for (let a = up(el), i = 0; a && a !== document.body && i < 8; a = up(a), i++) {
      const h = a.matches(HEADING) ? a : Array.from(a.querySelectorAll(HEADING)).find(x => !x.contains(at) &&
        (x.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING) && visible(x));
      if (!h) { if (a.querySelector(LIST)) return null; continue; }
      if (h.matches('h1,[aria-level="1"]')) return null;  // the page's title heads a record page, not a list
      const places = [document.getElementById(a.getAttribute('aria-controls') || '') ||
        document.getElementById(h.getAttribute('aria-controls') || ''), a];
      for (let s = a.nextElementSibling; s && !s.matches(HEADING) && !s.querySelector(HEADING); s = s.nextElementSibling) places.push(s);
      for (const place of places.filter(Boolean)) {
        const list = [place, ...place.querySelectorAll(LIST)].find(l => l.matches(LIST) && visible(l) && !l.contains(at) &&
          (at.compareDocumentPosition(l) & Node.DOCUMENT_POSITION_FOLLOWING));
        const items = list ? itemsIn(list) : [];
        if (items.length) return { heading: headingText(h), items };
      }
      return null;
    }
    return null;
  })();
  const commands = shown(document, 'a[href],button,input[type=submit],input[type=button],[role=button],[role=link]', 150)
    .map(nameOf).filter(t => t && t.length <= 60).slice(0, 100);
  const fieldFacts = list => list.slice(0, 10).map(e => ({ label: labelOf(e), type: (e.type || e.tagName).toLowerCase(),
    autocomplete: '', visible: visible(e) }));
  const lines = (scope.innerText || '').split('\n').map(t => clean(t, 200)).filter(Boolean).slice(0, 150);
  const alerts = shown(document, '[role=alert],[role=alertdialog],[role=status],[role=note],dialog[open]', 6)
    .map(e => clean(e.innerText, 300)).filter(Boolean);
  // The site's shell around the page's own content: a banner, navigation or footer landmark (a header or footer
  // not inside a sectioning element), or anything outside the page's visible main region when it marks one. A
  // question the page asks ("are you sure …?") is its content's, never the shell's sign-out or language form's.
  const inShell = (() => {
    if (dialog) return false;
    const mains = Array.from(document.querySelectorAll('main,[role=main]')).filter(visible);
    if (mains.length && !mains.some(m => m.contains(el))) return true;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const role = (a.getAttribute('role') || '').toLowerCase();
      if (['banner', 'navigation', 'contentinfo'].includes(role) || a.tagName === 'NAV') return true;
      if (!role && ['HEADER', 'FOOTER'].includes(a.tagName) && !(a.parentElement && a.parentElement.closest(
        'article,aside,main,nav,section,[role=main],[role=article],[role=region],[role=complementary]'))) return true;
    }
    return false;
  })();
  // The prose around the control: its text outside lists, tables and controls (a list's rows, a select's options and
  // a button's name are no sentence the page says), where a warning of the act is read.
  const NOT_PROSE = 'table,ul,ol,[role=list],[role=grid],[role=table],[role=treegrid],[role=tree],[role=listbox],' +
    'select,button,[role=button],input,textarea,label,nav,[role=navigation],script,style,noscript,template';
  const prose = (() => {
    const out = [], walk = document.createTreeWalker(around, NodeFilter.SHOW_TEXT);
    let size = 0;
    for (let n = walk.nextNode(); n && size < 1500 && out.length < 400; n = walk.nextNode()) {
      const p = n.parentElement, skip = p && p.closest(NOT_PROSE);
      if (!p || !/\S/.test(n.textContent) || (skip && skip !== around && around.contains(skip)) || !visible(p)) continue;
      out.push(n.textContent);
      size += n.textContent.length;
    }
    return clean(out.join(' '), 1500);
  })();
  let near = el.parentElement || el;  // the smallest block of text around the control
  for (let i = 0; i < 4 && near.parentElement && clean(near.innerText, 600).length < 40; i++) near = near.parentElement;
  const link = el.closest('a[href]');
  const actor = link || el;
  // The labels of the app's views (current navigation item, selected tab, navigation links): a heading that
  // repeats one titles a view ("Inbox", "Runs"), never a record.
  const viewLabels = () => new Set(Array.from(document.querySelectorAll('[aria-current=page],[aria-current=true],' +
    '[role=tab][aria-selected=true],nav a[href],[role=navigation] a[href]')).map(e => clean(e.textContent, 100)));
  // A page that lists records (two or more rows or items in its content, each with a control of its own: an Edit,
  // a link to the record) is a list's page: its heading titles the collection, never one record. A record's own
  // details in rows (its versions, its fields) carry no controls. Items that are each one button and no text of
  // their own are a strip of commands written as a list (a sidebar's tabs), no records.
  const recordItem = i => { const own = ownOf(i); return own.length > 0 && (saysMore(i) || own.some(c => c.matches('a[href]'))); };
  const listsRecords = () => Array.from(document.querySelectorAll(LIST)).some(l => visible(l) &&
    !l.closest('nav,header,footer,[role=navigation],[role=banner],[role=contentinfo],[role=menu],[role=tablist]') &&
    Array.from(l.querySelectorAll(ITEM)).filter(i => visible(i) && i.closest(LIST) === l && !i.closest('thead') &&
      recordItem(i)).length >= 2);
  // The record of a detail page: its one title heading (outside the shell, before the control), when the control
  // sits in no row, dialog or menu, and the page picks no rows (a list's page acts on its ticked rows).
  // A heading clipped to a pixel is a screen reader's (it names the view: 'Edit item'), not the one drawn; an
  // editable title heading (an editor's title field) is drawn and names the record it edits.
  const drawn = e => { const r = e.getBoundingClientRect(); return r.width > 1 && r.height > 1; };
  const recordHeading = (() => {
    if (item || dialog || inShell || el.closest('[role=menu],[role=menubar],[role=listbox]')) return '';
    const hs = Array.from(document.querySelectorAll('h1')).filter(h => visible(h) && drawn(h) && clean(h.textContent) &&
      !h.closest('nav,header,footer,[role=banner],[role=navigation],[role=contentinfo]'));
    if (hs.length !== 1 || !(hs[0].compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING)) return '';
    const text = clean(hs[0].textContent, 100);
    const boxes = Array.from((form || document).querySelectorAll('input[type=checkbox],[role=checkbox]'));
    if (!nameLike(text) || viewLabels().has(text) || boxes.some(b => itemOf(b)) || listsRecords()) return '';
    // A heading of words and one element of its own names the record by that element ('Edit table <a>t</a>').
    const own = Array.from(hs[0].childNodes).some(n => n.nodeType === 3 && /\S/.test(n.textContent));
    const parts = Array.from(hs[0].children).filter(c => visible(c) && clean(c.textContent));
    return own && parts.length === 1 && nameLike(clean(parts[0].textContent)) ? clean(parts[0].textContent, 100) : text;
  })();
  // The record a dialog's opener acts on: the row of the control clicked before it (the menu's opener when it was
  // a menu's command: guard.py), else the page's one title
  // heading outside the dialog when the page is one record's (no view label, no list of records). A confirmation
  // that repeats it unquoted ("This will put run X into …") names that record.
  const openedFrom = (() => {
    if (!dialog) return '';
    if (pressed && pressed.isConnected && !dialog.contains(pressed)) {
      // An item right-clicked for its menu is its own record (a tree's item); a row's name link keys its row.
      const item = itemOf(pressed) || (pressed.matches('[role=treeitem],[role=row],tr,li') ? pressed : null);
      const row = rowName(item, pressed.matches('a[href]') || item === pressed ? null : pressed);
      if (row) return row;
      // An item of no row that is no command (a tree's node drawn as a plain block) names itself.
      const own = clean(pressed.innerText, 100);
      if (!item && own && !own.includes('\n') && nameLike(own) && !pressed.matches(
        'button,a[href],input,select,textarea,[role=button],[role=link],[role=menuitem],[role=tab],[role=checkbox]')) return own;
    }
    const hs = Array.from(document.querySelectorAll('h1')).filter(h => visible(h) && clean(h.textContent) &&
      !dialog.contains(h) && !h.closest('nav,header,footer,[role=banner],[role=navigation],[role=contentinfo]'));
    const text = hs.length === 1 ? clean(hs[0].textContent, 100) : '';
    return text && nameLike(text) && !viewLabels().has(text) && !listsRecords() ? text : '';
  })();
  // A layer floating over the page (positioned out of the flow, smaller than half the viewport, not holding the
  // control clicked before it) is a popup the page marks with no role, opened by that control: its row, if any.
  // A control no longer drawn (in a dialog closed since) holds open no layer.
  const floatingRow = () => {
    if (!pressed || !pressed.isConnected || !visible(pressed) || pressed.matches('input,select,textarea,[role=checkbox],[role=radio],[role=switch]')) return null;
    const row = itemOf(pressed);
    if (!row) return null;
    const area = innerWidth * innerHeight;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (a.contains(pressed)) return null;
      const pos = getComputedStyle(a).position;
      if (pos !== 'absolute' && pos !== 'fixed') continue;
      const r = a.getBoundingClientRect();
      return r.width * r.height > 0 && r.width * r.height < area / 2 ? row : null;
    }
    return null;
  };
  // An item of a popup menu acts on what its opener acts on: the opener's row, else the heading beside it (a
  // record page's kebab menu next to the record's name).
  // The navigation's current item (aria-current) whose first line the opener's block shows too, as plain words:
  // the record the page is about (an account's page, its name drawn beside its menu and no heading).
  const currentBeside = opener => {
    const current = Array.from(document.querySelectorAll('[aria-current=page],[aria-current=true]'))
      .filter(c => visible(c) && !c.contains(opener)).map(c => clean((c.innerText || '').split('\n')[0], 100))
      .filter(t => t.length >= 3);
    for (let a = opener.parentElement, i = 0; a && a !== document.body && i < 3 && current.length; a = a.parentElement, i++) {
      const lines = (a.innerText || '').split('\n').map(t => clean(t, 100));
      const named = current.find(t => lines.includes(t));
      if (named) return named;
    }
    return '';
  };
  // A popup drawn as a layer of its own (a dialog with no menu role) that the control pressed last opened and
  // marks open (aria-expanded): it acts on what that control's page is about.
  const openedLayerOf = layer => pressed && pressed.isConnected && !layer.contains(pressed) &&
    pressed.getAttribute('aria-expanded') === 'true' ? currentBeside(pressed) : '';
  const menuOf = (() => {
    const layer = dialogOf(el);
    if (layer) return openedLayerOf(layer);
    const menu = el.closest('[role=menu],[role=menubar],[role=listbox]');
    if (!menu) {
      const row = floatingRow();
      return row ? rowName(row, pressed) : '';
    }
    const opener = (menu.id && document.querySelector('[aria-controls="' + CSS.escape(menu.id) + '"]')) ||
      document.querySelector('[aria-haspopup][aria-expanded=true],[aria-haspopup][data-state=open]') ||
      (pressed && pressed.isConnected && menu.matches('[role=menu],[role=listbox]') ? pressed : null);
    if (opener && !menu.contains(opener)) {
      const row = rowName(itemOf(opener), opener);
      if (row) return row;
      // A heading that repeats the current navigation item or tab titles a view ("Runs"), not the record: the
      // record is then the breadcrumb's last step.
      const views = viewLabels();
      for (let a = opener.parentElement, i = 0; a && a !== document.body && i < 5; a = a.parentElement, i++) {
        const h = Array.from(a.querySelectorAll('h1,h2,h3,[role=heading]')).find(x => visible(x) && clean(x.textContent));
        if (h && !views.has(clean(h.textContent, 100))) return clean(h.textContent, 100);
        if (h) break;
      }
      const trail = Array.from(document.querySelectorAll('nav[aria-label*=breadcrumb i],[class*=breadcrumb i]'))
        .find(b => visible(b) && !b.parentElement.closest('nav[aria-label*=breadcrumb i],[class*=breadcrumb i]'));
      const steps = trail ? Array.from(trail.querySelectorAll('a[href],li,[aria-current]'))
        .map(e => clean(e.textContent, 100).replace(/^[\/›>»|·\s]+|[\/›>»|·\s]+$/g, '')).filter(Boolean) : [];
      if (steps.length) return steps[steps.length - 1];
      const current = currentBeside(opener);
      if (current) return current;
    }
    // No opener to read: the page's own title heading (its one h1), never a lesser heading, which may name a
    // section ("Runs") rather than the record.
    const hs = Array.from(document.querySelectorAll('h1')).filter(x => visible(x) && clean(x.textContent) && !menu.contains(x));
    return hs.length === 1 ? clean(hs[0].textContent, 100) : '';
  })();
