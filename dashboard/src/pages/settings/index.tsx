import { Link, Route, Switch, useLocation } from 'wouter';
import { useProject } from '../../session';
import { PageHeader } from '../../ui/kit';
import { ApiKeys } from './keys';
import { Billing } from './billing';
import { DangerZone } from './danger';
import { General } from './general';
import { Members } from './members';
import { Security } from './security';
import './settings.css';

/** The settings tabs, each its own route under /settings so a link (the overview's, a mail's) opens one. */
const TABS = [
  { path: '/', label: 'General', page: General },
  { path: '/keys', label: 'API keys', page: ApiKeys },
  { path: '/members', label: 'Members', page: Members },
  { path: '/billing', label: 'Billing', page: Billing },
  { path: '/security', label: 'Security', page: Security },
  { path: '/danger', label: 'Danger zone', page: DangerZone },
];

/** Settings: the project's name and tracking, keys, members, billing, sending reputation, reset and delete. */
export default function Settings() {
  const project = useProject();
  const [location] = useLocation();
  return (
    <>
      <PageHeader
        title="Settings"
        subtitle={
          <>
            {project.name} · you are {project.role.toLowerCase()}
          </>
        }
      />
      <nav className="settings-tabs" aria-label="Settings">
        <ul>
          {TABS.map((t) => {
            const active = location === t.path;
            return (
              <li key={t.path}>
                <Link href={t.path} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* Keyed by project: switching projects starts each form afresh. */}
      <Switch key={project.id}>
        {TABS.map((t) => (
          <Route key={t.path} path={t.path} component={t.page} />
        ))}
        <Route>
          <p>
            There is no such settings page. <Link href="/">General settings</Link>
          </p>
        </Route>
      </Switch>
    </>
  );
}
