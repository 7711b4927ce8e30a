import type { NewEvent } from '../../../../libs/bus/src';
import type { Work } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { classifyEngagement, ENGAGEMENT_MEMORY_SECONDS } from '../domain/engagement';
import type { EngagementsStore, EmailsStore } from './ports';
import { statusEvent } from './send';

export interface EngagementDeps {
  repo: EngagementsStore & Pick<EmailsStore, 'advance'>;
  /** A keyed digest (TokenSigner.digest): the same client is known again, never who. */
  digest: (text: string) => string;
}

/** What a tracked request (or a provider's open or click notification) said of itself. */
export interface EngagementSource {
  ip?: string;
  userAgent?: string;
  method?: string;
  purpose?: string;
}

/**
 * An open or click of an email, in the caller's unit of work; answers the events to write. Opens
 * and clicks move the email up (never down) and record the public event once; a click implies an
 * open (images may be blocked), so a first click records the open too. Each is classified
 * (domain/engagement.ts) against the email's earlier ones and recorded with its class; the first
 * by a person stamps the email's human open and click — a human click the open too, when a machine
 * opened it first — with an event for the human figures (`human`, and `raw: false` when the status
 * had moved already). A click on the hidden trap link moves nothing: it only marks its client a
 * machine. An email that is not there records nothing.
 */
export async function trackEngagement(
  d: EngagementDeps,
  work: Work,
  e: { projectId: string; emailId: string; kind: 'open' | 'click'; link?: string; trap?: boolean },
  req: EngagementSource,
): Promise<NewEvent[]> {
  const found = await d.repo.engagedEmail(work, e.projectId, e.emailId, ENGAGEMENT_MEMORY_SECONDS);
  if (!found) return [];
  const client = d.digest(`${req.ip ?? ''}\n${req.userAgent ?? ''}`);
  const link = e.trap ? 'trap' : e.link;
  const method = (req.method || 'GET').toUpperCase().slice(0, 10);
  const verdict = classifyEngagement(
    {
      kind: e.kind,
      ip: req.ip || undefined,
      userAgent: req.userAgent,
      method,
      purpose: req.purpose || undefined,
      secondsSinceSent: found.email.seconds_since_sent ?? undefined,
      trap: e.trap,
      link,
    },
    found.earlier.map((x) => ({ kind: x.kind, secondsAgo: x.seconds_ago, link: x.link, class: x.class, sameClient: x.client === client })),
  );
  await d.repo.recordEngagement(work, {
    projectId: e.projectId,
    emailId: e.emailId,
    id: newId(),
    kind: e.kind,
    link,
    class: verdict.class,
    reasons: verdict.reasons,
    client,
    method,
  });
  if (e.trap) return [];
  const human = verdict.class === 'human' ? await d.repo.markHuman(work, e.projectId, e.emailId, e.kind === 'click') : { opened: false, clicked: false };
  const engagement = { class: verdict.class, reasons: verdict.reasons };
  const events: NewEvent[] = [];
  for (const s of e.kind === 'click' ? (['opened', 'clicked'] as const) : (['opened'] as const)) {
    const extra = { ...(s === 'clicked' && e.link ? { link: e.link } : {}), engagement, human: s === 'opened' ? human.opened : human.clicked };
    const row = await d.repo.advance(work, e.projectId, e.emailId, s);
    if (row) events.push(statusEvent(e.projectId, row, s, extra));
    else if (extra.human) events.push(statusEvent(e.projectId, found.email, s, { ...extra, raw: false }));
  }
  return events;
}
