import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { agents } from './accounts.ts'
import { properties } from './properties.ts'
import { transformations } from './transformations.ts'

export const propertyBrochures = pgTable(
	'property_brochures',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why nullable: the test-brochure generator makes brochures with no stored property
		propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'cascade' }),
		agentId: uuid('agent_id').references(() => agents.id, { onDelete: 'set null' }),
		transformationId: uuid('transformation_id').references(() => transformations.id, {
			onDelete: 'set null',
		}),
		brochureUrl: text('brochure_url'),
		fileName: text('file_name'),
		buyerName: text('buyer_name'),
		buyerEmail: text('buyer_email'),
		stylePreference: text('style_preference'),
		// why nullable: set when the PDF job has built the file
		generatedAt: timestamp('generated_at', { withTimezone: true }),
		downloadCount: integer('download_count').notNull().default(0),
		// why the default: the token is the public URL of the brochure, so it must be unguessable
		// (122 random bits); a service may still pass its own
		uniqueToken: text('unique_token').notNull().unique().default(sql`replace(gen_random_uuid()::text, '-', '')`),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		index('property_brochures_agent_id_idx').on(t.agentId),
		index('property_brochures_property_id_idx').on(t.propertyId),
	],
)

export const roomImages = pgTable(
	'room_images',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		// why text: the spec links room images to the brochure's uniqueToken, not its id
		brochureId: text('brochure_id')
			.notNull()
			.references(() => propertyBrochures.uniqueToken, {
				onDelete: 'cascade',
				onUpdate: 'cascade',
			}),
		roomType: text('room_type'),
		// the rooms' order in the brochure: the order the agent uploaded them
		sortOrder: integer('sort_order').notNull().default(0),
		originalImageUrl: text('original_image_url'),
		stagedImageUrl: text('staged_image_url'),
		// The upright photo's size (the staged image is rendered back to it), so the web brochure
		// frames a portrait as a portrait; null for rooms stored before it was recorded.
		imageWidth: integer('image_width'),
		imageHeight: integer('image_height'),
		// the render provider's ids, not rows of ours
		renderId: text('render_id'),
		variationId: text('variation_id'),
		// the staged image's room check, as on studio variations: null when not checked
		roomCheck: text('room_check'),
		roomCheckNote: text('room_check_note'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
	},
	(t) => [
		index('room_images_brochure_id_idx').on(t.brochureId),
		check(
			'room_images_room_check_check',
			sql`${t.roomCheck} is null or ${t.roomCheck} in ('ok', 'check', 'unaligned')`,
		),
	],
)

export type PropertyBrochure = typeof propertyBrochures.$inferSelect
export type NewPropertyBrochure = typeof propertyBrochures.$inferInsert
export type RoomImage = typeof roomImages.$inferSelect
export type NewRoomImage = typeof roomImages.$inferInsert
