// mjml ships no types; domain/design.ts types the one call it makes.
declare module 'mjml';
