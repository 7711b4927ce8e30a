import type { ClientOf, HandlersOf } from './contract';
import { contracts } from './generated/contracts';

export * from './proto';
export * from './rpc';
export * from './events';
export * from './contract';
export { contracts };

/** A service with a gRPC contract (a folder of protos/). */
export type ServiceName = keyof typeof contracts;
/** A client of a service's API: `Api<'contacts'>`. */
export type Api<N extends ServiceName> = ClientOf<(typeof contracts)[N]>;
/** A service's rpc handlers: `Handlers<'contacts'>`. */
export type Handlers<N extends ServiceName> = HandlersOf<(typeof contracts)[N]>;
