"""The object of a context-menu command is the item the menu was opened on (issue 29 §2, a database console's
object tree: a right-click on a table, its menu's Truncate, the app's question naming the table unquoted). Here a
file drawer: a right-click on a file (or its row's own ⋯ button) opens a menu whose Shred… asks the app's own
question, which names the file in plain words; its Yes names that file. Real Chromium, through the guard."""

from __future__ import annotations

import pytest

from browser_core.act import actions
from browser_core.errors import ConfirmationRequired
from browser_core.session import BrowserSession
from tests.browser.helpers import find, observe

pytestmark = pytest.mark.browser

DRAWER = """
<h2>Shared drawer</h2>
<table class="files"><tbody>
  <tr class="file" tabindex="0"><td>▤</td><td><a class="fname" href="#rota-autumn.txt">rota-autumn.txt</a></td>
    <td>4 KB</td> <td><span class="more" tabindex="0" aria-label="More">⋯</span></td></tr>
  <tr class="file" tabindex="0"><td>▤</td><td><a class="fname" href="#ledger-2027.ods">ledger-2027.ods</a></td>
    <td>88 KB</td> <td><span class="more" tabindex="0" aria-label="More">⋯</span></td></tr>
  <tr class="file" tabindex="0"><td>▤</td><td><a class="fname" href="#minutes-march.odt">minutes-march.odt</a></td>
    <td>12 KB</td> <td><span class="more" tabindex="0" aria-label="More">⋯</span></td></tr>
</tbody></table>
<script>
  const drop = () => document.querySelectorAll('.pop').forEach(p => p.remove());
  const ask = (file) => {
    drop();
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.style.cssText = 'position:fixed;inset:20% 25%;background:#fff;border:1px solid #999;padding:1em';
    box.innerHTML = '<p>Are you sure you want to erase file ' + file + '? It cannot be brought back.</p>' +
      '<button class="no">No</button> <button class="yes">Yes</button>';
    box.querySelector('.no').onclick = () => box.remove();
    box.querySelector('.yes').onclick = () => { box.remove();
      [...document.querySelectorAll('.fname')].find(f => f.textContent === file).closest('tr').remove(); };
    document.body.append(box);
  };
  const menu = (file, x, y, role) => {
    drop();
    const m = document.createElement('div');
    m.className = 'pop';
    if (role) m.setAttribute('role', 'menu');
    m.style.cssText = `position:fixed;left:${x}px;top:${y}px;background:#eee;border:1px solid #aaa`;
    const item = role ? 'div role="menuitem" tabindex="-1"' : 'div tabindex="0"';
    m.innerHTML = `<${item} class="ren">Rename…</div><${item} class="shred">Shred…</div>`;
    m.querySelector('.shred').addEventListener('click', () => ask(file));
    m.querySelector('.ren').addEventListener('click', drop);
    document.body.append(m);
  };
  document.querySelectorAll('tr.file').forEach(li => {
    const file = li.querySelector('.fname').textContent;
    li.addEventListener('contextmenu', e => { e.preventDefault(); menu(file, e.clientX, e.clientY, true); });
    li.querySelector('.more').addEventListener('click', e => {
      e.stopPropagation(); const r = e.currentTarget.getBoundingClientRect(); menu(file, r.right, r.bottom, false); });
  });
</script>
"""


async def _shred_asked(session: BrowserSession) -> dict[str, object]:
    """Shred… from the open menu (the app's question follows, not held), then the question's Yes: held."""
    await actions.click(session, element_id=find(await observe(session), "Shred…")["id"])
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Yes", "button")["id"])
    summary: dict[str, object] = held.value.details["summary"]
    return summary


async def test_a_context_menus_command_acts_on_the_item_right_clicked(session: BrowserSession) -> None:
    """A right-click on the second file opens a menu (role=menu, at the pointer); its Shred… opens the app's
    question (erase) naming the file unquoted; its Yes is held naming that file, never another."""
    page = await session.page()
    await page.set_content(DRAWER)
    row = find(await observe(session), "ledger-2027.ods", "link")
    await actions.click(session, element_id=row["id"], button="right")
    summary = await _shred_asked(session)
    assert summary["category"] == "delete" and summary["objects"] == ["ledger-2027.ods"], summary


async def test_a_rows_own_menu_buttons_command_acts_on_its_row(session: BrowserSession) -> None:
    """The same file's ⋯ button opens the menu as a floating layer with no role: Yes names the file too."""
    page = await session.page()
    await page.set_content(DRAWER)
    more = [e for e in (await observe(session))["elements"] if e["name"] == "More"]
    await actions.click(session, element_id=more[1]["id"])
    summary = await _shred_asked(session)
    assert summary["category"] == "delete" and summary["objects"] == ["ledger-2027.ods"], summary




