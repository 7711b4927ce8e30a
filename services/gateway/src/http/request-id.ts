import { newId } from '../../../../libs/kit/src';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The caller's X-Request-ID when it is a plain token of up to 128 characters, else a new id. */
export const requestIdOf = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newId();
