// All money columns are integer pence (9900 is £99.00).
import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	doublePrecision,
	foreignKey,
	index,
	integer,
	pgTable,
	text,
	timestamp,
	unique,
	uuid,
} from 'drizzle-orm/pg-core'
import { agents, users } from './accounts.ts'
import { propertyStudioProjects } from './studio.ts'

export const agentBillingCycles = pgTable(
	'agent_billing_cycles',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why nullable: invoice mode bills the user; not every user has an agent profile
		agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		billingPeriodStart: timestamp('billing_period_start', { withTimezone: true }).notNull(),
		billingPeriodEnd: timestamp('billing_period_end', { withTimezone: true }).notNull(),
		totalProperties: integer('total_properties').notNull().default(0),
		totalRevenue: integer('total_revenue').notNull().default(0),
		status: text('status').notNull().default('draft'),
		invoiceNumber: text('invoice_number').notNull().unique(),
		dueDate: timestamp('due_date', { withTimezone: true }),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		// why: "find or create this period's cycle" stays single under concurrent completions;
		// it also serves lookups by user (user_id leads)
		unique('agent_billing_cycles_user_period_unique').on(t.userId, t.billingPeriodStart),
		index('agent_billing_cycles_agent_id_idx').on(t.agentId),
		index('agent_billing_cycles_status_idx').on(t.status),
	],
)

export const agentInvoiceLineItems = pgTable(
	'agent_invoice_line_items',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// foreign keys of both ids are declared below with short names (the defaults pass 63
		// characters)
		billingCycleId: uuid('billing_cycle_id').notNull(),
		// why unique: a project is billed once (£99 one-off), so a retried completion is a no-op
		projectId: uuid('project_id').unique(),
		propertyAddress: text('property_address').notNull(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		itemDescription: text('item_description').notNull(),
		unitPrice: integer('unit_price').notNull().default(9900),
		quantity: integer('quantity').notNull().default(1),
		totalAmount: integer('total_amount').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		foreignKey({
			name: 'agent_invoice_line_items_billing_cycle_id_fk',
			columns: [t.billingCycleId],
			foreignColumns: [agentBillingCycles.id],
		}).onDelete('cascade'),
		foreignKey({
			name: 'agent_invoice_line_items_project_id_fk',
			columns: [t.projectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('set null'),
		index('agent_invoice_line_items_billing_cycle_id_idx').on(t.billingCycleId),
	],
)

export const agentPerformanceMetrics = pgTable(
	'agent_performance_metrics',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		// e.g. 'monthly', 'weekly'
		metricPeriod: text('metric_period').notNull(),
		periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
		periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
		totalPropertiesProcessed: integer('total_properties_processed').notNull().default(0),
		totalRevenue: integer('total_revenue').notNull().default(0),
		averageImagesPerProperty: integer('average_images_per_property').notNull().default(300),
		totalApiCreditsUsed: integer('total_api_credits_used').notNull().default(0),
		// minutes
		averageCompletionTime: doublePrecision('average_completion_time'),
		customerSatisfactionScore: doublePrecision('customer_satisfaction_score'),
		// percent
		retentionRate: doublePrecision('retention_rate'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true })
			.notNull()
			.defaultNow()
			.$onUpdate(() => new Date()),
	},
	(t) => [
		index('agent_performance_metrics_agent_id_idx').on(t.agentId),
		index('agent_performance_metrics_user_id_idx').on(t.userId),
	],
)

// Kept because the data model has it; the product itself sells no subscription.
export const rendoSubscriptions = pgTable(
	'rendo_subscriptions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		agentId: uuid('agent_id')
			.notNull()
			.references(() => agents.id, { onDelete: 'cascade' }),
		subscriptionTier: text('subscription_tier').notNull().default('standard'),
		monthlyPrice: integer('monthly_price').notNull().default(50000),
		status: text('status').notNull().default('active'),
		startDate: timestamp('start_date', { withTimezone: true }),
		endDate: timestamp('end_date', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('rendo_subscriptions_agent_id_idx').on(t.agentId)],
)

export const apiUsageTracking = pgTable(
	'api_usage_tracking',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		agentId: uuid('agent_id')
			.notNull()
			.references(() => agents.id, { onDelete: 'cascade' }),
		year: integer('year').notNull(),
		month: integer('month').notNull(),
		imagesProcessed: integer('images_processed').notNull().default(0),
		propertiesProcessed: integer('properties_processed').notNull().default(0),
		costIncurred: integer('cost_incurred').notNull().default(0),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true })
			.notNull()
			.defaultNow()
			.$onUpdate(() => new Date()),
	},
	(t) => [
		// why: one counter row per agent and month, incremented with an upsert
		unique('api_usage_tracking_agent_month_unique').on(t.agentId, t.year, t.month),
		check('api_usage_tracking_month_check', sql`${t.month} between 1 and 12`),
	],
)

