/** The product's name and its support address (the default of the SUPPORT_EMAIL setting), for pages and the server alike. */
export const PRODUCT_NAME = "SocialDesk";
export const SUPPORT_EMAIL = "support@socialdesk.app";
