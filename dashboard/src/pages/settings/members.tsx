import type { Answer } from '../../api-types';
import { useState } from 'react';
import { api, type Role } from '../../api';
import { canManage, useProject, useSession } from '../../session';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { Badge, Empty, Loaded, formatDate } from '../../ui/kit';
import { Confirm, ReadOnlyNote } from './shared';

type Member = Answer<'/projects/{id}/members', 'get'>[number];
type Invitation = Answer<'/projects/{id}/invitations', 'get'>[number];

const ROLE_HELP: Record<Role, string> = {
  OWNER: 'everything, reset and delete included',
  ADMIN: 'settings, keys, members and billing',
  MEMBER: 'the project’s data, not its settings',
};

/**
 * Who works on the project. Every member sees the list; owners and admins invite (an address
 * without an account gets an invitation mail), change roles and remove anyone but the owner.
 */
export function Members() {
  const project = useProject();
  const { user } = useSession();
  const manage = canManage(project);
  const members = useApi<Member[]>(`/projects/${project.id}/members`);
  // Pending invitations are for those who can act on them (the API refuses them to a MEMBER).
  const invitations = useApi<Invitation[]>(manage ? `/projects/${project.id}/invitations` : null);
  const [error, setError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [removing, setRemoving] = useState<Member>();
  const [busy, setBusy] = useState(false);

  /** Runs one change, shows the API's refusal if any, and reads the lists again. */
  async function act(f: () => Promise<unknown>, done?: string) {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await f();
      if (done) setNotice(done);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      members.reload();
      invitations.reload();
    }
  }

  return (
    <>
      <section className="card">
        <h2>Members</h2>
        {!manage && <ReadOnlyNote>Only the owner and admins invite, change roles and remove members.</ReadOnlyNote>}
        <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
        {notice && (
          <div className="banner banner-info" role="status">
            {notice}
          </div>
        )}
        <Loaded loading={members.loading && !members.data} error={members.error}>
          {() => (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th>Email</th>
                    <th>Role</th>
                    <th className="hide-narrow">Since</th>
                    {manage && <th>Actions</th>}
                  </tr>
                </thead>
                <tbody>
                  {members.data!.map((m) => {
                    const editable = manage && m.role !== 'OWNER';
                    return (
                      <tr key={m.userId}>
                        <td>
                          {m.email} {m.userId === user?.id && <span className="muted">(you)</span>}
                        </td>
                        <td>
                          {editable ? (
                            <select
                              aria-label={`Role of ${m.email}`}
                              value={m.role}
                              disabled={busy}
                              onChange={(e) =>
                                void act(
                                  () => api.patch(`/projects/${project.id}/members/${m.userId}`, { role: e.target.value }),
                                  `${m.email} is now ${e.target.value}.`,
                                )
                              }
                            >
                              <option value="ADMIN">ADMIN</option>
                              <option value="MEMBER">MEMBER</option>
                            </select>
                          ) : (
                            <Badge tone={m.role === 'OWNER' ? 'info' : m.role === 'ADMIN' ? 'good' : 'neutral'}>{m.role}</Badge>
                          )}
                        </td>
                        <td className="hide-narrow">{formatDate(m.createdAt)}</td>
                        {manage && (
                          <td>
                            {editable && (
                              <button type="button" className="small danger" onClick={() => setRemoving(m)} aria-label={`Remove ${m.email}`}>
                                Remove
                              </button>
                            )}
                          </td>
                        )}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Loaded>
        <p className="muted settings-note">
          {(Object.keys(ROLE_HELP) as Role[]).map((r) => (
            <span key={r} style={{ display: 'block' }}>
              <strong>{r}</strong>: {ROLE_HELP[r]}
            </span>
          ))}
        </p>
      </section>
      {manage && (
        <section className="card">
          <h2>Invite</h2>
          <InviteForm
            projectId={project.id}
            onDone={(msg) => {
              setNotice(msg);
              setError(undefined);
              members.reload();
              invitations.reload();
            }}
          />
          <h3>Pending invitations</h3>
          <Loaded loading={invitations.loading && !invitations.data} error={invitations.error}>
            {() =>
              invitations.data!.length === 0 ? (
                <Empty>No pending invitation.</Empty>
              ) : (
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th>Email</th>
                        <th>Role</th>
                        <th className="hide-narrow">Expires</th>
                        <th>Actions</th>
                      </tr>
                    </thead>
                    <tbody>
                      {invitations.data!.map((i) => (
                        <tr key={i.email}>
                          <td>{i.email}</td>
                          <td>{i.role}</td>
                          <td className="hide-narrow">{formatDate(i.expiresAt)}</td>
                          <td>
                            <button
                              type="button"
                              className="small"
                              disabled={busy}
                              aria-label={`Cancel the invitation of ${i.email}`}
                              onClick={() =>
                                void act(
                                  () => api.del(`/projects/${project.id}/invitations/${encodeURIComponent(i.email)}`),
                                  `The invitation of ${i.email} is cancelled: its link no longer works.`,
                                )
                              }
                            >
                              Cancel invitation
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </Loaded>
        </section>
      )}
      <Confirm
        open={!!removing}
        title="Remove this member?"
        confirmLabel="Remove"
        danger
        busy={busy}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          const m = removing!;
          setRemoving(undefined);
          void act(() => api.del(`/projects/${project.id}/members/${m.userId}`), `${m.email} no longer has access to ${project.name}.`);
        }}
      >
        <p>
          <strong>{removing?.email}</strong> loses access to {project.name} at once. You can invite them again later.
        </p>
      </Confirm>
    </>
  );
}

/** Invites an address with a role: a member at once if it has an account (201), else an invitation mail (202). */
function InviteForm({ projectId, onDone }: { projectId: string; onDone: (message: string) => void }) {
  const form = useForm({ email: '', role: 'MEMBER' });
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        const out = await api.post<{ invited?: boolean; email: string; role: Role }>(`/projects/${projectId}/members`, v);
        form.setValues({ email: '', role: v.role });
        onDone(out.invited ? `Invitation sent to ${out.email} (${out.role}): it is valid for 7 days.` : `${out.email} is now a member (${out.role}).`);
      })}
    >
      <ErrorBanner error={form.error} />
      <div className="invite-form">
        <Field form={form} name="email" label="Email" type="email" autoComplete="off" required />
        <Field form={form} name="role" label="Role">
          {(p) => (
            <select {...p}>
              <option value="MEMBER">MEMBER</option>
              <option value="ADMIN">ADMIN</option>
            </select>
          )}
        </Field>
        <Submit busy={form.busy}>Invite</Submit>
      </div>
    </form>
  );
}
