// The "as a person sees it" wait, run by agent/pending.py in the page before an observation is taken.
// Called as (wait)(budgetMs). Resolves, by value, to
//   {images: [url, ...], fonts: 'loaded' | 'loading', moving: bool, timed_out: bool, waited_ms: n, in_view: n}
// where `images` are the images intersecting the viewport that are still not decoded when it gives up
// (an <img> still loading, lazy or not, or a CSS background image of an element in view whose file is not
// loaded). Images that failed (broken) count as done: nothing more will come. It changes nothing in the
// page and sets no global.
(async function (budgetMs) {
  const start = performance.now();
  const left = () => budgetMs - (performance.now() - start);
  const W = window.innerWidth, H = window.innerHeight;
  // elements that may show a CSS background image: styled inline with one, or named like a picture holder
  const BG = '[style*="url("],[class*=swatch],[class*=thumb],[class*=image],[class*=photo],[class*=avatar],' +
             '[class*=banner],[class*=hero]';

  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 && r.top < H && r.left < W;
  };
  const sleep = (ms) => new Promise((done) => setTimeout(done, Math.max(0, ms)));
  const frame = () => new Promise((done) => {
    const t = setTimeout(done, 50);            // a page that renders no frames (hidden) still moves on
    requestAnimationFrame(() => { clearTimeout(t); done(); });
  });

  function backgroundUrls(el) {
    const value = getComputedStyle(el).backgroundImage;
    if (!value || value === 'none' || value.indexOf('url(') < 0) return [];
    const urls = [];
    const re = /url\(\s*(['"]?)(.*?)\1\s*\)/g;
    let m;
    while ((m = re.exec(value))) if (m[2] && !m[2].startsWith('data:')) urls.push(m[2]);
    return urls;
  }

  // What is still missing in the viewport: [{url, wait: Promise}], and the loaded images to decode.
  function survey() {
    const missing = [], loaded = [];
    let count = 0;
    for (const img of document.images) {
      if (!inView(img)) continue;
      count += 1;
      if (!img.complete) {
        missing.push({url: img.currentSrc || img.src || img.getAttribute('data-src') || '(no src)', wait:
          new Promise((done) => { img.addEventListener('load', done, {once: true});
                                  img.addEventListener('error', done, {once: true}); })
            .then(() => img.decode().catch(() => null))});
      } else if (img.naturalWidth > 0) {
        loaded.push(img);
      }
    }
    for (const el of document.querySelectorAll(BG)) {
      if (el.tagName === 'IMG' || !inView(el)) continue;
      const urls = backgroundUrls(el);
      for (const url of urls) {
        count += 1;
        const probe = new Image();
        probe.src = url;              // the document's image cache: complete at once when already loaded
        if (!probe.complete) {
          missing.push({url: probe.src, wait: probe.decode().catch(() => null)});
        }
      }
    }
    return {missing, loaded, count};
  }

  function layout() {
    const parts = [document.documentElement.scrollHeight, window.scrollY];
    for (const img of document.images) {
      if (!inView(img)) continue;
      const r = img.getBoundingClientRect();
      parts.push(Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height));
    }
    return parts.join(',');
  }

  let waited = false, state = survey(), moving = false;
  while (left() > 0) {
    const waits = state.missing.map((m) => m.wait);
    if (document.fonts && document.fonts.status !== 'loaded') waits.push(document.fonts.ready);
    if (!waits.length && !waited) break;      // the usual case: nothing to wait for, nothing moved
    if (waits.length) {
      waited = true;
      await Promise.race([Promise.all(waits), sleep(left())]);
      // what was just loaded is decoded before the frame is taken
      await Promise.race([Promise.all(state.loaded.map((img) => img.decode().catch(() => null))), sleep(left())]);
    }
    // after a wait, the layout must hold still for a frame (an image that arrived may push others)
    const before = layout();
    await frame();
    const after = layout();
    moving = before !== after;
    state = survey();
    if (!moving && !state.missing.length && !(document.fonts && document.fonts.status !== 'loaded')) break;
  }
  const fonts = document.fonts ? document.fonts.status : 'loaded';
  return {images: state.missing.map((m) => m.url), fonts, moving, in_view: state.count,
          timed_out: left() <= 0 && (state.missing.length > 0 || fonts !== 'loaded' || moving),
          waited_ms: Math.round(performance.now() - start)};
})
