// Original file: protos/workflows/v1/workflows.proto

import type { Position as _herald_workflows_v1_Position, Position__Output as _herald_workflows_v1_Position__Output } from '../../../herald/workflows/v1/Position';

export interface UpdateStepRequest {
  'workflow_id'?: (string);
  'step_id'?: (string);
  'type'?: (string);
  'name'?: (string);
  'position'?: (_herald_workflows_v1_Position | null);
  'clear_position'?: (boolean);
  'config_json'?: (string);
  'template_id'?: (string);
  'clear_template_id'?: (boolean);
  '_type'?: "type";
  '_name'?: "name";
  '_config_json'?: "config_json";
  '_template_id'?: "template_id";
}

export interface UpdateStepRequest__Output {
  'workflow_id': (string);
  'step_id': (string);
  'type'?: (string);
  'name'?: (string);
  'position': (_herald_workflows_v1_Position__Output | null);
  'clear_position': (boolean);
  'config_json'?: (string);
  'template_id'?: (string);
  'clear_template_id': (boolean);
  '_type'?: "type";
  '_name'?: "name";
  '_config_json'?: "config_json";
  '_template_id'?: "template_id";
}
