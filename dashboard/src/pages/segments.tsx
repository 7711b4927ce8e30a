import { PageHeader } from '../ui/kit';

/** Segments: the area's routes (nested under /segments). */
export default function Segments() {
  return <PageHeader title="Segments" subtitle="Coming with this area's pages." />;
}
