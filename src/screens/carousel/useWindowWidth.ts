// The window's width, followed on resize: the carousel (spec 1 §9) and the documentation panel
// (under 1200 px) and the featured categories grid decide by the window, not by their own box.
// null before the first measure.
import { useEffect, useState } from 'react';

export function useWindowWidth(): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (typeof window === 'undefined') return;
    const read = () => setWidth(window.innerWidth);
    read();
    window.addEventListener('resize', read);
    return () => window.removeEventListener('resize', read);
  }, []);
  return width;
}
