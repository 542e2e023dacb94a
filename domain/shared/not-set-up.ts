/**
 * What a person reads where a feature waits on the operator's set-up (an AI server, a Bluesky
 * AppView, a platform's app keys): one plain sentence, shown without hovering, naming no setting.
 * The settings it needs are the operator's to read, in the server's log and the README.
 */
export const notSetUp = (what: string): string => `${what} isn't set up on this server yet. Ask your administrator.`;
