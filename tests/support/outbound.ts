/**
 * Lets the app reach a local server through the outbound client, as an on-premise install would name
 * it in OUTBOUND_ALLOW_HOSTS: for in-process calls at once, for an app server started afterwards
 * through its environment.
 */
export const allowOutbound = (address: string) => {
  const url = new URL(address);
  const hosts = new Set((process.env.OUTBOUND_ALLOW_HOSTS ?? "").split(",").filter(Boolean));
  hosts.add(`${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`);
  process.env.OUTBOUND_ALLOW_HOSTS = [...hosts].join(",");
};
