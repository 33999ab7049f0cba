/**
 * The quick transform's vocabulary (spec 01 §3, spec 02 §3, §5), with no zod: the form renders from
 * it at page load, while the schemas (transformation.schema.ts) load when the form is first used.
 */
export const TRANSFORM_AREAS = ['kitchen', 'bathroom', 'living', 'bedroom', 'exterior', 'backyard'] as const
export type TransformArea = (typeof TRANSFORM_AREAS)[number]
export const AREA_LABELS: Record<TransformArea, string> = {
	kitchen: 'Kitchen',
	bathroom: 'Bathroom',
	living: 'Living Room',
	bedroom: 'Bedroom',
	exterior: 'Exterior',
	backyard: 'Backyard/Patio',
}
export const DEFAULT_AREAS: readonly TransformArea[] = ['kitchen', 'bathroom', 'living', 'bedroom']

/** The transformation request's five styles (spec 01 §5). */
export const TRANSFORM_STYLES = ['modern', 'luxury', 'rustic', 'contemporary', 'scandinavian'] as const
export type TransformStyle = (typeof TRANSFORM_STYLES)[number]
export const DEFAULT_STYLE = 'modern'

/**
 * One checkbox name per area: a plain form repeats a shared name, and the upload parser keeps
 * only the last value of a name. The /transform action gathers them into the spec's `areas`.
 */
export const areaFieldName = (area: TransformArea) => `area-${area}` as const
