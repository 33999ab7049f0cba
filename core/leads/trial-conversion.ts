import { and, eq, sql } from 'drizzle-orm'
import { tryItFreeLeads } from '#db/schema/leads.ts'
import type { Tx } from '#core/platform/db.ts'

/** A registration with a trial's e-mail address converts that trial (once; the first date stays). */
export async function recordTrialConversion(tx: Tx, email: string) {
	await tx
		.update(tryItFreeLeads)
		.set({ hasConverted: true, conversionDate: new Date() })
		.where(
			and(eq(sql`lower(${tryItFreeLeads.email})`, email.trim().toLowerCase()), eq(tryItFreeLeads.hasConverted, false)),
		)
}
