import type { PlatformId } from "../../../domain/accounts";

/** What a profile address looks like on each listing site, for the connect dialog's placeholder. */
export const LISTING_EXAMPLES: Partial<Record<PlatformId, string>> = {
  snapchat: "https://www.snapchat.com/add/yourname",
  yelp: "https://www.yelp.com/biz/your-business-city",
  avvo: "https://www.avvo.com/attorneys/00000-st-first-last-000000.html",
  healthgrades: "https://www.healthgrades.com/physician/dr-first-last-xxxxx",
  dignityhealth: "https://locations.dignityhealth.org/your-practice",
  martindale: "https://www.martindale.com/attorney/first-last-000000/",
  superlawyers: "https://profiles.superlawyers.com/state/city/lawyer/first-last/0000.html",
  bbb: "https://www.bbb.org/us/st/city/profile/category/your-business-0000-000000",
};
