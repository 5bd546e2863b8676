
return arguments[0].map(e => {
  const tag = e.tagName.toLowerCase();
  const type = (tag === 'input' && e.getAttribute('type')) ? 'input type=' + e.getAttribute('type').toLowerCase()
             : (e.getAttribute('role') && tag !== 'a' && tag !== 'button') ? tag + ' role=' + e.getAttribute('role')
             : tag;
  const aria = e.getAttribute('aria-label') || '';
  const text = e.innerText || e.value || e.getAttribute('alt') || (aria ? '' : e.getAttribute('placeholder')) || '';
  return [type, text.slice(0, 200), aria];
});
