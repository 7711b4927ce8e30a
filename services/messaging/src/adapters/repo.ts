import type { NewEvent } from '../../../../libs/bus/src';
import type { Db, UnitOfWork } from '../../../../libs/db/src';
import type { MessagingStore } from '../app/ports';
import { EmailsRepo } from './emails-repo';
import { EngagementsRepo } from './engagements-repo';
import { InboundRepo } from './inbound-repo';
import { outbox } from './outbox';
import { SuppressionsRepo } from './suppressions-repo';
import { TemplatesRepo } from './templates-repo';

export type { SweptEmail } from './emails-repo';

/** The public methods of a repository. */
type Methods<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]: T[K] };

// The methods of every aggregate's repository, on the whole: the constructor sets each one.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the constructor defines every member it declares
export interface MessagingRepo extends Methods<TemplatesRepo>, Methods<EmailsRepo>, Methods<SuppressionsRepo>, Methods<InboundRepo>, Methods<EngagementsRepo> {}

/**
 * Messaging's PostgreSQL, one repository per aggregate — templates (and the campaigns and
 * workflows that use them), emails, suppressions, inbound mail — put together: each repository's
 * methods are the whole's, so use cases that span aggregates take one store.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface
export class MessagingRepo implements MessagingStore {
  readonly outbox = outbox;

  constructor(readonly db: Db) {
    for (const repo of [new TemplatesRepo(db), new EmailsRepo(db), new SuppressionsRepo(db), new InboundRepo(db), new EngagementsRepo(db)]) {
      for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(repo))) {
        if (name === 'constructor') continue;
        const method = (repo as unknown as Record<string, unknown>)[name];
        if (typeof method === 'function') Object.defineProperty(this, name, { value: method.bind(repo) });
      }
    }
  }

  get uow(): UnitOfWork {
    return this.db;
  }

  async publish(events: NewEvent[]): Promise<void> {
    await outbox.enqueue(this.db.pool, events);
  }
}
