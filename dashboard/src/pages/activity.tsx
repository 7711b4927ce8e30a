import { PageHeader } from '../ui/kit';

/** Activity: the area's routes (nested under /activity). */
export default function Activity() {
  return <PageHeader title="Activity" subtitle="Coming with this area's pages." />;
}
