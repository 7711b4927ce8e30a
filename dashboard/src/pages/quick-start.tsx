import { Link } from 'wouter';
import { canManage, useProject, useSession } from '../session';
import { CopyButton } from '../ui/kit';
import './quick-start.css';

/** Whether a key as the API gives it is only its hint (`pk_93b5…e1f0`): a key issued before public keys were kept. */
const isHint = (key: string) => key.includes('…');

/** The project's keys and the first request to make with them: curl and the Plunk SDK, each with a copy button. */
export function QuickStart() {
  const project = useProject();
  const { config } = useSession();
  const api = (config?.urls.api ?? window.location.origin).replace(/\/$/, '');
  const curl = [
    `curl -X POST ${api}/v1/send \\`,
    `  -H "Authorization: Bearer $HERALD_SECRET_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"to": "you@example.com", "from": "hello@example.com", "subject": "Hello from Herald", "body": "<p>It works.</p>"}'`,
  ].join('\n');
  const node = [
    `import Plunk from '@plunk/node';`,
    ``,
    `const plunk = new Plunk(process.env.HERALD_SECRET_KEY, { baseUrl: '${api}/v1/' });`,
    `await plunk.emails.send({ to: 'you@example.com', from: 'hello@example.com', subject: 'Hello from Herald', body: '<p>It works.</p>' });`,
    `await plunk.events.track({ event: 'signed-up', email: 'you@example.com', data: { plan: 'pro' } });`,
  ].join('\n');
  return (
    <section className="card quick-start" aria-labelledby="quick-start-title">
      <h2 id="quick-start-title">Keys and quick start</h2>
      <dl className="keys">
        <dt>Public key (client-side tracking, safe in web pages)</dt>
        <dd>
          <code data-testid="project-public-key">{project.public}</code>
          {isHint(project.public) ? (
            <span className="muted"> — issued before Herald kept public keys: rotate the keys to see it in full.</span>
          ) : (
            <>
              {' '}
              <CopyButton text={project.public} label="Copy the public key" />
            </>
          )}
        </dd>
        <dt>Secret key (server-side, every endpoint)</dt>
        <dd>
          <code>{project.secret}</code>{' '}
          <span className="muted">
            Shown in full only when issued. {canManage(project) ? <Link href="/settings/keys">Rotate the keys</Link> : 'An owner or admin can rotate the keys'}{' '}
            if it is lost.
          </span>
        </dd>
      </dl>
      <p className="muted">
        Set <code>HERALD_SECRET_KEY</code> to the secret key, then send a first email (from an address of a verified domain once SMTP is set up).
      </p>
      <div className="snippet">
        <div className="snippet-head">
          <h3>curl</h3>
          <CopyButton text={curl} label="Copy the curl command" />
        </div>
        <pre data-testid="snippet-curl">{curl}</pre>
      </div>
      <div className="snippet">
        <div className="snippet-head">
          <h3>@plunk/node</h3>
          <CopyButton text={node} label="Copy the Node.js code" />
        </div>
        <pre data-testid="snippet-node">{node}</pre>
      </div>
      <p>
        <a href={`${api}/docs`} target="_blank" rel="noreferrer">
          The API reference
        </a>{' '}
        lists every endpoint with its bodies, answers and errors.
      </p>
    </section>
  );
}
