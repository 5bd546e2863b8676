document.querySelectorAll('a[target], area[target], form[target]').forEach(
  e => e.setAttribute('target', '_self'));