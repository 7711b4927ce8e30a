import { useSyncExternalStore } from 'react';

/**
 * Routes live in the URL's hash (`/#/contacts/abc?tab=events`), query included, so any static
 * host serves the dashboard without rewrite rules and no page path can collide with an API path
 * (`GET /contacts` is the API). wouter's own hash hook puts the query outside the hash; this one
 * keeps it inside, where account mail links put it (`/#/verify-email?token=…`).
 */
const subscribe = (cb: () => void) => {
  addEventListener('hashchange', cb);
  return () => removeEventListener('hashchange', cb);
};
const raw = () => location.hash.replace(/^#?\/?/, '');
const currentPath = () => '/' + raw().split('?')[0];
const currentSearch = () => raw().split('?')[1] ?? '';

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  const url = new URL(location.href);
  url.hash = '/' + to.replace(/^#?\/?/, '');
  if (url.href === location.href) return;
  history[opts.replace ? 'replaceState' : 'pushState'](null, '', url);
  dispatchEvent(new HashChangeEvent('hashchange'));
}

export const useHashPath = (): [string, typeof navigate] => [useSyncExternalStore(subscribe, currentPath), navigate];
export const useHashSearch = () => useSyncExternalStore(subscribe, currentSearch);
export const hashHref = (href: string) => '#' + href;

/** One query parameter of the current route. */
export function useQueryParam(name: string): string | null {
  return new URLSearchParams(useHashSearch()).get(name);
}
