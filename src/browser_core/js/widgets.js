// Widgets that replace native controls (select2, tom-select, choices.js, ARIA comboboxes and listboxes,
// read-only date pickers), found by structure, ARIA and the libraries' own markers, never by a site's names.
// One entry point: (el, a) => ops[a.op](el, a). `el` is the element the op works on (the document element for
// the label search). The face is what a person clicks to open the widget; the popup is what it opens.
(el, a) => {
  const OPTION = "[role=option],[role=treeitem],.select2-results__option,.select2-result,.ant-select-item-option," +
    ".el-select-dropdown__item,.v-list-item,.MuiAutocomplete-option";
  const NOT_AN_OPTION = /(^|[\s_-])(message|loading|searching|no-results|has-no-results|has-no-choices|notice)([\s_-]|$)/i;
  const LOADING = /(^|[\s_-])(loading|searching|is-loading)([\s_-]|$)/i;
  const CHROME = /(^|[\s_-])(remove|clear|arrow|placeholder|caret|toggle|icon)([\s_-]|$)/i;
  const norm = (s) => (s || "").replace(/\s+/g, " ").trim().replace(/[\s:*]+$/, "").toLowerCase();
  const clean = (s) => (s || "").replace(/\s+/g, " ").trim();
  const shown = (e) => {
    if (!e || !e.isConnected) return false;
    const r = e.getBoundingClientRect();
    if (r.width < 1 && r.height < 1) return false;
    return !e.checkVisibility || e.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  // A native control a person cannot see (the library hid it and drew its own face).
  const hiddenControl = (e) => {
    if (!shown(e) || e.getAttribute("aria-hidden") === "true") return true;
    const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
    return r.width <= 2 || r.height <= 2 || (cs.clip && cs.clip !== "auto") || (cs.clipPath && cs.clipPath !== "none");
  };
  // Every jQuery on the page: the global one, and copies kept under a namespace by noConflict (an admin's own).
  const jqs = (() => {
    const isJq = (v) => typeof v === "function" && !!v.fn && typeof v.fn.jquery === "string";
    const out = new Set([window.jQuery, window.$].filter(isJq));
    for (const k of Object.keys(window)) {
      if (/^\d+$/.test(k)) continue;  // child frames (another origin's window throws when read)
      try {
        const v = window[k];
        if (v && typeof v === "object" && isJq(v.jQuery)) out.add(v.jQuery);
      } catch (x) { /* a property that refuses to be read */ }
    }
    return [...out];
  })();
  // The jQuery that holds `key` data for `e` (the copy the widget was built with), else null.
  const jqWith = (e, key) => jqs.find((q) => { try { return !!q(e).data(key); } catch (x) { return false; } }) || null;
  const select2Of = (e) => { const q = jqWith(e, "select2"); return q ? q(e).data("select2") : null; };
  const isTextInput = (e) => !!e && ((e.tagName === "INPUT" &&
    !["checkbox", "radio", "button", "submit", "reset", "image", "file", "hidden", "range", "color"]
      .includes((e.type || "").toLowerCase())) || e.tagName === "TEXTAREA");

  function flatpickrOf(e) {
    if (e._flatpickr) return e._flatpickr;
    for (const s of [e.previousElementSibling, e.nextElementSibling]) if (s && s._flatpickr && s._flatpickr.altInput === e) return s._flatpickr;
    return null;
  }
  function jqPicker(e) {  // [its jQuery, the method that sets a date], or null
    const q = jqWith(e, "datepicker") || (e.classList.contains("hasDatepicker") && jqs.find((j) => j.fn.datepicker));
    if (!q || !q.fn.datepicker) return null;
    const data = q(e).data("datepicker");
    return [q, data && typeof data.update === "function" ? "update" : "setDate"];  // bootstrap-datepicker; jQuery UI
  }
  function isDatePicker(e) {
    if (!e || e.tagName !== "INPUT" || !isTextInput(e)) return false;
    if (flatpickrOf(e) || jqPicker(e)) return true;
    if (!e.readOnly || e.getAttribute("role") === "combobox" || e.closest("[role=combobox]")) return false;
    return ["dialog", "grid"].includes((e.getAttribute("aria-haspopup") || "").toLowerCase()) ||
      /(date|picker|calendar)/i.test(e.className + " " + (e.getAttribute("data-toggle") || ""));
  }

  // The face of the widget drawn for a hidden <select>: the library's instance when it exposes one, else the
  // combobox around it, else the one control drawn beside it.
  function faceOfSelect(s) {
    if (s.tomselect && s.tomselect.control) return s.tomselect.control_input && shown(s.tomselect.control_input) ? s.tomselect.control_input : s.tomselect.control;
    const data = select2Of(s);
    if (data && data.$container) return data.$container.find(".select2-selection")[0] || data.$container[0];  // v4
    if (data && data.container) return data.container.find(".select2-choice,.select2-choices")[0] || data.container[0];  // v3
    const around = s.closest("[role=combobox]");
    if (around && shown(around)) return around;
    for (let n = s.parentElement, d = 0; n && d < 3; n = n.parentElement, d++) {
      const faces = [...n.querySelectorAll("[role=combobox],[aria-haspopup],.select2-choice,.select2-choices")].filter((f) => f !== s && shown(f));
      if (faces.length) return faces[0];
      if (n.querySelectorAll("select").length > 1) break;
    }
    return null;
  }
  // The hidden <select> a face was drawn for, if any.
  function selectOfFace(f) {
    for (let n = f, d = 0; n && d < 5; n = n.parentElement, d++) {
      const sel = n.tagName === "SELECT" ? [n] : [...n.querySelectorAll(":scope > select, :scope > * > select")];
      const hidden = sel.filter(hiddenControl);
      if (hidden.length === 1 && faceOfSelect(hidden[0]) && (faceOfSelect(hidden[0]) === f || faceOfSelect(hidden[0]).contains(f) || f.contains(faceOfSelect(hidden[0])))) return hidden[0];
      if (sel.length) break;
    }
    return null;
  }
  // What a control is, as a widget: {kind: "date"|"choice", face, select, multiple, text} or null (a native one).
  function widgetOf(c) {
    if (!c || c.nodeType !== 1) return null;
    if (isDatePicker(c)) return { kind: "date", face: flatpickrOf(c) && flatpickrOf(c).altInput || c };
    if (c.tagName === "INPUT" && c.type === "hidden") {
      const fp = flatpickrOf(c);
      if (fp && fp.altInput) return { kind: "date", face: fp.altInput };
    }
    let select = c.tagName === "SELECT" ? c : null, face = null;
    if (c.tagName === "INPUT" && c.type === "hidden" && select2Of(c)) {  // select2 v3 over a hidden input
      face = faceOfSelect(c);
      return face ? { kind: "choice", face, select: null, source: c, multiple: !!select2Of(c).opts.multiple, text: false } : null;
    }
    if (select) {
      if (!hiddenControl(select)) return null;
      face = faceOfSelect(select);
      if (!face) return null;
    } else {
      face = c.closest("[role=combobox],[aria-haspopup=listbox],.select2-choice,.select2-choices");
      const box = face ? null : c.closest(".select2-container,.ts-wrapper,.choices");
      if (box) {  // a part of a library's drawn widget: the widget of the element it was drawn for, beside it
        for (const sib of [box.previousElementSibling, box.nextElementSibling]) {
          if (sib && (sib.tagName === "SELECT" || (sib.tagName === "INPUT" && sib.type === "hidden"))) {
            const w = widgetOf(sib);
            if (w) return w;
          }
        }
        face = box;
      }
      if (!face || face.tagName === "SELECT") return null;
      select = selectOfFace(face);
      if (select) face = faceOfSelect(select);
      if (face.tagName === "INPUT" && !select && !face.hasAttribute("aria-controls") && !face.hasAttribute("aria-owns") &&
          !face.hasAttribute("aria-autocomplete") && face.getAttribute("aria-haspopup") !== "listbox") return null;
    }
    const multiple = select ? select.multiple : (listboxOf(face) || {}).ariaMultiSelectable === "true" ||
      face.getAttribute("aria-multiselectable") === "true";
    return { kind: "choice", face, select, multiple: !!multiple, text: isTextInput(face) && !face.readOnly };
  }

  function byId(e, id) {
    const root = e.getRootNode();
    return document.getElementById(id) || (root.getElementById && root.getElementById(id)) || null;
  }
  function refs(e, names) {
    const out = [];
    for (const n of names) for (const id of (e && e.getAttribute(n) || "").split(/\s+/)) if (id) { const x = byId(e, id); if (x) out.push(x); }
    return out;
  }
  function listboxOf(f) {
    for (const p of refs(f, ["aria-controls", "aria-owns"])) {
      if (p.matches("[role=listbox],[role=tree],[role=menu],[role=grid]")) return p;
      const inner = p.querySelector("[role=listbox],[role=tree]");
      if (inner) return inner;
    }
    return null;
  }

  // Labels a person reads next to the field: <label> (for= or wrapping), aria-labelledby, aria-label, a label
  // cell (th/td/dt) before the field's cell.
  function labelled(want) {
    const hits = [];
    let plainExact = false;  // a native field labelled exactly so: a widget whose label merely contains it is not it
    const add = (ctrl, text) => {
      const t = norm(text);
      if (!t || !(t === want || (want.length >= 3 && t.includes(want)))) return;
      const w = widgetOf(ctrl);
      if (!w && ctrl && t === want) plainExact = true;
      if (w && shown(w.face) && !hiddenControl(w.face) && !hits.some((h) => h.w.face === w.face)) hits.push({ w, exact: t === want, label: clean(text) });
    };
    for (const l of document.querySelectorAll("label")) {
      const t = l.textContent;
      if (l.control) add(l.control, t);
      else if (l.htmlFor) add(byId(l, l.htmlFor), t);
      else if (l.nextElementSibling) add(l.nextElementSibling.matches("input,select,[role=combobox],button") ? l.nextElementSibling : l.nextElementSibling.querySelector("input,select,[role=combobox],[aria-haspopup]"), t);
    }
    for (const e of document.querySelectorAll("[aria-labelledby]")) for (const r of refs(e, ["aria-labelledby"])) if (r !== e && !e.contains(r)) add(e, r.textContent);
    for (const e of document.querySelectorAll("[role=combobox][aria-label],[aria-haspopup][aria-label],select[aria-label]")) add(e, e.getAttribute("aria-label"));
    for (const cell of document.querySelectorAll("th,td,dt")) {
      const next = cell.nextElementSibling;
      if (!next || norm(cell.textContent).length > 60) continue;
      add(next.querySelector("select,input:not([type=hidden]),[role=combobox],[aria-haspopup=listbox]"), cell.textContent);
    }
    const exact = hits.filter((h) => h.exact);
    return exact.length ? exact : plainExact ? [] : hits;
  }

  function register(e) {
    const st = (window[a.key] = window[a.key] || { ids: new WeakMap(), els: new Map(), next: a.start });
    if (st.next < a.start) st.next = a.start;
    let n = st.ids.get(e);
    if (n === undefined) { n = st.next++; st.ids.set(e, n); st.els.set(n, new WeakRef(e)); }
    return [n, st.next];
  }

  // Options may be added beyond the select's own (loaded as one types, or created from the text typed).
  function openEnded(w) {
    const s = w.select;
    if (!s) return true;
    if (s.tomselect) return !!(s.tomselect.settings.create || s.tomselect.settings.load);
    const data = select2Of(s);
    if (data && data.options) return !!(data.options.get("ajax") || data.options.get("tags"));
    return false;
  }
  // Everything Python needs to know about a widget, from its face.
  function describe(w, label) {
    const opts = w.select && !openEnded(w) ? [...w.select.options].filter((o) => !o.disabled || o.selected).map((o) => clean(o.label || o.text)) : null;
    return { kind: w.kind, multiple: !!w.multiple, text: !!w.text, has_select: !!w.select, options: opts,
      label: label || "", role: w.kind === "date" ? "textbox" : w.face.getAttribute("role") || (w.face.tagName === "BUTTON" ? "button" : "combobox"),
      shown: valueShown(w) };
  }

  // The value the widget now shows: its chips or its single value, never its placeholder or remove marks.
  function valueShown(w) {
    const f = w.face;
    if (w.kind === "date" || (isTextInput(f) && !w.select)) return [f.value];
    const root = isTextInput(f) ? f.parentElement : f;  // a search field inside the control: the control
    const items = [];
    const walk = (n) => {
      for (let c = n.firstChild; c; c = c.nextSibling) {
        if (c.nodeType === 3) {
          const t = clean(c.nodeValue);
          if (t && /[\p{L}\p{N}]/u.test(t)) items.push(t);
          continue;
        }
        if (c.nodeType !== 1 || c.tagName === "SELECT" || c.tagName === "INPUT" || c.tagName === "SCRIPT") continue;
        if (c.getAttribute("aria-hidden") === "true") continue;
        if (hiddenControl(c) || CHROME.test(typeof c.className === "string" ? c.className : "")) continue;
        walk(c);
      }
    };
    walk(root);
    return [...new Set(items)];
  }

  function isOpen(w) {
    const f = w.face;
    const expanded = [f, f.querySelector("[aria-expanded]")].some((e) => e && e.getAttribute("aria-expanded") === "true");
    const roots = popups(w);
    return expanded || (roots.length > 0 && optionEls(w, true, roots).length > 0);
  }
  // The options the open widget offers: in the popup its face (or focused search field) points to, else the
  // option elements shown anywhere that were not shown before it opened.
  function popups(w) {
    let roots = [listboxOf(w.face), listboxOf(document.activeElement)].filter((p) => p && shown(p));
    if (!roots.length) {
      const dropdown = w.face.querySelector("[aria-expanded=true]:not([role=combobox])");
      if (dropdown && shown(dropdown)) roots = [dropdown];
    }
    return roots;
  }
  function optionEls(w, any, roots) {
    const before = window[a.key + "_w"] || new WeakSet();
    roots = roots || popups(w);
    const pool = roots.length ? roots.flatMap((r) => [...r.querySelectorAll(OPTION)]) : [...document.querySelectorAll(OPTION)];
    return [...new Set(pool)].filter((o) => shown(o) && !before.has(o) && !o.querySelector(OPTION))
      .filter((o) => any || (!NOT_AN_OPTION.test(typeof o.className === "string" ? o.className : "") &&
        !["alert", "status"].includes(o.getAttribute("role")) && !o.hasAttribute("aria-live")));
  }
  function loading(w) {
    const lb = listboxOf(w.face) || listboxOf(document.activeElement);
    if (lb && lb.getAttribute("aria-busy") === "true") return true;
    if (popups(w).some((r) => [...r.querySelectorAll("[class*=searching],[class*=loading]")].some(shown))) return true;
    return optionEls(w, true).some((o) => LOADING.test(typeof o.className === "string" ? o.className : ""));
  }
  function optionList(w) {
    return optionEls(w, false).map((o) => [clean(o.textContent), o.getAttribute("aria-disabled") === "true" ||
      o.hasAttribute("disabled") || !!o.closest(".disabled,.select2-disabled,.select2-result-unselectable"), o.getAttribute("aria-selected") === "true",
      !!o.closest("[aria-multiselectable=true]") || !!(w.select && w.select.multiple)]);
  }

  const ops = {
    find: () => labelled(norm(a.text)).map((h) => [...register(h.w.face), { ...describe(h.w, h.label), exact: h.exact }]),
    face: (e) => { const w = widgetOf(e); return w ? [...register(w.face), describe(w, "")] : null; },
    describe: (f) => { const w = widgetOf(f); return w ? describe(w, "") : null; },
    mark: (f) => {  // the option elements shown before the widget opens are not its options
      const seen = new WeakSet();
      for (const o of document.querySelectorAll(OPTION)) if (shown(o)) seen.add(o);
      window[a.key + "_w"] = seen;
      return true;
    },
    state: (f) => { const w = widgetOf(f); return w ? { open: isOpen(w), loading: loading(w), options: optionList(w),
      focus_text: isTextInput(document.activeElement) && !document.activeElement.readOnly } : null; },
    option: (f) => { const w = widgetOf(f); return w ? optionEls(w, false)[a.index] || null : null; },
    settle: (f) => new Promise((done) => {  // options present and still for a moment (results may load as one types)
      const w = widgetOf(f), t0 = Date.now();
      let last = "", since = Date.now();
      const tick = () => {
        const list = optionList(w), key = JSON.stringify(list), busy = loading(w);
        if (key !== last) { last = key; since = Date.now(); }
        const want = norm(a.text || "");
        const hit = want && list.some(([t]) => norm(t) === want);
        if (!busy && ((hit && Date.now() - since > 80) || Date.now() - since > a.quiet_ms) || Date.now() - t0 > a.max_ms) done(list);
        else setTimeout(tick, 40);
      };
      tick();
    }),
    shown: (f) => { const w = widgetOf(f); return w ? { shown: valueShown(w), open: isOpen(w),
      selected: w.select ? [...w.select.selectedOptions].map((o) => clean(o.label || o.text)) : null } : null; },
    close: (f) => {  // the library's own close, when its instance is reachable from the element
      const w = widgetOf(f);
      if (!w || !isOpen(w)) return false;
      if (w.select && w.select.tomselect) { w.select.tomselect.close(); w.select.tomselect.blur(); return true; }
      const source = w.select || w.source;
      const q = source && jqWith(source, "select2");
      if (q) { q(source).select2("close"); return true; }
      return false;
    },
    closed: (f) => new Promise((done) => {
      const w = widgetOf(f), t0 = Date.now();
      const tick = () => (!w || !isOpen(w) ? done(true) : Date.now() - t0 > a.max_ms ? done(false) : setTimeout(tick, 30));
      tick();
    }),
    blur: () => { const x = document.activeElement; if (x && x !== document.body) x.blur(); return true; },
    set_select: (f) => {  // the hidden <select> set directly, with the events its library listens to
      const w = widgetOf(f);
      const wanted = new Set(a.labels.map(norm));
      const keep = [...w.select.options].filter((o) => wanted.has(norm(o.label || o.text)));
      if (w.select.tomselect) { w.select.tomselect.setValue(keep.map((o) => o.value)); return true; }  // its own API
      for (const o of w.select.options) o.selected = keep.includes(o);
      w.select.dispatchEvent(new Event("input", { bubbles: true }));
      w.select.dispatchEvent(new Event("change", { bubbles: true }));
      const q = jqWith(w.select, "select2");
      if (q) q(w.select).trigger("change.select2");
      return true;
    },
    set_date: (e) => {
      const fp = flatpickrOf(e);
      const input = fp ? fp.input : e;
      if (fp) fp.setDate(a.value, true, fp.config.dateFormat);
      else if (jqPicker(input)) { const [q, how] = jqPicker(input); q(input).datepicker(how, a.value); q(input).trigger("change"); }
      else {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, a.value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
      return { value: input.value, shown: (fp && fp.altInput ? fp.altInput.value : input.value), api: fp ? "flatpickr" : jqPicker(input) ? "datepicker" : "" };
    },
  };
  return ops[a.op](el, a);
}
