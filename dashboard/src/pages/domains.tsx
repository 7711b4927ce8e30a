import { PageHeader } from '../ui/kit';

/** Domains: the area's routes (nested under /domains). */
export default function Domains() {
  return <PageHeader title="Domains" subtitle="Coming with this area's pages." />;
}
