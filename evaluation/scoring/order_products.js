
const table = document.querySelector('.order-details-items.ordered #my-orders-table')
           || document.querySelector('#my-orders-table');
if (!table) return [];
const text = (el) => el ? (el.innerText || el.textContent || '').trim() : '';
return [...table.querySelectorAll('tbody')].map((body) => {
  const nameCell = body.querySelector('td.col.name');
  const product = {
    name: text(nameCell && (nameCell.querySelector('.product-item-name') || nameCell)),
    sku: text(body.querySelector('td.col.sku')),
    price: text(body.querySelector('td.col.price')),
    subtotal: text(body.querySelector('td.col.subtotal')),
    qty: '', options: {}
  };
  const qtyCell = body.querySelector('td.col.qty');
  if (qtyCell) {
    let qty = '';
    qtyCell.querySelectorAll('li').forEach((li) => {
      if (text(li.querySelector('.title')).toLowerCase().startsWith('ordered')) {
        qty = text(li.querySelector('.content'));
      }
    });
    product.qty = qty || text(qtyCell).replace(/^ordered/i, '').trim();
  }
  const dl = nameCell && nameCell.querySelector('dl.item-options, dl');
  if (dl) {
    const terms = [...dl.querySelectorAll('dt')];
    terms.forEach((dt) => {
      let dd = dt.nextElementSibling;
      while (dd && dd.tagName !== 'DD') dd = dd.nextElementSibling;
      product.options[text(dt).replace(/:$/, '')] = text(dd);
    });
  }
  return product;
}).filter((p) => p.name || p.sku);
