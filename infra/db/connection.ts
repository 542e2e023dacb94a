import { config } from "../config";
import { ensureEmbeddedPostgres, type RunningEmbedded } from "./embedded";

/**
 * Where the database is: DATABASE_URL when set, else the embedded server of DATA_DIR (started here
 * when no other process of this app has started it).
 */
export const resolveDatabase = async (log?: (line: string) => void): Promise<RunningEmbedded> => {
  const { DATABASE_URL, dataDir, EMBEDDED_PG_PORT } = config();
  if (DATABASE_URL) return { url: DATABASE_URL, owned: false, stop: async () => {} };
  return ensureEmbeddedPostgres({ dataDir, port: EMBEDDED_PG_PORT, log });
};
