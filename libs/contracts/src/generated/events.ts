import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { ContactEventsRequest as _herald_events_v1_ContactEventsRequest, ContactEventsRequest__Output as _herald_events_v1_ContactEventsRequest__Output } from './herald/events/v1/ContactEventsRequest';
import type { DeleteEventsResponse as _herald_events_v1_DeleteEventsResponse, DeleteEventsResponse__Output as _herald_events_v1_DeleteEventsResponse__Output } from './herald/events/v1/DeleteEventsResponse';
import type { Event as _herald_events_v1_Event, Event__Output as _herald_events_v1_Event__Output } from './herald/events/v1/Event';
import type { EventsClient as _herald_events_v1_EventsClient, EventsDefinition as _herald_events_v1_EventsDefinition } from './herald/events/v1/Events';
import type { EventsResponse as _herald_events_v1_EventsResponse, EventsResponse__Output as _herald_events_v1_EventsResponse__Output } from './herald/events/v1/EventsResponse';
import type { ListEventsRequest as _herald_events_v1_ListEventsRequest, ListEventsRequest__Output as _herald_events_v1_ListEventsRequest__Output } from './herald/events/v1/ListEventsRequest';
import type { NameCount as _herald_events_v1_NameCount, NameCount__Output as _herald_events_v1_NameCount__Output } from './herald/events/v1/NameCount';
import type { NameRequest as _herald_events_v1_NameRequest, NameRequest__Output as _herald_events_v1_NameRequest__Output } from './herald/events/v1/NameRequest';
import type { NamesResponse as _herald_events_v1_NamesResponse, NamesResponse__Output as _herald_events_v1_NamesResponse__Output } from './herald/events/v1/NamesResponse';
import type { StatsResponse as _herald_events_v1_StatsResponse, StatsResponse__Output as _herald_events_v1_StatsResponse__Output } from './herald/events/v1/StatsResponse';
import type { TrackManyRequest as _herald_events_v1_TrackManyRequest, TrackManyRequest__Output as _herald_events_v1_TrackManyRequest__Output } from './herald/events/v1/TrackManyRequest';
import type { TrackManyResponse as _herald_events_v1_TrackManyResponse, TrackManyResponse__Output as _herald_events_v1_TrackManyResponse__Output } from './herald/events/v1/TrackManyResponse';
import type { TrackRequest as _herald_events_v1_TrackRequest, TrackRequest__Output as _herald_events_v1_TrackRequest__Output } from './herald/events/v1/TrackRequest';
import type { TrackResponse as _herald_events_v1_TrackResponse, TrackResponse__Output as _herald_events_v1_TrackResponse__Output } from './herald/events/v1/TrackResponse';
import type { TrackResult as _herald_events_v1_TrackResult, TrackResult__Output as _herald_events_v1_TrackResult__Output } from './herald/events/v1/TrackResult';
import type { UsageResponse as _herald_events_v1_UsageResponse, UsageResponse__Output as _herald_events_v1_UsageResponse__Output } from './herald/events/v1/UsageResponse';

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
    events: {
      v1: {
        ContactEventsRequest: MessageTypeDefinition<_herald_events_v1_ContactEventsRequest, _herald_events_v1_ContactEventsRequest__Output>
        DeleteEventsResponse: MessageTypeDefinition<_herald_events_v1_DeleteEventsResponse, _herald_events_v1_DeleteEventsResponse__Output>
        Event: MessageTypeDefinition<_herald_events_v1_Event, _herald_events_v1_Event__Output>
        Events: SubtypeConstructor<typeof grpc.Client, _herald_events_v1_EventsClient> & { service: _herald_events_v1_EventsDefinition }
        EventsResponse: MessageTypeDefinition<_herald_events_v1_EventsResponse, _herald_events_v1_EventsResponse__Output>
        ListEventsRequest: MessageTypeDefinition<_herald_events_v1_ListEventsRequest, _herald_events_v1_ListEventsRequest__Output>
        NameCount: MessageTypeDefinition<_herald_events_v1_NameCount, _herald_events_v1_NameCount__Output>
        NameRequest: MessageTypeDefinition<_herald_events_v1_NameRequest, _herald_events_v1_NameRequest__Output>
        NamesResponse: MessageTypeDefinition<_herald_events_v1_NamesResponse, _herald_events_v1_NamesResponse__Output>
        StatsResponse: MessageTypeDefinition<_herald_events_v1_StatsResponse, _herald_events_v1_StatsResponse__Output>
        TrackManyRequest: MessageTypeDefinition<_herald_events_v1_TrackManyRequest, _herald_events_v1_TrackManyRequest__Output>
        TrackManyResponse: MessageTypeDefinition<_herald_events_v1_TrackManyResponse, _herald_events_v1_TrackManyResponse__Output>
        TrackRequest: MessageTypeDefinition<_herald_events_v1_TrackRequest, _herald_events_v1_TrackRequest__Output>
        TrackResponse: MessageTypeDefinition<_herald_events_v1_TrackResponse, _herald_events_v1_TrackResponse__Output>
        TrackResult: MessageTypeDefinition<_herald_events_v1_TrackResult, _herald_events_v1_TrackResult__Output>
        UsageResponse: MessageTypeDefinition<_herald_events_v1_UsageResponse, _herald_events_v1_UsageResponse__Output>
      }
    }
  }
}

