import pino from "pino";
import { readConfig } from "./config";

/**
 * The process's logger (JSON lines; LOG_LEVEL sets how much). Its level is read when the module
 * loads, without caching the rest of the configuration then: a process may set its other settings
 * later (the tests set each file's before starting its app).
 */
export const logger = pino({ level: readConfig().LOG_LEVEL, base: undefined });
