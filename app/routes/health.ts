import { checkHealth } from '#core/platform/health.ts'

export async function loader() {
	const health = await checkHealth()
	const failing = Object.entries({ database: health.database, jobs: health.jobs })
		.filter(([, status]) => status !== 'ok')
		.map(([part]) => part)
	return Response.json(
		{
			status: health.ok ? 'ok' : 'unavailable',
			database: health.database,
			jobs: health.jobs,
			...(failing.length && { failing }),
		},
		{ status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
	)
}
