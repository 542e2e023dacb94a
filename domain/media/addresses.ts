/** A post's media address that is a video: by its extension, or a Google Drive file (compose adds those for videos only). */
export const isVideoAddress = (url: string): boolean => /\.(mp4|mov|webm|m4v)(\?|$)/i.test(url) || url.includes("drive.google.com");
