/**
 * Conditions for workflow CONDITION steps (contacts.proto CheckCondition, MatchContact): the
 * audience language of segments, checked as a segment's condition is, and run against one
 * contact. See docs/decisions/README.md, "Audience conditions" for what each operator means.
 */
import { compileCondition, validateCondition, type CompiledCondition } from '../../../../libs/audience/src';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import { isUuid, notFound, validationError } from '../../../../libs/kit/src';
import { parseConditionJson, resolverOf, type SegmentsDeps } from './segments';

export type ConditionHandlers = Pick<Handlers<'contacts'>, 'CheckCondition' | 'MatchContact'>;

/** Conditions one MatchContact call answers (a multi-branch step asks for each branch at once). */
export const MAX_MATCH_CONDITIONS = 100;

const contactNotFound = () => notFound('Contact', 'CONTACT_NOT_FOUND');

export function conditionHandlers(d: SegmentsDeps): ConditionHandlers {
  return {
    /**
     * Validates as a DYNAMIC segment's condition is (the project's field types and segments;
     * referenced segments compiled in, so cycles of theirs and the caps are caught now), every
     * problem a 422 at `path`; answers the condition normalised, as it is to be stored.
     */
    async CheckCondition(req, meta) {
      const projectId = projectOf(meta);
      const path = req.path || 'condition';
      const input = parseConditionJson(req.condition_json, path);
      const [fieldTypes, all] = await Promise.all([d.contacts.fieldTypes(projectId), d.segments.conditions(projectId)]);
      const condition = validateCondition(input, { fieldTypes, path, segmentIds: new Set(all.map((s) => s.id)) });
      await compileCondition(condition, { fieldTypes, resolveSegment: resolverOf(all), path });
      return { condition_json: JSON.stringify(condition) };
    },

    /**
     * Whether the contact matches each condition, in one statement; subscribed or not. Conditions
     * are checked again against the field types of now (a 422 at `conditions[i]…`), but not
     * against the project's segments: a segment deleted since the condition was saved matches
     * nothing, as in a segment's own condition. NOT_FOUND when the contact is not the project's.
     */
    async MatchContact(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.contact_id)) throw contactNotFound();
      if (req.conditions_json.length > MAX_MATCH_CONDITIONS) {
        throw validationError([{ field: 'conditions', message: `must hold at most ${MAX_MATCH_CONDITIONS} conditions`, code: 'too_big' }]);
      }
      const [fieldTypes, all] = await Promise.all([d.contacts.fieldTypes(projectId), d.segments.conditions(projectId)]);
      const resolveSegment = resolverOf(all);
      const compiled: CompiledCondition[] = [];
      let firstParam = 2;
      for (const [i, json] of req.conditions_json.entries()) {
        const path = `conditions[${i}]`;
        const condition = validateCondition(parseConditionJson(json, path), { fieldTypes, path });
        const c = await compileCondition(condition, { fieldTypes, resolveSegment, path, firstParam });
        compiled.push(c);
        firstParam += c.params.length;
      }
      const matches = await d.segments.matchEach(projectId, req.contact_id.toLowerCase(), compiled);
      if (!matches) throw contactNotFound();
      return { matches };
    },
  };
}
