// DOMPurify does not support happy-dom (its parser lets scripts through), so this file runs in jsdom,
// which DOMPurify supports, like the browsers the element runs in.
// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from '../../../src/ui/Markdown.tsx';
import { extractToc, renderMarkdown } from '../../../src/ui/markdown.ts';

afterEach(cleanup);

function dom(html: string): HTMLElement {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('markdown sanitising', () => {
  it('drops scripts and event handlers', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script>\n\n<img src="x" onerror="alert(2)">\n\n<a href="#" onclick="alert(3)">x</a>');
    const root = dom(html);
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(root.querySelector('a')?.getAttribute('onclick')).toBeNull();
    expect(html).not.toContain('alert(');
  });

  it('drops javascript: links, inline styles and style sheets', () => {
    const root = dom(renderMarkdown('[click](javascript:alert(1))\n\n<p style="position:fixed;inset:0">cover</p>\n\n<style>*{display:none}</style>'));
    expect(root.querySelector('a')?.getAttribute('href') ?? null).toBeNull();
    expect(root.querySelector('[style]')).toBeNull();
    expect(root.querySelector('style')).toBeNull();
  });

  it('opens links to other sites in a new tab without giving them the opener', () => {
    const root = dom(renderMarkdown('[docs](https://example.com/docs) and [local](/documents/1) and [up](#intro)'));
    const [external, local, anchor] = Array.from(root.querySelectorAll('a'));
    expect(external!.getAttribute('target')).toBe('_blank');
    expect(external!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(local!.getAttribute('target')).toBeNull();
    expect(anchor!.getAttribute('target')).toBeNull();
  });
});

describe('table of contents', () => {
  const source = '# Intro\n\n## Getting *started*\n\n### Keys\n\n#### Deep\n\n## Getting started\n\n```\n# not a heading\n```';

  it('lists headings up to level 3 with unique ids', () => {
    expect(extractToc(source)).toEqual([
      { id: 'md-intro', text: 'Intro', level: 1 },
      { id: 'md-getting-started', text: 'Getting started', level: 2 },
      { id: 'md-keys', text: 'Keys', level: 3 },
      { id: 'md-getting-started-1', text: 'Getting started', level: 2 },
    ]);
  });

  it('uses the same ids as the rendered headings', () => {
    const root = dom(renderMarkdown(source));
    const ids = Array.from(root.querySelectorAll('h1,h2,h3,h4')).map((h) => h.id);
    expect(ids).toEqual(['md-intro', 'md-getting-started', 'md-keys', 'md-deep', 'md-getting-started-1']);
    for (const entry of extractToc(source)) expect(root.querySelector(`#${entry.id}`)).not.toBeNull();
  });

  it('keeps ids that clash with document properties (e.g. a heading "Images")', () => {
    const root = dom(renderMarkdown('## Images\n\n## Cookie'));
    expect(Array.from(root.querySelectorAll('h2')).map((h) => h.id)).toEqual(['md-images', 'md-cookie']);
  });
});

describe('Markdown component', () => {
  it('replaces an image that fails to load with the documentation text', () => {
    render(<Markdown source={'Intro\n\n![architecture](https://cdn.example.com/missing.png)'} />);
    const img = document.querySelector('.agora-md img')!;
    expect(img).not.toBeNull();
    img.dispatchEvent(new Event('error'));
    expect(document.querySelector('.agora-md img')).toBeNull();
    const note = screen.getByRole('img', { name: 'architecture: Unable to load image. See documentation.' });
    expect(note.textContent).toBe('Unable to load image. See documentation.');
  });

  it('renders headings, lists and code', () => {
    render(<Markdown source={'## Setup\n\n- one\n- two\n\n`code`'} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Setup' }).id).toBe('md-setup');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('scrolls to an in-page heading instead of changing the address', () => {
    render(<Markdown source={'[Go](#setup)\n\n## Setup'} />);
    const heading = screen.getByRole('heading', { name: 'Setup' });
    let scrolled = false;
    heading.scrollIntoView = () => {
      scrolled = true;
    };
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    screen.getByRole('link', { name: 'Go' }).dispatchEvent(click);
    expect(scrolled).toBe(true);
    expect(click.defaultPrevented).toBe(true);
  });
});

describe('GitHub-style alerts', () => {
  it('renders > [!NOTE] … as an alert with its title, not as literal text', () => {
    const root = dom(renderMarkdown('> [!NOTE]\n> Useful information.\n\n> [!WARNING]\n> Take care.\n>\n> Second paragraph.'));
    const alerts = root.querySelectorAll('.agora-md-alert');
    expect([...alerts].map((a) => a.className)).toEqual(['agora-md-alert agora-md-alert-note', 'agora-md-alert agora-md-alert-warning']);
    expect(alerts[0]!.getAttribute('role')).toBe('note');
    expect(alerts[0]!.querySelector('.agora-md-alert-title')?.textContent).toBe('Note');
    expect(alerts[0]!.textContent?.trim()).toBe('NoteUseful information.');
    expect(alerts[1]!.querySelectorAll('p:not(.agora-md-alert-title)')).toHaveLength(2);
    expect(root.textContent).not.toContain('[!');
    expect(root.querySelector('blockquote')).toBeNull();
  });

  it('takes the titles in the reader language and keeps ordinary quotes as quotes', () => {
    const titles = { note: 'Remarque', tip: 'Astuce', important: 'Important', warning: 'Avertissement', caution: 'Attention' };
    const root = dom(renderMarkdown('> [!tip]\n\n> A plain quote [!NOTE] inside.', titles));
    expect(root.querySelector('.agora-md-alert-tip .agora-md-alert-title')?.textContent).toBe('Astuce');
    expect(root.querySelector('blockquote')?.textContent?.trim()).toBe('A plain quote [!NOTE] inside.');
  });
});
