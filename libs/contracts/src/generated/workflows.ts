import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { AddStepRequest as _herald_workflows_v1_AddStepRequest, AddStepRequest__Output as _herald_workflows_v1_AddStepRequest__Output } from './herald/workflows/v1/AddStepRequest';
import type { AddTransitionRequest as _herald_workflows_v1_AddTransitionRequest, AddTransitionRequest__Output as _herald_workflows_v1_AddTransitionRequest__Output } from './herald/workflows/v1/AddTransitionRequest';
import type { CancelAllResponse as _herald_workflows_v1_CancelAllResponse, CancelAllResponse__Output as _herald_workflows_v1_CancelAllResponse__Output } from './herald/workflows/v1/CancelAllResponse';
import type { ConditionField as _herald_workflows_v1_ConditionField, ConditionField__Output as _herald_workflows_v1_ConditionField__Output } from './herald/workflows/v1/ConditionField';
import type { ConditionFieldsResponse as _herald_workflows_v1_ConditionFieldsResponse, ConditionFieldsResponse__Output as _herald_workflows_v1_ConditionFieldsResponse__Output } from './herald/workflows/v1/ConditionFieldsResponse';
import type { CreateWorkflowRequest as _herald_workflows_v1_CreateWorkflowRequest, CreateWorkflowRequest__Output as _herald_workflows_v1_CreateWorkflowRequest__Output } from './herald/workflows/v1/CreateWorkflowRequest';
import type { DeleteStepRequest as _herald_workflows_v1_DeleteStepRequest, DeleteStepRequest__Output as _herald_workflows_v1_DeleteStepRequest__Output } from './herald/workflows/v1/DeleteStepRequest';
import type { Execution as _herald_workflows_v1_Execution, Execution__Output as _herald_workflows_v1_Execution__Output } from './herald/workflows/v1/Execution';
import type { ExecutionList as _herald_workflows_v1_ExecutionList, ExecutionList__Output as _herald_workflows_v1_ExecutionList__Output } from './herald/workflows/v1/ExecutionList';
import type { ExecutionRef as _herald_workflows_v1_ExecutionRef, ExecutionRef__Output as _herald_workflows_v1_ExecutionRef__Output } from './herald/workflows/v1/ExecutionRef';
import type { Graph as _herald_workflows_v1_Graph, Graph__Output as _herald_workflows_v1_Graph__Output } from './herald/workflows/v1/Graph';
import type { History as _herald_workflows_v1_History, History__Output as _herald_workflows_v1_History__Output } from './herald/workflows/v1/History';
import type { HistoryEntry as _herald_workflows_v1_HistoryEntry, HistoryEntry__Output as _herald_workflows_v1_HistoryEntry__Output } from './herald/workflows/v1/HistoryEntry';
import type { ListExecutionsRequest as _herald_workflows_v1_ListExecutionsRequest, ListExecutionsRequest__Output as _herald_workflows_v1_ListExecutionsRequest__Output } from './herald/workflows/v1/ListExecutionsRequest';
import type { ListWorkflowsRequest as _herald_workflows_v1_ListWorkflowsRequest, ListWorkflowsRequest__Output as _herald_workflows_v1_ListWorkflowsRequest__Output } from './herald/workflows/v1/ListWorkflowsRequest';
import type { Position as _herald_workflows_v1_Position, Position__Output as _herald_workflows_v1_Position__Output } from './herald/workflows/v1/Position';
import type { StartExecutionRequest as _herald_workflows_v1_StartExecutionRequest, StartExecutionRequest__Output as _herald_workflows_v1_StartExecutionRequest__Output } from './herald/workflows/v1/StartExecutionRequest';
import type { Step as _herald_workflows_v1_Step, Step__Output as _herald_workflows_v1_Step__Output } from './herald/workflows/v1/Step';
import type { Transition as _herald_workflows_v1_Transition, Transition__Output as _herald_workflows_v1_Transition__Output } from './herald/workflows/v1/Transition';
import type { TransitionRef as _herald_workflows_v1_TransitionRef, TransitionRef__Output as _herald_workflows_v1_TransitionRef__Output } from './herald/workflows/v1/TransitionRef';
import type { UpcomingExecution as _herald_workflows_v1_UpcomingExecution, UpcomingExecution__Output as _herald_workflows_v1_UpcomingExecution__Output } from './herald/workflows/v1/UpcomingExecution';
import type { UpcomingRequest as _herald_workflows_v1_UpcomingRequest, UpcomingRequest__Output as _herald_workflows_v1_UpcomingRequest__Output } from './herald/workflows/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_workflows_v1_UpcomingResponse, UpcomingResponse__Output as _herald_workflows_v1_UpcomingResponse__Output } from './herald/workflows/v1/UpcomingResponse';
import type { UpdateStepRequest as _herald_workflows_v1_UpdateStepRequest, UpdateStepRequest__Output as _herald_workflows_v1_UpdateStepRequest__Output } from './herald/workflows/v1/UpdateStepRequest';
import type { UpdateWorkflowRequest as _herald_workflows_v1_UpdateWorkflowRequest, UpdateWorkflowRequest__Output as _herald_workflows_v1_UpdateWorkflowRequest__Output } from './herald/workflows/v1/UpdateWorkflowRequest';
import type { WaitingFor as _herald_workflows_v1_WaitingFor, WaitingFor__Output as _herald_workflows_v1_WaitingFor__Output } from './herald/workflows/v1/WaitingFor';
import type { Workflow as _herald_workflows_v1_Workflow, Workflow__Output as _herald_workflows_v1_Workflow__Output } from './herald/workflows/v1/Workflow';
import type { WorkflowList as _herald_workflows_v1_WorkflowList, WorkflowList__Output as _herald_workflows_v1_WorkflowList__Output } from './herald/workflows/v1/WorkflowList';
import type { WorkflowRef as _herald_workflows_v1_WorkflowRef, WorkflowRef__Output as _herald_workflows_v1_WorkflowRef__Output } from './herald/workflows/v1/WorkflowRef';
import type { WorkflowsClient as _herald_workflows_v1_WorkflowsClient, WorkflowsDefinition as _herald_workflows_v1_WorkflowsDefinition } from './herald/workflows/v1/Workflows';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Error: MessageTypeDefinition<_herald_common_v1_Error, _herald_common_v1_Error__Output>
        FieldError: MessageTypeDefinition<_herald_common_v1_FieldError, _herald_common_v1_FieldError__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
    workflows: {
      v1: {
        AddStepRequest: MessageTypeDefinition<_herald_workflows_v1_AddStepRequest, _herald_workflows_v1_AddStepRequest__Output>
        AddTransitionRequest: MessageTypeDefinition<_herald_workflows_v1_AddTransitionRequest, _herald_workflows_v1_AddTransitionRequest__Output>
        CancelAllResponse: MessageTypeDefinition<_herald_workflows_v1_CancelAllResponse, _herald_workflows_v1_CancelAllResponse__Output>
        ConditionField: MessageTypeDefinition<_herald_workflows_v1_ConditionField, _herald_workflows_v1_ConditionField__Output>
        ConditionFieldsResponse: MessageTypeDefinition<_herald_workflows_v1_ConditionFieldsResponse, _herald_workflows_v1_ConditionFieldsResponse__Output>
        CreateWorkflowRequest: MessageTypeDefinition<_herald_workflows_v1_CreateWorkflowRequest, _herald_workflows_v1_CreateWorkflowRequest__Output>
        DeleteStepRequest: MessageTypeDefinition<_herald_workflows_v1_DeleteStepRequest, _herald_workflows_v1_DeleteStepRequest__Output>
        Execution: MessageTypeDefinition<_herald_workflows_v1_Execution, _herald_workflows_v1_Execution__Output>
        ExecutionList: MessageTypeDefinition<_herald_workflows_v1_ExecutionList, _herald_workflows_v1_ExecutionList__Output>
        ExecutionRef: MessageTypeDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_ExecutionRef__Output>
        Graph: MessageTypeDefinition<_herald_workflows_v1_Graph, _herald_workflows_v1_Graph__Output>
        History: MessageTypeDefinition<_herald_workflows_v1_History, _herald_workflows_v1_History__Output>
        HistoryEntry: MessageTypeDefinition<_herald_workflows_v1_HistoryEntry, _herald_workflows_v1_HistoryEntry__Output>
        ListExecutionsRequest: MessageTypeDefinition<_herald_workflows_v1_ListExecutionsRequest, _herald_workflows_v1_ListExecutionsRequest__Output>
        ListWorkflowsRequest: MessageTypeDefinition<_herald_workflows_v1_ListWorkflowsRequest, _herald_workflows_v1_ListWorkflowsRequest__Output>
        Position: MessageTypeDefinition<_herald_workflows_v1_Position, _herald_workflows_v1_Position__Output>
        StartExecutionRequest: MessageTypeDefinition<_herald_workflows_v1_StartExecutionRequest, _herald_workflows_v1_StartExecutionRequest__Output>
        Step: MessageTypeDefinition<_herald_workflows_v1_Step, _herald_workflows_v1_Step__Output>
        Transition: MessageTypeDefinition<_herald_workflows_v1_Transition, _herald_workflows_v1_Transition__Output>
        TransitionRef: MessageTypeDefinition<_herald_workflows_v1_TransitionRef, _herald_workflows_v1_TransitionRef__Output>
        UpcomingExecution: MessageTypeDefinition<_herald_workflows_v1_UpcomingExecution, _herald_workflows_v1_UpcomingExecution__Output>
        UpcomingRequest: MessageTypeDefinition<_herald_workflows_v1_UpcomingRequest, _herald_workflows_v1_UpcomingRequest__Output>
        UpcomingResponse: MessageTypeDefinition<_herald_workflows_v1_UpcomingResponse, _herald_workflows_v1_UpcomingResponse__Output>
        UpdateStepRequest: MessageTypeDefinition<_herald_workflows_v1_UpdateStepRequest, _herald_workflows_v1_UpdateStepRequest__Output>
        UpdateWorkflowRequest: MessageTypeDefinition<_herald_workflows_v1_UpdateWorkflowRequest, _herald_workflows_v1_UpdateWorkflowRequest__Output>
        WaitingFor: MessageTypeDefinition<_herald_workflows_v1_WaitingFor, _herald_workflows_v1_WaitingFor__Output>
        Workflow: MessageTypeDefinition<_herald_workflows_v1_Workflow, _herald_workflows_v1_Workflow__Output>
        WorkflowList: MessageTypeDefinition<_herald_workflows_v1_WorkflowList, _herald_workflows_v1_WorkflowList__Output>
        WorkflowRef: MessageTypeDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_WorkflowRef__Output>
        Workflows: SubtypeConstructor<typeof grpc.Client, _herald_workflows_v1_WorkflowsClient> & { service: _herald_workflows_v1_WorkflowsDefinition }
      }
    }
  }
}

