import type { PlatformId } from "../../../domain/accounts/platforms";
import type { PlatformAdapter, Provider } from "../provider";
import { validateListingUrl } from "./listing";

/** Sites whose APIs let no one else post or read: the connection is the profile's address (listing.ts), and that is all. */
const listing = (platform: PlatformId): PlatformAdapter => ({ connect: { kind: "listing", validate: (url) => validateListingUrl(platform, url) } });

export const listings: Provider = {
  id: "listings",
  platforms: {
    snapchat: listing("snapchat"),
    avvo: listing("avvo"),
    healthgrades: listing("healthgrades"),
    dignityhealth: listing("dignityhealth"),
    martindale: listing("martindale"),
    superlawyers: listing("superlawyers"),
    bbb: listing("bbb"),
  },
};
