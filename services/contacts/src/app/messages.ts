import type { Contact__Output as ContactMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Contact';
import type { ContactRow } from './ports';

/** A contact as the contracts carry it. */
export const toMsg = (r: ContactRow): ContactMsg => ({
  id: r.id,
  email: r.email,
  subscribed: r.subscribed,
  data_json: JSON.stringify(r.data ?? {}),
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});
