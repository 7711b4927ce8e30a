// Original file: protos/events/v1/events.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ActivityRequest as _herald_events_v1_ActivityRequest, ActivityRequest__Output as _herald_events_v1_ActivityRequest__Output } from '../../../herald/events/v1/ActivityRequest';
import type { ActivityResponse as _herald_events_v1_ActivityResponse, ActivityResponse__Output as _herald_events_v1_ActivityResponse__Output } from '../../../herald/events/v1/ActivityResponse';
import type { ActivityStatsResponse as _herald_events_v1_ActivityStatsResponse, ActivityStatsResponse__Output as _herald_events_v1_ActivityStatsResponse__Output } from '../../../herald/events/v1/ActivityStatsResponse';
import type { ActivityTypesResponse as _herald_events_v1_ActivityTypesResponse, ActivityTypesResponse__Output as _herald_events_v1_ActivityTypesResponse__Output } from '../../../herald/events/v1/ActivityTypesResponse';
import type { CampaignStatsResponse as _herald_events_v1_CampaignStatsResponse, CampaignStatsResponse__Output as _herald_events_v1_CampaignStatsResponse__Output } from '../../../herald/events/v1/CampaignStatsResponse';
import type { ContactEventsRequest as _herald_events_v1_ContactEventsRequest, ContactEventsRequest__Output as _herald_events_v1_ContactEventsRequest__Output } from '../../../herald/events/v1/ContactEventsRequest';
import type { DeleteEventsResponse as _herald_events_v1_DeleteEventsResponse, DeleteEventsResponse__Output as _herald_events_v1_DeleteEventsResponse__Output } from '../../../herald/events/v1/DeleteEventsResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { EventsResponse as _herald_events_v1_EventsResponse, EventsResponse__Output as _herald_events_v1_EventsResponse__Output } from '../../../herald/events/v1/EventsResponse';
import type { ListEventsRequest as _herald_events_v1_ListEventsRequest, ListEventsRequest__Output as _herald_events_v1_ListEventsRequest__Output } from '../../../herald/events/v1/ListEventsRequest';
import type { NameRequest as _herald_events_v1_NameRequest, NameRequest__Output as _herald_events_v1_NameRequest__Output } from '../../../herald/events/v1/NameRequest';
import type { NamesResponse as _herald_events_v1_NamesResponse, NamesResponse__Output as _herald_events_v1_NamesResponse__Output } from '../../../herald/events/v1/NamesResponse';
import type { RangeRequest as _herald_events_v1_RangeRequest, RangeRequest__Output as _herald_events_v1_RangeRequest__Output } from '../../../herald/events/v1/RangeRequest';
import type { RecentCountRequest as _herald_events_v1_RecentCountRequest, RecentCountRequest__Output as _herald_events_v1_RecentCountRequest__Output } from '../../../herald/events/v1/RecentCountRequest';
import type { RecentCountResponse as _herald_events_v1_RecentCountResponse, RecentCountResponse__Output as _herald_events_v1_RecentCountResponse__Output } from '../../../herald/events/v1/RecentCountResponse';
import type { StatsResponse as _herald_events_v1_StatsResponse, StatsResponse__Output as _herald_events_v1_StatsResponse__Output } from '../../../herald/events/v1/StatsResponse';
import type { TimeseriesRequest as _herald_events_v1_TimeseriesRequest, TimeseriesRequest__Output as _herald_events_v1_TimeseriesRequest__Output } from '../../../herald/events/v1/TimeseriesRequest';
import type { TimeseriesResponse as _herald_events_v1_TimeseriesResponse, TimeseriesResponse__Output as _herald_events_v1_TimeseriesResponse__Output } from '../../../herald/events/v1/TimeseriesResponse';
import type { TopCampaignsResponse as _herald_events_v1_TopCampaignsResponse, TopCampaignsResponse__Output as _herald_events_v1_TopCampaignsResponse__Output } from '../../../herald/events/v1/TopCampaignsResponse';
import type { TopEventsResponse as _herald_events_v1_TopEventsResponse, TopEventsResponse__Output as _herald_events_v1_TopEventsResponse__Output } from '../../../herald/events/v1/TopEventsResponse';
import type { TopRequest as _herald_events_v1_TopRequest, TopRequest__Output as _herald_events_v1_TopRequest__Output } from '../../../herald/events/v1/TopRequest';
import type { TrackManyRequest as _herald_events_v1_TrackManyRequest, TrackManyRequest__Output as _herald_events_v1_TrackManyRequest__Output } from '../../../herald/events/v1/TrackManyRequest';
import type { TrackManyResponse as _herald_events_v1_TrackManyResponse, TrackManyResponse__Output as _herald_events_v1_TrackManyResponse__Output } from '../../../herald/events/v1/TrackManyResponse';
import type { UpcomingRequest as _herald_events_v1_UpcomingRequest, UpcomingRequest__Output as _herald_events_v1_UpcomingRequest__Output } from '../../../herald/events/v1/UpcomingRequest';
import type { UpcomingResponse as _herald_events_v1_UpcomingResponse, UpcomingResponse__Output as _herald_events_v1_UpcomingResponse__Output } from '../../../herald/events/v1/UpcomingResponse';
import type { UsageResponse as _herald_events_v1_UsageResponse, UsageResponse__Output as _herald_events_v1_UsageResponse__Output } from '../../../herald/events/v1/UsageResponse';

