
const text = (el) => el ? (el.innerText || el.textContent || '').trim() : '';
const main = document.querySelector('#main');
if (!main) return null;
function build(node, level) {
  const isComment = level > 0;
  const timeEl = isComment ? (node.querySelector('.comment__main > header time, header time, time')) : null;
  const tree = isComment ? {
    username: text(node.querySelector('.fg-inherit')),
    net_score: parseInt(text(node.querySelector('.vote__net-score'))) || 0,
    content: text(node.querySelector('.comment__content')),
    time: timeEl ? (timeEl.getAttribute('datetime') || '') : '',
    children: []
  } : {
    username: text(main.querySelector('.submission__submitter')),
    net_score: 0,
    content: text(main.querySelector('.submission__body')),
    time: '',
    children: []
  };
  node.querySelectorAll('.comment').forEach((child) => {
    if (parseInt(child.getAttribute('data-level')) === level + 1) tree.children.push(build(child, level + 1));
  });
  return tree;
}
return build(main, 0);
