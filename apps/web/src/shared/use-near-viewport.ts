import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come within `margin` of the screen, once and for good: work that only
 * matters where it is seen (the video player, the captcha widget) waits until then, so a phone
 * does not pay for it while the page loads. `watching` false holds the watch off (nothing to
 * show yet). Without IntersectionObserver the element counts as near at once. `bringNear` is for
 * the visitor who asks for it first (a click, a refused form).
 */
export const useNearViewport = (element: RefObject<Element | null>, margin: string, watching = true) => {
  // Where nothing can tell (no IntersectionObserver: an old browser, the server, jsdom), near at once;
  // the answer only starts work in effects, never changes what is rendered.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !watching || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, margin, near, watching]);
  const bringNear = useCallback(() => setNear(true), []);
  return [near, bringNear] as const;
};