TREE = """
<div class="side"><div class="tree">
  <div class="node" style="padding-left:0">Notebooks</div>
  <div class="node" style="padding-left:16px">Field trips</div>
  <div class="node" style="padding-left:32px">Heron count 2026</div>
  <div class="node" style="padding-left:32px">Moth survey</div>
  <div class="node" style="padding-left:16px">Archive</div>
</div></div>
<script>
  const ask = (name) => {
    document.querySelectorAll('.pop').forEach(p => p.remove());
    const box = document.createElement('div');
    box.setAttribute('role', 'dialog');
    box.style.cssText = 'position:fixed;inset:20% 25%;background:#fff;border:1px solid #999;padding:1em';
    box.innerHTML = '<p>Are you sure you want to erase notebook ' + name + '?</p>' +
      '<button>No</button> <button>Yes</button>';
    box.querySelectorAll('button').forEach(b => b.onclick = () => box.remove());
    document.body.append(box);
  };
  document.querySelectorAll('.node').forEach(n => {
    n.addEventListener('click', () => n.classList.add('on'));
    n.addEventListener('contextmenu', e => {
      e.preventDefault();
      const drawn = n.cloneNode(true);  // the node marked active is drawn anew: the one clicked is gone
      drawn.classList.add('on');
      n.replaceWith(drawn);
      const m = document.createElement('ul');
      m.className = 'pop'; m.setAttribute('role', 'menu');
      m.style.cssText = `position:fixed;left:${e.clientX}px;top:${e.clientY}px;background:#eee;list-style:none`;
      m.innerHTML = '<li role="menuitem">Open</li><li role="menuitem" class="shred">Shred…</li>';
      m.querySelector('.shred').addEventListener('click', () => ask(n.textContent));
      document.body.append(m);
    });
  });
</script>
"""


async def test_a_tree_node_right_clicked_is_its_menus_object(session: BrowserSession) -> None:
    """A tree drawn as plain blocks (no roles, no rows) that draws the node right-clicked anew (marked active): that
    node names the act its menu's command leads to when the app's question repeats it; a left-clicked node before
    it does not."""
    page = await session.page()
    await page.set_content(TREE)
    await actions.click(session, element_id=find(await observe(session), "Moth survey")["id"])
    await actions.click(session, element_id=find(await observe(session), "Heron count 2026")["id"], button="right")
    summary = await _shred_asked(session)
    assert summary["category"] == "delete" and summary["objects"] == ["Heron count 2026"], summary


SHEETS = """
<h2>Choir rota</h2>
<div class="app">
  <div class="pane"><div class="head"><ul class="strip" style="display:flex;gap:1em;list-style:none">
    <li><a href="#s1" class="sheet">Sopranos</a></li><li><a href="#s2" class="sheet">Altos</a></li>
    <li><a href="#s3" class="sheet">Tenors</a></li></ul></div></div>
  <div class="pane"><div class="head"><a href="#print">Print the rota</a></div></div>
</div>
<script>
  document.querySelectorAll('.sheet').forEach(s => s.addEventListener('contextmenu', e => {
    e.preventDefault();
    document.querySelectorAll('.pop').forEach(p => p.remove());
    const m = document.createElement('ul');
    m.className = 'pop';
    m.style.cssText = `position:absolute;left:${e.pageX}px;top:${e.pageY}px;background:#eee;list-style:none`;
    m.style.top = '4px';  // a long menu, taller than half the window: a command a line
    const lines = ['Rename', 'Duplicate sheet', 'Move left', 'Move right', 'Colour', 'Freeze first row', 'Hide',
                   'Show all', 'Protect', 'Print setup', 'Copy link', 'Remove'];
    m.innerHTML = lines.map(w => `<li style="padding:12px 8px"><a href="#">${w}</a></li>`).join('');
    m.lastChild.firstChild.className = 'rm';
    m.querySelector('.rm').addEventListener('click', (ev) => { ev.preventDefault(); s.remove(); m.remove(); });
    document.body.append(m);
  }));
</script>
"""


async def test_a_command_held_in_the_menu_itself_names_the_item_right_clicked(session: BrowserSession) -> None:
    """A strip of sheets, each a plain link in a list item: a right-click opens a long floating list with no roles
    (taller than half the window) whose Remove acts at once (no question of the app's): held, naming the sheet
    right-clicked, never the first sheet of the strip nor the page's heading."""
    page = await session.page()
    await page.set_content(SHEETS)
    await actions.click(session, element_id=find(await observe(session), "Altos", "link")["id"], button="right")
    with pytest.raises(ConfirmationRequired) as held:
        await actions.click(session, element_id=find(await observe(session), "Remove", "link")["id"])
    summary = held.value.details["summary"]
    assert summary["category"] == "delete" and summary["objects"] == ["Altos"], summary
