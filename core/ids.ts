const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids come from URLs and cookies: anything not shaped like a UUID is unknown, never a database error. */
export function isUuid(value: string) {
	return UUID.test(value)
}
