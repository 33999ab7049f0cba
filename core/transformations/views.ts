import type { Transformation, TransformationRender } from '#db/schema/transformations.ts'

/** The transformation JSON of the API and the admin dashboard: images as authorised app URLs. */
export function transformationView(
	t: Transformation,
	renders: TransformationRender[] = [],
	previewAreas: ReadonlySet<string> = new Set(),
) {
	const base = `/files/transformations/${t.id}`
	return {
		id: t.id,
		userId: t.userId,
		style: t.style,
		status: t.status as 'pending' | 'processing' | 'completed' | 'failed',
		statusMessage: t.statusMessage,
		propertyUrl: t.propertyUrl,
		areas: t.areas,
		emailResults: !!t.emailResultsTo,
		beforeImageUrl: t.beforeImageUrl ? `${base}/before` : null,
		afterImageUrl: t.status === 'completed' && t.afterImageUrl ? `${base}/after` : null,
		isPreview: t.status === 'completed' && previewAreas.size > 0,
		createdAt: t.createdAt.toISOString(),
		completedAt: t.completedAt?.toISOString() ?? null,
		results: renders.map((r) => ({
			area: r.area,
			status: r.status as 'pending' | 'completed' | 'failed',
			imageUrl: r.status === 'completed' ? `${base}/${r.area}` : null,
			errorMessage: r.errorMessage,
			// made by the local preview renderer: shown as 'Preview, not staged'
			isPreview: r.status === 'completed' && previewAreas.has(r.area),
		})),
	}
}
export type TransformationView = ReturnType<typeof transformationView>
