import { PageHeader } from '../ui/kit';

/** Settings: the area's routes (nested under /settings). */
export default function Settings() {
  return <PageHeader title="Settings" subtitle="Coming with this area's pages." />;
}
