// Original file: protos/events/v1/events.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ContactEventsRequest as _herald_events_v1_ContactEventsRequest, ContactEventsRequest__Output as _herald_events_v1_ContactEventsRequest__Output } from '../../../herald/events/v1/ContactEventsRequest';
import type { DeleteEventsResponse as _herald_events_v1_DeleteEventsResponse, DeleteEventsResponse__Output as _herald_events_v1_DeleteEventsResponse__Output } from '../../../herald/events/v1/DeleteEventsResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { EventsResponse as _herald_events_v1_EventsResponse, EventsResponse__Output as _herald_events_v1_EventsResponse__Output } from '../../../herald/events/v1/EventsResponse';
import type { ListEventsRequest as _herald_events_v1_ListEventsRequest, ListEventsRequest__Output as _herald_events_v1_ListEventsRequest__Output } from '../../../herald/events/v1/ListEventsRequest';
import type { NameRequest as _herald_events_v1_NameRequest, NameRequest__Output as _herald_events_v1_NameRequest__Output } from '../../../herald/events/v1/NameRequest';
import type { NamesResponse as _herald_events_v1_NamesResponse, NamesResponse__Output as _herald_events_v1_NamesResponse__Output } from '../../../herald/events/v1/NamesResponse';
import type { StatsResponse as _herald_events_v1_StatsResponse, StatsResponse__Output as _herald_events_v1_StatsResponse__Output } from '../../../herald/events/v1/StatsResponse';
import type { TrackManyRequest as _herald_events_v1_TrackManyRequest, TrackManyRequest__Output as _herald_events_v1_TrackManyRequest__Output } from '../../../herald/events/v1/TrackManyRequest';
import type { TrackManyResponse as _herald_events_v1_TrackManyResponse, TrackManyResponse__Output as _herald_events_v1_TrackManyResponse__Output } from '../../../herald/events/v1/TrackManyResponse';
import type { UsageResponse as _herald_events_v1_UsageResponse, UsageResponse__Output as _herald_events_v1_UsageResponse__Output } from '../../../herald/events/v1/UsageResponse';

export interface EventsClient extends grpc.Client {
  ContactEvents(argument: _herald_events_v1_ContactEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ContactEvents(argument: _herald_events_v1_ContactEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ContactEvents(argument: _herald_events_v1_ContactEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ContactEvents(argument: _herald_events_v1_ContactEventsRequest, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  contactEvents(argument: _herald_events_v1_ContactEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  contactEvents(argument: _herald_events_v1_ContactEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  contactEvents(argument: _herald_events_v1_ContactEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  contactEvents(argument: _herald_events_v1_ContactEventsRequest, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteEvents(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  DeleteEvents(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  DeleteEvents(argument: _herald_events_v1_NameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  DeleteEvents(argument: _herald_events_v1_NameRequest, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  deleteEvents(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  deleteEvents(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  deleteEvents(argument: _herald_events_v1_NameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  deleteEvents(argument: _herald_events_v1_NameRequest, callback: grpc.requestCallback<_herald_events_v1_DeleteEventsResponse__Output>): grpc.ClientUnaryCall;
  
  ListEvents(argument: _herald_events_v1_ListEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ListEvents(argument: _herald_events_v1_ListEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ListEvents(argument: _herald_events_v1_ListEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  ListEvents(argument: _herald_events_v1_ListEventsRequest, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  listEvents(argument: _herald_events_v1_ListEventsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  listEvents(argument: _herald_events_v1_ListEventsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  listEvents(argument: _herald_events_v1_ListEventsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  listEvents(argument: _herald_events_v1_ListEventsRequest, callback: grpc.requestCallback<_herald_events_v1_EventsResponse__Output>): grpc.ClientUnaryCall;
  
  Names(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  Names(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  Names(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  Names(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  names(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  names(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  names(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  names(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_NamesResponse__Output>): grpc.ClientUnaryCall;
  
  Stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  
  TrackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  
  Usage(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  Usage(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  Usage(argument: _herald_events_v1_NameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  Usage(argument: _herald_events_v1_NameRequest, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  usage(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  usage(argument: _herald_events_v1_NameRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  usage(argument: _herald_events_v1_NameRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  usage(argument: _herald_events_v1_NameRequest, callback: grpc.requestCallback<_herald_events_v1_UsageResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface EventsHandlers extends grpc.UntypedServiceImplementation {
  ContactEvents: grpc.handleUnaryCall<_herald_events_v1_ContactEventsRequest__Output, _herald_events_v1_EventsResponse>;
  
  DeleteEvents: grpc.handleUnaryCall<_herald_events_v1_NameRequest__Output, _herald_events_v1_DeleteEventsResponse>;
  
  ListEvents: grpc.handleUnaryCall<_herald_events_v1_ListEventsRequest__Output, _herald_events_v1_EventsResponse>;
  
  Names: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_events_v1_NamesResponse>;
  
  Stats: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_events_v1_StatsResponse>;
  
  TrackMany: grpc.handleUnaryCall<_herald_events_v1_TrackManyRequest__Output, _herald_events_v1_TrackManyResponse>;
  
  Usage: grpc.handleUnaryCall<_herald_events_v1_NameRequest__Output, _herald_events_v1_UsageResponse>;
  
}

export interface EventsDefinition extends grpc.ServiceDefinition {
  ContactEvents: MethodDefinition<_herald_events_v1_ContactEventsRequest, _herald_events_v1_EventsResponse, _herald_events_v1_ContactEventsRequest__Output, _herald_events_v1_EventsResponse__Output>
  DeleteEvents: MethodDefinition<_herald_events_v1_NameRequest, _herald_events_v1_DeleteEventsResponse, _herald_events_v1_NameRequest__Output, _herald_events_v1_DeleteEventsResponse__Output>
  ListEvents: MethodDefinition<_herald_events_v1_ListEventsRequest, _herald_events_v1_EventsResponse, _herald_events_v1_ListEventsRequest__Output, _herald_events_v1_EventsResponse__Output>
  Names: MethodDefinition<_herald_common_v1_Empty, _herald_events_v1_NamesResponse, _herald_common_v1_Empty__Output, _herald_events_v1_NamesResponse__Output>
  Stats: MethodDefinition<_herald_common_v1_Empty, _herald_events_v1_StatsResponse, _herald_common_v1_Empty__Output, _herald_events_v1_StatsResponse__Output>
  TrackMany: MethodDefinition<_herald_events_v1_TrackManyRequest, _herald_events_v1_TrackManyResponse, _herald_events_v1_TrackManyRequest__Output, _herald_events_v1_TrackManyResponse__Output>
  Usage: MethodDefinition<_herald_events_v1_NameRequest, _herald_events_v1_UsageResponse, _herald_events_v1_NameRequest__Output, _herald_events_v1_UsageResponse__Output>
}
