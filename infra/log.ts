import pino from "pino";
import { config } from "./config";

/** The process's logger (JSON lines; LOG_LEVEL sets how much). */
export const logger = pino({ level: config().LOG_LEVEL, base: undefined });
