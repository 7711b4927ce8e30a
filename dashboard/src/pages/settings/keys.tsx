import { useState } from 'react';
import { api, type Project } from '../../api';
import { canManage, useProject, useSession } from '../../session';
import { ErrorBanner } from '../../ui/form';
import { CopyButton } from '../../ui/kit';
import { KeysOnce } from '../projects';
import { Confirm, ReadOnlyNote } from './shared';

/**
 * The project's keys — the public one in full, the secret one as a hint (Herald keeps it hashed) — and their rotation: both keys are
 * replaced, the old ones refused at once, the new ones shown this one time.
 */
export function ApiKeys() {
  const project = useProject();
  const { refresh } = useSession();
  const manage = canManage(project);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [fresh, setFresh] = useState<Project>();

  async function rotate() {
    setBusy(true);
    setError(undefined);
    try {
      setFresh(await api.post<Project>(`/users/@me/projects/${project.id}/regenerate-keys`));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <section className="card">
      <h2>API keys</h2>
      <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
      {fresh ? (
        <>
          <div className="banner banner-warn">The old keys no longer work: put these in every integration now.</div>
          <KeysOnce project={fresh} />
          <button
            type="button"
            className="primary"
            onClick={() => {
              setFresh(undefined);
              // The list then holds the hints again, not the full keys.
              void refresh();
            }}
          >
            I have saved them
          </button>
        </>
      ) : (
        <>
          <dl className="keys">
            <dt>Public key (client-side tracking)</dt>
            <dd>
              <code data-testid="public-key-hint">{project.public}</code>
              {!project.public.includes('…') && <CopyButton text={project.public} />}
            </dd>
            <dt>Secret key (server-side, every endpoint)</dt>
            <dd>
              <code data-testid="secret-key-hint">{project.secret}</code>
            </dd>
          </dl>
          <p className="muted settings-note">
            The public key is public and shown in full; the secret key is stored hashed and shown only by its ends. Lost it? Rotate the keys: both are replaced.
          </p>
          {manage ? (
            <button type="button" className="danger" onClick={() => setAsking(true)}>
              Rotate keys
            </button>
          ) : (
            <ReadOnlyNote>Only the owner and admins rotate the keys.</ReadOnlyNote>
          )}
        </>
      )}
      <Confirm
        open={asking}
        title="Rotate the keys?"
        confirmLabel="Rotate both keys"
        danger
        busy={busy}
        onConfirm={() => void rotate()}
        onClose={() => setAsking(false)}
      >
        <p>
          New public and secret keys are made and <strong>the current ones stop working at once</strong>: every integration using them is refused (401) until it
          has the new ones.
        </p>
      </Confirm>
    </section>
  );
}
