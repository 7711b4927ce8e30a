// Original file: protos/workflows/v1/workflows.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CancelAllResponse as _herald_workflows_v1_CancelAllResponse, CancelAllResponse__Output as _herald_workflows_v1_CancelAllResponse__Output } from '../../../herald/workflows/v1/CancelAllResponse';
import type { DeleteStepRequest as _herald_workflows_v1_DeleteStepRequest, DeleteStepRequest__Output as _herald_workflows_v1_DeleteStepRequest__Output } from '../../../herald/workflows/v1/DeleteStepRequest';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { ExecutionRef as _herald_workflows_v1_ExecutionRef, ExecutionRef__Output as _herald_workflows_v1_ExecutionRef__Output } from '../../../herald/workflows/v1/ExecutionRef';
import type { Json as _herald_workflows_v1_Json, Json__Output as _herald_workflows_v1_Json__Output } from '../../../herald/workflows/v1/Json';
import type { JsonList as _herald_workflows_v1_JsonList, JsonList__Output as _herald_workflows_v1_JsonList__Output } from '../../../herald/workflows/v1/JsonList';
import type { ListExecutionsRequest as _herald_workflows_v1_ListExecutionsRequest, ListExecutionsRequest__Output as _herald_workflows_v1_ListExecutionsRequest__Output } from '../../../herald/workflows/v1/ListExecutionsRequest';
import type { ListWorkflowsRequest as _herald_workflows_v1_ListWorkflowsRequest, ListWorkflowsRequest__Output as _herald_workflows_v1_ListWorkflowsRequest__Output } from '../../../herald/workflows/v1/ListWorkflowsRequest';
import type { StartExecutionRequest as _herald_workflows_v1_StartExecutionRequest, StartExecutionRequest__Output as _herald_workflows_v1_StartExecutionRequest__Output } from '../../../herald/workflows/v1/StartExecutionRequest';
import type { StepWrite as _herald_workflows_v1_StepWrite, StepWrite__Output as _herald_workflows_v1_StepWrite__Output } from '../../../herald/workflows/v1/StepWrite';
import type { TransitionRef as _herald_workflows_v1_TransitionRef, TransitionRef__Output as _herald_workflows_v1_TransitionRef__Output } from '../../../herald/workflows/v1/TransitionRef';
import type { TransitionWrite as _herald_workflows_v1_TransitionWrite, TransitionWrite__Output as _herald_workflows_v1_TransitionWrite__Output } from '../../../herald/workflows/v1/TransitionWrite';
import type { UpcomingRequest as _herald_workflows_v1_UpcomingRequest, UpcomingRequest__Output as _herald_workflows_v1_UpcomingRequest__Output } from '../../../herald/workflows/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_workflows_v1_UpcomingResponse, UpcomingResponse__Output as _herald_workflows_v1_UpcomingResponse__Output } from '../../../herald/workflows/v1/UpcomingResponse';
import type { WorkflowRef as _herald_workflows_v1_WorkflowRef, WorkflowRef__Output as _herald_workflows_v1_WorkflowRef__Output } from '../../../herald/workflows/v1/WorkflowRef';
import type { WorkflowWrite as _herald_workflows_v1_WorkflowWrite, WorkflowWrite__Output as _herald_workflows_v1_WorkflowWrite__Output } from '../../../herald/workflows/v1/WorkflowWrite';

