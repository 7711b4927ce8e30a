// Original file: protos/common/v1/common.proto

import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from '../../../herald/common/v1/FieldError';

export interface Error {
  'code'?: (string);
  'status'?: (number);
  'message'?: (string);
  'errors'?: (_herald_common_v1_FieldError)[];
  'suggestion'?: (string);
  'details_json'?: (string);
  '_suggestion'?: "suggestion";
}

export interface Error__Output {
  'code': (string);
  'status': (number);
  'message': (string);
  'errors': (_herald_common_v1_FieldError__Output)[];
  'suggestion'?: (string);
  'details_json': (string);
  '_suggestion'?: "suggestion";
}
