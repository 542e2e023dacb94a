// The streams' count is one per process: the declared inbox stream (infra/inbox/arrivals.ts) and the
// AI's answer share it, so it lives beside the declared API; its users in src/ read it from here.
export { holdStream, MAX_STREAMS_PER_PERSON, STREAM_REPLACED_MESSAGE } from "../../infra/web/event-streams";
