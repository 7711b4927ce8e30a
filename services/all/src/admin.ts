import { parseArgs } from 'node:util';
import { discardDeadLetters, listDeadLetters, replayDeadLetters, type DeadLetterSelector } from '../../../libs/bus/src';
import { Db } from '../../../libs/db/src';
import { embeddedPostgresPort, embeddedPostgresUrl } from '../../../libs/db/src/embedded';
import { loadConfig } from '../../../libs/kit/src';
import { schemaOf } from '../../../libs/runtime/src';
import { registry } from './registry';

const USAGE = `Usage: npm run admin -- dead-letters <list|replay|discard> [options]

  list                       the events each consumer gave up on (after 5 attempts)
  replay  --event <id>… | --all   try them again now (the consumer's service applies them within a second)
  discard --event <id>… | --all   forget them

  --service <name>   only this service's consumers (default: every service)
  --consumer <name>  only this consumer
  --limit <n>        list at most n per service (default 100)
  --json             list as JSON lines

The database is DATABASE_URL (and <SERVICE>_DATABASE_URL), as for the services; without it, the
embedded PostgreSQL of a running all-in-one on HERALD_DATA_DIR (its port found there).`;

/**
 * `npm run admin`: operations on a running Herald that need only its database. Dead letters live in
 * each consuming service's schema (failed_events), in both topologies alike.
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      consumer: { type: 'string' },
      event: { type: 'string', multiple: true },
      all: { type: 'boolean' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [topic, action] = positionals;
  if (values.help || topic !== 'dead-letters' || !['list', 'replay', 'discard'].includes(action ?? '')) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  if (values.service && !registry.has(values.service)) {
    console.error(`Unknown service "${values.service}". Services: ${registry.names().join(', ')}`);
    return 2;
  }
  let which: DeadLetterSelector | undefined;
  if (action !== 'list') {
    if (!values.all === !values.event?.length) {
      console.error(`${action} needs --event <id> (repeatable) or --all, not both`);
      return 2;
    }
    which = values.all ? { all: true, consumer: values.consumer } : { eventIds: values.event!, consumer: values.consumer };
  }

  const config = loadConfig(process.env);
  const embedded = embeddedPostgresUrl(config.EMBEDDED_PG_PORT ?? embeddedPostgresPort(config.dataDir));
  const pools = new Map<string, Db>();
  try {
    let total = 0;
    for (const s of registry.services.filter((x) => x.schema && (!values.service || x.name === values.service))) {
      const url = config.databaseUrlFor(s.name) ?? embedded;
      const db = pools.get(url) ?? new Db(url, 1);
      pools.set(url, db);
      const schema = schemaOf(s);
      if (action === 'list') {
        for (const d of await listDeadLetters(db, schema, { consumer: values.consumer, limit: values.limit ? Number(values.limit) : undefined })) {
          total++;
          if (values.json) console.log(JSON.stringify({ service: s.name, ...d }));
          else
            console.log(
              [
                s.name,
                d.consumer,
                d.eventId,
                d.type,
                `project ${d.projectId}`,
                `${d.attempts} attempts`,
                `dead since ${d.deadAt.toISOString()}`,
                d.lastError,
              ].join('  '),
            );
        }
      } else {
        const n = action === 'replay' ? await replayDeadLetters(db, schema, which!) : await discardDeadLetters(db, schema, which!);
        if (n) console.log(`${s.name}: ${n} ${action === 'replay' ? 'replayed' : 'discarded'}`);
        total += n;
      }
    }
    if (!values.json) console.log(action === 'list' ? `${total} dead letter(s)` : `${total} dead letter(s) ${action === 'replay' ? 'replayed' : 'discarded'}`);
    return 0;
  } catch (err) {
    console.error(`${(err as Error).message}${config.DATABASE_URL ? '' : ' (no DATABASE_URL: is the all-in-one running? Set DATABASE_URL for split.)'}`);
    return 1;
  } finally {
    await Promise.all([...pools.values()].map((db) => db.close()));
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
