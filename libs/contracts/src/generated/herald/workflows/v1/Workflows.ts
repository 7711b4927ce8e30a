// Original file: protos/workflows/v1/workflows.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddStepRequest as _herald_workflows_v1_AddStepRequest, AddStepRequest__Output as _herald_workflows_v1_AddStepRequest__Output } from '../../../herald/workflows/v1/AddStepRequest';
import type { AddTransitionRequest as _herald_workflows_v1_AddTransitionRequest, AddTransitionRequest__Output as _herald_workflows_v1_AddTransitionRequest__Output } from '../../../herald/workflows/v1/AddTransitionRequest';
import type { CancelAllResponse as _herald_workflows_v1_CancelAllResponse, CancelAllResponse__Output as _herald_workflows_v1_CancelAllResponse__Output } from '../../../herald/workflows/v1/CancelAllResponse';
import type { ConditionFieldsResponse as _herald_workflows_v1_ConditionFieldsResponse, ConditionFieldsResponse__Output as _herald_workflows_v1_ConditionFieldsResponse__Output } from '../../../herald/workflows/v1/ConditionFieldsResponse';
import type { CreateWorkflowRequest as _herald_workflows_v1_CreateWorkflowRequest, CreateWorkflowRequest__Output as _herald_workflows_v1_CreateWorkflowRequest__Output } from '../../../herald/workflows/v1/CreateWorkflowRequest';
import type { DeleteStepRequest as _herald_workflows_v1_DeleteStepRequest, DeleteStepRequest__Output as _herald_workflows_v1_DeleteStepRequest__Output } from '../../../herald/workflows/v1/DeleteStepRequest';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { Execution as _herald_workflows_v1_Execution, Execution__Output as _herald_workflows_v1_Execution__Output } from '../../../herald/workflows/v1/Execution';
import type { ExecutionList as _herald_workflows_v1_ExecutionList, ExecutionList__Output as _herald_workflows_v1_ExecutionList__Output } from '../../../herald/workflows/v1/ExecutionList';
import type { ExecutionRef as _herald_workflows_v1_ExecutionRef, ExecutionRef__Output as _herald_workflows_v1_ExecutionRef__Output } from '../../../herald/workflows/v1/ExecutionRef';
import type { ListExecutionsRequest as _herald_workflows_v1_ListExecutionsRequest, ListExecutionsRequest__Output as _herald_workflows_v1_ListExecutionsRequest__Output } from '../../../herald/workflows/v1/ListExecutionsRequest';
import type { ListWorkflowsRequest as _herald_workflows_v1_ListWorkflowsRequest, ListWorkflowsRequest__Output as _herald_workflows_v1_ListWorkflowsRequest__Output } from '../../../herald/workflows/v1/ListWorkflowsRequest';
import type { StartExecutionRequest as _herald_workflows_v1_StartExecutionRequest, StartExecutionRequest__Output as _herald_workflows_v1_StartExecutionRequest__Output } from '../../../herald/workflows/v1/StartExecutionRequest';
import type { Step as _herald_workflows_v1_Step, Step__Output as _herald_workflows_v1_Step__Output } from '../../../herald/workflows/v1/Step';
import type { Transition as _herald_workflows_v1_Transition, Transition__Output as _herald_workflows_v1_Transition__Output } from '../../../herald/workflows/v1/Transition';
import type { TransitionRef as _herald_workflows_v1_TransitionRef, TransitionRef__Output as _herald_workflows_v1_TransitionRef__Output } from '../../../herald/workflows/v1/TransitionRef';
import type { UpcomingRequest as _herald_workflows_v1_UpcomingRequest, UpcomingRequest__Output as _herald_workflows_v1_UpcomingRequest__Output } from '../../../herald/workflows/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_workflows_v1_UpcomingResponse, UpcomingResponse__Output as _herald_workflows_v1_UpcomingResponse__Output } from '../../../herald/workflows/v1/UpcomingResponse';
import type { UpdateStepRequest as _herald_workflows_v1_UpdateStepRequest, UpdateStepRequest__Output as _herald_workflows_v1_UpdateStepRequest__Output } from '../../../herald/workflows/v1/UpdateStepRequest';
import type { UpdateWorkflowRequest as _herald_workflows_v1_UpdateWorkflowRequest, UpdateWorkflowRequest__Output as _herald_workflows_v1_UpdateWorkflowRequest__Output } from '../../../herald/workflows/v1/UpdateWorkflowRequest';
import type { Workflow as _herald_workflows_v1_Workflow, Workflow__Output as _herald_workflows_v1_Workflow__Output } from '../../../herald/workflows/v1/Workflow';
import type { WorkflowList as _herald_workflows_v1_WorkflowList, WorkflowList__Output as _herald_workflows_v1_WorkflowList__Output } from '../../../herald/workflows/v1/WorkflowList';
import type { WorkflowRef as _herald_workflows_v1_WorkflowRef, WorkflowRef__Output as _herald_workflows_v1_WorkflowRef__Output } from '../../../herald/workflows/v1/WorkflowRef';

