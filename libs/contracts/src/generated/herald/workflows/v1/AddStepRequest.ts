// Original file: protos/workflows/v1/workflows.proto

import type { Position as _herald_workflows_v1_Position, Position__Output as _herald_workflows_v1_Position__Output } from '../../../herald/workflows/v1/Position';

export interface AddStepRequest {
  'workflow_id'?: (string);
  'type'?: (string);
  'name'?: (string);
  'position'?: (_herald_workflows_v1_Position | null);
  'config_json'?: (string);
  'template_id'?: (string);
  '_type'?: "type";
  '_name'?: "name";
  '_config_json'?: "config_json";
  '_template_id'?: "template_id";
}

export interface AddStepRequest__Output {
  'workflow_id': (string);
  'type'?: (string);
  'name'?: (string);
  'position': (_herald_workflows_v1_Position__Output | null);
  'config_json'?: (string);
  'template_id'?: (string);
  '_type'?: "type";
  '_name'?: "name";
  '_config_json'?: "config_json";
  '_template_id'?: "template_id";
}