export interface EventsClient extends grpc.Client {
  ActivityStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  ActivityStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  ActivityStats(argument: _herald_events_v1_RangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  ActivityStats(argument: _herald_events_v1_RangeRequest, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  activityStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  activityStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  activityStats(argument: _herald_events_v1_RangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  activityStats(argument: _herald_events_v1_RangeRequest, callback: grpc.requestCallback<_herald_events_v1_ActivityStatsResponse__Output>): grpc.ClientUnaryCall;
  
  ActivityTypes(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  ActivityTypes(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  ActivityTypes(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  ActivityTypes(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  activityTypes(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  activityTypes(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  activityTypes(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  activityTypes(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_ActivityTypesResponse__Output>): grpc.ClientUnaryCall;
  
  CampaignStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_events_v1_RangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_events_v1_RangeRequest, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_events_v1_RangeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_events_v1_RangeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_events_v1_RangeRequest, callback: grpc.requestCallback<_herald_events_v1_CampaignStatsResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  ListActivity(argument: _herald_events_v1_ActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  ListActivity(argument: _herald_events_v1_ActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  ListActivity(argument: _herald_events_v1_ActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  ListActivity(argument: _herald_events_v1_ActivityRequest, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  listActivity(argument: _herald_events_v1_ActivityRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  listActivity(argument: _herald_events_v1_ActivityRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  listActivity(argument: _herald_events_v1_ActivityRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  listActivity(argument: _herald_events_v1_ActivityRequest, callback: grpc.requestCallback<_herald_events_v1_ActivityResponse__Output>): grpc.ClientUnaryCall;
  
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
  
  RecentCount(argument: _herald_events_v1_RecentCountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  RecentCount(argument: _herald_events_v1_RecentCountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  RecentCount(argument: _herald_events_v1_RecentCountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  RecentCount(argument: _herald_events_v1_RecentCountRequest, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  recentCount(argument: _herald_events_v1_RecentCountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  recentCount(argument: _herald_events_v1_RecentCountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  recentCount(argument: _herald_events_v1_RecentCountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  recentCount(argument: _herald_events_v1_RecentCountRequest, callback: grpc.requestCallback<_herald_events_v1_RecentCountResponse__Output>): grpc.ClientUnaryCall;
  
  Stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  Stats(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  stats(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_events_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  
  Timeseries(argument: _herald_events_v1_TimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  Timeseries(argument: _herald_events_v1_TimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  Timeseries(argument: _herald_events_v1_TimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  Timeseries(argument: _herald_events_v1_TimeseriesRequest, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  timeseries(argument: _herald_events_v1_TimeseriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  timeseries(argument: _herald_events_v1_TimeseriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  timeseries(argument: _herald_events_v1_TimeseriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  timeseries(argument: _herald_events_v1_TimeseriesRequest, callback: grpc.requestCallback<_herald_events_v1_TimeseriesResponse__Output>): grpc.ClientUnaryCall;
  
  TopCampaigns(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  TopCampaigns(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  TopCampaigns(argument: _herald_events_v1_TopRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  TopCampaigns(argument: _herald_events_v1_TopRequest, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  topCampaigns(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  topCampaigns(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  topCampaigns(argument: _herald_events_v1_TopRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  topCampaigns(argument: _herald_events_v1_TopRequest, callback: grpc.requestCallback<_herald_events_v1_TopCampaignsResponse__Output>): grpc.ClientUnaryCall;
  
  TopEvents(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  TopEvents(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  TopEvents(argument: _herald_events_v1_TopRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  TopEvents(argument: _herald_events_v1_TopRequest, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  topEvents(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  topEvents(argument: _herald_events_v1_TopRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  topEvents(argument: _herald_events_v1_TopRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  topEvents(argument: _herald_events_v1_TopRequest, callback: grpc.requestCallback<_herald_events_v1_TopEventsResponse__Output>): grpc.ClientUnaryCall;
  
  TrackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  TrackMany(argument: _herald_events_v1_TrackManyRequest, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  trackMany(argument: _herald_events_v1_TrackManyRequest, callback: grpc.requestCallback<_herald_events_v1_TrackManyResponse__Output>): grpc.ClientUnaryCall;
  
  Upcoming(argument: _herald_events_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  Upcoming(argument: _herald_events_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  Upcoming(argument: _herald_events_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  Upcoming(argument: _herald_events_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcoming(argument: _herald_events_v1_UpcomingRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcoming(argument: _herald_events_v1_UpcomingRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcoming(argument: _herald_events_v1_UpcomingRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  upcoming(argument: _herald_events_v1_UpcomingRequest, callback: grpc.requestCallback<_herald_events_v1_UpcomingResponse__Output>): grpc.ClientUnaryCall;
  
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
  ActivityStats: grpc.handleUnaryCall<_herald_events_v1_RangeRequest__Output, _herald_events_v1_ActivityStatsResponse>;
  
  ActivityTypes: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_events_v1_ActivityTypesResponse>;
  
  CampaignStats: grpc.handleUnaryCall<_herald_events_v1_RangeRequest__Output, _herald_events_v1_CampaignStatsResponse>;
  
  ContactEvents: grpc.handleUnaryCall<_herald_events_v1_ContactEventsRequest__Output, _herald_events_v1_EventsResponse>;
  
  DeleteEvents: grpc.handleUnaryCall<_herald_events_v1_NameRequest__Output, _herald_events_v1_DeleteEventsResponse>;
  
  ListActivity: grpc.handleUnaryCall<_herald_events_v1_ActivityRequest__Output, _herald_events_v1_ActivityResponse>;
  
  ListEvents: grpc.handleUnaryCall<_herald_events_v1_ListEventsRequest__Output, _herald_events_v1_EventsResponse>;
  
  Names: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_events_v1_NamesResponse>;
  
  RecentCount: grpc.handleUnaryCall<_herald_events_v1_RecentCountRequest__Output, _herald_events_v1_RecentCountResponse>;
  
  Stats: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_events_v1_StatsResponse>;
  
  Timeseries: grpc.handleUnaryCall<_herald_events_v1_TimeseriesRequest__Output, _herald_events_v1_TimeseriesResponse>;
  
  TopCampaigns: grpc.handleUnaryCall<_herald_events_v1_TopRequest__Output, _herald_events_v1_TopCampaignsResponse>;
  
  TopEvents: grpc.handleUnaryCall<_herald_events_v1_TopRequest__Output, _herald_events_v1_TopEventsResponse>;
  
  TrackMany: grpc.handleUnaryCall<_herald_events_v1_TrackManyRequest__Output, _herald_events_v1_TrackManyResponse>;
  
  Upcoming: grpc.handleUnaryCall<_herald_events_v1_UpcomingRequest__Output, _herald_events_v1_UpcomingResponse>;
  
  Usage: grpc.handleUnaryCall<_herald_events_v1_NameRequest__Output, _herald_events_v1_UsageResponse>;
  
}

export interface EventsDefinition extends grpc.ServiceDefinition {
  ActivityStats: MethodDefinition<_herald_events_v1_RangeRequest, _herald_events_v1_ActivityStatsResponse, _herald_events_v1_RangeRequest__Output, _herald_events_v1_ActivityStatsResponse__Output>
  ActivityTypes: MethodDefinition<_herald_common_v1_Empty, _herald_events_v1_ActivityTypesResponse, _herald_common_v1_Empty__Output, _herald_events_v1_ActivityTypesResponse__Output>
  CampaignStats: MethodDefinition<_herald_events_v1_RangeRequest, _herald_events_v1_CampaignStatsResponse, _herald_events_v1_RangeRequest__Output, _herald_events_v1_CampaignStatsResponse__Output>
  ContactEvents: MethodDefinition<_herald_events_v1_ContactEventsRequest, _herald_events_v1_EventsResponse, _herald_events_v1_ContactEventsRequest__Output, _herald_events_v1_EventsResponse__Output>
  DeleteEvents: MethodDefinition<_herald_events_v1_NameRequest, _herald_events_v1_DeleteEventsResponse, _herald_events_v1_NameRequest__Output, _herald_events_v1_DeleteEventsResponse__Output>
  ListActivity: MethodDefinition<_herald_events_v1_ActivityRequest, _herald_events_v1_ActivityResponse, _herald_events_v1_ActivityRequest__Output, _herald_events_v1_ActivityResponse__Output>
  ListEvents: MethodDefinition<_herald_events_v1_ListEventsRequest, _herald_events_v1_EventsResponse, _herald_events_v1_ListEventsRequest__Output, _herald_events_v1_EventsResponse__Output>
  Names: MethodDefinition<_herald_common_v1_Empty, _herald_events_v1_NamesResponse, _herald_common_v1_Empty__Output, _herald_events_v1_NamesResponse__Output>
  RecentCount: MethodDefinition<_herald_events_v1_RecentCountRequest, _herald_events_v1_RecentCountResponse, _herald_events_v1_RecentCountRequest__Output, _herald_events_v1_RecentCountResponse__Output>
  Stats: MethodDefinition<_herald_common_v1_Empty, _herald_events_v1_StatsResponse, _herald_common_v1_Empty__Output, _herald_events_v1_StatsResponse__Output>
  Timeseries: MethodDefinition<_herald_events_v1_TimeseriesRequest, _herald_events_v1_TimeseriesResponse, _herald_events_v1_TimeseriesRequest__Output, _herald_events_v1_TimeseriesResponse__Output>
  TopCampaigns: MethodDefinition<_herald_events_v1_TopRequest, _herald_events_v1_TopCampaignsResponse, _herald_events_v1_TopRequest__Output, _herald_events_v1_TopCampaignsResponse__Output>
  TopEvents: MethodDefinition<_herald_events_v1_TopRequest, _herald_events_v1_TopEventsResponse, _herald_events_v1_TopRequest__Output, _herald_events_v1_TopEventsResponse__Output>
  TrackMany: MethodDefinition<_herald_events_v1_TrackManyRequest, _herald_events_v1_TrackManyResponse, _herald_events_v1_TrackManyRequest__Output, _herald_events_v1_TrackManyResponse__Output>
  Upcoming: MethodDefinition<_herald_events_v1_UpcomingRequest, _herald_events_v1_UpcomingResponse, _herald_events_v1_UpcomingRequest__Output, _herald_events_v1_UpcomingResponse__Output>
  Usage: MethodDefinition<_herald_events_v1_NameRequest, _herald_events_v1_UsageResponse, _herald_events_v1_NameRequest__Output, _herald_events_v1_UsageResponse__Output>
}
