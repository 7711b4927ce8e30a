// Original file: protos/contacts/v1/contacts.proto

import type { Contact as _herald_contacts_v1_Contact, Contact__Output as _herald_contacts_v1_Contact__Output } from '../../../herald/contacts/v1/Contact';

export interface UpsertContactResponse {
  'contact'?: (_herald_contacts_v1_Contact | null);
  'is_new'?: (boolean);
  'is_update'?: (boolean);
  'transient_json'?: (string);
}

export interface UpsertContactResponse__Output {
  'contact': (_herald_contacts_v1_Contact__Output | null);
  'is_new': (boolean);
  'is_update': (boolean);
  'transient_json': (string);
}
