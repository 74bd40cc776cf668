// A link of the site settings (settings.links: the terms of use, the review guidelines): an http(s)
// URL as it is, or a path of the portal (reached through the portal's address, also from a
// stand-alone element). It opens in a new tab, so the form it sits in keeps what was typed.
import type { ReactNode } from 'react';
import { useNavigator } from '../../router/context.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export function SiteLink({ url, children, className, part }: { url: string; children: ReactNode; className?: string; part?: string }) {
  const navigator = useNavigator();
  const target = url.startsWith('/') ? navigator.href(url) : url;
  return (
    <a href={target} target="_blank" rel="noopener noreferrer" data-part={part}
      className={cx('rounded font-medium text-primary underline underline-offset-2 hover:no-underline', FOCUS_RING, className)}>
      {children}
    </a>
  );
}
