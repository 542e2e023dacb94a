/** Reads until `ok` holds or `ms` pass (then answers the last value, for the test's own assertion to explain). */
export const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};
