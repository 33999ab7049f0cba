import type { z } from 'zod'
import { InputError } from './errors.ts'

/** Parses a door's input with a core schema; failures become an InputError in the spec's words. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.output<S> {
	const parsed = schema.safeParse(input)
	if (!parsed.success) throw new InputError(parsed.error.flatten().fieldErrors as Record<string, string[]>)
	return parsed.data
}
