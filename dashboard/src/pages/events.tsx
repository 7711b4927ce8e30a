import { PageHeader } from '../ui/kit';

/** Events: the area's routes (nested under /events). */
export default function Events() {
  return <PageHeader title="Events" subtitle="Coming with this area's pages." />;
}
