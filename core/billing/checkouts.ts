import { eq } from 'drizzle-orm'
import { propertyStudioCheckouts, type NewPropertyStudioCheckout } from '#db/schema/billing.ts'
import type { Tx } from '#core/platform/db.ts'

/** Records (or updates) the project's card checkout: its PaymentIntent and the agent's choices. */
export async function saveCheckout(
	tx: Tx,
	checkout: Omit<NewPropertyStudioCheckout, 'id' | 'createdAt' | 'updatedAt'>,
) {
	const { projectId, ...changes } = checkout
	await tx
		.insert(propertyStudioCheckouts)
		.values(checkout)
		.onConflictDoUpdate({ target: propertyStudioCheckouts.projectId, set: { ...changes, updatedAt: new Date() } })
}

export async function findCheckout(tx: Tx, by: { projectId: string } | { paymentIntentId: string }) {
	const where =
		'projectId' in by
			? eq(propertyStudioCheckouts.projectId, by.projectId)
			: eq(propertyStudioCheckouts.paymentIntentId, by.paymentIntentId)
	const [row] = await tx.select().from(propertyStudioCheckouts).where(where)
	return row ?? null
}
