import { Schema } from "effect";
import { describe, expect, it } from "vitest";
import { defineEvents } from "../domain/shared";
import { defineModule, moduleGaps } from "./module";
import { MODULES } from "./modules";

describe("the registered modules", () => {
  it("leave nothing undone: every event has a read model and an audit line, every cron line a task", () => {
    expect(moduleGaps(MODULES)).toEqual([]);
  });

  it("given a module whose new event has no projection case and no audit summary, the check names both", () => {
    const surveys = defineModule({
      name: "surveys",
      events: defineEvents({ SurveyAnswered: Schema.Struct({ score: Schema.Number }) }),
      cron: ["*/5 * * * * poll_surveys"],
      ioTasks: ["answer_survey"],
    });
    expect(moduleGaps([...MODULES, surveys])).toEqual([
      "surveys: no projection handles SurveyAnswered",
      "surveys: no audit summary for SurveyAnswered",
      "surveys: I/O task answer_survey is not one of its tasks",
      'surveys: cron line "*/5 * * * * poll_surveys" names no task of the module',
    ]);
  });
});
