import { useEffect, useState } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
import { qs, type NumberedPage } from '../../api';
import { useApi } from '../../ui/data';
import { Empty, Loaded, PageHeader, PageNumbers, formatDate, formatNumber } from '../../ui/kit';
import { TemplateEditor, TypeBadge } from './editor';
import type { Template } from './types';
import './templates.css';

/** Templates: the list (search, type, numbered pages), a new one, one template (editor, preview, test, usage). */
export default function Templates() {
  return (
    <Switch>
      <Route path="/" component={TemplateList} />
      <Route path="/new">{() => <TemplateEditor />}</Route>
      <Route path="/:id" component={TemplatePage} />
    </Switch>
  );
}

const PAGE_SIZE = 20;

function TemplateList() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  // Typing settles for a moment before the list is asked again.
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [search]);
  const list = useApi<NumberedPage<Template>>(`/templates${qs({ page, pageSize: PAGE_SIZE, search: query, type })}`);
  const d = list.data;
  return (
    <>
      <PageHeader
        title="Templates"
        subtitle={d ? `${formatNumber(d.total)} templates` : 'Reusable emails for sends, campaigns and workflows.'}
        actions={
          <Link href="/new" className="button primary">
            New template
          </Link>
        }
      />
      <div className="toolbar" role="search">
        <input
          type="search"
          aria-label="Search by name or subject"
          placeholder="Search by name or subject…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All types</option>
          <option value="TRANSACTIONAL">Transactional</option>
          <option value="MARKETING">Marketing</option>
        </select>
      </div>
      <Loaded loading={list.loading && !d} error={list.error}>
        {() =>
          d!.data.length === 0 ? (
            <Empty>{query || type ? 'No template matches.' : 'No templates yet. Create one to send it with /v1/send, a campaign or a workflow.'}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>Type</th>
                      <th className="hide-narrow">Subject</th>
                      <th className="hide-narrow">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d!.data.map((t) => (
                      <tr key={t.id}>
                        <td>
                          <Link href={`/${t.id}`}>{t.name}</Link>
                          {t.description && <div className="muted tpl-desc">{t.description}</div>}
                        </td>
                        <td>
                          <TypeBadge type={t.type} />
                        </td>
                        <td className="hide-narrow truncate">{t.subject}</td>
                        <td className="hide-narrow">{formatDate(t.updatedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageNumbers page={page} totalPages={d!.totalPages} setPage={setPage} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** One template: loaded, then edited; a new id (a duplicate) starts a fresh editor. */
function TemplatePage() {
  const { id } = useParams<{ id: string }>();
  const t = useApi<Template>(`/templates/${id}`);
  return (
    <Loaded loading={t.loading && t.data?.id !== id} error={t.error}>
      {() => <TemplateEditor key={t.data!.id} template={t.data!} onSaved={t.setData} />}
    </Loaded>
  );
}
