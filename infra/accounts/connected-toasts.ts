import { platformById, type PlatformId } from "../../domain/accounts";

/** Spec engagement §8. */
export const connectedToast = (platform: PlatformId) => ({
  title: "Account Connected!",
  description: `Successfully connected your ${platformById(platform).name} account.`,
});

export const CONNECTION_FAILED_TITLE = "Connection Failed";
export const CONNECTION_FAILED_MESSAGE = "Failed to connect account. Please try again.";
