/**
 * Herald's audience condition language: segments (contacts), FILTERED campaign audiences and
 * workflow CONDITION steps share it. Validate on write (`validateCondition`), compile to one
 * parameterised SQL predicate (`compileCondition`), run it as a count, a page, ids or one
 * contact's match. The SQL runs where the contacts schema is: in the contacts service.
 */
export * from './language';
export * from './condition';
export * from './fields';
export * from './validate';
export * from './compile';
export * from './references';
export * from './migrations';
