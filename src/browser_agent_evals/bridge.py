"""The harness's eyes (and, for sensitive fields, hands) in the pages it serves: a script appended to every page of
the evaluation's sites. It reports the page's state to the harness — URL, title, visible text, and for MiniWoB++
the episode's utterance and the reward the page itself computes — so a checker can read the final page state
whatever browser the agent runs in (its own, or a remote one). The agent never sees it: it adds nothing visible.

``hands``: when a task's human must type a sensitive value (a password the agent hands over), the page polls the
harness for it and fills the password field the way a person typing in the window would.
"""

from __future__ import annotations

import json

SCRIPT = """<script>(function(){
var base = %(base)s, wob = %(wob)s, hands = %(hands)s, top = window === window.top;
function send(kind, extra) {
  var d = {kind: kind, url: location.href, title: document.title, frame: !top,
           text: document.body ? document.body.innerText.slice(0, 4000) : ''};
  for (var k in extra || {}) d[k] = extra[k];
  try { fetch(base + '/report', {method: 'POST', body: JSON.stringify(d), keepalive: true}); } catch (e) {}
}
function utterance() {
  var q = document.getElementById('query');
  return q ? q.textContent.replace(/\\s+/g, ' ').trim() : '';
}
if (wob && window.core) {
  var start = core.startEpisodeReal, end = core.endEpisode;
  core.startEpisodeReal = function () {
    start.apply(this, arguments);
    send('episode_start', {utterance: utterance()});
  };
  core.endEpisode = function () {
    var live = core.EP_TIMER !== null, said = utterance();
    end.apply(this, arguments);
    if (live) send('episode_end', {utterance: said, reward: WOB_REWARD_GLOBAL, raw_reward: WOB_RAW_REWARD_GLOBAL,
                                   reason: String(WOB_REWARD_REASON), done: WOB_DONE_GLOBAL});
  };
}
var timer = null;
window.addEventListener('load', function () {
  send('load', {});
  var later = function () { clearTimeout(timer); timer = setTimeout(function () { send('change', {}); }, 200); };
  if (!wob) new MutationObserver(later).observe(document.body, {subtree: true, childList: true, characterData: true});
  if (hands) poll();
});
function fill(value) {
  var el = document.activeElement;
  if (!el || el.type !== 'password') {
    var all = document.querySelectorAll('input[type=password]');
    for (var i = 0; i < all.length && (!el || el.type !== 'password'); i++) if (!all[i].value) el = all[i];
  }
  if (!el || el.type !== 'password') return false;
  el.focus(); el.value = value;
  el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true}));
  return true;
}
function poll() {
  fetch(base + '/hands').then(function (r) { return r.status === 200 ? r.json() : null; }).then(function (cmd) {
    if (cmd && typeof cmd.fill === 'string') send('hands_done', {filled: fill(cmd.fill)});
    setTimeout(poll, 20);
  }).catch(function () { setTimeout(poll, 1000); });
}
})();</script>"""


def script(token: str, *, miniwob: bool = False, hands: bool = False) -> bytes:
    values = {"base": json.dumps(f"/__eval/{token}"), "wob": json.dumps(miniwob), "hands": json.dumps(hands)}
    return (SCRIPT % values).encode()


def inject(html: bytes, extra: bytes) -> bytes:
    """``extra`` just before ``</body>`` (or at the end)."""
    at = html.rfind(b"</body>")
    return html[:at] + extra + html[at:] if at != -1 else html + extra
