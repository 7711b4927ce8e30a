import { PageHeader } from '../ui/kit';

/** Workflows: the area's routes (nested under /workflows). */
export default function Workflows() {
  return <PageHeader title="Workflows" subtitle="Coming with this area's pages." />;
}
