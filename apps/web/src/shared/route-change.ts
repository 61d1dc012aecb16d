/**
 * What brought the page to the current address, and where each address was scrolled to, so that a
 * new page can show itself (scroll to its heading and focus it) after an in-site link, and the
 * browser's back and forward buttons land where the visitor left.
 *
 * The listeners are registered when this module loads, before the router subscribes: they run
 * before the new page renders. wouter announces pushState and replaceState as window events.
 */
export type RouteChange = 'initial' | 'push' | 'replace' | 'pop';

let lastChange: RouteChange = 'initial';
let pending = false;
const positions = new Map<string, number>();
let restoreTarget: number | undefined;

const addressKey = () => window.location.pathname + window.location.search;

if (typeof window !== 'undefined') {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  // The page being left is measured when the address changes, not from scroll events: those come
  // a frame late, and a link followed within that frame would file the old position under the new
  // address.
  let currentKey = addressKey();
  const change = (kind: RouteChange) => () => {
    positions.set(currentKey, window.scrollY);
    currentKey = addressKey();
    lastChange = kind;
    pending = true;
    restoreTarget = kind === 'pop' ? (positions.get(addressKey()) ?? 0) : undefined;
  };
  window.addEventListener('pushState', change('push'));
  window.addEventListener('replaceState', change('replace'));
  window.addEventListener('popstate', change('pop'));
}

/**
 * Whether the last route change, not yet taken, was of this kind; taking it means the next call
 * answers false until the address changes again.
 */
export const takeRouteChange = (kind: RouteChange): boolean => {
  if (!pending || lastChange !== kind) return false;
  pending = false;
  return true;
};

/**
 * Scrolls back to where a history entry was left. The page may still be loading its content (a
 * ranking, a lazy chunk), so it tries again on the next frames until it gets there, for at most
 * five seconds, and gives up as soon as the visitor scrolls by hand.
 */
export const restoreScroll = (): void => {
  const target = restoreTarget;
  restoreTarget = undefined;
  if (target === undefined) return;
  const deadline = performance.now() + 5000;
  let cancelled = false;
  const cancel = () => {
    cancelled = true;
  };
  const events = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
  events.forEach((name) => window.addEventListener(name, cancel, { once: true, passive: true }));
  const step = () => {
    if (cancelled) return;
    window.scrollTo(0, target);
    if (Math.abs(window.scrollY - target) > 1 && performance.now() < deadline) {
      requestAnimationFrame(step);
    } else {
      events.forEach((name) => window.removeEventListener(name, cancel));
    }
  };
  step();
};
