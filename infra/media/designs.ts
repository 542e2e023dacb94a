/**
 * "Create Design with Canva" in demo mode (spec core §2): the chosen template becomes a real image
 * in the workspace's media library, drawn here at the template's size and stored like an upload,
 * so that a post refers to it as to any other file of the library (and publishing reads its bytes).
 */
import { Effect } from "effect";
import { DESIGN_TEMPLATES, type DesignTemplateId } from "../../domain/media";
import type { CommandContext } from "../../domain/shared";
import { sampleImage } from "./demo";
import { Media, type Uploader } from "./Media";

/** Hues of the sample designs, one per template, so that two designs in the library look apart. */
const HUES: Readonly<Record<DesignTemplateId, number>> = { "social-post": 210, "instagram-story": 290, "facebook-cover": 160 };

export const createDemoDesign = Effect.fn("Media.createDemoDesign")(function* (uploader: Uploader, templateId: DesignTemplateId, ctx: CommandContext) {
  const template = DESIGN_TEMPLATES.find((t) => t.id === templateId)!;
  const bytes = yield* Effect.promise(() => sampleImage(template.name, HUES[template.id], template.width, template.height));
  const media = yield* Media;
  const [item] = yield* media.importFiles(uploader, [{ name: `canva-${template.id}-${ctx.now.toISOString().slice(0, 10)}.jpg`, bytes }], ctx);
  return item!;
});
