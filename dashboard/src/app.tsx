import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { hashHref, useHashPath, useHashSearch } from './location';
import { SessionProvider, useSession } from './session';
import { Spinner } from './ui/kit';
import { AuthRoutes, PUBLIC_PATHS } from './pages/auth';
import { NoProject, ProjectSwitcher } from './pages/projects';
import { Overview } from './pages/overview';
import { useDevMailboxOn } from './pages/dev-mailbox/status';

/**
 * The areas of a project, each its own module (loaded when first opened) owning every route under
 * its path. The navigation is this list.
 */
const AREAS: { path: string; label: string; page: ComponentType }[] = [
  { path: '/contacts', label: 'Contacts', page: lazy(() => import('./pages/contacts')) },
  { path: '/events', label: 'Events', page: lazy(() => import('./pages/events')) },
  { path: '/segments', label: 'Segments', page: lazy(() => import('./pages/segments')) },
  { path: '/templates', label: 'Templates', page: lazy(() => import('./pages/templates')) },
  { path: '/campaigns', label: 'Campaigns', page: lazy(() => import('./pages/campaigns')) },
  { path: '/workflows', label: 'Workflows', page: lazy(() => import('./pages/workflows')) },
  { path: '/activity', label: 'Activity', page: lazy(() => import('./pages/activity')) },
  { path: '/analytics', label: 'Analytics', page: lazy(() => import('./pages/analytics')) },
  { path: '/domains', label: 'Domains', page: lazy(() => import('./pages/domains')) },
  { path: '/settings', label: 'Settings', page: lazy(() => import('./pages/settings')) },
];

/** The dev mailbox: in the navigation only where it is on (no SMTP_URL) and the caller may read it. */
const DEV_MAILBOX = { path: '/dev-mailbox', label: 'Dev mailbox', page: lazy(() => import('./pages/dev-mailbox')) };

/** The titles of the pages outside a project's areas. */
const TITLES: Record<string, string> = {
  '/': 'Overview',
  '/login': 'Log in',
  '/signup': 'Sign up',
  '/verify-email': 'Verify email',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
};

/** The tab's title names the page: "Contacts · Herald". */
function usePageTitle(location: string, fallback?: string) {
  const area = [...AREAS, DEV_MAILBOX].find((a) => location === a.path || location.startsWith(a.path + '/'));
  const title = fallback ?? TITLES[location] ?? area?.label ?? 'Not found';
  useEffect(() => {
    document.title = `${title} · Herald`;
  }, [title]);
}

export function App() {
  return (
    <Router hook={useHashPath} searchHook={useHashSearch} hrefs={hashHref}>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </Router>
  );
}

function Shell() {
  const { user, project } = useSession();
  const [location] = useLocation();
  const search = useHashSearch();
  usePageTitle(location, user && !project && !PUBLIC_PATHS.includes(location) ? 'Create your first project' : undefined);
  if (user === undefined) return <Spinner />;
  if (PUBLIC_PATHS.some((p) => location === p)) return <AuthRoutes />;
  if (user === null) return <Redirect to={`/login?next=${encodeURIComponent(search ? `${location}?${search}` : location)}`} replace />;
  if (!project) return <NoProject />;
  return (
    <Layout>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path="/" component={Overview} />
          {AREAS.map((a) => (
            <Route key={a.path} path={a.path} nest component={a.page} />
          ))}
          <Route path={DEV_MAILBOX.path} nest component={DEV_MAILBOX.page} />
          <Route>
            <p>
              There is no page here. <Link href="/">Back to the overview</Link>
            </p>
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}

function Layout({ children }: { children: React.ReactNode }) {
  const { user, logout, project } = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const devMailbox = useDevMailboxOn(project?.id);
  return (
    <div className={`layout${menuOpen ? ' menu-open' : ''}`}>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <Link href="/" onClick={() => setMenuOpen(false)}>
            Herald
          </Link>
          <button type="button" className="menu-toggle" aria-expanded={menuOpen} aria-controls="nav" onClick={() => setMenuOpen((o) => !o)}>
            Menu
          </button>
        </div>
        <ProjectSwitcher />
        <nav id="nav" aria-label="Main">
          <ul>
            <li>
              <Link
                href="/"
                className={location === '/' ? 'active' : ''}
                aria-current={location === '/' ? 'page' : undefined}
                onClick={() => setMenuOpen(false)}
              >
                Overview
              </Link>
            </li>
            {AREAS.map((a) => {
              const active = location === a.path || location.startsWith(a.path + '/');
              return (
                <li key={a.path}>
                  <Link href={a.path} className={active ? 'active' : ''} aria-current={active ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                    {a.label}
                  </Link>
                </li>
              );
            })}
            {devMailbox && (
              <li>
                <Link
                  href={DEV_MAILBOX.path}
                  className={location.startsWith(DEV_MAILBOX.path) ? 'active' : ''}
                  aria-current={location.startsWith(DEV_MAILBOX.path) ? 'page' : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  {DEV_MAILBOX.label}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <div className="sidebar-footer">
          <span className="muted" title={user?.email}>
            {user?.email}
          </span>
          <button type="button" className="link" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </aside>
      <main id="main" tabIndex={-1}>
        {project?.disabled && (
          <div className="banner banner-error" role="alert">
            This project is disabled ({project.disabledReason ?? 'MANUAL'}): it can be read but not changed, and its API keys are refused.
          </div>
        )}
        {children}
      </main>
    </div>
  );
}
