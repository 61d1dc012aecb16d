import { type ComponentType, lazy } from 'react';

export interface Preloadable<P extends object> {
  Component: ComponentType<P>;
  /** Loads the component's chunk; once it resolves, the component renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A component in its own chunk, like React.lazy, that can also be loaded ahead. A pre-rendered page
 * loads its page before the browser hydrates it (decision 022): a lazy component still loading
 * then would leave its part of the server's HTML to be thrown away and drawn again as soon as any
 * state above it changed, losing what the player had typed into it.
 */
export const preloadable = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> => {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  const Component = (props: P) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return { Component, preload };
};
