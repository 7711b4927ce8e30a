/**
 * How deep objects and arrays may nest in the JSON Herald takes (request bodies at the edge, mail
 * notifications): deeper input would overflow recursive code (JSON.stringify, validators).
 */
export const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests objects and arrays deeper than `max` (an explicit stack: safe at any depth). */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length) {
    const top = stack.pop()!;
    if (!top.value || typeof top.value !== 'object') continue;
    if (top.depth >= max) return true;
    for (const v of Object.values(top.value)) if (v && typeof v === 'object') stack.push({ value: v, depth: top.depth + 1 });
  }
  return false;
}
