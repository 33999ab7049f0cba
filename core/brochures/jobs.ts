import { z } from 'zod'

/** The brochure's background work; worker/tasks/ maps each task to one service. */
export const BROCHURE_ROOM_TASK = 'brochure_room'
export const BROCHURE_PDF_TASK = 'brochure_pdf'
export const BROCHURE_EMAIL_TASK = 'brochure_email'

/** Passing faults (a provider's 5xx, a timeout) get two more tries with graphile's backoff. */
export const BROCHURE_MAX_ATTEMPTS = 3

export const BrochureRoomJob = z.object({ roomImageId: z.string().uuid() })
export const BrochurePdfJob = z.object({ brochureId: z.string().uuid() })
export const BrochureEmailJob = z.object({ emailEventId: z.string().uuid(), personalMessage: z.string().optional() })

export const roomJobKey = (roomImageId: string) => `brochure-room:${roomImageId}`
export const pdfJobKey = (brochureId: string) => `brochure-pdf:${brochureId}`
