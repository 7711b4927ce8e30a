// Original file: protos/workflows/v1/workflows.proto

import type { Position as _herald_workflows_v1_Position, Position__Output as _herald_workflows_v1_Position__Output } from '../../../herald/workflows/v1/Position';

export interface Step {
  'id'?: (string);
  'type'?: (string);
  'name'?: (string);
  'position'?: (_herald_workflows_v1_Position | null);
  'config_json'?: (string);
  'template_id'?: (string);
  '_template_id'?: "template_id";
}

export interface Step__Output {
  'id': (string);
  'type': (string);
  'name': (string);
  'position': (_herald_workflows_v1_Position__Output | null);
  'config_json': (string);
  'template_id'?: (string);
  '_template_id'?: "template_id";
}
