// Small behaviours of the store pages: product tabs, gallery thumbnails, the checkout's two steps.
(function () {
  function showTab(id) {
    var titles = document.querySelectorAll('.product.data.items > .data.item.title');
    if (!titles.length || !document.getElementById(id)) return false;
    titles.forEach(function (t) {
      var link = t.querySelector('a.data.switch');
      var target = link && document.getElementById(link.getAttribute('href').slice(1));
      var on = target && target.id === id;
      t.classList.toggle('active', !!on);
      if (target) target.hidden = !on;
    });
    return true;
  }
  document.querySelectorAll('.product.data.items a.data.switch').forEach(function (a) {
    a.addEventListener('click', function (e) { e.preventDefault(); var id = a.getAttribute('href').slice(1);
      showTab(id); history.replaceState(null, '', '#' + id); });
  });
  document.querySelectorAll('a[href$="#reviews"], a[href="#review-form"]').forEach(function (a) {
    if (a.classList.contains('switch')) return;
    a.addEventListener('click', function () { showTab('reviews'); });
  });
  function tabOfHash() {   // on load, and when only the hash changes (a visit to the same page with #reviews)
    if (location.hash === '#reviews' || location.hash === '#review-form') showTab('reviews');
    else if (location.hash === '#additional') showTab('additional');
  }
  tabOfHash();
  if (document.getElementById('reviews')) window.addEventListener('hashchange', tabOfHash);
  if (document.querySelector('#reviews .mage-error')) showTab('reviews');

  document.querySelectorAll('.fotorama__nav__frame').forEach(function (thumb) {
    thumb.addEventListener('click', function () {
      var i = thumb.getAttribute('data-index');
      document.querySelectorAll('.fotorama__stage__frame').forEach(function (f) {
        var on = f.getAttribute('data-index') === i; f.hidden = !on; f.classList.toggle('fotorama__active', on); });
      document.querySelectorAll('.fotorama__nav__frame').forEach(function (t) {
        t.classList.toggle('fotorama__active', t === thumb); });
    });
  });

  document.querySelectorAll('.swatch-option input').forEach(function (input) {
    input.addEventListener('change', function () {
      var attr = input.closest('.swatch-attribute');
      attr.querySelector('.swatch-attribute-selected-option').textContent = input.value;
      var err = attr.querySelector('.mage-error'); if (err) err.remove();
    });
  });
  var addForm = document.getElementById('product_addtocart_form');
  if (addForm) addForm.addEventListener('submit', function (e) {
    var ok = true;
    addForm.querySelectorAll('.swatch-attribute').forEach(function (attr) {
      if (!attr.querySelector('input:checked')) {
        ok = false;
        if (!attr.querySelector('.mage-error')) {
          var div = document.createElement('div');
          div.className = 'mage-error';
          div.textContent = 'This is a required field.';
          attr.appendChild(div);
        }
      }
    });
    if (!ok) e.preventDefault();
  });

  var checkout = document.getElementById('checkout');
  if (checkout) {
    var step = function () {
      var payment = location.hash === '#payment';
      document.getElementById('shipping').hidden = payment;
      document.getElementById('payment').hidden = !payment;
      document.querySelectorAll('.opc-progress-bar-item').forEach(function (li) {
        li.classList.toggle('_active', li.getAttribute('data-step') === (payment ? 'payment' : 'shipping')); });
      if (payment) {
        var f = function (n) { var el = document.getElementById('shipping-' + n); return el ? el.value : ''; };
        document.getElementById('billing-address-details').textContent =
          [f('firstname') + ' ' + f('lastname'), f('street'), f('city') + ', ' + f('region') + ' ' + f('postcode'),
           f('country'), f('telephone')].join(', ');
      }
    };
    if (!location.hash) history.replaceState(null, '', '#shipping');
    window.addEventListener('hashchange', step);
    window.addEventListener('popstate', step);
    step();
    document.getElementById('shipping-next').addEventListener('click', function () {
      var missing = false;
      document.querySelectorAll('#shipping input[required], #customer-email').forEach(function (el) {
        var bad = !el.value.trim(); el.classList.toggle('mage-error', bad); if (bad) missing = true; });
      // the step is shown at once, not on the asynchronous hashchange event, so whoever looks at the
      // page right after the click (a person or an agent) sees the payment step
      if (!missing) { history.pushState(null, '', '#payment'); step(); }
    });
    if (document.querySelector('#shipping .mage-error')) location.hash = 'shipping';
  }
})();
