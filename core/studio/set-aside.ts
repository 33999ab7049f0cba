import { sql } from 'drizzle-orm'
import { propertyStudioVariations } from '#db/schema/studio.ts'

/**
 * An image the agent had replaced ("Replace it free") is set aside: its replacement took its slot
 * (the same generation and position), and it is no longer one of the room's variations, so it is
 * not listed, counted, favourited, matched or downloaded. Its row and files stay, for the record
 * and the operations dashboard's counts. The same condition keeps its slot free
 * (property_studio_variations_slot_unique is a partial index over it).
 */
export const notSetAside = sql`${propertyStudioVariations.roomCheckAnswer} is distinct from 'replaced'`
