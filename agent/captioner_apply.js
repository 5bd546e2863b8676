
const caps = arguments[0];
for (const img of document.querySelectorAll('img[data-vwa-caption-id]')) {
  const c = caps[img.getAttribute('data-vwa-caption-id')];
  img.removeAttribute('data-vwa-caption-id');
  img.setAttribute('data-vwa-captioned', '1');
  if (c) { const alt = (img.getAttribute('alt') || '').trim();
           img.setAttribute('alt', alt ? alt + ', description: ' + c : 'description: ' + c); }
}
