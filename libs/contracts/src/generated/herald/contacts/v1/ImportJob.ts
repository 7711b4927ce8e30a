// Original file: protos/contacts/v1/contacts.proto

import type { ImportRowError as _herald_contacts_v1_ImportRowError, ImportRowError__Output as _herald_contacts_v1_ImportRowError__Output } from '../../../herald/contacts/v1/ImportRowError';

export interface ImportJob {
  'job_id'?: (string);
  'status'?: (string);
  'progress'?: (number);
  'total_rows'?: (number);
  'imported'?: (number);
  'updated'?: (number);
  'skipped'?: (number);
  'errors'?: (_herald_contacts_v1_ImportRowError)[];
  'error_count'?: (number);
  'reason'?: (string);
  'created_at'?: (string);
  'finished_at'?: (string);
}

export interface ImportJob__Output {
  'job_id': (string);
  'status': (string);
  'progress': (number);
  'total_rows': (number);
  'imported': (number);
  'updated': (number);
  'skipped': (number);
  'errors': (_herald_contacts_v1_ImportRowError__Output)[];
  'error_count': (number);
  'reason': (string);
  'created_at': (string);
  'finished_at': (string);
}
