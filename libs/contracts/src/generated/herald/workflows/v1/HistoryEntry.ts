// Original file: protos/workflows/v1/workflows.proto


export interface HistoryEntry {
  'step_id'?: (string);
  'type'?: (string);
  'at'?: (string);
  'outcome_json'?: (string);
  'name'?: (string);
  '_name'?: "name";
}

export interface HistoryEntry__Output {
  'step_id': (string);
  'type': (string);
  'at': (string);
  'outcome_json': (string);
  'name'?: (string);
  '_name'?: "name";
}
