import fs from 'node:fs';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { MethodDefinition } from '@grpc/proto-loader';

/** The one set of loader options; scripts/gen-protos.js passes the same flags to the generator. */
export const PROTO_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
};

/** protos/ sits at the repository (or image) root; walk up from here so src and dist both find it. */
export function protosDir(): string {
  let dir = __dirname;
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'protos');
    if (fs.existsSync(path.join(candidate, 'common'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('protos/ directory not found above ' + __dirname);
}

/** Loads one service definition, e.g. loadServiceDefinition('contacts/v1/contacts.proto', 'herald.contacts.v1.Contacts'). */
export function loadServiceDefinition<D>(file: string, fullName: string): D {
  const root = protosDir();
  const pkg = protoLoader.loadSync(path.join(root, file), { ...PROTO_OPTIONS, includeDirs: [root] });
  const def = pkg[fullName];
  if (!def) throw new Error(`service ${fullName} not found in ${file}`);
  return def as unknown as D;
}

/** Drops the index signature grpc.ServiceDefinition adds, leaving the named methods. */
type Methods<D> = { [K in keyof D as string extends K ? never : number extends K ? never : K]: D[K] };

/**
 * Who an internal call is made for, beside its request message: over gRPC as metadata
 * (x-request-id, x-project-id, x-user-id, x-role), over the thread link and in process as this
 * object. The project is the one the gateway authenticated (or, for work outside a request, the
 * project of the event or row being handled); services take it from here (`projectOf`), never
 * from a request message — except the batch RPCs whose items each name their own project.
 */
export interface CallMeta {
  requestId?: string;
  projectId?: string;
  /** The dashboard user the request is for (sessions only). */
  userId?: string;
  /** That user's role in `projectId`. */
  role?: string;
  /** Remote calls: a deadline of at least this long for this one call (GRPC_DEADLINE_MS when longer). */
  deadlineMs?: number;
  /** W3C trace context of the caller's span, when traces are recorded (libs/kit tracing.ts). */
  traceparent?: string;
}

/** Server side of a service: one async function per rpc, taking the decoded request. */
export type ServiceHandlers<D> = {
  [K in keyof Methods<D>]: Methods<D>[K] extends MethodDefinition<any, infer ResIn, infer ReqOut, any>
    ? (req: ReqOut, meta: CallMeta) => Promise<ResIn>
    : never;
};

/** Client side of a service: the same functions, whether the service is in process or remote. */
export type ServiceClient<D> = {
  [K in keyof Methods<D>]: Methods<D>[K] extends MethodDefinition<infer ReqIn, any, any, infer ResOut>
    ? (req: ReqIn, meta?: CallMeta) => Promise<ResOut>
    : never;
};

export type AnyDefinition = grpc.ServiceDefinition;
