const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else is simply not found, and never reaches a uuid column (where it would be a 500). */
export const isUuid = (value: string | undefined | null): value is string => UUID.test(value ?? "");
