import type { PlatformId } from "../accounts/platforms";

/** A field of a platform's app beyond its client id and secret, as the console asks for it. */
export interface PlatformAppField {
  /** Its name in `PUT /api/admin/platforms/{platform}` and in the events. */
  readonly name: string;
  readonly label: string;
  /** The environment variable that, when set, wins over it. */
  readonly env: string;
  /** Kept encrypted, never shown again (as the client secret). */
  readonly secret: boolean;
  readonly help: string;
}

/**
 * The extra fields a platform's app has, only those the code reads: Meta's webhooks (Facebook Pages
 * and Instagram deliveries) are signed with the Facebook app's secret and verified with a token of
 * the operator's choosing. TikTok's "client key" is its client id (the form labels it so); Google's
 * project and X's tier are not read by any code, so they are not asked for.
 */
export const PLATFORM_APP_FIELDS: Partial<Record<PlatformId, ReadonlyArray<PlatformAppField>>> = {
  facebook: [
    {
      name: "webhookSecret",
      label: "App secret for webhooks",
      env: "META_APP_SECRET",
      secret: true,
      help: "The Meta app's secret that signs webhook deliveries (App settings › Basic). Leave empty to use the client secret.",
    },
    {
      name: "webhookVerifyToken",
      label: "Webhook verify token",
      env: "META_WEBHOOK_VERIFY_TOKEN",
      secret: true,
      help: "Any phrase you choose; type the same in the Meta app's Webhooks settings.",
    },
  ],
};

export const platformAppFields = (platform: PlatformId): ReadonlyArray<PlatformAppField> => PLATFORM_APP_FIELDS[platform] ?? [];

/** Longer than any platform's id or secret; a pasted page is refused. */
export const PLATFORM_APP_VALUE_MAX = 500;

export const PLATFORM_APP_MESSAGES = {
  clientIdRequired: "Enter the client id from the platform's developer console.",
  clientSecretRequired: "Enter the client secret from the platform's developer console.",
  tooLong: `This is longer than ${PLATFORM_APP_VALUE_MAX} characters: paste only the value.`,
  spaces: "This value cannot contain spaces or line breaks: paste only the value.",
  notConfigured: "This platform has no app saved in the console.",
} as const;
