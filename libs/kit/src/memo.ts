/**
 * Answers remembered for `ttlMs` per key (at most `max` keys: when full, all are forgotten). The
 * promise itself is kept, so callers asking together share one load. A load that fails, or whose
 * answer `keep` refuses, is forgotten at once — unless a newer load already took its key.
 */
export function ttlMemo<V>(opts: { ttlMs: number; max?: number; keep?: (value: V) => boolean }): (key: string, load: () => Promise<V>) => Promise<V> {
  const { ttlMs, max = 10_000, keep } = opts;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return (key, load) => {
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    if (entries.size >= max) entries.clear();
    const entry = { at: Date.now(), value: load() };
    entries.set(key, entry);
    const forget = () => {
      if (entries.get(key) === entry) entries.delete(key);
    };
    entry.value.then((v) => (keep && !keep(v) ? forget() : undefined), forget);
    return entry.value;
  };
}
