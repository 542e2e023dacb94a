/**
 * The parts of the compose screen that show once an account is chosen (the options of the chosen
 * platforms, Post Scheduling, the character counters, the preview cards) and the save and read
 * code: one module, loaded then or when a post is opened or saved, not with the page.
 */
export { default as CharacterCounters } from "./CharacterCounters";
export { PlatformOptionsPanel } from "./PlatformOptionsPanel";
export { default as PreviewCards } from "./PreviewCards";
export { default as ScheduleSection } from "./ScheduleSection";
export { readPost, savePost } from "./compose-submit";
