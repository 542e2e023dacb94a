/** Whether `url` is an https:// address of at most 500 characters (logos shown to clients). */
export const isHttpsAddress = (url: string): boolean => url.length <= 500 && /^https:\/\/[^\s]+$/.test(url) && URL.canParse(url);
