import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition, type ServiceClient, type ServiceHandlers } from './proto';

/**
 * A service's gRPC contract: its name (the folder of protos/ and the service's TARGET), the proto
 * file and the gRPC service in it, typed by the definition proto-loader-gen-types generated.
 * `contracts` (generated/contracts.ts) holds one per service; descriptors name the contract they
 * serve and the ones they call, and clients and handlers are typed from them.
 */
export interface Contract<N extends string = string, D = unknown> {
  readonly name: N;
  readonly file: string;
  readonly fullName: string;
  /** The loaded service definition (loaded once per process). */
  definition(): grpc.ServiceDefinition & D;
}

export function defineContract<N extends string, D>(name: N, file: string, fullName: string): Contract<N, D> {
  let loaded: (grpc.ServiceDefinition & D) | undefined;
  return {
    name,
    file,
    fullName,
    definition: () => (loaded ??= loadServiceDefinition<grpc.ServiceDefinition & D>(file, fullName)),
  };
}

type DefinitionOf<C> = C extends Contract<string, infer D> ? D : never;
/** What a caller of the contract's service holds: one async function per rpc, in process or remote. */
export type ClientOf<C> = ServiceClient<DefinitionOf<C>>;
/** What the service provides: one async function per rpc. */
export type HandlersOf<C> = ServiceHandlers<DefinitionOf<C>>;
