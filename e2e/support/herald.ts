import { Topology, type TopologyKind, type TopologyOptions } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';

/** Herald as built (dist/), in one topology, made of the services of services/all's registry. */
export const startHerald = (kind: TopologyKind, opts: Omit<TopologyOptions, 'registry'> = {}) => Topology.start(kind, { ...opts, registry });
