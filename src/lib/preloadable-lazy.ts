/**
 * A lazy component whose code can be requested before it first renders. Requesting it runs Vite's
 * preload helper (which adds a <link> for each of the chunk's dependencies) and starts the import; done
 * from a task of its own, that work stays out of the render that mounts the component (blocking time:
 * the idle-time mount of six such parts spent ~100 ms at 4x CPU in the helper, inside one task).
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy } from 'react';

export interface PreloadableLazy<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading once; every call, and the first render, share that one load. */
  preload(): Promise<ComponentType<P>>;
}

export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableLazy<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => (loading ??= load());
  return { Component: lazy(() => preload().then((component) => ({ default: component }))), preload };
}
