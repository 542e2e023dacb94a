/**
 * The parts of the compose screen that show once an account is chosen (the options of the chosen
 * platforms, Post Scheduling, the character counters, the preview cards), the attached files, and
 * the save and read code with its version conflict notice: one module, loaded then, when a post is
 * opened, a file attached or the post saved; not with the page.
 */
export { default as AttachedMedia } from "./AttachedMedia";
export { default as CharacterCounters } from "./CharacterCounters";
export { default as ConflictNotice } from "./ConflictNotice";
export { PlatformOptionsPanel } from "./PlatformOptionsPanel";
export { default as PreviewCards } from "./PreviewCards";
export { default as ScheduleSection } from "./ScheduleSection";
export { readPost, savePost, scheduleOptionItems } from "./compose-submit";
export { mediaFactsOf, postingProblems } from "../../../domain/publishing/platform-rules";
