/** The event the shell's Help buttons send once the support panel is mounted (./mount.tsx listens). */
export const OPEN_SUPPORT = "socialdesk:open-support";
