// The open streams' count lives with the declared API's streams (infra/web/event-streams.ts); the route files not yet declared read it from here.
export { holdStream, MAX_STREAMS_PER_PERSON, STREAM_REPLACED_MESSAGE } from "../../infra/web/event-streams";
