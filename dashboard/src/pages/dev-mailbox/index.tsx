import { useMemo, useState } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
import type { Answer } from '../../api-types';
import { useApi } from '../../ui/data';
import { CopyButton, Empty, Loaded, PageHeader, formatDate } from '../../ui/kit';
import { decodeHeader, parseMime } from './mime';
import './dev-mailbox.css';

type Mailbox = Answer<'/dev/mailbox', 'get'>;
type Message = Mailbox['messages'][number];

/** The newest messages the API returns (its most); the list and a message read the same answer. */
const MAILBOX = '/dev/mailbox?limit=200';

/**
 * The dev mailbox (GET /dev/mailbox): without SMTP_URL, outside production, Herald keeps the mail
 * it would have sent — the project's and every account mail — instead of sending it.
 */
export default function DevMailbox() {
  return (
    <Switch>
      <Route path="/" component={MessageList} />
      <Route path="/:id" component={MessagePage} />
    </Switch>
  );
}

function Intro() {
  return (
    <PageHeader
      title="Dev mailbox"
      subtitle="No SMTP server is configured (SMTP_URL), so Herald keeps the mail it would send here instead: this project's and every account mail (verification, password reset, invitations)."
    />
  );
}

function MessageList() {
  const box = useApi<Mailbox>(MAILBOX, { pollMs: 5_000 });
  return (
    <>
      <Intro />
      <Loaded loading={box.loading && !box.data} error={box.error}>
        {() =>
          box.data!.messages.length === 0 ? (
            <Empty>No mail yet. Send one with POST /v1/send, or sign up a user: it shows up here within seconds.</Empty>
          ) : (
            <div className="table-wrap">
              <table className="dev-mailbox-list">
                <thead>
                  <tr>
                    <th scope="col">To</th>
                    <th scope="col">Subject</th>
                    <th scope="col" className="hide-narrow">
                      From
                    </th>
                    <th scope="col">Received</th>
                  </tr>
                </thead>
                <tbody>
                  {box.data!.messages.map((m) => (
                    <tr key={m.id}>
                      <td>{m.to}</td>
                      <td>
                        <Link href={`/${m.id}`}>{decodeHeader(m.subject) || '(no subject)'}</Link>
                      </td>
                      <td className="hide-narrow">{m.from}</td>
                      <td>{formatDate(m.receivedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </>
  );
}

function MessagePage() {
  const { id } = useParams<{ id: string }>();
  const box = useApi<Mailbox>(MAILBOX);
  return (
    <Loaded loading={box.loading} error={box.error}>
      {() => {
        const m = box.data!.messages.find((x) => x.id === id);
        return m ? (
          <MessageView message={m} />
        ) : (
          <>
            <Intro />
            <Empty>
              This message is no longer among the newest 200. <Link href="/">Back to the dev mailbox</Link>
            </Empty>
          </>
        );
      }}
    </Loaded>
  );
}

function MessageView({ message: m }: { message: Message }) {
  const parsed = useMemo(() => parseMime(m.raw), [m.raw]);
  const [view, setView] = useState<'rendered' | 'text' | 'raw'>(parsed.html !== undefined ? 'rendered' : 'text');
  const views = [
    ...(parsed.html !== undefined ? [{ id: 'rendered' as const, label: 'Rendered' }] : []),
    { id: 'text' as const, label: 'Text' },
    { id: 'raw' as const, label: 'Raw source' },
  ];
  return (
    <>
      <PageHeader title={decodeHeader(m.subject) || '(no subject)'} subtitle={<Link href="/">← Dev mailbox</Link>} />
      <dl className="data-list dev-mailbox-meta">
        <div>
          <dt>From</dt>
          <dd>{m.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{m.to}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{formatDate(m.receivedAt)}</dd>
        </div>
        <div>
          <dt>Email id</dt>
          <dd>
            <code>{m.emailId}</code>
          </dd>
        </div>
        {parsed.attachments.length > 0 && (
          <div>
            <dt>Attachments</dt>
            <dd>{parsed.attachments.join(', ')}</dd>
          </div>
        )}
      </dl>
      <div className="dev-mailbox-views" role="group" aria-label="Show the message as">
        {views.map((v) => (
          <button key={v.id} type="button" className="small" aria-pressed={view === v.id} onClick={() => setView(v.id)}>
            {v.label}
          </button>
        ))}
      </div>
      {view === 'rendered' && <iframe title="Rendered message" className="dev-mailbox-frame" sandbox="" srcDoc={parsed.html ?? ''} />}
      {view === 'text' && <pre className="dev-mailbox-source">{parsed.text ?? '(This message has no text part.)'}</pre>}
      {view === 'raw' && (
        <>
          <CopyButton text={m.raw} label="Copy the source" />
          <pre className="dev-mailbox-source" aria-label="Raw source">
            {m.raw}
          </pre>
        </>
      )}
    </>
  );
}
