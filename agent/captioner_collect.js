
const done = arguments[arguments.length - 1];
const limit = arguments[0];
const imgs = [...document.querySelectorAll('img:not([data-vwa-captioned])')]
  .filter(i => i.complete && i.naturalWidth >= 24 && i.naturalHeight >= 24 && i.currentSrc).slice(0, limit);
Promise.all(imgs.map((img, k) => {
  img.setAttribute('data-vwa-caption-id', String(k));
  return fetch(img.currentSrc).then(r => r.ok ? r.blob() : Promise.reject(r.status)).then(b => new Promise(res => {
    const fr = new FileReader(); fr.onload = () => res({k, src: img.currentSrc, data: fr.result}); fr.readAsDataURL(b);
  })).catch(e => ({k, src: img.currentSrc, data: null}));
})).then(done);
