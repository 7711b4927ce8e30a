// Original file: protos/contacts/v1/contacts.proto

import type { UpsertContactResponse as _herald_contacts_v1_UpsertContactResponse, UpsertContactResponse__Output as _herald_contacts_v1_UpsertContactResponse__Output } from '../../../herald/contacts/v1/UpsertContactResponse';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from '../../../herald/common/v1/Error';

export interface UpsertContactResult {
  'result'?: (_herald_contacts_v1_UpsertContactResponse | null);
  'error'?: (_herald_common_v1_Error | null);
}

export interface UpsertContactResult__Output {
  'result': (_herald_contacts_v1_UpsertContactResponse__Output | null);
  'error': (_herald_common_v1_Error__Output | null);
}
