import { AppError, BatchOutcome, badRequest, conflict, isUuid, logger, newId, notFound, toBatchReply, validationError } from '../../../../libs/kit/src';
import type { NewEvent } from '../../../../libs/bus/src';
import type { Work } from '../../../../libs/db/src';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import { applyDataPatch, DataPatchResult as DataPatch, DataValidationError, fieldBudgetError, JsonObject } from '../domain/data';
import { isValidEmail, normalizeEmail } from '../domain/email';
import { customFieldName, parseFieldParam, STANDARD_FIELDS } from '../domain/fields';
import { flattenLeaves, inferType, FieldType } from '../domain/types';
import { contactDeleted, contactsChanged, subscriptionChanged } from './events';
import { toMsg } from './messages';
import type { ConditionHandlers } from './conditions';
import type { JobHandlers } from './jobs';
import type { SegmentHandlers } from './segments';
import type { ContactBatchItem, ContactRow, ContactsStore } from './ports';

const MAX_LOOKUP = 500;

function parseJson(json: string, field = 'data'): unknown {
  if (!json) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    throw validationError([{ field, message: 'must be a JSON object', code: 'invalid_type' }]);
  }
}

function patchData(current: JsonObject, json: string) {
  try {
    return applyDataPatch(current, parseJson(json));
  } catch (err) {
    if (err instanceof DataValidationError) throw validationError([{ field: err.field, message: err.message, code: 'invalid_type' }]);
    throw err;
  }
}

function requireEmail(raw: string): string {
  const email = normalizeEmail(raw ?? '');
  if (!isValidEmail(email)) {
    throw validationError([{ field: 'email', message: 'must be a valid email address', code: 'invalid_string' }], 'Send an address such as jane@example.com.');
  }
  return email;
}

function requireId(id: string): string {
  if (!isUuid(id)) throw notFound('Contact', 'CONTACT_NOT_FOUND');
  return id;
}

/** Leaf keys of what a patch wrote, with the type their value implies (the first one fixes a field's type). */
function typesOf(persisted: JsonObject): Array<{ key: string; type: FieldType }> {
  const out: Array<{ key: string; type: FieldType }> = [];
  for (const [key, value] of flattenLeaves(persisted)) {
    const type = inferType(value);
    if (type) out.push({ key, type });
  }
  return out;
}

/** Refuses a write whose new keys would take the project past MAX_PROJECT_FIELDS custom fields. */
async function admitFields(repo: ContactsStore, projectId: string, persisted: JsonObject, work?: Work) {
  const keys = typesOf(persisted).map((t) => t.key);
  if (!keys.length) return;
  const { total, added } = await repo.fieldBudget(projectId, keys, work);
  const error = fieldBudgetError(total, added);
  if (error) throw error;
}

