// Original file: protos/messaging/v1/messaging.proto


export interface ReputationLevels {
  'bounce_7_day'?: (string);
  'bounce_all_time'?: (string);
  'complaint_7_day'?: (string);
  'complaint_all_time'?: (string);
}

export interface ReputationLevels__Output {
  'bounce_7_day': (string);
  'bounce_all_time': (string);
  'complaint_7_day': (string);
  'complaint_all_time': (string);
}
