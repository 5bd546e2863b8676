// What an action needs to know about, or do to, one element of the page, run by agent/browser/act.py with the
// element (or a text node inside it) as `this`: through DevTools, in the isolated world where the
// Set-of-Marks collector keeps its marks, or on the node an accessibility-tree id names. Never changes the
// page except where an action itself would (scrolling the element into view, choosing an option).
// Called as (fn)(op, arg); returns plain values:
//   'point', kind ('click' | 'type' | 'hover'): the point a mouse would use, as WebDriver's element click
//       finds it (the centre of the part of the element's first box inside the viewport, after scrolling it
//       into view when none of it is inside), and checks that the element, not something over it, is there:
//       ['ok', x, y, TAG, inputType, isTextField] | ['stale'] | ['hidden'] | ['outside'] | ['covered', '<tag ...>']
//       | ['option'] (an <option>: no mouse point) | ['disabled'] (typing into a disabled field)
//   'focusField': after the click of a type action, focus the element if the click left focus elsewhere
//       and select its text (an input or textarea), so typed keys replace it: true for such a field.
//   'chooseOption', text: choose the <select>'s option whose text is `text` (exactly, else ignoring case),
//       as WebDriver's click on an <option> does: ['ok'] | ['none', [option texts]]
//   'scrollArea', sign: scroll the nearest area that holds the element and can move that way, by one of
//       its heights; the window when no inner area can: 'container' | 'window' | 'none'
(function (op, arg) {
  const el = this && this.nodeType === 1 ? this : (this && this.parentElement);
  if (!el || !el.isConnected) return ['stale'];

  function inViewCentre() {
    const first = el.getClientRects()[0];
    if (!first) return null;
    const x0 = Math.max(0, first.left), y0 = Math.max(0, first.top);
    const x1 = Math.min(window.innerWidth, first.right), y1 = Math.min(window.innerHeight, first.bottom);
    if (x1 <= x0 || y1 <= y0) return null;
    return [Math.floor((x0 + x1) / 2), Math.floor((y0 + y1) / 2)];
  }

  function hitAt(x, y) {   // the innermost element at a point, looking into open shadow roots
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  }

  function within(node, ancestor) {   // node is ancestor or inside it, crossing shadow boundaries
    for (let n = node; n; n = n.parentNode || n.host) if (n === ancestor) return true;
    return false;
  }

  const TEXT_TYPES = new Set(['', 'text', 'search', 'url', 'tel', 'email', 'password', 'number']);
  const isTextField = () => el.tagName === 'TEXTAREA' ||
    (el.tagName === 'INPUT' && TEXT_TYPES.has((el.getAttribute('type') || '').toLowerCase()));

  if (op === 'point') {
    if (el.tagName === 'OPTION') return ['option'];   // inside a list: WebDriver selects it without a mouse
    if (arg === 'type' && el.matches(':disabled')) return ['disabled'];   // itself or in a disabled fieldset
    if (el.getClientRects().length === 0 ||
        (el.checkVisibility && !el.checkVisibility({visibilityProperty: true}))) return ['hidden'];
    let point = inViewCentre();
    if (!point) {   // as WebDriver's click scrolls; typing and hovering bring the element to the centre
      el.scrollIntoView(arg === 'click' ? {block: 'end', inline: 'nearest', behavior: 'instant'}
                                        : {block: 'center', inline: 'center', behavior: 'instant'});
      point = inViewCentre();
      if (!point) return ['outside'];
    }
    if (arg !== 'hover') {
      const hit = hitAt(point[0], point[1]);
      if (!hit || !within(hit, el)) {
        const html = hit ? hit.outerHTML : '';
        const open = html.indexOf('>');
        return ['covered', (open >= 0 ? html.slice(0, open + 1) : html).slice(0, 160)];
      }
    }
    const type = el.tagName === 'INPUT' ? (el.getAttribute('type') || '').toLowerCase() : '';
    return ['ok', point[0], point[1], el.tagName, type, isTextField()];
  }

  if (op === 'focusField') {
    if (!isTextField()) return false;
    const active = el.getRootNode().activeElement;
    if (active !== el) el.focus();
    el.select();
    return true;
  }

  if (op === 'chooseOption') {
    const names = Array.from(el.options || [], (o) => o.text.trim());
    const want = String(arg).trim();
    let index = names.indexOf(want);
    if (index < 0) index = names.findIndex((n) => n.toLowerCase() === want.toLowerCase());
    if (index < 0) return ['none', names];
    const option = el.options[index];
    if (!option.selected && !option.disabled) {
      el.focus();
      option.selected = true;
      el.dispatchEvent(new Event('input', {bubbles: true, composed: true}));
      el.dispatchEvent(new Event('change', {bubbles: true}));
    }
    return ['ok'];
  }

  if (op === 'scrollArea') {
    const sign = arg;
    let area = el;
    while (area && area !== document.body && area !== document.documentElement) {
      const overflow = getComputedStyle(area).overflowY;
      const room = sign > 0 ? area.scrollHeight - area.clientHeight - area.scrollTop : area.scrollTop;
      if (/(auto|scroll|overlay)/.test(overflow) && room > 0) {
        area.scrollBy({top: sign * area.clientHeight, left: 0, behavior: 'instant'});
        return 'container';
      }
      area = area.parentElement;
    }
    const before = window.scrollY;
    window.scrollBy({top: sign * window.innerHeight, left: 0, behavior: 'instant'});
    return window.scrollY !== before ? 'window' : 'none';
  }
  throw new Error('unknown operation ' + op);
})
