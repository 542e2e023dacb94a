import { ManagedRuntime } from "effect";
import { AppLayer } from "../infra/layers";

/** The one runtime that pages and endpoints run their effects on. */
export const runtime = ManagedRuntime.make(AppLayer);
