import { expect } from "vitest";
import { PlatformError } from "../../infra/platforms";

/** The PlatformError a platform's call fails with; the test fails if it succeeds or fails otherwise. */
export const platformRejection = async (promise: Promise<unknown>): Promise<PlatformError> => {
  const error = await promise.then(
    () => expect.fail("expected a PlatformError"),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};