/** Contacts use cases, served in process or over gRPC (the same handlers either way); import and bulk jobs are in jobs.ts. */
export function contactsHandlers(repo: ContactsStore): Omit<Handlers<'contacts'>, keyof JobHandlers | keyof SegmentHandlers | keyof ConditionHandlers> {
  const { uow, outbox } = repo;

  async function upsertOnce(work: Work, projectId: string, email: string, subscribed: boolean | undefined, defaultSubscribed: boolean, dataJson: string) {
    const existing = await repo.findByEmailForUpdate(work, projectId, email);
    const patch = patchData(existing?.data ?? {}, dataJson);
    const events: NewEvent[] = [];
    let row: ContactRow | undefined;
    let isNew = false;
    await admitFields(repo, projectId, patch.persisted, work);
    let isUpdate = false;
    if (!existing) {
      row = await repo.insert(work, projectId, { id: newId(), email, subscribed: subscribed ?? defaultSubscribed, data: patch.data });
      if (!row) return undefined; // lost a race with a concurrent insert: caller retries as an update
      isNew = true;
      // A new contact that starts subscribed has "subscribed" (its subscription turned on).
      if (row.subscribed) events.push(subscriptionChanged(projectId, row));
    } else {
      const nextSubscribed = subscribed ?? existing.subscribed;
      if (patch.changed || nextSubscribed !== existing.subscribed) {
        row = await repo.update(work, projectId, existing.id, { email, subscribed: nextSubscribed, data: patch.data });
        isUpdate = true;
        if (nextSubscribed !== existing.subscribed) events.push(subscriptionChanged(projectId, row));
      } else {
        row = existing;
      }
    }
    await repo.recordFieldTypes(projectId, typesOf(patch.persisted), work);
    await outbox.enqueue(work, events);
    return { row, isNew, isUpdate, transient: patch.transient };
  }

  type UpsertReq = Parameters<Handlers<'contacts'>['UpsertContact']>[0];
  type UpsertItem = Parameters<Handlers<'contacts'>['UpsertContacts']>[0]['items'][number];
  type UpsertRes = Awaited<ReturnType<Handlers<'contacts'>['UpsertContact']>>;
  const upserted = (row: ContactRow, isNew: boolean, isUpdate: boolean, transient: JsonObject): UpsertRes => ({
    contact: toMsg(row),
    is_new: isNew,
    is_update: isUpdate,
    transient_json: JSON.stringify(transient),
  });

  async function upsertOne(projectId: string, req: UpsertReq): Promise<UpsertRes> {
    const email = requireEmail(req.email);
    // Fast path (most tracks): an existing contact whose subscription this request leaves alone
    // needs no lock and no transaction — one read, then at most one compare-and-set write of its
    // data (no outbox event: only subscription changes publish). A concurrent writer sends us
    // down the locked path below.
    const current = await repo.findByEmail(projectId, email);
    if (current && (req.subscribed === undefined || req.subscribed === current.subscribed)) {
      const patch = patchData(current.data, req.data_json);
      if (patch.changed) await admitFields(repo, projectId, patch.persisted);
      const row = patch.changed ? await repo.updateDataIfUnchanged(projectId, current.id, current.data, patch.data) : current;
      if (row) {
        await repo.recordFieldTypes(projectId, typesOf(patch.persisted));
        return upserted(row, false, patch.changed, patch.transient);
      }
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await uow.run((work) => upsertOnce(work, projectId, email, req.subscribed, req.default_subscribed, req.data_json));
      if (result) return upserted(result.row, result.isNew, result.isUpdate, result.transient);
    }
    throw conflict('The contact was being created concurrently; retry the request.');
  }

  /**
   * Many upserts with the rules of `upsertOne`, in one statement for the common cases (see
   * `ContactsStore.upsertBatch`: new contacts with their subscription events, data merged into
   * existing ones). What that cannot settle — a repeated email, a subscription change of an
   * existing contact, a lost race — goes through `upsertOne` after it, in request order, so each
   * item sees the ones before it.
   */
  async function upsertMany(items: UpsertItem[]): Promise<Array<BatchOutcome<UpsertRes>>> {
    const out: Array<BatchOutcome<UpsertRes>> = new Array(items.length);
    const fail = (i: number, error: unknown) => (out[i] = { ok: false, error });
    const seen = new Set<string>();
    const later: number[] = [];
    const batch: Array<ContactBatchItem & { patch: DataPatch }> = [];

    items.forEach((item, i) => {
      try {
        if (!isUuid(item.project_id)) throw badRequest('Invalid project id', 'Send the id of an existing project.');
        const email = requireEmail(item.email);
        const key = `${item.project_id.toLowerCase()} ${email}`;
        const first = !seen.has(key);
        seen.add(key); // every later item of this email waits for this one
        if (!first) return void later.push(i);
        const patch = patchData({}, item.data_json);
        batch.push({
          ord: i,
          projectId: item.project_id,
          id: newId(),
          email,
          subscribed: item.subscribed,
          defaultSubscribed: item.default_subscribed,
          set: patch.persisted,
          nulls: patch.nulls,
          patch,
        });
      } catch (err) {
        fail(i, err);
      }
    });

    // New fields past a project's limit: its items that add fields go one by one (upsertOne
    // refuses those that do not fit, in request order), the others stay in the batch.
    for (const projectId of new Set(batch.map((b) => b.projectId))) {
      const mine = batch.filter((b) => b.projectId === projectId);
      const { total, added } = await repo.fieldBudget(
        projectId,
        mine.flatMap((b) => typesOf(b.set).map((t) => t.key)),
      );
      if (!fieldBudgetError(total, added)) continue;
      const adding = new Set(added);
      for (const b of mine) {
        if (typesOf(b.set).some((t) => adding.has(t.key))) {
          later.push(b.ord);
          batch.splice(batch.indexOf(b), 1);
        }
      }
    }
    if (batch.length) {
      const rows = await repo.upsertBatch(batch).catch((err) => {
        if ((err as { code?: string }).code !== '40P01') throw err;
        logger.warn('contact batch deadlocked with another; writing its items one by one');
        return [];
      });
      const byOrd = new Map(rows.map((r) => [r.ord, r]));
      const types = new Map<string, Array<{ key: string; type: FieldType }>>(); // first in request order wins
      for (const b of batch) {
        const row = byOrd.get(b.ord);
        if (!row) {
          later.push(b.ord);
          continue;
        }
        const list = types.get(b.projectId) ?? [];
        list.push(...typesOf(b.patch.persisted));
        types.set(b.projectId, list);
        out[b.ord] = { ok: true, value: upserted(row, row.outcome === 'inserted', row.outcome === 'updated', b.patch.transient) };
      }
      for (const [projectId, t] of types) await repo.recordFieldTypes(projectId, t);
    }

    for (const i of later.sort((a, b) => a - b)) {
      try {
        out[i] = { ok: true, value: await upsertOne(items[i].project_id, items[i]) };
      } catch (err) {
        fail(i, err);
      }
    }
    return out;
  }

  return {
    async UpsertContact(req, meta) {
      const projectId = projectOf(meta);
      const out = await upsertOne(projectId, req);
      // The API's create-or-update (tracks and sends show through their events instead).
      if (out.is_new || out.is_update) await repo.publish([contactsChanged(projectId, 1)]);
      return out;
    },

    // The batch exception: each item names its project (see contacts.proto).
    async UpsertContacts(req) {
      return { results: toBatchReply(await upsertMany(req.items)) };
    },

    async GetContact(req, meta) {
      const row = await repo.get(projectOf(meta), requireId(req.id));
      if (!row) throw notFound('Contact', 'CONTACT_NOT_FOUND');
      return { contact: toMsg(row) };
    },

    async BatchGetContacts(req, meta) {
      const projectId = projectOf(meta);
      const ids = req.ids.filter((id) => isUuid(id));
      if (ids.length === 0) return { contacts: [] };
      return { contacts: (await repo.getMany(projectId, ids)).map(toMsg) };
    },

    async ListContacts(req, meta) {
      const projectId = projectOf(meta);
      const limit = req.limit || 20;
      if (limit < 1 || limit > 100) throw badRequest('limit must be between 1 and 100', 'Pass limit=1..100 (default 20).');
      if (req.cursor && !isUuid(req.cursor)) throw badRequest('Invalid cursor', 'Pass the cursor value of the previous page unchanged.');
      const { rows, total } = await repo.list(projectId, {
        limit,
        cursor: req.cursor || undefined,
        search: req.search || undefined,
        subscribed: req.subscribed,
        withTotal: !req.cursor,
      });
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      return { contacts: page.map(toMsg), cursor: hasMore ? page[page.length - 1].id : '', has_more: hasMore, total: String(total) };
    },

    async UpdateContact(req, meta) {
      const projectId = projectOf(meta);
      const id = requireId(req.id);
      const nextEmail = req.email !== undefined ? requireEmail(req.email) : undefined;
      const row = await uow.run(async (work) => {
        const existing = await repo.findByIdForUpdate(work, projectId, id);
        if (!existing) throw notFound('Contact', 'CONTACT_NOT_FOUND');
        const email = nextEmail ?? existing.email;
        if (email !== existing.email && (await repo.emailTaken(work, projectId, email, id))) {
          throw new AppError({
            code: 'CONFLICT',
            status: 409,
            message: `A contact with email ${email} already exists`,
            suggestion: 'Update or delete that contact instead.',
          });
        }
        const patch = patchData(existing.data, req.data_json);
        await admitFields(repo, projectId, patch.persisted, work);
        const subscribed = req.subscribed ?? existing.subscribed;
        const updated = await repo.update(work, projectId, id, { email, subscribed, data: patch.data });
        await repo.recordFieldTypes(projectId, typesOf(patch.persisted), work);
        const events: NewEvent[] = subscribed !== existing.subscribed ? [subscriptionChanged(projectId, updated)] : [];
        if (patch.changed || email !== existing.email || subscribed !== existing.subscribed) events.push(contactsChanged(projectId, 1));
        await outbox.enqueue(work, events);
        return updated;
      });
      return { contact: toMsg(row) };
    },

    async DeleteContact(req, meta) {
      const projectId = projectOf(meta);
      const id = requireId(req.id);
      await uow.run(async (work) => {
        const row = await repo.delete(work, projectId, id);
        if (!row) throw notFound('Contact', 'CONTACT_NOT_FOUND');
        await outbox.enqueue(work, [contactDeleted(projectId, row)]);
      });
      return {};
    },

    async LookupContacts(req, meta) {
      const projectId = projectOf(meta);
      if (req.emails.length < 1 || req.emails.length > MAX_LOOKUP) {
        throw validationError(
          [{ field: 'emails', message: `must contain 1 to ${MAX_LOOKUP} emails`, code: 'too_big' }],
          'Split the list into calls of at most 500 emails.',
        );
      }
      const wanted = [...new Set(req.emails.map(normalizeEmail))];
      const found = await repo.existingEmails(projectId, wanted);
      return { found: wanted.filter((e) => found.has(e)), not_found: wanted.filter((e) => !found.has(e)) };
    },

    async ListFields(_req, meta) {
      const { total, fields } = await repo.fieldsWithCoverage(projectOf(meta));
      const coverage = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 10_000) / 10_000);
      return {
        fields: [
          ...STANDARD_FIELDS.map((f) => ({ field: f.field, type: f.type, is_custom: false, coverage: total === 0 ? 0 : 1 })),
          ...fields.map((f) => ({ field: customFieldName(f.key.split('.')), type: f.type, is_custom: true, coverage: coverage(f.count) })),
        ],
      };
    },

    async FieldValues(req, meta) {
      const projectId = projectOf(meta);
      const parsed = parseFieldOrThrow(req.field);
      const limit = Math.min(Math.max(req.limit || 100, 1), 1000);
      const expr =
        parsed.kind === 'custom'
          ? { sql: '', param: parsed.path }
          : { sql: { email: 'email', subscribed: 'subscribed', createdAt: 'created_at', updatedAt: 'updated_at' }[parsed.name] };
      const { values, count } = await repo.distinctValues(projectId, expr, limit);
      return { field: req.field, values_json: values.map((v) => JSON.stringify(v)), count: String(count) };
    },

    async DeleteField(req, meta) {
      const projectId = projectOf(meta);
      const parsed = parseFieldOrThrow(req.field);
      if (parsed.kind === 'standard') {
        throw badRequest(`${req.field} is a standard field and cannot be deleted`, 'Only custom fields (data.<key>) can be deleted.');
      }
      const n = await repo.deleteField(projectId, parsed.path);
      if (n) await repo.publish([contactsChanged(projectId, n)]);
      return { deleted_from: String(n) };
    },
  };
}

function parseFieldOrThrow(field: string) {
  const parsed = parseFieldParam(field);
  if (!parsed) {
    throw validationError(
      [{ field: 'field', message: `"${field}" is not a valid field name`, code: 'invalid_string' }],
      'Use a standard field (email, subscribed, createdAt, updatedAt) or data.<key>.',
    );
  }
  return parsed;
}
