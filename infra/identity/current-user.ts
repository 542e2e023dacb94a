/**
 * What pages and the API know about the caller: in domain/identity, so that the API's guard
 * (infra/web) reads it without importing this module back.
 */
export { callerOf, type CurrentUser } from "../../domain/identity/current-user";
