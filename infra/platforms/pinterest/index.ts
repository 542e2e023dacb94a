import type { Provider } from "../provider";
import { readPinterest } from "./engagement";
import { pinterest as definition } from "./oauth";
import { publishPinterest } from "./publish";

/** Pinterest: Pins on a chosen board and their lifetime metrics; no inbox API. */
export const pinterest: Provider = {
  id: "pinterest",
  platforms: {
    pinterest: {
      connect: { kind: "oauth", definition },
      publish: { publish: publishPinterest },
      engagement: readPinterest,
    },
  },
};
