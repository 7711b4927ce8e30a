import { useState } from 'react';
import { useLocation } from 'wouter';
import { api, type Project } from '../api';
import { useSession } from '../session';
import { ErrorBanner, Field, Submit, useForm } from '../ui/form';
import { CopyButton, Modal } from '../ui/kit';

/** The project being shown, and a way to switch to another or create one. */
export function ProjectSwitcher() {
  const { projects, project, selectProject, refresh } = useSession();
  const [, go] = useLocation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string>();
  // However the dialog closes (its button, ×, Escape), a project it created is the one shown.
  const close = () => {
    setCreating(false);
    if (created) {
      selectProject(created);
      setCreated(undefined);
      go('/');
    }
  };
  return (
    <div className="project-switcher">
      <label htmlFor="project-select" className="muted">
        Project
      </label>
      <select
        id="project-select"
        value={project?.id}
        onChange={(e) => {
          selectProject(e.target.value);
          go('/');
        }}
      >
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
            {p.disabled ? ' (disabled)' : ''}
          </option>
        ))}
      </select>
      {/* A button of its own: arrowing through the projects never lands on it. */}
      <button type="button" className="small link" onClick={() => setCreating(true)}>
        + New project
      </button>
      <Modal open={creating} title="New project" onClose={close}>
        <NewProject
          onCreated={(p) => {
            setCreated(p.id);
            // In the switcher at once (with its key hints), while the dialog still shows the full keys.
            void refresh();
          }}
          onDone={close}
        />
      </Modal>
    </div>
  );
}

/**
 * Creates a project, then shows its keys — the only time the secret key is shown whole.
 * `onCreated` hears of it at once (the switcher lists it); without it (the first project, whose
 * page replaces this one) the list is read again when the keys are saved.
 */
export function NewProject({ onCreated, onDone }: { onCreated?: (p: Project) => void; onDone?: () => void }) {
  const { refresh, selectProject } = useSession();
  const [, go] = useLocation();
  const form = useForm({ name: '' });
  const [created, setCreated] = useState<Project>();
  if (created) {
    return (
      <div>
        <KeysOnce project={created} />
        <button
          type="button"
          className="primary"
          onClick={async () => {
            if (!onCreated) await refresh();
            selectProject(created.id);
            onDone?.();
            go('/');
          }}
        >
          I have saved them — open the project
        </button>
      </div>
    );
  }
  return (
    <form
      onSubmit={form.submit(async (v) => {
        const p = await api.post<Project>('/users/@me/projects', v);
        setCreated(p);
        onCreated?.(p);
      })}
      noValidate
    >
      <ErrorBanner error={form.error} />
      <Field form={form} name="name" label="Project name" required />
      <Submit busy={form.busy}>Create project</Submit>
    </form>
  );
}

/** A project's keys as they are handed over once (creation, rotation): stored hashed, never shown again. */
export function KeysOnce({ project }: { project: Pick<Project, 'public' | 'secret'> }) {
  return (
    <div className="keys-once" role="status">
      <p>
        <strong>Save these keys now.</strong> Herald stores them hashed: the secret key is not shown again.
      </p>
      <dl className="keys">
        <dt>Public key (client-side tracking)</dt>
        <dd>
          <code data-testid="public-key">{project.public}</code> <CopyButton text={project.public} />
        </dd>
        <dt>Secret key (server-side, every endpoint)</dt>
        <dd>
          <code data-testid="secret-key">{project.secret}</code> <CopyButton text={project.secret} />
        </dd>
      </dl>
    </div>
  );
}

/** A user without any project (left or removed from every one) starts by creating one. */
export function NoProject() {
  const { logout } = useSession();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1>Create your first project</h1>
        <p className="muted">A project holds contacts, templates, campaigns and its own API keys.</p>
        <NewProject />
        <button type="button" className="link" onClick={() => void logout()}>
          Log out
        </button>
      </div>
    </div>
  );
}
