import { PageHeader } from '../ui/kit';

/** Analytics: the area's routes (nested under /analytics). */
export default function Analytics() {
  return <PageHeader title="Analytics" subtitle="Coming with this area's pages." />;
}
