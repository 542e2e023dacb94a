import { normalizePlatformId, platformById } from "../../domain/accounts/platforms";
import { platformAppEvents, platformAppsProjection } from "../../domain/platform-apps";
import { defineModule, moduleApi } from "../module";
import { PlatformAppsApi } from "./api";
import { platformAppsHandlers } from "./api-handlers";
import { PlatformApps } from "./PlatformApps";

const nameOf = (platform: string) => {
  const id = normalizePlatformId(platform);
  return id ? platformById(id).name : platform;
};

const fieldsOf = (changed: ReadonlyArray<string>) =>
  changed.length === 0 ? "nothing changed" : changed.map((name) => ({ clientId: "client id", clientSecret: "client secret" })[name] ?? name).join(", ");

/**
 * The platforms' OAuth apps an operator saves in the console (issue 32, /admin/platforms): events
 * with the secrets encrypted, and every process's copy of them that `readSettings` reads after the
 * environment (README: Security › Platform apps from the console).
 */
export const platformAppsModule = defineModule({
  name: "platform-apps",
  events: platformAppEvents,
  auditKinds: [{ id: "platform-apps", label: "Platform apps" }],
  layer: PlatformApps.layer,
  api: [moduleApi(PlatformAppsApi, platformAppsHandlers)],
  projections: [platformAppsProjection],
  errors: [],
  auditSummaries: {
    PlatformAppConfigured: (d) => `${nameOf(d.platform)} app saved in the console (${fieldsOf(d.changed)})`,
    PlatformAppCleared: (d) => `${nameOf(d.platform)} app cleared from the console`,
  },
});
