
try { const el = document.querySelector(arguments[0]); return el ? el.textContent : ""; }
catch (e) { return ""; }
