import { z } from 'zod';

/**
 * A whole-number query parameter, written in decimal digits only, within [min, max]: `10`, never
 * `1e1`, `0x10`, ` 10`, `10.0` or `-1` (z.coerce.number() would read those as numbers), and never
 * so large that it wraps when a service reads it as a 32-bit integer.
 */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,10}$/, `must be a whole number from ${min} to ${max}, in decimal digits`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}
