import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, setProjectId, whenUnauthorized, type HeraldConfig, type Project, type User } from './api';

/**
 * Who is logged in, their projects, and the project the dashboard is showing. The session itself
 * is the HttpOnly cookie; the only thing kept in the browser's storage is which project was last
 * open (an id, not a secret).
 */
interface Session {
  config: HeraldConfig | undefined;
  user: User | null | undefined; // undefined while loading, null when logged out
  projects: Project[];
  project: Project | undefined;
  selectProject(id: string): void;
  /** Reads the user and the projects again (after login, signup, a project change). */
  refresh(): Promise<void>;
  /** Replaces one project in the list (an update, new keys) without a round trip. */
  updateProject(p: Project): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | undefined>(undefined);
const LAST_PROJECT = 'herald.project';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<HeraldConfig>();
  const [user, setUser] = useState<User | null>();
  const [projects, setProjects] = useState<Project[]>([]);
  const [projectId, setCurrent] = useState<string | undefined>(() => localStorage.getItem(LAST_PROJECT) ?? undefined);

  const refresh = useCallback(async () => {
    try {
      // Both at once: the first page waits for them.
      const [me, list] = await Promise.all([api.get<User>('/users/@me', { quiet401: true }), api.get<Project[]>('/users/@me/projects', { quiet401: true })]);
      setProjects(list);
      setUser(me);
    } catch {
      setUser(null);
      setProjects([]);
    }
  }, []);

  useEffect(() => {
    api.get<HeraldConfig>('/config').then(setConfig, () => undefined);
    whenUnauthorized(() => setUser(null));
    void refresh();
  }, [refresh]);

  const project = projects.find((p) => p.id === projectId) ?? projects[0];
  // Set before any child renders and fetches, so their first request already names the project.
  setProjectId(project?.id);

  const value = useMemo<Session>(
    () => ({
      config,
      user,
      projects,
      project,
      selectProject(id) {
        localStorage.setItem(LAST_PROJECT, id);
        setProjectId(id);
        setCurrent(id);
      },
      refresh,
      updateProject(p) {
        setProjects((list) => (list.some((x) => x.id === p.id) ? list.map((x) => (x.id === p.id ? { ...x, ...p } : x)) : [...list, p]));
      },
      async logout() {
        await api.get('/auth/logout').catch(() => undefined);
        setUser(null);
        setProjects([]);
      },
    }),
    [config, user, projects, project, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The project being shown (the app renders project pages only when there is one). */
export function useProject(): Project {
  const { project } = useSession();
  if (!project) throw new Error('no project selected');
  return project;
}

/** Whether the caller may change project settings (OWNER or ADMIN). */
export const canManage = (p: Project) => p.role === 'OWNER' || p.role === 'ADMIN';
