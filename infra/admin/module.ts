import { defineModule, moduleApi } from "../module";
import { AdminApi } from "./api";
import { adminHandlers } from "./api-handlers";

/** The app's operators' tools: rebuild and verify of the read models (the Projections page and its API). */
export const adminModule = defineModule({
  name: "admin",
  api: [moduleApi(AdminApi, adminHandlers)],
});
