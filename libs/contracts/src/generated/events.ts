import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { Activity as _herald_events_v1_Activity, Activity__Output as _herald_events_v1_Activity__Output } from './herald/events/v1/Activity';
import type { ActivityRequest as _herald_events_v1_ActivityRequest, ActivityRequest__Output as _herald_events_v1_ActivityRequest__Output } from './herald/events/v1/ActivityRequest';
import type { ActivityResponse as _herald_events_v1_ActivityResponse, ActivityResponse__Output as _herald_events_v1_ActivityResponse__Output } from './herald/events/v1/ActivityResponse';
import type { ActivityStatsResponse as _herald_events_v1_ActivityStatsResponse, ActivityStatsResponse__Output as _herald_events_v1_ActivityStatsResponse__Output } from './herald/events/v1/ActivityStatsResponse';
import type { ActivityTypesResponse as _herald_events_v1_ActivityTypesResponse, ActivityTypesResponse__Output as _herald_events_v1_ActivityTypesResponse__Output } from './herald/events/v1/ActivityTypesResponse';
import type { CampaignPerformance as _herald_events_v1_CampaignPerformance, CampaignPerformance__Output as _herald_events_v1_CampaignPerformance__Output } from './herald/events/v1/CampaignPerformance';
import type { CampaignStatsResponse as _herald_events_v1_CampaignStatsResponse, CampaignStatsResponse__Output as _herald_events_v1_CampaignStatsResponse__Output } from './herald/events/v1/CampaignStatsResponse';
import type { ContactEventsRequest as _herald_events_v1_ContactEventsRequest, ContactEventsRequest__Output as _herald_events_v1_ContactEventsRequest__Output } from './herald/events/v1/ContactEventsRequest';
import type { DayCounts as _herald_events_v1_DayCounts, DayCounts__Output as _herald_events_v1_DayCounts__Output } from './herald/events/v1/DayCounts';
import type { DeleteEventsResponse as _herald_events_v1_DeleteEventsResponse, DeleteEventsResponse__Output as _herald_events_v1_DeleteEventsResponse__Output } from './herald/events/v1/DeleteEventsResponse';
import type { Event as _herald_events_v1_Event, Event__Output as _herald_events_v1_Event__Output } from './herald/events/v1/Event';
import type { EventTrend as _herald_events_v1_EventTrend, EventTrend__Output as _herald_events_v1_EventTrend__Output } from './herald/events/v1/EventTrend';
import type { EventsClient as _herald_events_v1_EventsClient, EventsDefinition as _herald_events_v1_EventsDefinition } from './herald/events/v1/Events';
import type { EventsResponse as _herald_events_v1_EventsResponse, EventsResponse__Output as _herald_events_v1_EventsResponse__Output } from './herald/events/v1/EventsResponse';
import type { ListEventsRequest as _herald_events_v1_ListEventsRequest, ListEventsRequest__Output as _herald_events_v1_ListEventsRequest__Output } from './herald/events/v1/ListEventsRequest';
import type { NameCount as _herald_events_v1_NameCount, NameCount__Output as _herald_events_v1_NameCount__Output } from './herald/events/v1/NameCount';
import type { NameRequest as _herald_events_v1_NameRequest, NameRequest__Output as _herald_events_v1_NameRequest__Output } from './herald/events/v1/NameRequest';
import type { NamesResponse as _herald_events_v1_NamesResponse, NamesResponse__Output as _herald_events_v1_NamesResponse__Output } from './herald/events/v1/NamesResponse';
import type { RangeRequest as _herald_events_v1_RangeRequest, RangeRequest__Output as _herald_events_v1_RangeRequest__Output } from './herald/events/v1/RangeRequest';
import type { RecentCountRequest as _herald_events_v1_RecentCountRequest, RecentCountRequest__Output as _herald_events_v1_RecentCountRequest__Output } from './herald/events/v1/RecentCountRequest';
import type { RecentCountResponse as _herald_events_v1_RecentCountResponse, RecentCountResponse__Output as _herald_events_v1_RecentCountResponse__Output } from './herald/events/v1/RecentCountResponse';
import type { StatsResponse as _herald_events_v1_StatsResponse, StatsResponse__Output as _herald_events_v1_StatsResponse__Output } from './herald/events/v1/StatsResponse';
import type { TimeseriesRequest as _herald_events_v1_TimeseriesRequest, TimeseriesRequest__Output as _herald_events_v1_TimeseriesRequest__Output } from './herald/events/v1/TimeseriesRequest';
import type { TimeseriesResponse as _herald_events_v1_TimeseriesResponse, TimeseriesResponse__Output as _herald_events_v1_TimeseriesResponse__Output } from './herald/events/v1/TimeseriesResponse';
import type { TopCampaignsResponse as _herald_events_v1_TopCampaignsResponse, TopCampaignsResponse__Output as _herald_events_v1_TopCampaignsResponse__Output } from './herald/events/v1/TopCampaignsResponse';
import type { TopEventsResponse as _herald_events_v1_TopEventsResponse, TopEventsResponse__Output as _herald_events_v1_TopEventsResponse__Output } from './herald/events/v1/TopEventsResponse';
import type { TopRequest as _herald_events_v1_TopRequest, TopRequest__Output as _herald_events_v1_TopRequest__Output } from './herald/events/v1/TopRequest';
import type { TrackManyRequest as _herald_events_v1_TrackManyRequest, TrackManyRequest__Output as _herald_events_v1_TrackManyRequest__Output } from './herald/events/v1/TrackManyRequest';
import type { TrackManyResponse as _herald_events_v1_TrackManyResponse, TrackManyResponse__Output as _herald_events_v1_TrackManyResponse__Output } from './herald/events/v1/TrackManyResponse';
import type { TrackRequest as _herald_events_v1_TrackRequest, TrackRequest__Output as _herald_events_v1_TrackRequest__Output } from './herald/events/v1/TrackRequest';
import type { TrackResponse as _herald_events_v1_TrackResponse, TrackResponse__Output as _herald_events_v1_TrackResponse__Output } from './herald/events/v1/TrackResponse';
import type { TrackResult as _herald_events_v1_TrackResult, TrackResult__Output as _herald_events_v1_TrackResult__Output } from './herald/events/v1/TrackResult';
import type { UpcomingRequest as _herald_events_v1_UpcomingRequest, UpcomingRequest__Output as _herald_events_v1_UpcomingRequest__Output } from './herald/events/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_events_v1_UpcomingResponse, UpcomingResponse__Output as _herald_events_v1_UpcomingResponse__Output } from './herald/events/v1/UpcomingResponse';
import type { UsageResponse as _herald_events_v1_UsageResponse, UsageResponse__Output as _herald_events_v1_UsageResponse__Output } from './herald/events/v1/UsageResponse';

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
    events: {
      v1: {
        Activity: MessageTypeDefinition<_herald_events_v1_Activity, _herald_events_v1_Activity__Output>
        ActivityRequest: MessageTypeDefinition<_herald_events_v1_ActivityRequest, _herald_events_v1_ActivityRequest__Output>
        ActivityResponse: MessageTypeDefinition<_herald_events_v1_ActivityResponse, _herald_events_v1_ActivityResponse__Output>
        ActivityStatsResponse: MessageTypeDefinition<_herald_events_v1_ActivityStatsResponse, _herald_events_v1_ActivityStatsResponse__Output>
        ActivityTypesResponse: MessageTypeDefinition<_herald_events_v1_ActivityTypesResponse, _herald_events_v1_ActivityTypesResponse__Output>
        CampaignPerformance: MessageTypeDefinition<_herald_events_v1_CampaignPerformance, _herald_events_v1_CampaignPerformance__Output>
        CampaignStatsResponse: MessageTypeDefinition<_herald_events_v1_CampaignStatsResponse, _herald_events_v1_CampaignStatsResponse__Output>
        ContactEventsRequest: MessageTypeDefinition<_herald_events_v1_ContactEventsRequest, _herald_events_v1_ContactEventsRequest__Output>
        DayCounts: MessageTypeDefinition<_herald_events_v1_DayCounts, _herald_events_v1_DayCounts__Output>
        DeleteEventsResponse: MessageTypeDefinition<_herald_events_v1_DeleteEventsResponse, _herald_events_v1_DeleteEventsResponse__Output>
        Event: MessageTypeDefinition<_herald_events_v1_Event, _herald_events_v1_Event__Output>
        EventTrend: MessageTypeDefinition<_herald_events_v1_EventTrend, _herald_events_v1_EventTrend__Output>
        Events: SubtypeConstructor<typeof grpc.Client, _herald_events_v1_EventsClient> & { service: _herald_events_v1_EventsDefinition }
        EventsResponse: MessageTypeDefinition<_herald_events_v1_EventsResponse, _herald_events_v1_EventsResponse__Output>
        ListEventsRequest: MessageTypeDefinition<_herald_events_v1_ListEventsRequest, _herald_events_v1_ListEventsRequest__Output>
        NameCount: MessageTypeDefinition<_herald_events_v1_NameCount, _herald_events_v1_NameCount__Output>
        NameRequest: MessageTypeDefinition<_herald_events_v1_NameRequest, _herald_events_v1_NameRequest__Output>
        NamesResponse: MessageTypeDefinition<_herald_events_v1_NamesResponse, _herald_events_v1_NamesResponse__Output>
        RangeRequest: MessageTypeDefinition<_herald_events_v1_RangeRequest, _herald_events_v1_RangeRequest__Output>
        RecentCountRequest: MessageTypeDefinition<_herald_events_v1_RecentCountRequest, _herald_events_v1_RecentCountRequest__Output>
        RecentCountResponse: MessageTypeDefinition<_herald_events_v1_RecentCountResponse, _herald_events_v1_RecentCountResponse__Output>
        StatsResponse: MessageTypeDefinition<_herald_events_v1_StatsResponse, _herald_events_v1_StatsResponse__Output>
        TimeseriesRequest: MessageTypeDefinition<_herald_events_v1_TimeseriesRequest, _herald_events_v1_TimeseriesRequest__Output>
        TimeseriesResponse: MessageTypeDefinition<_herald_events_v1_TimeseriesResponse, _herald_events_v1_TimeseriesResponse__Output>
        TopCampaignsResponse: MessageTypeDefinition<_herald_events_v1_TopCampaignsResponse, _herald_events_v1_TopCampaignsResponse__Output>
        TopEventsResponse: MessageTypeDefinition<_herald_events_v1_TopEventsResponse, _herald_events_v1_TopEventsResponse__Output>
        TopRequest: MessageTypeDefinition<_herald_events_v1_TopRequest, _herald_events_v1_TopRequest__Output>
        TrackManyRequest: MessageTypeDefinition<_herald_events_v1_TrackManyRequest, _herald_events_v1_TrackManyRequest__Output>
        TrackManyResponse: MessageTypeDefinition<_herald_events_v1_TrackManyResponse, _herald_events_v1_TrackManyResponse__Output>
        TrackRequest: MessageTypeDefinition<_herald_events_v1_TrackRequest, _herald_events_v1_TrackRequest__Output>
        TrackResponse: MessageTypeDefinition<_herald_events_v1_TrackResponse, _herald_events_v1_TrackResponse__Output>
        TrackResult: MessageTypeDefinition<_herald_events_v1_TrackResult, _herald_events_v1_TrackResult__Output>
        UpcomingRequest: MessageTypeDefinition<_herald_events_v1_UpcomingRequest, _herald_events_v1_UpcomingRequest__Output>
        UpcomingResponse: MessageTypeDefinition<_herald_events_v1_UpcomingResponse, _herald_events_v1_UpcomingResponse__Output>
        UsageResponse: MessageTypeDefinition<_herald_events_v1_UsageResponse, _herald_events_v1_UsageResponse__Output>
      }
    }
  }
}

