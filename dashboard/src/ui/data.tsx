import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api';
import { useSession } from '../session';
import { toApiError } from './form';
import type { ApiError } from '../api';

/**
 * Loads `path` (GET) and keeps it current: again when the path or the project changes, on
 * `reload()`, and every `pollMs` while `poll` says so (a running import, a sending campaign).
 * A null path loads nothing. After the path or the project changes, `loading` is true until the
 * new answer is in (`data` still holds the previous one meanwhile).
 */
export function useApi<T>(path: string | null, opts: { pollMs?: number; poll?: (data: T) => boolean } = {}) {
  const { project } = useSession();
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const [loading, setLoading] = useState(path !== null);
  // What `data` (or `error`) is the answer to: until it is this, the answer is still coming.
  const key = path === null ? null : `${project?.id ?? ''} ${path}`;
  const [answered, setAnswered] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const pollRef = useRef(opts.poll);
  pollRef.current = opts.poll;

  useEffect(() => {
    if (path === null) {
      setLoading(false);
      return;
    }
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setLoading(true);
    api.get<T>(path, { signal: ctl.signal }).then(
      (d) => {
        setData(d);
        setError(undefined);
        setAnswered(key);
        setLoading(false);
        if (opts.pollMs && (!pollRef.current || pollRef.current(d))) timer = setTimeout(() => setTick((t) => t + 1), opts.pollMs);
      },
      (err) => {
        if (ctl.signal.aborted) return;
        setError(toApiError(err));
        setAnswered(key);
        setLoading(false);
        // A blip (a 429, the network) does not end the polling of something still running.
        if (opts.pollMs) timer = setTimeout(() => setTick((t) => t + 1), opts.pollMs * 2);
      },
    );
    return () => {
      ctl.abort();
      if (timer) clearTimeout(timer);
    };
  }, [key, path, tick, opts.pollMs]); // key: the project and the path

  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { data, error, loading: loading || (key !== null && answered !== key), reload, setData };
}
