// Every service Herald can run: one line each. The registry, the split launcher, the all-in-one
// threads and the deploy checks are derived from these descriptors (docs/topologies.md, "Add a service").
export { billing } from '../../billing/src/service';
export { campaigns } from '../../campaigns/src/service';
export { contacts } from '../../contacts/src/service';
export { domains } from '../../domains/src/service';
export { events } from '../../events/src/service';
export { gateway } from '../../gateway/src/service';
export { messaging } from '../../messaging/src/service';
export { workflows } from '../../workflows/src/service';
