// The component writes a schema's examples as <ul>"Examples values:" <li>…</li></ul>: text
// straight inside a list, which a list may not hold (axe 'list', serious). Its markup is not ours
// to change, so each of its lists gets an explicit role="list": the <li> stay list items, the
// caption text is read with them, and React, which never sets a role there, leaves it alone.
export function explicitListRoles(root: HTMLElement): () => void {
  const mark = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.localName === 'ul' && !node.hasAttribute('role')) node.setAttribute('role', 'list');
    node.querySelectorAll('ul:not([role])').forEach((ul) => ul.setAttribute('role', 'list'));
  };
  mark(root);
  const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(mark)));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
