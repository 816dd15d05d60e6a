// Spliced into facts.js (one scope): rows the person picked by clicking a box that draws its tick and states nothing
// (no checked input, no aria-checked/-pressed/-selected). Such a box is the first control of its row, has no words
// of its own and is small; it was clicked an odd number of times this session (the init script counts trusted
// clicks: ``page/registry.py``), it is still on the page in its row, and the row or the box no longer looks as it
// did before the first click (an attribute of the row or of a block between them changed, or the box drew its mark).
// A box clicked twice, a row drawn anew, a toggle later in the row (a row's own flag) name nothing.
  const clickedPicks = scope => {
    const picks = key && window[key + '_picks'];
    if (!picks) return [];
    const CONTROLS = 'a[href],button,input,select,textarea,[tabindex],[role=button],[role=checkbox],[role=switch],[role=link]';
    const STATED = '[aria-checked],[aria-pressed],[aria-selected],[aria-expanded],[aria-haspopup]';
    const look = a => Array.from(a.attributes, x => x.name === 'aria-expanded' ? '' : x.name + '=' + x.value).join(' ');
    // The box's line: a row by itemOf, else the nearest block with words beyond the box's among look-alike blocks
    // (one tag, children of the same tags: a state class a script gives the picked line is no difference) stacked,
    // not side by side, each holding a control of its own.
    const tags = e => Array.from(e.children, c => c.tagName).join(',');
    const lineOf = box => {
      for (let a = box.parentElement, i = 0; a && a !== document.body && a !== main && i < 6; a = a.parentElement, i++) {
        const p = a.parentElement;
        if (textOf(a) === textOf(box) || !p) continue;
        const twins = Array.from(p.children).filter(s => s !== a && s.tagName === a.tagName && tags(s) === tags(a));
        if (twins.length && !columnsOfLine(a, twins) && twins.every(s => s.querySelector(CONTROLS))) return a;
      }
      return null;
    };
    const leads = (box, row) => Array.from(row.querySelectorAll(CONTROLS)).find(c => visible(c) && !c.disabled) === box;
    const names = [];
    for (const ref of picks.refs) {
      const box = ref.deref();
      const kept = box && picks.boxes.get(box);
      if (!kept || kept.count % 2 === 0 || !box.isConnected || !scope.contains(box) || !visible(box)) continue;
      const r = box.getBoundingClientRect();
      if (box.matches('input,select,textarea,' + STATED) || clean(box.innerText) || r.width > 48 || r.height > 48) continue;
      const row = itemOf(box) || lineOf(box);
      if (!row || !leads(box, row)) continue;
      const changed = box.innerHTML.slice(0, 2000) !== kept.inner ||
        kept.chain.some(([a, before]) => (a === row || (row.contains(a) && a !== box)) && look(a) !== before);
      let name = changed ? rowName(row, box) : '';
      // A name another line also holds (a payee met every week) is said with the line's first cells.
      const lines = row.parentElement ? Array.from(row.parentElement.children).slice(0, 300) : [];
      if (name && lines.filter(l => textOf(l).includes(name)).length > 1) name = clean(cellsOf(row, box).slice(0, 4).join(' '), 100) || name;
      if (name && nameLike(name) && !names.includes(name)) names.push(name);
    }
    return names;
  };
