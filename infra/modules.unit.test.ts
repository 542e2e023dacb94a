import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { defineEvents } from "../domain/shared";
import { defineModule, moduleGaps } from "./module";
import { auditKindOfType, auditKinds, catalogues, MODULES, systemProcesses } from "./modules";

/** The processes the code acts as: `systemContext("name", …)` and `{ kind: "system", process: "name" }`. */
const processesActedAs = (): ReadonlyArray<string> => {
  const found = new Set<string>();
  for (const root of ["infra", "src", "scripts"]) {
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!/\.(ts|astro)$/.test(file) || /\.test\.ts$/.test(file)) continue;
      const text = readFileSync(path.join(root, file), "utf8");
      for (const [, called, literal] of text.matchAll(/systemContext\("([^"]+)"|kind: "system", process: "([^"]+)"/g)) found.add((called ?? literal)!);
    }
  }
  return [...found].sort();
};

describe("the registered modules", () => {
  it("leave nothing undone: every event has a read model, an audit line and a kind of change, every cron line a task", () => {
    expect(moduleGaps(MODULES)).toEqual([]);
  });

  it("declare every process that acts as the system (no closed list to edit: a module's `processes`)", () => {
    const acted = processesActedAs();
    expect(acted.length).toBeGreaterThan(5);
    expect(acted.filter((name) => !systemProcesses.has(name))).toEqual([]);
  });

  it("file every registered event type under a kind the audit trail's filter offers, with its own label", () => {
    const offered = new Set(auditKinds.map((k) => k.id));
    const types = catalogues.flatMap((c) => Object.keys(c.schemas));
    expect(types.filter((type) => !offered.has(auditKindOfType.get(type) ?? ""))).toEqual([]);
    expect(new Set(auditKinds.map((k) => k.label)).size).toBe(auditKinds.length);
    expect(auditKinds.map((k) => k.label.toLowerCase())).not.toContain("other");
    expect(Object.fromEntries(["ReviewResponded", "ContentTemplateCreated", "RssFeedAdded", "HashtagGroupSaved", "ListeningMonitorCreated", "AiTextGenerated"].map((t) => [t, auditKindOfType.get(t)]))).toEqual({
      ReviewResponded: "reviews",
      ContentTemplateCreated: "content-templates",
      RssFeedAdded: "feeds",
      HashtagGroupSaved: "hashtags",
      ListeningMonitorCreated: "listening",
      AiTextGenerated: "ai",
    });
  });

  it("given a module whose new event has no projection case, no audit summary and no audit kind, the check names each", () => {
    const surveys = defineModule({
      name: "surveys",
      events: defineEvents({ SurveyAnswered: Schema.Struct({ score: Schema.Number }) }),
      cron: ["*/5 * * * * poll_surveys"],
      ioTasks: ["answer_survey"],
    });
    expect(moduleGaps([...MODULES, surveys])).toEqual([
      "surveys: no projection handles SurveyAnswered",
      "surveys: no audit summary for SurveyAnswered",
      "surveys: no audit kind for SurveyAnswered",
      "surveys: I/O task answer_survey is not one of its tasks",
      'surveys: cron line "*/5 * * * * poll_surveys" names no task of the module',
    ]);
  });
});
