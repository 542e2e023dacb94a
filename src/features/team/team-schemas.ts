import { z } from "zod";
import { passwordsMatch, personFields, timeZoneField } from "../auth/schemas";

/** Joining through an invitation: the address is the invitation's. */
export const joinSchema = z.object({ ...personFields, timeZone: timeZoneField.optional().catch(undefined) }).refine(...passwordsMatch);