export const businessMetrics = pgTable(
	'business_metrics',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		year: integer('year').notNull(),
		month: integer('month').notNull(),
		totalActiveAgents: integer('total_active_agents').notNull().default(0),
		totalMRR: integer('total_mrr').notNull().default(0),
		totalImagesProcessed: integer('total_images_processed').notNull().default(0),
		totalCosts: integer('total_costs').notNull().default(0),
		grossProfit: integer('gross_profit').notNull().default(0),
		apiTierUsed: text('api_tier_used').notNull().default('150'),
		apiUtilizationPercent: doublePrecision('api_utilization_percent'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true })
			.notNull()
			.defaultNow()
			.$onUpdate(() => new Date()),
	},
	(t) => [
		// why: one row per month, written with an upsert
		unique('business_metrics_month_unique').on(t.year, t.month),
		check('business_metrics_month_check', sql`${t.month} between 1 and 12`),
	],
)

/**
 * A card checkout in progress for a project (Stripe mode). The PaymentIntent is created with the
 * same idempotency key for a project every time, so its parameters never change; what the agent
 * chose on the final review (watermark, which favourites) lives here and is read when Stripe's
 * signed webhook says the payment succeeded.
 */
export const propertyStudioCheckouts = pgTable(
	'property_studio_checkouts',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why unique: one open checkout per project, updated when the agent changes their choices
		// (foreign key declared below with a short name)
		projectId: uuid('project_id').notNull().unique(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		paymentIntentId: text('payment_intent_id').notNull().unique(),
		amount: integer('amount').notNull(),
		currency: text('currency').notNull(),
		watermarkingEnabled: boolean('watermarking_enabled').notNull().default(false),
		// null keeps every favourite
		variationIds: text('variation_ids').array(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true })
			.notNull()
			.defaultNow()
			.$onUpdate(() => new Date()),
	},
	(t) => [
		foreignKey({
			name: 'property_studio_checkouts_project_id_fk',
			columns: [t.projectId],
			foreignColumns: [propertyStudioProjects.id],
		}).onDelete('cascade'),
	],
)

export type PropertyStudioCheckout = typeof propertyStudioCheckouts.$inferSelect
export type NewPropertyStudioCheckout = typeof propertyStudioCheckouts.$inferInsert
export type AgentBillingCycle = typeof agentBillingCycles.$inferSelect
export type NewAgentBillingCycle = typeof agentBillingCycles.$inferInsert
export type AgentInvoiceLineItem = typeof agentInvoiceLineItems.$inferSelect
export type NewAgentInvoiceLineItem = typeof agentInvoiceLineItems.$inferInsert
export type AgentPerformanceMetric = typeof agentPerformanceMetrics.$inferSelect
export type NewAgentPerformanceMetric = typeof agentPerformanceMetrics.$inferInsert
export type RendoSubscription = typeof rendoSubscriptions.$inferSelect
export type NewRendoSubscription = typeof rendoSubscriptions.$inferInsert
export type ApiUsageTracking = typeof apiUsageTracking.$inferSelect
export type NewApiUsageTracking = typeof apiUsageTracking.$inferInsert
export type BusinessMetric = typeof businessMetrics.$inferSelect
export type NewBusinessMetric = typeof businessMetrics.$inferInsert
