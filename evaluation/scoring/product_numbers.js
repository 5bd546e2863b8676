// The text of a number a product page shows, null when it has none; arguments[0] names which: the final "price",
// the count of "reviews", or the "rating" (the stars' title, else the width of their bar in percent).
const first = (...selectors) => selectors.map((s) => document.querySelector(s)).find((el) => el) || null;
if (arguments[0] === "price") {
  const el = first(".product-info-price .price-box.price-final_price .price");
  return el ? el.textContent : null;
}
if (arguments[0] === "reviews") {
  const el = first("#tab-label-reviews-title", ".product-reviews-summary .reviews-actions .action.view");
  return el ? el.textContent : null;
}
const el = first(".product-info-main .rating-result", ".rating-result");
if (!el) return null;
if (el.title) return el.title;
const bar = el.querySelector("span");
return bar ? bar.style.width : null;
