// Original file: protos/contacts/v1/contacts.proto

import type { Contact as _herald_contacts_v1_Contact, Contact__Output as _herald_contacts_v1_Contact__Output } from '../../../herald/contacts/v1/Contact';

export interface ContactResponse {
  'contact'?: (_herald_contacts_v1_Contact | null);
}

export interface ContactResponse__Output {
  'contact': (_herald_contacts_v1_Contact__Output | null);
}
