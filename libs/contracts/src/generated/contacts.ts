import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { AddSegmentMembersResponse as _herald_contacts_v1_AddSegmentMembersResponse, AddSegmentMembersResponse__Output as _herald_contacts_v1_AddSegmentMembersResponse__Output } from './herald/contacts/v1/AddSegmentMembersResponse';
import type { Audience as _herald_contacts_v1_Audience, Audience__Output as _herald_contacts_v1_Audience__Output } from './herald/contacts/v1/Audience';
import type { AudienceIdsRequest as _herald_contacts_v1_AudienceIdsRequest, AudienceIdsRequest__Output as _herald_contacts_v1_AudienceIdsRequest__Output } from './herald/contacts/v1/AudienceIdsRequest';
import type { AudienceIdsResponse as _herald_contacts_v1_AudienceIdsResponse, AudienceIdsResponse__Output as _herald_contacts_v1_AudienceIdsResponse__Output } from './herald/contacts/v1/AudienceIdsResponse';
import type { AudienceRequest as _herald_contacts_v1_AudienceRequest, AudienceRequest__Output as _herald_contacts_v1_AudienceRequest__Output } from './herald/contacts/v1/AudienceRequest';
import type { BatchGetContactsRequest as _herald_contacts_v1_BatchGetContactsRequest, BatchGetContactsRequest__Output as _herald_contacts_v1_BatchGetContactsRequest__Output } from './herald/contacts/v1/BatchGetContactsRequest';
import type { BeginImportRequest as _herald_contacts_v1_BeginImportRequest, BeginImportRequest__Output as _herald_contacts_v1_BeginImportRequest__Output } from './herald/contacts/v1/BeginImportRequest';
import type { BulkIdError as _herald_contacts_v1_BulkIdError, BulkIdError__Output as _herald_contacts_v1_BulkIdError__Output } from './herald/contacts/v1/BulkIdError';
import type { BulkJob as _herald_contacts_v1_BulkJob, BulkJob__Output as _herald_contacts_v1_BulkJob__Output } from './herald/contacts/v1/BulkJob';
import type { CheckConditionRequest as _herald_contacts_v1_CheckConditionRequest, CheckConditionRequest__Output as _herald_contacts_v1_CheckConditionRequest__Output } from './herald/contacts/v1/CheckConditionRequest';
import type { CheckConditionResponse as _herald_contacts_v1_CheckConditionResponse, CheckConditionResponse__Output as _herald_contacts_v1_CheckConditionResponse__Output } from './herald/contacts/v1/CheckConditionResponse';
import type { CommitImportRequest as _herald_contacts_v1_CommitImportRequest, CommitImportRequest__Output as _herald_contacts_v1_CommitImportRequest__Output } from './herald/contacts/v1/CommitImportRequest';
import type { ComputeSegmentResponse as _herald_contacts_v1_ComputeSegmentResponse, ComputeSegmentResponse__Output as _herald_contacts_v1_ComputeSegmentResponse__Output } from './herald/contacts/v1/ComputeSegmentResponse';
import type { Contact as _herald_contacts_v1_Contact, Contact__Output as _herald_contacts_v1_Contact__Output } from './herald/contacts/v1/Contact';
import type { ContactResponse as _herald_contacts_v1_ContactResponse, ContactResponse__Output as _herald_contacts_v1_ContactResponse__Output } from './herald/contacts/v1/ContactResponse';
import type { ContactsClient as _herald_contacts_v1_ContactsClient, ContactsDefinition as _herald_contacts_v1_ContactsDefinition } from './herald/contacts/v1/Contacts';
import type { ContactsResponse as _herald_contacts_v1_ContactsResponse, ContactsResponse__Output as _herald_contacts_v1_ContactsResponse__Output } from './herald/contacts/v1/ContactsResponse';
import type { CountAudienceResponse as _herald_contacts_v1_CountAudienceResponse, CountAudienceResponse__Output as _herald_contacts_v1_CountAudienceResponse__Output } from './herald/contacts/v1/CountAudienceResponse';
import type { CreateSegmentRequest as _herald_contacts_v1_CreateSegmentRequest, CreateSegmentRequest__Output as _herald_contacts_v1_CreateSegmentRequest__Output } from './herald/contacts/v1/CreateSegmentRequest';
import type { DeleteFieldResponse as _herald_contacts_v1_DeleteFieldResponse, DeleteFieldResponse__Output as _herald_contacts_v1_DeleteFieldResponse__Output } from './herald/contacts/v1/DeleteFieldResponse';
import type { EventUsageRequest as _herald_contacts_v1_EventUsageRequest, EventUsageRequest__Output as _herald_contacts_v1_EventUsageRequest__Output } from './herald/contacts/v1/EventUsageRequest';
import type { EventUsageResponse as _herald_contacts_v1_EventUsageResponse, EventUsageResponse__Output as _herald_contacts_v1_EventUsageResponse__Output } from './herald/contacts/v1/EventUsageResponse';
import type { Field as _herald_contacts_v1_Field, Field__Output as _herald_contacts_v1_Field__Output } from './herald/contacts/v1/Field';
import type { FieldRequest as _herald_contacts_v1_FieldRequest, FieldRequest__Output as _herald_contacts_v1_FieldRequest__Output } from './herald/contacts/v1/FieldRequest';
import type { FieldUsageResponse as _herald_contacts_v1_FieldUsageResponse, FieldUsageResponse__Output as _herald_contacts_v1_FieldUsageResponse__Output } from './herald/contacts/v1/FieldUsageResponse';
import type { FieldValuesResponse as _herald_contacts_v1_FieldValuesResponse, FieldValuesResponse__Output as _herald_contacts_v1_FieldValuesResponse__Output } from './herald/contacts/v1/FieldValuesResponse';
import type { GetContactRequest as _herald_contacts_v1_GetContactRequest, GetContactRequest__Output as _herald_contacts_v1_GetContactRequest__Output } from './herald/contacts/v1/GetContactRequest';
import type { ImportChunk as _herald_contacts_v1_ImportChunk, ImportChunk__Output as _herald_contacts_v1_ImportChunk__Output } from './herald/contacts/v1/ImportChunk';
import type { ImportJob as _herald_contacts_v1_ImportJob, ImportJob__Output as _herald_contacts_v1_ImportJob__Output } from './herald/contacts/v1/ImportJob';
import type { ImportLimitsResponse as _herald_contacts_v1_ImportLimitsResponse, ImportLimitsResponse__Output as _herald_contacts_v1_ImportLimitsResponse__Output } from './herald/contacts/v1/ImportLimitsResponse';
import type { ImportRowError as _herald_contacts_v1_ImportRowError, ImportRowError__Output as _herald_contacts_v1_ImportRowError__Output } from './herald/contacts/v1/ImportRowError';
import type { JobRef as _herald_contacts_v1_JobRef, JobRef__Output as _herald_contacts_v1_JobRef__Output } from './herald/contacts/v1/JobRef';
import type { ListContactsRequest as _herald_contacts_v1_ListContactsRequest, ListContactsRequest__Output as _herald_contacts_v1_ListContactsRequest__Output } from './herald/contacts/v1/ListContactsRequest';
import type { ListContactsResponse as _herald_contacts_v1_ListContactsResponse, ListContactsResponse__Output as _herald_contacts_v1_ListContactsResponse__Output } from './herald/contacts/v1/ListContactsResponse';
import type { ListFieldsResponse as _herald_contacts_v1_ListFieldsResponse, ListFieldsResponse__Output as _herald_contacts_v1_ListFieldsResponse__Output } from './herald/contacts/v1/ListFieldsResponse';
import type { LookupContactsRequest as _herald_contacts_v1_LookupContactsRequest, LookupContactsRequest__Output as _herald_contacts_v1_LookupContactsRequest__Output } from './herald/contacts/v1/LookupContactsRequest';
import type { LookupContactsResponse as _herald_contacts_v1_LookupContactsResponse, LookupContactsResponse__Output as _herald_contacts_v1_LookupContactsResponse__Output } from './herald/contacts/v1/LookupContactsResponse';
import type { MatchContactRequest as _herald_contacts_v1_MatchContactRequest, MatchContactRequest__Output as _herald_contacts_v1_MatchContactRequest__Output } from './herald/contacts/v1/MatchContactRequest';
import type { MatchContactResponse as _herald_contacts_v1_MatchContactResponse, MatchContactResponse__Output as _herald_contacts_v1_MatchContactResponse__Output } from './herald/contacts/v1/MatchContactResponse';
import type { PreviewSegmentRequest as _herald_contacts_v1_PreviewSegmentRequest, PreviewSegmentRequest__Output as _herald_contacts_v1_PreviewSegmentRequest__Output } from './herald/contacts/v1/PreviewSegmentRequest';
import type { PreviewSegmentResponse as _herald_contacts_v1_PreviewSegmentResponse, PreviewSegmentResponse__Output as _herald_contacts_v1_PreviewSegmentResponse__Output } from './herald/contacts/v1/PreviewSegmentResponse';
import type { RefreshSegmentResponse as _herald_contacts_v1_RefreshSegmentResponse, RefreshSegmentResponse__Output as _herald_contacts_v1_RefreshSegmentResponse__Output } from './herald/contacts/v1/RefreshSegmentResponse';
import type { RemoveSegmentMembersResponse as _herald_contacts_v1_RemoveSegmentMembersResponse, RemoveSegmentMembersResponse__Output as _herald_contacts_v1_RemoveSegmentMembersResponse__Output } from './herald/contacts/v1/RemoveSegmentMembersResponse';
import type { Segment as _herald_contacts_v1_Segment, Segment__Output as _herald_contacts_v1_Segment__Output } from './herald/contacts/v1/Segment';
import type { SegmentContactsRequest as _herald_contacts_v1_SegmentContactsRequest, SegmentContactsRequest__Output as _herald_contacts_v1_SegmentContactsRequest__Output } from './herald/contacts/v1/SegmentContactsRequest';
import type { SegmentContactsResponse as _herald_contacts_v1_SegmentContactsResponse, SegmentContactsResponse__Output as _herald_contacts_v1_SegmentContactsResponse__Output } from './herald/contacts/v1/SegmentContactsResponse';
import type { SegmentMembersRequest as _herald_contacts_v1_SegmentMembersRequest, SegmentMembersRequest__Output as _herald_contacts_v1_SegmentMembersRequest__Output } from './herald/contacts/v1/SegmentMembersRequest';
import type { SegmentRef as _herald_contacts_v1_SegmentRef, SegmentRef__Output as _herald_contacts_v1_SegmentRef__Output } from './herald/contacts/v1/SegmentRef';
import type { SegmentsResponse as _herald_contacts_v1_SegmentsResponse, SegmentsResponse__Output as _herald_contacts_v1_SegmentsResponse__Output } from './herald/contacts/v1/SegmentsResponse';
import type { StartBulkJobRequest as _herald_contacts_v1_StartBulkJobRequest, StartBulkJobRequest__Output as _herald_contacts_v1_StartBulkJobRequest__Output } from './herald/contacts/v1/StartBulkJobRequest';
import type { UpdateContactRequest as _herald_contacts_v1_UpdateContactRequest, UpdateContactRequest__Output as _herald_contacts_v1_UpdateContactRequest__Output } from './herald/contacts/v1/UpdateContactRequest';
import type { UpdateSegmentRequest as _herald_contacts_v1_UpdateSegmentRequest, UpdateSegmentRequest__Output as _herald_contacts_v1_UpdateSegmentRequest__Output } from './herald/contacts/v1/UpdateSegmentRequest';
import type { UpsertContactItem as _herald_contacts_v1_UpsertContactItem, UpsertContactItem__Output as _herald_contacts_v1_UpsertContactItem__Output } from './herald/contacts/v1/UpsertContactItem';
import type { UpsertContactRequest as _herald_contacts_v1_UpsertContactRequest, UpsertContactRequest__Output as _herald_contacts_v1_UpsertContactRequest__Output } from './herald/contacts/v1/UpsertContactRequest';
import type { UpsertContactResponse as _herald_contacts_v1_UpsertContactResponse, UpsertContactResponse__Output as _herald_contacts_v1_UpsertContactResponse__Output } from './herald/contacts/v1/UpsertContactResponse';
import type { UpsertContactResult as _herald_contacts_v1_UpsertContactResult, UpsertContactResult__Output as _herald_contacts_v1_UpsertContactResult__Output } from './herald/contacts/v1/UpsertContactResult';
import type { UpsertContactsRequest as _herald_contacts_v1_UpsertContactsRequest, UpsertContactsRequest__Output as _herald_contacts_v1_UpsertContactsRequest__Output } from './herald/contacts/v1/UpsertContactsRequest';
import type { UpsertContactsResponse as _herald_contacts_v1_UpsertContactsResponse, UpsertContactsResponse__Output as _herald_contacts_v1_UpsertContactsResponse__Output } from './herald/contacts/v1/UpsertContactsResponse';

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
    contacts: {
      v1: {
        AddSegmentMembersResponse: MessageTypeDefinition<_herald_contacts_v1_AddSegmentMembersResponse, _herald_contacts_v1_AddSegmentMembersResponse__Output>
        Audience: MessageTypeDefinition<_herald_contacts_v1_Audience, _herald_contacts_v1_Audience__Output>
        AudienceIdsRequest: MessageTypeDefinition<_herald_contacts_v1_AudienceIdsRequest, _herald_contacts_v1_AudienceIdsRequest__Output>
        AudienceIdsResponse: MessageTypeDefinition<_herald_contacts_v1_AudienceIdsResponse, _herald_contacts_v1_AudienceIdsResponse__Output>
        AudienceRequest: MessageTypeDefinition<_herald_contacts_v1_AudienceRequest, _herald_contacts_v1_AudienceRequest__Output>
        BatchGetContactsRequest: MessageTypeDefinition<_herald_contacts_v1_BatchGetContactsRequest, _herald_contacts_v1_BatchGetContactsRequest__Output>
        BeginImportRequest: MessageTypeDefinition<_herald_contacts_v1_BeginImportRequest, _herald_contacts_v1_BeginImportRequest__Output>
        BulkIdError: MessageTypeDefinition<_herald_contacts_v1_BulkIdError, _herald_contacts_v1_BulkIdError__Output>
        BulkJob: MessageTypeDefinition<_herald_contacts_v1_BulkJob, _herald_contacts_v1_BulkJob__Output>
        CheckConditionRequest: MessageTypeDefinition<_herald_contacts_v1_CheckConditionRequest, _herald_contacts_v1_CheckConditionRequest__Output>
        CheckConditionResponse: MessageTypeDefinition<_herald_contacts_v1_CheckConditionResponse, _herald_contacts_v1_CheckConditionResponse__Output>
        CommitImportRequest: MessageTypeDefinition<_herald_contacts_v1_CommitImportRequest, _herald_contacts_v1_CommitImportRequest__Output>
        ComputeSegmentResponse: MessageTypeDefinition<_herald_contacts_v1_ComputeSegmentResponse, _herald_contacts_v1_ComputeSegmentResponse__Output>
        Contact: MessageTypeDefinition<_herald_contacts_v1_Contact, _herald_contacts_v1_Contact__Output>
        ContactResponse: MessageTypeDefinition<_herald_contacts_v1_ContactResponse, _herald_contacts_v1_ContactResponse__Output>
        Contacts: SubtypeConstructor<typeof grpc.Client, _herald_contacts_v1_ContactsClient> & { service: _herald_contacts_v1_ContactsDefinition }
        ContactsResponse: MessageTypeDefinition<_herald_contacts_v1_ContactsResponse, _herald_contacts_v1_ContactsResponse__Output>
        CountAudienceResponse: MessageTypeDefinition<_herald_contacts_v1_CountAudienceResponse, _herald_contacts_v1_CountAudienceResponse__Output>
        CreateSegmentRequest: MessageTypeDefinition<_herald_contacts_v1_CreateSegmentRequest, _herald_contacts_v1_CreateSegmentRequest__Output>
        DeleteFieldResponse: MessageTypeDefinition<_herald_contacts_v1_DeleteFieldResponse, _herald_contacts_v1_DeleteFieldResponse__Output>
        EventUsageRequest: MessageTypeDefinition<_herald_contacts_v1_EventUsageRequest, _herald_contacts_v1_EventUsageRequest__Output>
        EventUsageResponse: MessageTypeDefinition<_herald_contacts_v1_EventUsageResponse, _herald_contacts_v1_EventUsageResponse__Output>
        Field: MessageTypeDefinition<_herald_contacts_v1_Field, _herald_contacts_v1_Field__Output>
        FieldRequest: MessageTypeDefinition<_herald_contacts_v1_FieldRequest, _herald_contacts_v1_FieldRequest__Output>
        FieldUsageResponse: MessageTypeDefinition<_herald_contacts_v1_FieldUsageResponse, _herald_contacts_v1_FieldUsageResponse__Output>
        FieldValuesResponse: MessageTypeDefinition<_herald_contacts_v1_FieldValuesResponse, _herald_contacts_v1_FieldValuesResponse__Output>
        GetContactRequest: MessageTypeDefinition<_herald_contacts_v1_GetContactRequest, _herald_contacts_v1_GetContactRequest__Output>
        ImportChunk: MessageTypeDefinition<_herald_contacts_v1_ImportChunk, _herald_contacts_v1_ImportChunk__Output>
        ImportJob: MessageTypeDefinition<_herald_contacts_v1_ImportJob, _herald_contacts_v1_ImportJob__Output>
        ImportLimitsResponse: MessageTypeDefinition<_herald_contacts_v1_ImportLimitsResponse, _herald_contacts_v1_ImportLimitsResponse__Output>
        ImportRowError: MessageTypeDefinition<_herald_contacts_v1_ImportRowError, _herald_contacts_v1_ImportRowError__Output>
        JobRef: MessageTypeDefinition<_herald_contacts_v1_JobRef, _herald_contacts_v1_JobRef__Output>
        ListContactsRequest: MessageTypeDefinition<_herald_contacts_v1_ListContactsRequest, _herald_contacts_v1_ListContactsRequest__Output>
        ListContactsResponse: MessageTypeDefinition<_herald_contacts_v1_ListContactsResponse, _herald_contacts_v1_ListContactsResponse__Output>
        ListFieldsResponse: MessageTypeDefinition<_herald_contacts_v1_ListFieldsResponse, _herald_contacts_v1_ListFieldsResponse__Output>
        LookupContactsRequest: MessageTypeDefinition<_herald_contacts_v1_LookupContactsRequest, _herald_contacts_v1_LookupContactsRequest__Output>
        LookupContactsResponse: MessageTypeDefinition<_herald_contacts_v1_LookupContactsResponse, _herald_contacts_v1_LookupContactsResponse__Output>
        MatchContactRequest: MessageTypeDefinition<_herald_contacts_v1_MatchContactRequest, _herald_contacts_v1_MatchContactRequest__Output>
        MatchContactResponse: MessageTypeDefinition<_herald_contacts_v1_MatchContactResponse, _herald_contacts_v1_MatchContactResponse__Output>
        PreviewSegmentRequest: MessageTypeDefinition<_herald_contacts_v1_PreviewSegmentRequest, _herald_contacts_v1_PreviewSegmentRequest__Output>
        PreviewSegmentResponse: MessageTypeDefinition<_herald_contacts_v1_PreviewSegmentResponse, _herald_contacts_v1_PreviewSegmentResponse__Output>
        RefreshSegmentResponse: MessageTypeDefinition<_herald_contacts_v1_RefreshSegmentResponse, _herald_contacts_v1_RefreshSegmentResponse__Output>
        RemoveSegmentMembersResponse: MessageTypeDefinition<_herald_contacts_v1_RemoveSegmentMembersResponse, _herald_contacts_v1_RemoveSegmentMembersResponse__Output>
        Segment: MessageTypeDefinition<_herald_contacts_v1_Segment, _herald_contacts_v1_Segment__Output>
        SegmentContactsRequest: MessageTypeDefinition<_herald_contacts_v1_SegmentContactsRequest, _herald_contacts_v1_SegmentContactsRequest__Output>
        SegmentContactsResponse: MessageTypeDefinition<_herald_contacts_v1_SegmentContactsResponse, _herald_contacts_v1_SegmentContactsResponse__Output>
        SegmentMembersRequest: MessageTypeDefinition<_herald_contacts_v1_SegmentMembersRequest, _herald_contacts_v1_SegmentMembersRequest__Output>
        SegmentRef: MessageTypeDefinition<_herald_contacts_v1_SegmentRef, _herald_contacts_v1_SegmentRef__Output>
        SegmentsResponse: MessageTypeDefinition<_herald_contacts_v1_SegmentsResponse, _herald_contacts_v1_SegmentsResponse__Output>
        StartBulkJobRequest: MessageTypeDefinition<_herald_contacts_v1_StartBulkJobRequest, _herald_contacts_v1_StartBulkJobRequest__Output>
        UpdateContactRequest: MessageTypeDefinition<_herald_contacts_v1_UpdateContactRequest, _herald_contacts_v1_UpdateContactRequest__Output>
        UpdateSegmentRequest: MessageTypeDefinition<_herald_contacts_v1_UpdateSegmentRequest, _herald_contacts_v1_UpdateSegmentRequest__Output>
        UpsertContactItem: MessageTypeDefinition<_herald_contacts_v1_UpsertContactItem, _herald_contacts_v1_UpsertContactItem__Output>
        UpsertContactRequest: MessageTypeDefinition<_herald_contacts_v1_UpsertContactRequest, _herald_contacts_v1_UpsertContactRequest__Output>
        UpsertContactResponse: MessageTypeDefinition<_herald_contacts_v1_UpsertContactResponse, _herald_contacts_v1_UpsertContactResponse__Output>
        UpsertContactResult: MessageTypeDefinition<_herald_contacts_v1_UpsertContactResult, _herald_contacts_v1_UpsertContactResult__Output>
        UpsertContactsRequest: MessageTypeDefinition<_herald_contacts_v1_UpsertContactsRequest, _herald_contacts_v1_UpsertContactsRequest__Output>
        UpsertContactsResponse: MessageTypeDefinition<_herald_contacts_v1_UpsertContactsResponse, _herald_contacts_v1_UpsertContactsResponse__Output>
      }
    }
  }
}

