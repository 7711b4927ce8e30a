// Original file: protos/contacts/v1/contacts.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddSegmentMembersResponse as _herald_contacts_v1_AddSegmentMembersResponse, AddSegmentMembersResponse__Output as _herald_contacts_v1_AddSegmentMembersResponse__Output } from '../../../herald/contacts/v1/AddSegmentMembersResponse';
import type { AudienceIdsRequest as _herald_contacts_v1_AudienceIdsRequest, AudienceIdsRequest__Output as _herald_contacts_v1_AudienceIdsRequest__Output } from '../../../herald/contacts/v1/AudienceIdsRequest';
import type { AudienceIdsResponse as _herald_contacts_v1_AudienceIdsResponse, AudienceIdsResponse__Output as _herald_contacts_v1_AudienceIdsResponse__Output } from '../../../herald/contacts/v1/AudienceIdsResponse';
import type { AudienceRequest as _herald_contacts_v1_AudienceRequest, AudienceRequest__Output as _herald_contacts_v1_AudienceRequest__Output } from '../../../herald/contacts/v1/AudienceRequest';
import type { BatchGetContactsRequest as _herald_contacts_v1_BatchGetContactsRequest, BatchGetContactsRequest__Output as _herald_contacts_v1_BatchGetContactsRequest__Output } from '../../../herald/contacts/v1/BatchGetContactsRequest';
import type { BeginImportRequest as _herald_contacts_v1_BeginImportRequest, BeginImportRequest__Output as _herald_contacts_v1_BeginImportRequest__Output } from '../../../herald/contacts/v1/BeginImportRequest';
import type { BulkJob as _herald_contacts_v1_BulkJob, BulkJob__Output as _herald_contacts_v1_BulkJob__Output } from '../../../herald/contacts/v1/BulkJob';
import type { CheckConditionRequest as _herald_contacts_v1_CheckConditionRequest, CheckConditionRequest__Output as _herald_contacts_v1_CheckConditionRequest__Output } from '../../../herald/contacts/v1/CheckConditionRequest';
import type { CheckConditionResponse as _herald_contacts_v1_CheckConditionResponse, CheckConditionResponse__Output as _herald_contacts_v1_CheckConditionResponse__Output } from '../../../herald/contacts/v1/CheckConditionResponse';
import type { CommitImportRequest as _herald_contacts_v1_CommitImportRequest, CommitImportRequest__Output as _herald_contacts_v1_CommitImportRequest__Output } from '../../../herald/contacts/v1/CommitImportRequest';
import type { ComputeSegmentResponse as _herald_contacts_v1_ComputeSegmentResponse, ComputeSegmentResponse__Output as _herald_contacts_v1_ComputeSegmentResponse__Output } from '../../../herald/contacts/v1/ComputeSegmentResponse';
import type { ContactResponse as _herald_contacts_v1_ContactResponse, ContactResponse__Output as _herald_contacts_v1_ContactResponse__Output } from '../../../herald/contacts/v1/ContactResponse';
import type { ContactsResponse as _herald_contacts_v1_ContactsResponse, ContactsResponse__Output as _herald_contacts_v1_ContactsResponse__Output } from '../../../herald/contacts/v1/ContactsResponse';
import type { CountAudienceResponse as _herald_contacts_v1_CountAudienceResponse, CountAudienceResponse__Output as _herald_contacts_v1_CountAudienceResponse__Output } from '../../../herald/contacts/v1/CountAudienceResponse';
import type { CreateSegmentRequest as _herald_contacts_v1_CreateSegmentRequest, CreateSegmentRequest__Output as _herald_contacts_v1_CreateSegmentRequest__Output } from '../../../herald/contacts/v1/CreateSegmentRequest';
import type { DeleteFieldResponse as _herald_contacts_v1_DeleteFieldResponse, DeleteFieldResponse__Output as _herald_contacts_v1_DeleteFieldResponse__Output } from '../../../herald/contacts/v1/DeleteFieldResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { EventUsageRequest as _herald_contacts_v1_EventUsageRequest, EventUsageRequest__Output as _herald_contacts_v1_EventUsageRequest__Output } from '../../../herald/contacts/v1/EventUsageRequest';
import type { EventUsageResponse as _herald_contacts_v1_EventUsageResponse, EventUsageResponse__Output as _herald_contacts_v1_EventUsageResponse__Output } from '../../../herald/contacts/v1/EventUsageResponse';
import type { FieldRequest as _herald_contacts_v1_FieldRequest, FieldRequest__Output as _herald_contacts_v1_FieldRequest__Output } from '../../../herald/contacts/v1/FieldRequest';
import type { FieldUsageResponse as _herald_contacts_v1_FieldUsageResponse, FieldUsageResponse__Output as _herald_contacts_v1_FieldUsageResponse__Output } from '../../../herald/contacts/v1/FieldUsageResponse';
import type { FieldValuesResponse as _herald_contacts_v1_FieldValuesResponse, FieldValuesResponse__Output as _herald_contacts_v1_FieldValuesResponse__Output } from '../../../herald/contacts/v1/FieldValuesResponse';
import type { GetContactRequest as _herald_contacts_v1_GetContactRequest, GetContactRequest__Output as _herald_contacts_v1_GetContactRequest__Output } from '../../../herald/contacts/v1/GetContactRequest';
import type { ImportChunk as _herald_contacts_v1_ImportChunk, ImportChunk__Output as _herald_contacts_v1_ImportChunk__Output } from '../../../herald/contacts/v1/ImportChunk';
import type { ImportJob as _herald_contacts_v1_ImportJob, ImportJob__Output as _herald_contacts_v1_ImportJob__Output } from '../../../herald/contacts/v1/ImportJob';
import type { ImportLimitsResponse as _herald_contacts_v1_ImportLimitsResponse, ImportLimitsResponse__Output as _herald_contacts_v1_ImportLimitsResponse__Output } from '../../../herald/contacts/v1/ImportLimitsResponse';
import type { JobRef as _herald_contacts_v1_JobRef, JobRef__Output as _herald_contacts_v1_JobRef__Output } from '../../../herald/contacts/v1/JobRef';
import type { ListContactsRequest as _herald_contacts_v1_ListContactsRequest, ListContactsRequest__Output as _herald_contacts_v1_ListContactsRequest__Output } from '../../../herald/contacts/v1/ListContactsRequest';
import type { ListContactsResponse as _herald_contacts_v1_ListContactsResponse, ListContactsResponse__Output as _herald_contacts_v1_ListContactsResponse__Output } from '../../../herald/contacts/v1/ListContactsResponse';
import type { ListFieldsResponse as _herald_contacts_v1_ListFieldsResponse, ListFieldsResponse__Output as _herald_contacts_v1_ListFieldsResponse__Output } from '../../../herald/contacts/v1/ListFieldsResponse';
import type { LookupContactsRequest as _herald_contacts_v1_LookupContactsRequest, LookupContactsRequest__Output as _herald_contacts_v1_LookupContactsRequest__Output } from '../../../herald/contacts/v1/LookupContactsRequest';
import type { LookupContactsResponse as _herald_contacts_v1_LookupContactsResponse, LookupContactsResponse__Output as _herald_contacts_v1_LookupContactsResponse__Output } from '../../../herald/contacts/v1/LookupContactsResponse';
import type { MatchContactRequest as _herald_contacts_v1_MatchContactRequest, MatchContactRequest__Output as _herald_contacts_v1_MatchContactRequest__Output } from '../../../herald/contacts/v1/MatchContactRequest';
import type { MatchContactResponse as _herald_contacts_v1_MatchContactResponse, MatchContactResponse__Output as _herald_contacts_v1_MatchContactResponse__Output } from '../../../herald/contacts/v1/MatchContactResponse';
import type { PreviewSegmentRequest as _herald_contacts_v1_PreviewSegmentRequest, PreviewSegmentRequest__Output as _herald_contacts_v1_PreviewSegmentRequest__Output } from '../../../herald/contacts/v1/PreviewSegmentRequest';
import type { PreviewSegmentResponse as _herald_contacts_v1_PreviewSegmentResponse, PreviewSegmentResponse__Output as _herald_contacts_v1_PreviewSegmentResponse__Output } from '../../../herald/contacts/v1/PreviewSegmentResponse';
import type { RefreshSegmentResponse as _herald_contacts_v1_RefreshSegmentResponse, RefreshSegmentResponse__Output as _herald_contacts_v1_RefreshSegmentResponse__Output } from '../../../herald/contacts/v1/RefreshSegmentResponse';
import type { RemoveSegmentMembersResponse as _herald_contacts_v1_RemoveSegmentMembersResponse, RemoveSegmentMembersResponse__Output as _herald_contacts_v1_RemoveSegmentMembersResponse__Output } from '../../../herald/contacts/v1/RemoveSegmentMembersResponse';
import type { Segment as _herald_contacts_v1_Segment, Segment__Output as _herald_contacts_v1_Segment__Output } from '../../../herald/contacts/v1/Segment';
import type { SegmentContactsRequest as _herald_contacts_v1_SegmentContactsRequest, SegmentContactsRequest__Output as _herald_contacts_v1_SegmentContactsRequest__Output } from '../../../herald/contacts/v1/SegmentContactsRequest';
import type { SegmentContactsResponse as _herald_contacts_v1_SegmentContactsResponse, SegmentContactsResponse__Output as _herald_contacts_v1_SegmentContactsResponse__Output } from '../../../herald/contacts/v1/SegmentContactsResponse';
import type { SegmentMembersRequest as _herald_contacts_v1_SegmentMembersRequest, SegmentMembersRequest__Output as _herald_contacts_v1_SegmentMembersRequest__Output } from '../../../herald/contacts/v1/SegmentMembersRequest';
import type { SegmentRef as _herald_contacts_v1_SegmentRef, SegmentRef__Output as _herald_contacts_v1_SegmentRef__Output } from '../../../herald/contacts/v1/SegmentRef';
import type { SegmentsResponse as _herald_contacts_v1_SegmentsResponse, SegmentsResponse__Output as _herald_contacts_v1_SegmentsResponse__Output } from '../../../herald/contacts/v1/SegmentsResponse';
import type { StartBulkJobRequest as _herald_contacts_v1_StartBulkJobRequest, StartBulkJobRequest__Output as _herald_contacts_v1_StartBulkJobRequest__Output } from '../../../herald/contacts/v1/StartBulkJobRequest';
import type { UpdateContactRequest as _herald_contacts_v1_UpdateContactRequest, UpdateContactRequest__Output as _herald_contacts_v1_UpdateContactRequest__Output } from '../../../herald/contacts/v1/UpdateContactRequest';
import type { UpdateSegmentRequest as _herald_contacts_v1_UpdateSegmentRequest, UpdateSegmentRequest__Output as _herald_contacts_v1_UpdateSegmentRequest__Output } from '../../../herald/contacts/v1/UpdateSegmentRequest';
import type { UpsertContactRequest as _herald_contacts_v1_UpsertContactRequest, UpsertContactRequest__Output as _herald_contacts_v1_UpsertContactRequest__Output } from '../../../herald/contacts/v1/UpsertContactRequest';
import type { UpsertContactResponse as _herald_contacts_v1_UpsertContactResponse, UpsertContactResponse__Output as _herald_contacts_v1_UpsertContactResponse__Output } from '../../../herald/contacts/v1/UpsertContactResponse';
import type { UpsertContactsRequest as _herald_contacts_v1_UpsertContactsRequest, UpsertContactsRequest__Output as _herald_contacts_v1_UpsertContactsRequest__Output } from '../../../herald/contacts/v1/UpsertContactsRequest';
import type { UpsertContactsResponse as _herald_contacts_v1_UpsertContactsResponse, UpsertContactsResponse__Output as _herald_contacts_v1_UpsertContactsResponse__Output } from '../../../herald/contacts/v1/UpsertContactsResponse';

