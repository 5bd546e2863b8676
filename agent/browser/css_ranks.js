(() => {
  const s = globalThis.__vwaMarks;
  if (!s || s.token !== %s) return null;
  const rank = new Map();
  Array.prototype.forEach.call(document.querySelectorAll(%s), (e, i) => rank.set(e, i));
  return s.elements.map((e) => (rank.has(e) ? rank.get(e) : -1));
})()