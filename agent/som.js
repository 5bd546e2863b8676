// Set-of-Marks collector, run by agent/browser/observe.py in an isolated world of the page (its own JavaScript
// globals over the same DOM), so the page's scripts never see it. It changes nothing in the page.
// Called as (collector)(worldToken, markToken). Returns, by value:
//   {world: false} when this is not the world the caller created (a context id reused after a navigation);
//   {ready: state, url, title} when the document is still loading (the caller waits and asks again);
//   {ready: 'complete', url, title, marks, lines} otherwise, where marks = [[TAG, text, x, y, w, h], ...]
//   (viewport coordinates) and lines = [[markIndex or -1, text], ...] in document order (-1: visible
//   non-interactive text).
// The marked elements are kept in this world, under markToken, for the actions that name them by index.
(function (worldToken, markToken) {
  if (globalThis.__vwaWorld !== worldToken) return {world: false};
  const url = location.href, title = document.title;
  if (document.readyState !== 'complete') return {world: true, ready: document.readyState, url, title};
  const W = window.innerWidth, H = window.innerHeight;
  const SELECTOR = [
    'a[href]', 'a[onclick]', 'button', 'input:not([type=hidden])', 'select', 'textarea', 'summary',
    '[onclick]', '[role=button]', '[role=link]', '[role=checkbox]', '[role=radio]', '[role=tab]',
    '[role=menuitem]', '[role=option]', '[role=switch]', '[role=combobox]', '[role=textbox]',
    '[contenteditable=""]', '[contenteditable=true]', 'label[for]', 'a img',
    '[class~=star]', '[class*=rating] [class*=star]', '[class*=rating] input', '[aria-label*=star i]'
  ].join(',');
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'svg']);
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const cut = (s, n) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

  function interactable(el) {
    if (el.matches(SELECTOR)) return true;
    // a custom control (a swatch, a styled radio): its input is invisible, the label is what one clicks
    if (el.tagName === 'LABEL') {
      const input = el.querySelector('input');
      if (input && !visibleBox(input)) return true;
    }
    const t = el.getAttribute('tabindex');
    return t !== null && parseInt(t, 10) >= 0;
  }

  function visibleBox(el) {
    if (el.checkVisibility && !el.checkVisibility({opacityProperty: true, visibilityProperty: true})) return null;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return null;
    const x0 = Math.max(0, r.left), y0 = Math.max(0, r.top);
    const x1 = Math.min(W, r.right), y1 = Math.min(H, r.bottom);
    if (x1 - x0 < 1 || y1 - y0 < 1) return null;
    // Not covered by something else (a modal, a sticky header): probe the centre and a few points.
    const pts = [
      [(x0 + x1) / 2, (y0 + y1) / 2],
      [x0 + 2, y0 + 2], [x1 - 2, y0 + 2], [x0 + 2, y1 - 2], [x1 - 2, y1 - 2],
    ];
    for (const [px, py] of pts) {
      const hit = document.elementFromPoint(px, py);
      if (hit && (hit === el || el.contains(hit) || hit.contains(el) ||
                  (el.labels && Array.from(el.labels).some((l) => l.contains(hit))))) {
        return [r.left, r.top, r.width, r.height];
      }
    }
    return null;
  }

  function describe(el) {
    const tag = el.tagName;
    if (tag === 'SELECT') {
      const opt = el.selectedOptions && el.selectedOptions[0];
      return clean(opt ? opt.textContent : '') || clean(el.getAttribute('aria-label'));
    }
    if (tag === 'INPUT' || tag === 'TEXTAREA') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (type === 'checkbox' || type === 'radio') {
        const label = el.labels && el.labels[0] ? clean(el.labels[0].innerText) : '';
        return clean(label || el.getAttribute('aria-label') || el.value) + (el.checked ? ' (checked)' : '');
      }
      return clean(
        el.value || el.getAttribute('placeholder') || el.getAttribute('aria-label') || el.getAttribute('title'));
    }
    if (tag === 'IMG') {
      return clean(
        el.getAttribute('alt') || el.getAttribute('title') || (el.getAttribute('src') || '').split('/').pop());
    }
    return clean(el.innerText) || clean(el.getAttribute('aria-label') || el.getAttribute('alt') ||
      el.getAttribute('placeholder') || el.getAttribute('value') || el.getAttribute('title') ||
      (el.querySelector('img[alt]') || {getAttribute: () => ''}).getAttribute('alt'));
  }

  const marks = [], lines = [];
  let markedAncestor = null;    // text inside a marked element belongs to its mark
  let pendingText = [], pendingParent = null;
  const flushText = () => {
    const t = clean(pendingText.join(' '));
    if (t) lines.push([-1, cut(t, 300)]);
    pendingText = []; pendingParent = null;
  };

  // No filter callback (a call into this script for every node): a skipped element's subtree is stepped over here.
  const root = document.body || document.documentElement;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  const pastSubtree = () => {  // the node after the walker's current one and all its descendants
    for (;;) {
      const next = walker.nextSibling();
      if (next) return next;
      if (!walker.parentNode()) return null;
    }
  };
  let node = walker.currentNode;
  while (node) {
    if (node !== root && node.nodeType === 1 && SKIP.has(node.tagName)) {
      node = pastSubtree();
      continue;
    }
    if (markedAncestor && !markedAncestor.contains(node)) markedAncestor = null;
    if (node.nodeType === 1) {
      if (interactable(node)) {
        const box = visibleBox(node);
        // an element inside a marked one with the same box adds nothing (e.g. span[role=button] in a button)
        const last = marks.length ? marks[marks.length - 1] : null;
        const duplicate = box && last && last[0].contains(node) && node.tagName !== 'IMG' &&
          Math.abs(last[3] - box[0]) < 1 && Math.abs(last[4] - box[1]) < 1 &&
          Math.abs(last[5] - box[2]) < 1 && Math.abs(last[6] - box[3]) < 1;
        if (box && !duplicate) {
          flushText();
          marks.push([node, node.tagName, cut(describe(node), 150), box[0], box[1], box[2], box[3]]);
          lines.push([marks.length - 1, '']);
          if (!markedAncestor) markedAncestor = node;
        }
      }
    } else if (node.nodeType === 3 && !markedAncestor) {
      const text = clean(node.nodeValue);
      const parent = node.parentElement;
      if (text && parent) {
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        const shown = r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < H && r.right > 0 && r.left < W &&
          (!parent.checkVisibility || parent.checkVisibility({opacityProperty: true, visibilityProperty: true}));
        if (shown) {
          const block =
            parent.closest('p,li,td,th,h1,h2,h3,h4,h5,h6,div,section,article,dd,dt,label,figcaption,span') || parent;
          if (pendingParent && pendingParent !== block) flushText();
          pendingParent = block;
          pendingText.push(text);
        }
      }
    }
    node = walker.nextNode();
  }
  flushText();
  globalThis.__vwaMarks = {token: markToken, elements: marks.map((m) => m[0])};
  return {world: true, ready: 'complete', url, title, marks: marks.map((m) => m.slice(1)), lines};
})
