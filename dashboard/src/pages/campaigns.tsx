import { PageHeader } from '../ui/kit';

/** Campaigns: the area's routes (nested under /campaigns). */
export default function Campaigns() {
  return <PageHeader title="Campaigns" subtitle="Coming with this area's pages." />;
}
