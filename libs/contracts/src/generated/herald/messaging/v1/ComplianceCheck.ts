// Original file: protos/messaging/v1/messaging.proto


export interface ComplianceCheck {
  'id'?: (string);
  'status'?: (string);
  'title'?: (string);
  'detail'?: (string);
  'fix'?: (string);
}

export interface ComplianceCheck__Output {
  'id': (string);
  'status': (string);
  'title': (string);
  'detail': (string);
  'fix': (string);
}
