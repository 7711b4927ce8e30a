// Original file: protos/workflows/v1/workflows.proto

import type { HistoryEntry as _herald_workflows_v1_HistoryEntry, HistoryEntry__Output as _herald_workflows_v1_HistoryEntry__Output } from '../../../herald/workflows/v1/HistoryEntry';

export interface History {
  'entries'?: (_herald_workflows_v1_HistoryEntry)[];
}

export interface History__Output {
  'entries': (_herald_workflows_v1_HistoryEntry__Output)[];
}