export interface ContactsClient extends grpc.Client {
  AbortImport(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AbortImport(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AbortImport(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AbortImport(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  abortImport(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  abortImport(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  abortImport(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  abortImport(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  AddSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  AddSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  AddSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  AddSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  addSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  addSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  addSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  addSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, callback: grpc.requestCallback<_herald_contacts_v1_AddSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  
  AppendImportChunk(argument: _herald_contacts_v1_ImportChunk, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AppendImportChunk(argument: _herald_contacts_v1_ImportChunk, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AppendImportChunk(argument: _herald_contacts_v1_ImportChunk, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  AppendImportChunk(argument: _herald_contacts_v1_ImportChunk, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  appendImportChunk(argument: _herald_contacts_v1_ImportChunk, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  appendImportChunk(argument: _herald_contacts_v1_ImportChunk, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  appendImportChunk(argument: _herald_contacts_v1_ImportChunk, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  appendImportChunk(argument: _herald_contacts_v1_ImportChunk, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  AudienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  AudienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  AudienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  AudienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  audienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  audienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  audienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  audienceIds(argument: _herald_contacts_v1_AudienceIdsRequest, callback: grpc.requestCallback<_herald_contacts_v1_AudienceIdsResponse__Output>): grpc.ClientUnaryCall;
  
  BatchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  BatchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  BatchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  BatchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  batchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  batchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  batchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  batchGetContacts(argument: _herald_contacts_v1_BatchGetContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactsResponse__Output>): grpc.ClientUnaryCall;
  
  BeginImport(argument: _herald_contacts_v1_BeginImportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  BeginImport(argument: _herald_contacts_v1_BeginImportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  BeginImport(argument: _herald_contacts_v1_BeginImportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  BeginImport(argument: _herald_contacts_v1_BeginImportRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  beginImport(argument: _herald_contacts_v1_BeginImportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  beginImport(argument: _herald_contacts_v1_BeginImportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  beginImport(argument: _herald_contacts_v1_BeginImportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  beginImport(argument: _herald_contacts_v1_BeginImportRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  
  CheckCondition(argument: _herald_contacts_v1_CheckConditionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  CheckCondition(argument: _herald_contacts_v1_CheckConditionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  CheckCondition(argument: _herald_contacts_v1_CheckConditionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  CheckCondition(argument: _herald_contacts_v1_CheckConditionRequest, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  checkCondition(argument: _herald_contacts_v1_CheckConditionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  checkCondition(argument: _herald_contacts_v1_CheckConditionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  checkCondition(argument: _herald_contacts_v1_CheckConditionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  checkCondition(argument: _herald_contacts_v1_CheckConditionRequest, callback: grpc.requestCallback<_herald_contacts_v1_CheckConditionResponse__Output>): grpc.ClientUnaryCall;
  
  CommitImport(argument: _herald_contacts_v1_CommitImportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  CommitImport(argument: _herald_contacts_v1_CommitImportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  CommitImport(argument: _herald_contacts_v1_CommitImportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  CommitImport(argument: _herald_contacts_v1_CommitImportRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  commitImport(argument: _herald_contacts_v1_CommitImportRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  commitImport(argument: _herald_contacts_v1_CommitImportRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  commitImport(argument: _herald_contacts_v1_CommitImportRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  commitImport(argument: _herald_contacts_v1_CommitImportRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  
  ComputeSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  ComputeSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  ComputeSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  ComputeSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  computeSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  computeSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  computeSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  computeSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_ComputeSegmentResponse__Output>): grpc.ClientUnaryCall;
  
  CountAudience(argument: _herald_contacts_v1_AudienceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  CountAudience(argument: _herald_contacts_v1_AudienceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  CountAudience(argument: _herald_contacts_v1_AudienceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  CountAudience(argument: _herald_contacts_v1_AudienceRequest, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  countAudience(argument: _herald_contacts_v1_AudienceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  countAudience(argument: _herald_contacts_v1_AudienceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  countAudience(argument: _herald_contacts_v1_AudienceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  countAudience(argument: _herald_contacts_v1_AudienceRequest, callback: grpc.requestCallback<_herald_contacts_v1_CountAudienceResponse__Output>): grpc.ClientUnaryCall;
  
  CreateSegment(argument: _herald_contacts_v1_CreateSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  CreateSegment(argument: _herald_contacts_v1_CreateSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  CreateSegment(argument: _herald_contacts_v1_CreateSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  CreateSegment(argument: _herald_contacts_v1_CreateSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  createSegment(argument: _herald_contacts_v1_CreateSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  createSegment(argument: _herald_contacts_v1_CreateSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  createSegment(argument: _herald_contacts_v1_CreateSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  createSegment(argument: _herald_contacts_v1_CreateSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  
  DeleteContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteContact(argument: _herald_contacts_v1_GetContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteContact(argument: _herald_contacts_v1_GetContactRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteContact(argument: _herald_contacts_v1_GetContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteContact(argument: _herald_contacts_v1_GetContactRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DeleteField(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  DeleteField(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  DeleteField(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  DeleteField(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  deleteField(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  deleteField(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  deleteField(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  deleteField(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_DeleteFieldResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  EventUsage(argument: _herald_contacts_v1_EventUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  EventUsage(argument: _herald_contacts_v1_EventUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  EventUsage(argument: _herald_contacts_v1_EventUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  EventUsage(argument: _herald_contacts_v1_EventUsageRequest, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  eventUsage(argument: _herald_contacts_v1_EventUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  eventUsage(argument: _herald_contacts_v1_EventUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  eventUsage(argument: _herald_contacts_v1_EventUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  eventUsage(argument: _herald_contacts_v1_EventUsageRequest, callback: grpc.requestCallback<_herald_contacts_v1_EventUsageResponse__Output>): grpc.ClientUnaryCall;
  
  FieldUsage(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  FieldUsage(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  FieldUsage(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  FieldUsage(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  fieldUsage(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  fieldUsage(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  fieldUsage(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  fieldUsage(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_FieldUsageResponse__Output>): grpc.ClientUnaryCall;
  
  FieldValues(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  FieldValues(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  FieldValues(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  FieldValues(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  fieldValues(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  fieldValues(argument: _herald_contacts_v1_FieldRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  fieldValues(argument: _herald_contacts_v1_FieldRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  fieldValues(argument: _herald_contacts_v1_FieldRequest, callback: grpc.requestCallback<_herald_contacts_v1_FieldValuesResponse__Output>): grpc.ClientUnaryCall;
  
  GetBulkJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  GetBulkJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  GetBulkJob(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  GetBulkJob(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  getBulkJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  getBulkJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  getBulkJob(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  getBulkJob(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_contacts_v1_BulkJob__Output>): grpc.ClientUnaryCall;
  
  GetContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _herald_contacts_v1_GetContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  GetContact(argument: _herald_contacts_v1_GetContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  getContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  getContact(argument: _herald_contacts_v1_GetContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  getContact(argument: _herald_contacts_v1_GetContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  getContact(argument: _herald_contacts_v1_GetContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  
  GetImportJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  GetImportJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  GetImportJob(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  GetImportJob(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  getImportJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  getImportJob(argument: _herald_contacts_v1_JobRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  getImportJob(argument: _herald_contacts_v1_JobRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  getImportJob(argument: _herald_contacts_v1_JobRef, callback: grpc.requestCallback<_herald_contacts_v1_ImportJob__Output>): grpc.ClientUnaryCall;
  
  GetSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  GetSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  GetSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  GetSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  getSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  getSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  getSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  getSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  
  ImportLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  ImportLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  ImportLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  ImportLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  importLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  importLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  importLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  importLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_ImportLimitsResponse__Output>): grpc.ClientUnaryCall;
  
  ListContacts(argument: _herald_contacts_v1_ListContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _herald_contacts_v1_ListContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _herald_contacts_v1_ListContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  ListContacts(argument: _herald_contacts_v1_ListContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _herald_contacts_v1_ListContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _herald_contacts_v1_ListContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _herald_contacts_v1_ListContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  listContacts(argument: _herald_contacts_v1_ListContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_ListContactsResponse__Output>): grpc.ClientUnaryCall;
  
  ListFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  ListFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  ListFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  ListFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  listFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  listFields(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  listFields(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  listFields(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_ListFieldsResponse__Output>): grpc.ClientUnaryCall;
  
  ListSegments(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  ListSegments(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  ListSegments(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  ListSegments(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  listSegments(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  listSegments(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  listSegments(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  listSegments(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_contacts_v1_SegmentsResponse__Output>): grpc.ClientUnaryCall;
  
  LookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  LookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  LookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  LookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  lookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  lookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  lookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  lookupContacts(argument: _herald_contacts_v1_LookupContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_LookupContactsResponse__Output>): grpc.ClientUnaryCall;
  
  MatchContact(argument: _herald_contacts_v1_MatchContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  MatchContact(argument: _herald_contacts_v1_MatchContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  MatchContact(argument: _herald_contacts_v1_MatchContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  MatchContact(argument: _herald_contacts_v1_MatchContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  matchContact(argument: _herald_contacts_v1_MatchContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  matchContact(argument: _herald_contacts_v1_MatchContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  matchContact(argument: _herald_contacts_v1_MatchContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  matchContact(argument: _herald_contacts_v1_MatchContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_MatchContactResponse__Output>): grpc.ClientUnaryCall;
  
  PreviewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  PreviewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  PreviewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  PreviewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  previewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  previewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  previewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  previewSegment(argument: _herald_contacts_v1_PreviewSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_PreviewSegmentResponse__Output>): grpc.ClientUnaryCall;
  
  RefreshSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  RefreshSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  RefreshSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  RefreshSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  refreshSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  refreshSegment(argument: _herald_contacts_v1_SegmentRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  refreshSegment(argument: _herald_contacts_v1_SegmentRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  refreshSegment(argument: _herald_contacts_v1_SegmentRef, callback: grpc.requestCallback<_herald_contacts_v1_RefreshSegmentResponse__Output>): grpc.ClientUnaryCall;
  
  RemoveSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  RemoveSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  RemoveSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  RemoveSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  removeSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  removeSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  removeSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  removeSegmentMembers(argument: _herald_contacts_v1_SegmentMembersRequest, callback: grpc.requestCallback<_herald_contacts_v1_RemoveSegmentMembersResponse__Output>): grpc.ClientUnaryCall;
  
  SegmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  SegmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  SegmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  SegmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  segmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  segmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  segmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  segmentContacts(argument: _herald_contacts_v1_SegmentContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_SegmentContactsResponse__Output>): grpc.ClientUnaryCall;
  
  StartBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  StartBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  StartBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  StartBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  startBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  startBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  startBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  startBulkJob(argument: _herald_contacts_v1_StartBulkJobRequest, callback: grpc.requestCallback<_herald_contacts_v1_JobRef__Output>): grpc.ClientUnaryCall;
  
  UpdateContact(argument: _herald_contacts_v1_UpdateContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _herald_contacts_v1_UpdateContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _herald_contacts_v1_UpdateContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  UpdateContact(argument: _herald_contacts_v1_UpdateContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _herald_contacts_v1_UpdateContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _herald_contacts_v1_UpdateContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _herald_contacts_v1_UpdateContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  updateContact(argument: _herald_contacts_v1_UpdateContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_ContactResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  UpdateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  UpdateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  UpdateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  updateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  updateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  updateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  updateSegment(argument: _herald_contacts_v1_UpdateSegmentRequest, callback: grpc.requestCallback<_herald_contacts_v1_Segment__Output>): grpc.ClientUnaryCall;
  
  UpsertContact(argument: _herald_contacts_v1_UpsertContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  UpsertContact(argument: _herald_contacts_v1_UpsertContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  UpsertContact(argument: _herald_contacts_v1_UpsertContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  UpsertContact(argument: _herald_contacts_v1_UpsertContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  upsertContact(argument: _herald_contacts_v1_UpsertContactRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  upsertContact(argument: _herald_contacts_v1_UpsertContactRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  upsertContact(argument: _herald_contacts_v1_UpsertContactRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  upsertContact(argument: _herald_contacts_v1_UpsertContactRequest, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactResponse__Output>): grpc.ClientUnaryCall;
  
  UpsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  UpsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  UpsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  UpsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  upsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  upsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  upsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  upsertContacts(argument: _herald_contacts_v1_UpsertContactsRequest, callback: grpc.requestCallback<_herald_contacts_v1_UpsertContactsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ContactsHandlers extends grpc.UntypedServiceImplementation {
  AbortImport: grpc.handleUnaryCall<_herald_contacts_v1_JobRef__Output, _herald_common_v1_Empty>;
  
  AddSegmentMembers: grpc.handleUnaryCall<_herald_contacts_v1_SegmentMembersRequest__Output, _herald_contacts_v1_AddSegmentMembersResponse>;
  
  AppendImportChunk: grpc.handleUnaryCall<_herald_contacts_v1_ImportChunk__Output, _herald_common_v1_Empty>;
  
  AudienceIds: grpc.handleUnaryCall<_herald_contacts_v1_AudienceIdsRequest__Output, _herald_contacts_v1_AudienceIdsResponse>;
  
  BatchGetContacts: grpc.handleUnaryCall<_herald_contacts_v1_BatchGetContactsRequest__Output, _herald_contacts_v1_ContactsResponse>;
  
  BeginImport: grpc.handleUnaryCall<_herald_contacts_v1_BeginImportRequest__Output, _herald_contacts_v1_JobRef>;
  
  CheckCondition: grpc.handleUnaryCall<_herald_contacts_v1_CheckConditionRequest__Output, _herald_contacts_v1_CheckConditionResponse>;
  
  CommitImport: grpc.handleUnaryCall<_herald_contacts_v1_CommitImportRequest__Output, _herald_contacts_v1_JobRef>;
  
  ComputeSegment: grpc.handleUnaryCall<_herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_ComputeSegmentResponse>;
  
  CountAudience: grpc.handleUnaryCall<_herald_contacts_v1_AudienceRequest__Output, _herald_contacts_v1_CountAudienceResponse>;
  
  CreateSegment: grpc.handleUnaryCall<_herald_contacts_v1_CreateSegmentRequest__Output, _herald_contacts_v1_Segment>;
  
  DeleteContact: grpc.handleUnaryCall<_herald_contacts_v1_GetContactRequest__Output, _herald_common_v1_Empty>;
  
  DeleteField: grpc.handleUnaryCall<_herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_DeleteFieldResponse>;
  
  DeleteSegment: grpc.handleUnaryCall<_herald_contacts_v1_SegmentRef__Output, _herald_common_v1_Empty>;
  
  EventUsage: grpc.handleUnaryCall<_herald_contacts_v1_EventUsageRequest__Output, _herald_contacts_v1_EventUsageResponse>;
  
  FieldUsage: grpc.handleUnaryCall<_herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_FieldUsageResponse>;
  
  FieldValues: grpc.handleUnaryCall<_herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_FieldValuesResponse>;
  
  GetBulkJob: grpc.handleUnaryCall<_herald_contacts_v1_JobRef__Output, _herald_contacts_v1_BulkJob>;
  
  GetContact: grpc.handleUnaryCall<_herald_contacts_v1_GetContactRequest__Output, _herald_contacts_v1_ContactResponse>;
  
  GetImportJob: grpc.handleUnaryCall<_herald_contacts_v1_JobRef__Output, _herald_contacts_v1_ImportJob>;
  
  GetSegment: grpc.handleUnaryCall<_herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_Segment>;
  
  ImportLimits: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_contacts_v1_ImportLimitsResponse>;
  
  ListContacts: grpc.handleUnaryCall<_herald_contacts_v1_ListContactsRequest__Output, _herald_contacts_v1_ListContactsResponse>;
  
  ListFields: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_contacts_v1_ListFieldsResponse>;
  
  ListSegments: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_contacts_v1_SegmentsResponse>;
  
  LookupContacts: grpc.handleUnaryCall<_herald_contacts_v1_LookupContactsRequest__Output, _herald_contacts_v1_LookupContactsResponse>;
  
  MatchContact: grpc.handleUnaryCall<_herald_contacts_v1_MatchContactRequest__Output, _herald_contacts_v1_MatchContactResponse>;
  
  PreviewSegment: grpc.handleUnaryCall<_herald_contacts_v1_PreviewSegmentRequest__Output, _herald_contacts_v1_PreviewSegmentResponse>;
  
  RefreshSegment: grpc.handleUnaryCall<_herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_RefreshSegmentResponse>;
  
  RemoveSegmentMembers: grpc.handleUnaryCall<_herald_contacts_v1_SegmentMembersRequest__Output, _herald_contacts_v1_RemoveSegmentMembersResponse>;
  
  SegmentContacts: grpc.handleUnaryCall<_herald_contacts_v1_SegmentContactsRequest__Output, _herald_contacts_v1_SegmentContactsResponse>;
  
  StartBulkJob: grpc.handleUnaryCall<_herald_contacts_v1_StartBulkJobRequest__Output, _herald_contacts_v1_JobRef>;
  
  UpdateContact: grpc.handleUnaryCall<_herald_contacts_v1_UpdateContactRequest__Output, _herald_contacts_v1_ContactResponse>;
  
  UpdateSegment: grpc.handleUnaryCall<_herald_contacts_v1_UpdateSegmentRequest__Output, _herald_contacts_v1_Segment>;
  
  UpsertContact: grpc.handleUnaryCall<_herald_contacts_v1_UpsertContactRequest__Output, _herald_contacts_v1_UpsertContactResponse>;
  
  UpsertContacts: grpc.handleUnaryCall<_herald_contacts_v1_UpsertContactsRequest__Output, _herald_contacts_v1_UpsertContactsResponse>;
  
}

export interface ContactsDefinition extends grpc.ServiceDefinition {
  AbortImport: MethodDefinition<_herald_contacts_v1_JobRef, _herald_common_v1_Empty, _herald_contacts_v1_JobRef__Output, _herald_common_v1_Empty__Output>
  AddSegmentMembers: MethodDefinition<_herald_contacts_v1_SegmentMembersRequest, _herald_contacts_v1_AddSegmentMembersResponse, _herald_contacts_v1_SegmentMembersRequest__Output, _herald_contacts_v1_AddSegmentMembersResponse__Output>
  AppendImportChunk: MethodDefinition<_herald_contacts_v1_ImportChunk, _herald_common_v1_Empty, _herald_contacts_v1_ImportChunk__Output, _herald_common_v1_Empty__Output>
  AudienceIds: MethodDefinition<_herald_contacts_v1_AudienceIdsRequest, _herald_contacts_v1_AudienceIdsResponse, _herald_contacts_v1_AudienceIdsRequest__Output, _herald_contacts_v1_AudienceIdsResponse__Output>
  BatchGetContacts: MethodDefinition<_herald_contacts_v1_BatchGetContactsRequest, _herald_contacts_v1_ContactsResponse, _herald_contacts_v1_BatchGetContactsRequest__Output, _herald_contacts_v1_ContactsResponse__Output>
  BeginImport: MethodDefinition<_herald_contacts_v1_BeginImportRequest, _herald_contacts_v1_JobRef, _herald_contacts_v1_BeginImportRequest__Output, _herald_contacts_v1_JobRef__Output>
  CheckCondition: MethodDefinition<_herald_contacts_v1_CheckConditionRequest, _herald_contacts_v1_CheckConditionResponse, _herald_contacts_v1_CheckConditionRequest__Output, _herald_contacts_v1_CheckConditionResponse__Output>
  CommitImport: MethodDefinition<_herald_contacts_v1_CommitImportRequest, _herald_contacts_v1_JobRef, _herald_contacts_v1_CommitImportRequest__Output, _herald_contacts_v1_JobRef__Output>
  ComputeSegment: MethodDefinition<_herald_contacts_v1_SegmentRef, _herald_contacts_v1_ComputeSegmentResponse, _herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_ComputeSegmentResponse__Output>
  CountAudience: MethodDefinition<_herald_contacts_v1_AudienceRequest, _herald_contacts_v1_CountAudienceResponse, _herald_contacts_v1_AudienceRequest__Output, _herald_contacts_v1_CountAudienceResponse__Output>
  CreateSegment: MethodDefinition<_herald_contacts_v1_CreateSegmentRequest, _herald_contacts_v1_Segment, _herald_contacts_v1_CreateSegmentRequest__Output, _herald_contacts_v1_Segment__Output>
  DeleteContact: MethodDefinition<_herald_contacts_v1_GetContactRequest, _herald_common_v1_Empty, _herald_contacts_v1_GetContactRequest__Output, _herald_common_v1_Empty__Output>
  DeleteField: MethodDefinition<_herald_contacts_v1_FieldRequest, _herald_contacts_v1_DeleteFieldResponse, _herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_DeleteFieldResponse__Output>
  DeleteSegment: MethodDefinition<_herald_contacts_v1_SegmentRef, _herald_common_v1_Empty, _herald_contacts_v1_SegmentRef__Output, _herald_common_v1_Empty__Output>
  EventUsage: MethodDefinition<_herald_contacts_v1_EventUsageRequest, _herald_contacts_v1_EventUsageResponse, _herald_contacts_v1_EventUsageRequest__Output, _herald_contacts_v1_EventUsageResponse__Output>
  FieldUsage: MethodDefinition<_herald_contacts_v1_FieldRequest, _herald_contacts_v1_FieldUsageResponse, _herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_FieldUsageResponse__Output>
  FieldValues: MethodDefinition<_herald_contacts_v1_FieldRequest, _herald_contacts_v1_FieldValuesResponse, _herald_contacts_v1_FieldRequest__Output, _herald_contacts_v1_FieldValuesResponse__Output>
  GetBulkJob: MethodDefinition<_herald_contacts_v1_JobRef, _herald_contacts_v1_BulkJob, _herald_contacts_v1_JobRef__Output, _herald_contacts_v1_BulkJob__Output>
  GetContact: MethodDefinition<_herald_contacts_v1_GetContactRequest, _herald_contacts_v1_ContactResponse, _herald_contacts_v1_GetContactRequest__Output, _herald_contacts_v1_ContactResponse__Output>
  GetImportJob: MethodDefinition<_herald_contacts_v1_JobRef, _herald_contacts_v1_ImportJob, _herald_contacts_v1_JobRef__Output, _herald_contacts_v1_ImportJob__Output>
  GetSegment: MethodDefinition<_herald_contacts_v1_SegmentRef, _herald_contacts_v1_Segment, _herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_Segment__Output>
  ImportLimits: MethodDefinition<_herald_common_v1_Empty, _herald_contacts_v1_ImportLimitsResponse, _herald_common_v1_Empty__Output, _herald_contacts_v1_ImportLimitsResponse__Output>
  ListContacts: MethodDefinition<_herald_contacts_v1_ListContactsRequest, _herald_contacts_v1_ListContactsResponse, _herald_contacts_v1_ListContactsRequest__Output, _herald_contacts_v1_ListContactsResponse__Output>
  ListFields: MethodDefinition<_herald_common_v1_Empty, _herald_contacts_v1_ListFieldsResponse, _herald_common_v1_Empty__Output, _herald_contacts_v1_ListFieldsResponse__Output>
  ListSegments: MethodDefinition<_herald_common_v1_Empty, _herald_contacts_v1_SegmentsResponse, _herald_common_v1_Empty__Output, _herald_contacts_v1_SegmentsResponse__Output>
  LookupContacts: MethodDefinition<_herald_contacts_v1_LookupContactsRequest, _herald_contacts_v1_LookupContactsResponse, _herald_contacts_v1_LookupContactsRequest__Output, _herald_contacts_v1_LookupContactsResponse__Output>
  MatchContact: MethodDefinition<_herald_contacts_v1_MatchContactRequest, _herald_contacts_v1_MatchContactResponse, _herald_contacts_v1_MatchContactRequest__Output, _herald_contacts_v1_MatchContactResponse__Output>
  PreviewSegment: MethodDefinition<_herald_contacts_v1_PreviewSegmentRequest, _herald_contacts_v1_PreviewSegmentResponse, _herald_contacts_v1_PreviewSegmentRequest__Output, _herald_contacts_v1_PreviewSegmentResponse__Output>
  RefreshSegment: MethodDefinition<_herald_contacts_v1_SegmentRef, _herald_contacts_v1_RefreshSegmentResponse, _herald_contacts_v1_SegmentRef__Output, _herald_contacts_v1_RefreshSegmentResponse__Output>
  RemoveSegmentMembers: MethodDefinition<_herald_contacts_v1_SegmentMembersRequest, _herald_contacts_v1_RemoveSegmentMembersResponse, _herald_contacts_v1_SegmentMembersRequest__Output, _herald_contacts_v1_RemoveSegmentMembersResponse__Output>
  SegmentContacts: MethodDefinition<_herald_contacts_v1_SegmentContactsRequest, _herald_contacts_v1_SegmentContactsResponse, _herald_contacts_v1_SegmentContactsRequest__Output, _herald_contacts_v1_SegmentContactsResponse__Output>
  StartBulkJob: MethodDefinition<_herald_contacts_v1_StartBulkJobRequest, _herald_contacts_v1_JobRef, _herald_contacts_v1_StartBulkJobRequest__Output, _herald_contacts_v1_JobRef__Output>
  UpdateContact: MethodDefinition<_herald_contacts_v1_UpdateContactRequest, _herald_contacts_v1_ContactResponse, _herald_contacts_v1_UpdateContactRequest__Output, _herald_contacts_v1_ContactResponse__Output>
  UpdateSegment: MethodDefinition<_herald_contacts_v1_UpdateSegmentRequest, _herald_contacts_v1_Segment, _herald_contacts_v1_UpdateSegmentRequest__Output, _herald_contacts_v1_Segment__Output>
  UpsertContact: MethodDefinition<_herald_contacts_v1_UpsertContactRequest, _herald_contacts_v1_UpsertContactResponse, _herald_contacts_v1_UpsertContactRequest__Output, _herald_contacts_v1_UpsertContactResponse__Output>
  UpsertContacts: MethodDefinition<_herald_contacts_v1_UpsertContactsRequest, _herald_contacts_v1_UpsertContactsResponse, _herald_contacts_v1_UpsertContactsRequest__Output, _herald_contacts_v1_UpsertContactsResponse__Output>
}
