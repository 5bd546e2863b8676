
const urls = [];
const add = (u) => { if (u && !urls.includes(u)) urls.push(u); };
let roots;
try { roots = [...document.querySelectorAll(arguments[0])]; } catch (e) { return null; }
for (const root of roots) {
  const nodes = [root, ...root.querySelectorAll('*')];
  for (const el of nodes) {
    if (el.tagName === 'IMG') add(el.currentSrc || el.src);
    const bg = getComputedStyle(el).backgroundImage;
    if (bg && bg !== 'none') {
      for (const m of bg.matchAll(/url\(["']?([^"')]+)["']?\)/g)) add(new URL(m[1], document.baseURI).href);
    }
  }
}
return urls;
