// GraphiQL's operation tabs put a button inside each role="tab" element (axe: nested-interactive,
// serious: a screen reader meets a control inside a control). The button is what takes focus and
// acts, so it becomes the tab and its wrapper only holds it. Kept up as GraphiQL redraws its tabs.
export function fixTabRoles(root: HTMLElement): () => void {
  const set = (el: Element, name: string, value: string) => { if (el.getAttribute(name) !== value) el.setAttribute(name, value); };
  const apply = () => {
    for (const tab of root.querySelectorAll<HTMLElement>('.graphiql-tab')) {
      const button = tab.querySelector<HTMLElement>('button');
      if (!button) continue;
      // GraphiQL marks the active tab with a class too: it stays right when React re-sets attributes.
      set(tab, 'role', 'presentation');
      if (tab.hasAttribute('aria-selected')) tab.removeAttribute('aria-selected');
      set(button, 'role', 'tab');
      set(button, 'aria-selected', String(tab.classList.contains('graphiql-tab-active')));
    }
  };
  apply();
  const observer = new MutationObserver(apply);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role', 'aria-selected', 'class'] });
  return () => observer.disconnect();
}
