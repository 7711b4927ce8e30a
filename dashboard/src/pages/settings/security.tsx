import type { Answer } from '../../api-types';
import { useProject } from '../../session';
import { useApi } from '../../ui/data';
import { Badge, Empty, Loaded, formatDate, formatNumber } from '../../ui/kit';
import { percent } from './shared';

type SecurityState = Answer<'/users/@me/projects/{id}/security', 'get'>;
type Level = SecurityState['levels']['bounce7Day'];
type Rates = SecurityState['sevenDay'];

const TONE: Record<Level, 'good' | 'warn' | 'bad'> = { healthy: 'good', warning: 'warn', critical: 'bad' };

/**
 * The project's sending reputation: bounce and complaint rates over 7 days and all time with
 * their level (a critical level can suspend sending), and the recent suspensions.
 */
export function Security() {
  const project = useProject();
  const state = useApi<SecurityState>(`/users/@me/projects/${project.id}/security`);
  return (
    <Loaded loading={state.loading && !state.data} error={state.error}>
      {() => {
        const s = state.data!;
        const levels = Object.values(s.levels);
        const worst: Level = levels.includes('critical') ? 'critical' : levels.includes('warning') ? 'warning' : 'healthy';
        return (
          <>
            {s.isDisabled ? (
              <div className="banner banner-error" role="alert">
                Sending is suspended for this project. Its history is below.
              </div>
            ) : worst !== 'healthy' ? (
              <div className={`banner ${worst === 'critical' ? 'banner-error' : 'banner-warn'}`} role="status">
                <div>
                  <strong>{worst === 'critical' ? 'Your reputation is critical: sending may be suspended.' : 'Your reputation needs attention.'}</strong>
                  <div className="banner-suggestion">
                    Remove addresses that bounce, send only to people who asked for your mail, and make unsubscribing easy.
                  </div>
                </div>
              </div>
            ) : null}
            <div className="grid-2">
              <RateCard title="Last 7 days" rates={s.sevenDay} bounce={s.levels.bounce7Day} complaint={s.levels.complaint7Day} />
              <RateCard title="All time" rates={s.allTime} bounce={s.levels.bounceAllTime} complaint={s.levels.complaintAllTime} />
            </div>
            <section className="card">
              <h2>Recent suspensions</h2>
              {!s.recentSuspensions?.length ? (
                <Empty>Never suspended.</Empty>
              ) : (
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th>When</th>
                        <th>What</th>
                        <th>Reason</th>
                      </tr>
                    </thead>
                    <tbody>
                      {s.recentSuspensions.map((x, i) => (
                        <tr key={i}>
                          <td>{formatDate(x.at)}</td>
                          <td>{x.action === 'disabled' ? <Badge tone="bad">Suspended</Badge> : <Badge tone="good">Enabled again</Badge>}</td>
                          <td className="mono">{x.reason}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
          </>
        );
      }}
    </Loaded>
  );
}

function RateCard({ title, rates, bounce, complaint }: { title: string; rates: Rates; bounce: Level; complaint: Level }) {
  return (
    <section className="card">
      <h2>{title}</h2>
      <p className="muted">{formatNumber(rates.total)} emails sent</p>
      <div className="rate">
        <span>
          Bounce rate <span className="muted">({formatNumber(rates.bounces)})</span>
        </span>
        <span>
          <strong>{percent(rates.bounceRate)}</strong> <Badge tone={TONE[bounce]}>{bounce}</Badge>
        </span>
      </div>
      <div className="rate">
        <span>
          Complaint rate <span className="muted">({formatNumber(rates.complaints)})</span>
        </span>
        <span>
          <strong>{percent(rates.complaintRate)}</strong> <Badge tone={TONE[complaint]}>{complaint}</Badge>
        </span>
      </div>
    </section>
  );
}
