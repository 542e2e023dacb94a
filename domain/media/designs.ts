/**
 * The sample designs of "Create Design with Canva" (spec core §2: always in demo mode, three
 * templates and "Try Demo Design"). Choosing one makes a real image of the template's size in the
 * media library, so the post refers to a file of its own like any upload.
 */
export const DESIGN_TEMPLATES = [
  { id: "social-post", name: "Social Post", width: 1080, height: 1080 },
  { id: "instagram-story", name: "Instagram Story", width: 1080, height: 1920 },
  { id: "facebook-cover", name: "Facebook Cover", width: 820, height: 312 },
] as const;

export type DesignTemplateId = (typeof DESIGN_TEMPLATES)[number]["id"];

/** "Try Demo Design" makes the first template's design. */
export const DEFAULT_DESIGN_TEMPLATE: DesignTemplateId = "social-post";

export const isDesignTemplateId = (value: unknown): value is DesignTemplateId => DESIGN_TEMPLATES.some((t) => t.id === value);

export const DESIGN_TEMPLATE_MESSAGE = `Choose a template: ${DESIGN_TEMPLATES.map((t) => t.id).join(", ")}.`;
