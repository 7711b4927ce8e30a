import { useState } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
import { qs, type NumberedPage } from '../../api';
import { useApi } from '../../ui/data';
import { Empty, Loaded, PageHeader, PageNumbers, formatDate, formatNumber } from '../../ui/kit';
import { CampaignForm } from './compose';
import { CampaignDetail } from './detail';
import { AUDIENCE_LABEL, editable, STATUSES, type Campaign } from './model';
import { StatusBadge, statusLabel } from './status';
import { readable } from '../../ui/text';
import './campaigns.css';

/** Campaigns: the list (status filter, pages), compose, one campaign (send, schedule, progress, stats), edit. */
export default function Campaigns() {
  return (
    <Switch>
      <Route path="/" component={CampaignList} />
      <Route path="/new">{() => <CampaignForm />}</Route>
      <Route path="/:id/edit" component={EditCampaign} />
      {/* Keyed by id: a duplicate opens as a page of its own, with nothing carried over from the original's. */}
      <Route path="/:id">{(p) => <CampaignDetail key={p.id} />}</Route>
    </Switch>
  );
}

const PAGE_SIZE = 20;

function CampaignList() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  // A sending campaign's progress moves in the list too.
  const list = useApi<NumberedPage<Campaign>>(`/campaigns${qs({ page, pageSize: PAGE_SIZE, status })}`, {
    pollMs: 3000,
    poll: (d) => d.data.some((c) => c.status === 'SENDING'),
  });
  return (
    <>
      <PageHeader
        title="Campaigns"
        subtitle={list.data ? `${formatNumber(list.data.total)} campaigns` : undefined}
        actions={
          <Link href="/new" className="button primary">
            New campaign
          </Link>
        }
      />
      <div className="toolbar">
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">Every status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.data.length === 0 ? (
            <Empty>{status ? 'No campaign has this status.' : 'No campaigns yet. Write one to send to your contacts, a segment or a filter.'}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>Status</th>
                      <th className="hide-narrow">Audience</th>
                      <th className="hide-narrow">Sent</th>
                      <th className="hide-narrow">When</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data!.data.map((c) => (
                      <tr key={c.id}>
                        <td>
                          <Link href={`/${c.id}`}>{c.name}</Link>
                          <div className="muted truncate">{readable(c.subject)}</div>
                        </td>
                        <td>
                          <StatusBadge status={c.status} />
                        </td>
                        <td className="hide-narrow">{AUDIENCE_LABEL[c.audienceType]}</td>
                        <td className="hide-narrow">{c.startedAt ? `${formatNumber(c.sentCount)} / ${formatNumber(c.totalRecipients)}` : '—'}</td>
                        <td className="hide-narrow">{when(c)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageNumbers page={page} totalPages={list.data!.totalPages} setPage={setPage} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** The moment that matters for the campaign's status. */
function when(c: Campaign): string {
  if (c.status === 'SCHEDULED') return `for ${formatDate(c.scheduledAt)}`;
  if (c.status === 'SENT') return formatDate(c.sentAt);
  if (c.status === 'SENDING') return `since ${formatDate(c.startedAt)}`;
  if (c.status === 'CANCELLED') return formatDate(c.cancelledAt);
  return `edited ${formatDate(c.updatedAt)}`;
}

function EditCampaign() {
  const { id } = useParams<{ id: string }>();
  const c = useApi<Campaign>(`/campaigns/${id}`);
  return (
    <Loaded loading={c.loading && !c.data} error={c.error}>
      {() =>
        editable(c.data!.status) ? (
          <CampaignForm campaign={c.data!} />
        ) : (
          <div className="banner banner-warn" role="status">
            <span>
              This campaign is {statusLabel(c.data!.status).toLowerCase()}: only a draft or scheduled campaign can be edited.{' '}
              <Link href={`/${id}`}>Open it</Link> and duplicate it to send a changed copy.
            </span>
          </div>
        )
      }
    </Loaded>
  );
}
