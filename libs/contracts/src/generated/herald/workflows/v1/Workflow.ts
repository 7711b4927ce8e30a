// Original file: protos/workflows/v1/workflows.proto

import type { Graph as _herald_workflows_v1_Graph, Graph__Output as _herald_workflows_v1_Graph__Output } from '../../../herald/workflows/v1/Graph';

export interface Workflow {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'enabled'?: (boolean);
  'trigger_type'?: (string);
  'trigger_event'?: (string);
  'allow_reentry'?: (boolean);
  'webhook_secret'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'graph'?: (_herald_workflows_v1_Graph | null);
  '_description'?: "description";
}

export interface Workflow__Output {
  'id': (string);
  'name': (string);
  'description'?: (string);
  'enabled': (boolean);
  'trigger_type': (string);
  'trigger_event': (string);
  'allow_reentry': (boolean);
  'webhook_secret': (string);
  'created_at': (string);
  'updated_at': (string);
  'graph': (_herald_workflows_v1_Graph__Output | null);
  '_description'?: "description";
}
