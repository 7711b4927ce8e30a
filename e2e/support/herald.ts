import { Topology, type TopologyKind, type TopologyOptions } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';

type Options = Omit<TopologyOptions, 'registry' | 'shared'>;

/** Herald as built (dist/), in one topology of its own, made of the services of services/all's registry. */
export const startHerald = (kind: TopologyKind, opts: Options = {}) => Topology.start(kind, { ...opts, registry });

/**
 * A project of its own on a Herald this jest worker shares with the other test files asking for
 * the same kind and settings (Topology.shared): for tests that neither stop nor restart it, nor
 * change what every project meets.
 */
export const sharedHerald = (kind: TopologyKind, opts: Options = {}) => Topology.shared(kind, { ...opts, registry });
