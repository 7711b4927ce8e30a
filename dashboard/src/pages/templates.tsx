import { PageHeader } from '../ui/kit';

/** Templates: the area's routes (nested under /templates). */
export default function Templates() {
  return <PageHeader title="Templates" subtitle="Coming with this area's pages." />;
}
