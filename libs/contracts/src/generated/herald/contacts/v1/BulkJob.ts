// Original file: protos/contacts/v1/contacts.proto

import type { BulkIdError as _herald_contacts_v1_BulkIdError, BulkIdError__Output as _herald_contacts_v1_BulkIdError__Output } from '../../../herald/contacts/v1/BulkIdError';

export interface BulkJob {
  'job_id'?: (string);
  'operation'?: (string);
  'status'?: (string);
  'progress'?: (number);
  'total_requested'?: (number);
  'succeeded'?: (number);
  'failed'?: (number);
  'errors'?: (_herald_contacts_v1_BulkIdError)[];
  'reason'?: (string);
  'created_at'?: (string);
  'finished_at'?: (string);
}

export interface BulkJob__Output {
  'job_id': (string);
  'operation': (string);
  'status': (string);
  'progress': (number);
  'total_requested': (number);
  'succeeded': (number);
  'failed': (number);
  'errors': (_herald_contacts_v1_BulkIdError__Output)[];
  'reason': (string);
  'created_at': (string);
  'finished_at': (string);
}
