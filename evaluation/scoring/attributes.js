
const rows = document.querySelectorAll('#productDetails_detailBullets_sections1 tr, #product-attribute-specs-table tr');
return [...rows].map((tr) => {
  const cells = [...tr.children];
  return cells.length >= 2 ? [(cells[0].innerText || cells[0].textContent).trim(),
                              (cells[1].innerText || cells[1].textContent).trim()] : null;
}).filter(Boolean);