export interface WorkflowsClient extends grpc.Client {
  AddStep(argument: _herald_workflows_v1_AddStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_AddStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_AddStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_AddStepRequest, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_AddStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_AddStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_AddStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_AddStepRequest, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  
  AddTransition(argument: _herald_workflows_v1_AddTransitionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_AddTransitionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_AddTransitionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_AddTransitionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_AddTransitionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_AddTransitionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_AddTransitionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_AddTransitionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Transition__Output>): grpc.ClientUnaryCall;
  
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  
  ConditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_workflows_v1_ConditionFieldsResponse__Output>): grpc.ClientUnaryCall;
  
  CreateWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_CreateWorkflowRequest, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  
  DeleteStep(argument: _herald_workflows_v1_DeleteStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteStep(argument: _herald_workflows_v1_DeleteStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteStep(argument: _herald_workflows_v1_DeleteStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteStep(argument: _herald_workflows_v1_DeleteStepRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteStep(argument: _herald_workflows_v1_DeleteStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteStep(argument: _herald_workflows_v1_DeleteStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteStep(argument: _herald_workflows_v1_DeleteStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteStep(argument: _herald_workflows_v1_DeleteStepRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteTransition(argument: _herald_workflows_v1_TransitionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTransition(argument: _herald_workflows_v1_TransitionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTransition(argument: _herald_workflows_v1_TransitionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTransition(argument: _herald_workflows_v1_TransitionRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTransition(argument: _herald_workflows_v1_TransitionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTransition(argument: _herald_workflows_v1_TransitionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTransition(argument: _herald_workflows_v1_TransitionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTransition(argument: _herald_workflows_v1_TransitionRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, callback: grpc.requestCallback<_herald_workflows_v1_ExecutionList__Output>): grpc.ClientUnaryCall;
  
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, callback: grpc.requestCallback<_herald_workflows_v1_WorkflowList__Output>): grpc.ClientUnaryCall;
  
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Execution__Output>): grpc.ClientUnaryCall;
  
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateStep(argument: _herald_workflows_v1_UpdateStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_UpdateStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_UpdateStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_UpdateStepRequest, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_UpdateStepRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_UpdateStepRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_UpdateStepRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_UpdateStepRequest, callback: grpc.requestCallback<_herald_workflows_v1_Step__Output>): grpc.ClientUnaryCall;
  
  UpdateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_UpdateWorkflowRequest, callback: grpc.requestCallback<_herald_workflows_v1_Workflow__Output>): grpc.ClientUnaryCall;
  
}

export interface WorkflowsHandlers extends grpc.UntypedServiceImplementation {
  AddStep: grpc.handleUnaryCall<_herald_workflows_v1_AddStepRequest__Output, _herald_workflows_v1_Step>;
  
  AddTransition: grpc.handleUnaryCall<_herald_workflows_v1_AddTransitionRequest__Output, _herald_workflows_v1_Transition>;
  
  CancelAllExecutions: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_CancelAllResponse>;
  
  CancelExecution: grpc.handleUnaryCall<_herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Execution>;
  
  ConditionFields: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_workflows_v1_ConditionFieldsResponse>;
  
  CreateWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_CreateWorkflowRequest__Output, _herald_workflows_v1_Workflow>;
  
  DeleteStep: grpc.handleUnaryCall<_herald_workflows_v1_DeleteStepRequest__Output, _herald_common_v1_Empty>;
  
  DeleteTransition: grpc.handleUnaryCall<_herald_workflows_v1_TransitionRef__Output, _herald_common_v1_Empty>;
  
  DeleteWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_common_v1_Empty>;
  
  GetExecution: grpc.handleUnaryCall<_herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Execution>;
  
  GetWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_Workflow>;
  
  ListExecutions: grpc.handleUnaryCall<_herald_workflows_v1_ListExecutionsRequest__Output, _herald_workflows_v1_ExecutionList>;
  
  ListWorkflows: grpc.handleUnaryCall<_herald_workflows_v1_ListWorkflowsRequest__Output, _herald_workflows_v1_WorkflowList>;
  
  StartExecution: grpc.handleUnaryCall<_herald_workflows_v1_StartExecutionRequest__Output, _herald_workflows_v1_Execution>;
  
  UpcomingExecutions: grpc.handleUnaryCall<_herald_workflows_v1_UpcomingRequest__Output, _herald_workflows_v1_UpcomingResponse>;
  
  UpdateStep: grpc.handleUnaryCall<_herald_workflows_v1_UpdateStepRequest__Output, _herald_workflows_v1_Step>;
  
  UpdateWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_UpdateWorkflowRequest__Output, _herald_workflows_v1_Workflow>;
  
}

export interface WorkflowsDefinition extends grpc.ServiceDefinition {
  AddStep: MethodDefinition<_herald_workflows_v1_AddStepRequest, _herald_workflows_v1_Step, _herald_workflows_v1_AddStepRequest__Output, _herald_workflows_v1_Step__Output>
  AddTransition: MethodDefinition<_herald_workflows_v1_AddTransitionRequest, _herald_workflows_v1_Transition, _herald_workflows_v1_AddTransitionRequest__Output, _herald_workflows_v1_Transition__Output>
  CancelAllExecutions: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_CancelAllResponse, _herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_CancelAllResponse__Output>
  CancelExecution: MethodDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_Execution, _herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Execution__Output>
  ConditionFields: MethodDefinition<_herald_common_v1_Empty, _herald_workflows_v1_ConditionFieldsResponse, _herald_common_v1_Empty__Output, _herald_workflows_v1_ConditionFieldsResponse__Output>
  CreateWorkflow: MethodDefinition<_herald_workflows_v1_CreateWorkflowRequest, _herald_workflows_v1_Workflow, _herald_workflows_v1_CreateWorkflowRequest__Output, _herald_workflows_v1_Workflow__Output>
  DeleteStep: MethodDefinition<_herald_workflows_v1_DeleteStepRequest, _herald_common_v1_Empty, _herald_workflows_v1_DeleteStepRequest__Output, _herald_common_v1_Empty__Output>
  DeleteTransition: MethodDefinition<_herald_workflows_v1_TransitionRef, _herald_common_v1_Empty, _herald_workflows_v1_TransitionRef__Output, _herald_common_v1_Empty__Output>
  DeleteWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_common_v1_Empty, _herald_workflows_v1_WorkflowRef__Output, _herald_common_v1_Empty__Output>
  GetExecution: MethodDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_Execution, _herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Execution__Output>
  GetWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_Workflow, _herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_Workflow__Output>
  ListExecutions: MethodDefinition<_herald_workflows_v1_ListExecutionsRequest, _herald_workflows_v1_ExecutionList, _herald_workflows_v1_ListExecutionsRequest__Output, _herald_workflows_v1_ExecutionList__Output>
  ListWorkflows: MethodDefinition<_herald_workflows_v1_ListWorkflowsRequest, _herald_workflows_v1_WorkflowList, _herald_workflows_v1_ListWorkflowsRequest__Output, _herald_workflows_v1_WorkflowList__Output>
  StartExecution: MethodDefinition<_herald_workflows_v1_StartExecutionRequest, _herald_workflows_v1_Execution, _herald_workflows_v1_StartExecutionRequest__Output, _herald_workflows_v1_Execution__Output>
  UpcomingExecutions: MethodDefinition<_herald_workflows_v1_UpcomingRequest, _herald_workflows_v1_UpcomingResponse, _herald_workflows_v1_UpcomingRequest__Output, _herald_workflows_v1_UpcomingResponse__Output>
  UpdateStep: MethodDefinition<_herald_workflows_v1_UpdateStepRequest, _herald_workflows_v1_Step, _herald_workflows_v1_UpdateStepRequest__Output, _herald_workflows_v1_Step__Output>
  UpdateWorkflow: MethodDefinition<_herald_workflows_v1_UpdateWorkflowRequest, _herald_workflows_v1_Workflow, _herald_workflows_v1_UpdateWorkflowRequest__Output, _herald_workflows_v1_Workflow__Output>
}