export interface WorkflowsClient extends grpc.Client {
  AddStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_StepWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddStep(argument: _herald_workflows_v1_StepWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_StepWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addStep(argument: _herald_workflows_v1_StepWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  AddTransition(argument: _herald_workflows_v1_TransitionWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_TransitionWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_TransitionWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  AddTransition(argument: _herald_workflows_v1_TransitionWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_TransitionWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_TransitionWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_TransitionWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  addTransition(argument: _herald_workflows_v1_TransitionWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  CancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  cancelAllExecutions(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_CancelAllResponse__Output>): grpc.ClientUnaryCall;
  
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CancelExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  cancelExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  ConditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  ConditionFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  conditionFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  CreateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  CreateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_WorkflowWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  createWorkflow(argument: _herald_workflows_v1_WorkflowWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
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
  
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getExecution(argument: _herald_workflows_v1_ExecutionRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  GetWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  getWorkflow(argument: _herald_workflows_v1_WorkflowRef, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listExecutions(argument: _herald_workflows_v1_ListExecutionsRequest, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  ListWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  listWorkflows(argument: _herald_workflows_v1_ListWorkflowsRequest, callback: grpc.requestCallback<_herald_workflows_v1_JsonList__Output>): grpc.ClientUnaryCall;
  
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  StartExecution(argument: _herald_workflows_v1_StartExecutionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  startExecution(argument: _herald_workflows_v1_StartExecutionRequest, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  UpcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcomingExecutions(argument: _herald_workflows_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_workflows_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_StepWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateStep(argument: _herald_workflows_v1_StepWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_StepWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_StepWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateStep(argument: _herald_workflows_v1_StepWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
  UpdateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  UpdateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  updateWorkflow(argument: _herald_workflows_v1_WorkflowWrite, callback: grpc.requestCallback<_herald_workflows_v1_Json__Output>): grpc.ClientUnaryCall;
  
}

export interface WorkflowsHandlers extends grpc.UntypedServiceImplementation {
  AddStep: grpc.handleUnaryCall<_herald_workflows_v1_StepWrite__Output, _herald_workflows_v1_Json>;
  
  AddTransition: grpc.handleUnaryCall<_herald_workflows_v1_TransitionWrite__Output, _herald_workflows_v1_Json>;
  
  CancelAllExecutions: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_CancelAllResponse>;
  
  CancelExecution: grpc.handleUnaryCall<_herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Json>;
  
  ConditionFields: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_workflows_v1_Json>;
  
  CreateWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowWrite__Output, _herald_workflows_v1_Json>;
  
  DeleteStep: grpc.handleUnaryCall<_herald_workflows_v1_DeleteStepRequest__Output, _herald_common_v1_Empty>;
  
  DeleteTransition: grpc.handleUnaryCall<_herald_workflows_v1_TransitionRef__Output, _herald_common_v1_Empty>;
  
  DeleteWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_common_v1_Empty>;
  
  GetExecution: grpc.handleUnaryCall<_herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Json>;
  
  GetWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_Json>;
  
  ListExecutions: grpc.handleUnaryCall<_herald_workflows_v1_ListExecutionsRequest__Output, _herald_workflows_v1_JsonList>;
  
  ListWorkflows: grpc.handleUnaryCall<_herald_workflows_v1_ListWorkflowsRequest__Output, _herald_workflows_v1_JsonList>;
  
  StartExecution: grpc.handleUnaryCall<_herald_workflows_v1_StartExecutionRequest__Output, _herald_workflows_v1_Json>;
  
  UpcomingExecutions: grpc.handleUnaryCall<_herald_workflows_v1_UpcomingRequest__Output, _herald_workflows_v1_UpcomingResponse>;
  
  UpdateStep: grpc.handleUnaryCall<_herald_workflows_v1_StepWrite__Output, _herald_workflows_v1_Json>;
  
  UpdateWorkflow: grpc.handleUnaryCall<_herald_workflows_v1_WorkflowWrite__Output, _herald_workflows_v1_Json>;
  
}

export interface WorkflowsDefinition extends grpc.ServiceDefinition {
  AddStep: MethodDefinition<_herald_workflows_v1_StepWrite, _herald_workflows_v1_Json, _herald_workflows_v1_StepWrite__Output, _herald_workflows_v1_Json__Output>
  AddTransition: MethodDefinition<_herald_workflows_v1_TransitionWrite, _herald_workflows_v1_Json, _herald_workflows_v1_TransitionWrite__Output, _herald_workflows_v1_Json__Output>
  CancelAllExecutions: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_CancelAllResponse, _herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_CancelAllResponse__Output>
  CancelExecution: MethodDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_Json, _herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Json__Output>
  ConditionFields: MethodDefinition<_herald_common_v1_Empty, _herald_workflows_v1_Json, _herald_common_v1_Empty__Output, _herald_workflows_v1_Json__Output>
  CreateWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowWrite, _herald_workflows_v1_Json, _herald_workflows_v1_WorkflowWrite__Output, _herald_workflows_v1_Json__Output>
  DeleteStep: MethodDefinition<_herald_workflows_v1_DeleteStepRequest, _herald_common_v1_Empty, _herald_workflows_v1_DeleteStepRequest__Output, _herald_common_v1_Empty__Output>
  DeleteTransition: MethodDefinition<_herald_workflows_v1_TransitionRef, _herald_common_v1_Empty, _herald_workflows_v1_TransitionRef__Output, _herald_common_v1_Empty__Output>
  DeleteWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_common_v1_Empty, _herald_workflows_v1_WorkflowRef__Output, _herald_common_v1_Empty__Output>
  GetExecution: MethodDefinition<_herald_workflows_v1_ExecutionRef, _herald_workflows_v1_Json, _herald_workflows_v1_ExecutionRef__Output, _herald_workflows_v1_Json__Output>
  GetWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowRef, _herald_workflows_v1_Json, _herald_workflows_v1_WorkflowRef__Output, _herald_workflows_v1_Json__Output>
  ListExecutions: MethodDefinition<_herald_workflows_v1_ListExecutionsRequest, _herald_workflows_v1_JsonList, _herald_workflows_v1_ListExecutionsRequest__Output, _herald_workflows_v1_JsonList__Output>
  ListWorkflows: MethodDefinition<_herald_workflows_v1_ListWorkflowsRequest, _herald_workflows_v1_JsonList, _herald_workflows_v1_ListWorkflowsRequest__Output, _herald_workflows_v1_JsonList__Output>
  StartExecution: MethodDefinition<_herald_workflows_v1_StartExecutionRequest, _herald_workflows_v1_Json, _herald_workflows_v1_StartExecutionRequest__Output, _herald_workflows_v1_Json__Output>
  UpcomingExecutions: MethodDefinition<_herald_workflows_v1_UpcomingRequest, _herald_workflows_v1_UpcomingResponse, _herald_workflows_v1_UpcomingRequest__Output, _herald_workflows_v1_UpcomingResponse__Output>
  UpdateStep: MethodDefinition<_herald_workflows_v1_StepWrite, _herald_workflows_v1_Json, _herald_workflows_v1_StepWrite__Output, _herald_workflows_v1_Json__Output>
  UpdateWorkflow: MethodDefinition<_herald_workflows_v1_WorkflowWrite, _herald_workflows_v1_Json, _herald_workflows_v1_WorkflowWrite__Output, _herald_workflows_v1_Json__Output>
}
