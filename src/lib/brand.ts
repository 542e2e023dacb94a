export const PRODUCT_NAME = "SocialDesk";
export const SUPPORT_EMAIL = "support@socialdesk.app";
