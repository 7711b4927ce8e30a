import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { CancelAllResponse as _herald_workflows_v1_CancelAllResponse, CancelAllResponse__Output as _herald_workflows_v1_CancelAllResponse__Output } from './herald/workflows/v1/CancelAllResponse';
import type { DeleteStepRequest as _herald_workflows_v1_DeleteStepRequest, DeleteStepRequest__Output as _herald_workflows_v1_DeleteStepRequest__Output } from './herald/workflows/v1/DeleteStepRequest';
import type { ExecutionRef as _herald_workflows_v1_ExecutionRef, ExecutionRef__Output as _herald_workflows_v1_ExecutionRef__Output } from './herald/workflows/v1/ExecutionRef';
import type { Json as _herald_workflows_v1_Json, Json__Output as _herald_workflows_v1_Json__Output } from './herald/workflows/v1/Json';
import type { JsonList as _herald_workflows_v1_JsonList, JsonList__Output as _herald_workflows_v1_JsonList__Output } from './herald/workflows/v1/JsonList';
import type { ListExecutionsRequest as _herald_workflows_v1_ListExecutionsRequest, ListExecutionsRequest__Output as _herald_workflows_v1_ListExecutionsRequest__Output } from './herald/workflows/v1/ListExecutionsRequest';
import type { ListWorkflowsRequest as _herald_workflows_v1_ListWorkflowsRequest, ListWorkflowsRequest__Output as _herald_workflows_v1_ListWorkflowsRequest__Output } from './herald/workflows/v1/ListWorkflowsRequest';
import type { StartExecutionRequest as _herald_workflows_v1_StartExecutionRequest, StartExecutionRequest__Output as _herald_workflows_v1_StartExecutionRequest__Output } from './herald/workflows/v1/StartExecutionRequest';
import type { StepWrite as _herald_workflows_v1_StepWrite, StepWrite__Output as _herald_workflows_v1_StepWrite__Output } from './herald/workflows/v1/StepWrite';
import type { TransitionRef as _herald_workflows_v1_TransitionRef, TransitionRef__Output as _herald_workflows_v1_TransitionRef__Output } from './herald/workflows/v1/TransitionRef';
import type { TransitionWrite as _herald_workflows_v1_TransitionWrite, TransitionWrite__Output as _herald_workflows_v1_TransitionWrite__Output } from './herald/workflows/v1/TransitionWrite';
import type { UpcomingExecution as _herald_workflows_v1_UpcomingExecution, UpcomingExecution__Output as _herald_workflows_v1_UpcomingExecution__Output } from './herald/workflows/v1/UpcomingExecution';
import type { UpcomingRequest as _herald_workflows_v1_UpcomingRequest, UpcomingRequest__Output as _herald_workflows_v1_UpcomingRequest__Output } from './herald/workflows/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_workflows_v1_UpcomingResponse, UpcomingResponse__Output as _herald_workflows_v1_UpcomingResponse__Output } from './herald/workflows/v1/UpcomingResponse';
import type { WorkflowRef as _herald_workflows_v1_WorkflowRef, WorkflowRef__Output as _herald_workflows_v1_WorkflowRef__Output } from './herald/workflows/v1/WorkflowRef';
import type { WorkflowWrite as _herald_workflows_v1_WorkflowWrite, WorkflowWrite__Output as _herald_workflows_v1_WorkflowWrite__Output } from './herald/workflows/v1/WorkflowWrite';
import type { WorkflowsClient as _herald_workflows_v1_WorkflowsClient, WorkflowsDefinition as _herald_workflows_v1_WorkflowsDefinition } from './herald/workflows/v1/Workflows';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
    workflows: {
      v1: {
        CancelAllResponse: MessageTypeDefinition<_herald_workflows_v1_CancelAllResponse, _herald_workflows_v1_CancelAllResponse__Output>
        DeleteStepRequest: MessageTypeDefinition<_herald_workflows_v1_DeleteStepRequest, _herald_workflows_v1_DeleteStepRequest__Output>
        ExecutionRef: MessageTypeDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_ExecutionRef__Output>
        Json: MessageTypeDefinition<_herald_workflows_v1_Json, _herald_workflows_v1_Json__Output>
        JsonList: MessageTypeDefinition<_herald_workflows_v1_JsonList, _herald_workflows_v1_JsonList__Output>
        ListExecutionsRequest: MessageTypeDefinition<_herald_workflows_v1_ListExecutionsRequest, _herald_workflows_v1_ListExecutionsRequest__Output>
        ListWorkflowsRequest: MessageTypeDefinition<_herald_workflows_v1_ListWorkflowsRequest, _herald_workflows_v1_ListWorkflowsRequest__Output>
        StartExecutionRequest: MessageTypeDefinition<_herald_workflows_v1_StartExecutionRequest, _herald_workflows_v1_StartExecutionRequest__Output>
        StepWrite: MessageTypeDefinition<_herald_workflows_v1_StepWrite, _herald_workflows_v1_StepWrite__Output>
        TransitionRef: MessageTypeDefinition<_herald_workflows_v1_TransitionRef, _herald_workflows_v1_TransitionRef__Output>
        TransitionWrite: MessageTypeDefinition<_herald_workflows_v1_TransitionWrite, _herald_workflows_v1_TransitionWrite__Output>
        UpcomingExecution: MessageTypeDefinition<_herald_workflows_v1_UpcomingExecution, _herald_workflows_v1_UpcomingExecution__Output>
        UpcomingRequest: MessageTypeDefinition<_herald_workflows_v1_UpcomingRequest, _herald_workflows_v1_UpcomingRequest__Output>
        UpcomingResponse: MessageTypeDefinition<_herald_workflows_v1_UpcomingResponse, _herald_workflows_v1_UpcomingResponse__Output>
        WorkflowRef: MessageTypeDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_WorkflowRef__Output>
        WorkflowWrite: MessageTypeDefinition<_herald_workflows_v1_WorkflowWrite, _herald_workflows_v1_WorkflowWrite__Output>
        Workflows: SubtypeConstructor<typeof grpc.Client, _herald_workflows_v1_WorkflowsClient> & { service: _herald_workflows_v1_WorkflowsDefinition }
      }
    }
  }
}

