import { createHash } from "node:crypto";

/**
 * A message's id, the same every time the platform delivers it: a name-based UUID of the account and
 * the platform's id, so two deliveries land on one stream and the second records nothing.
 */
export const messageIdOf = (accountId: string, externalId: string) => {
  const hex = createHash("sha256").update(`${accountId}\u0000${externalId}`).digest("hex");
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
