import 'zod-openapi/extend'
import { z } from 'zod'
import { ACCESS_TOKEN_SCOPES } from '#core/accounts/access-token.schema.ts'
import { PROVIDER_NAMES, RENDER_KINDS } from '#core/render/provider.ts'
import { USER_ROLES } from '#core/accounts/user-role.schema.ts'
import { ISSUE_TYPES, PRIORITIES, TICKET_STATUSES } from '#core/tickets/ticket.schema.ts'

/**
 * The JSON the API answers with, as it travels (times are ISO strings, money integer pence). Core
 * builds these objects in its views; these schemas say what a client may rely on, feed the OpenAPI
 * document, and openapi.test.ts checks every real answer against the document.
 */

/** Answers list every field they have: a field the route adds and the document lacks fails the contract test. */
const object = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict()

const id = z.string().uuid()
const time = z.string().datetime({ offset: true })
const nullableTime = time.nullable()

/** Every refusal: the spec's words, and for bad input the messages per field. */
export const ErrorAnswer = z
	.object({
		message: z.string(),
		errors: z.record(z.array(z.string())).optional().openapi({ description: 'Messages per field (400)' }),
		requiredScope: z
			.enum(ACCESS_TOKEN_SCOPES)
			.optional()
			.openapi({ description: 'The token scope the call needs (403 to a token without it)' }),
	})
	.openapi({ ref: 'Error' })

export const MessageAnswer = object({ message: z.string() }).openapi({ ref: 'Message' })

export const PublicUser = z
	.object({
		id,
		username: z.string(),
		email: z.string(),
		firstName: z.string().nullable(),
		lastName: z.string().nullable(),
		role: z.enum(USER_ROLES),
		isPioneerAgent: z.boolean(),
		pioneerPosition: z.number().int().nullable(),
		createdAt: time,
	})
	.openapi({ ref: 'User' })

export const MeAnswer = PublicUser.extend({
	roleLabel: z.enum(['CEO', 'Admin', 'Agent']).nullable(),
	token: object({ id, name: z.string(), scope: z.enum(ACCESS_TOKEN_SCOPES), expiresAt: nullableTime })
		.nullable()
		.openapi({ description: 'the access token the request came with; null for a session' }),
}).openapi({
	ref: 'Me',
})

export const AccessToken = object({
	id,
	name: z.string(),
	scope: z.enum(ACCESS_TOKEN_SCOPES),
	createdAt: time,
	expiresAt: nullableTime,
	expired: z.boolean(),
	lastUsedAt: nullableTime,
	lastUsedAddress: z.string().nullable(),
}).openapi({ ref: 'AccessToken' })

export const AccessTokenCreated = object({
	token: AccessToken,
	secret: z.string().openapi({ description: 'rendo_pat_…: shown in this answer only, never again' }),
})

export const AccessTokenRevoked = object({ revoked: z.literal(true) })

export const AgentRegistered = object({
	message: z.string(),
	isPioneerAgent: z.boolean(),
	pioneerPosition: z.number().int().nullable(),
	user: PublicUser,
})

export const PioneerStatus = object({
	isPioneerProgramActive: z.boolean(),
	pioneerSpotsRemaining: z.number().int().min(0),
})

// ---- studio

export const Project = z
	.object({
		id,
		propertyAddress: z.string(),
		clientName: z.string().nullable(),
		clientEmail: z.string().nullable(),
		status: z.enum(['active', 'completed', 'archived']),
		totalRooms: z.number().int(),
		completedRooms: z.number().int(),
		createdAt: time,
		completedAt: nullableTime,
	})
	.openapi({ ref: 'Project' })

export const ProjectWithOriginals = Project.extend({
	originalsPageUrl: z.string().url().nullable().openapi({
		description:
			"the property's public originals page (each altered image beside its original); null while the agent has switched it off",
	}),
}).openapi({ ref: 'ProjectWithOriginals' })

export const ImageSources = z
	.object({
		src: z.string().openapi({ description: 'the image at its own size' }),
		width: z
			.number()
			.int()
			.nullable()
			.openapi({ description: 'in pixels; null for an image stored before sizes were kept' }),
		height: z.number().int().nullable(),
		thumbnail: z.string().openapi({ description: 'the copy 400 px on its longest side (smaller images: their size)' }),
		copies: z.array(z.object({ src: z.string(), width: z.number().int() })).openapi({
			description:
				'copies smaller than the image, smallest first, with their widths (for srcset); empty where the size is unknown',
		}),
	})
	.openapi({ ref: 'ImageSources', description: 'a stored image, its size and the smaller copies to choose from' })

export const Room = z
	.object({
		id,
		projectId: id,
		roomType: z.string(),
		roomTypeBy: z
			.enum(['agent', 'photo', 'nobody'])
			.describe(
				'who chose roomType: the agent; the photo (suggested by what it shows, to be confirmed); nobody (the photo showed no room clearly: roomType is a stand-in until the agent chooses)',
			),
		roomName: z.string().nullable(),
		originalImageUrl: z.string(),
		thumbnailUrl: z.string(),
		original: ImageSources,
		selectedStyles: z.array(z.string()),
		hasFurniture: z.boolean(),
		sameRoomAs: z
			.string()
			.uuid()
			.nullable()
			.openapi({ description: 'the first view of the room this photo is another view of (staged to match it)' }),
		status: z.enum(['pending', 'processing', 'completed', 'failed']),
		createdAt: time,
		completedAt: nullableTime,
	})
	.openapi({ ref: 'Room' })

const Items = z
	.array(
		z.object({
			name: z.string().openapi({ example: 'lamp' }),
			plural: z.string().openapi({ example: 'lamps' }),
			count: z.number().int(),
		}),
	)
	.openapi({ description: 'largest first' })

export const RoomCheckContents = z
	.object({ added: Items, removed: Items })
	.openapi({ ref: 'RoomCheckContents', description: 'what the room check saw the image add to the room and take away' })

const contentsSentence = z.string().nullable().openapi({
	description:
		'the contents in words, e.g. "Added: a sofa and two lamps. Removed: a bed"; null when nothing came or went',
})

export const RoomCheck = z
	.object({
		verdict: z.enum(['ok', 'check', 'unaligned']).openapi({
			description:
				'ok: walls, windows, doors, floor and ceiling as in the photo; check: something permanent may have changed; unaligned: the image could not be matched to the photo',
		}),
		note: z.string().nullable().openapi({
			description:
				'check: what may have changed, e.g. "A window on the left is gone"; ok: null, or what the staged frame leaves out of the photo, e.g. "The staged image is cropped: it leaves out the top 6 % of the photo"',
		}),
		regions: z
			.array(
				z.object({
					x: z.number(),
					y: z.number(),
					width: z.number(),
					height: z.number(),
					kind: z.string(),
				}),
			)
			.openapi({ description: 'changed areas, as fractions of the photo' }),
		answer: z.enum(['kept', 'replaced']).nullable().openapi({ description: "the agent's answer to a check" }),
		open: z.boolean().openapi({ description: 'a check that waits for the agent to look' }),
		contents: RoomCheckContents.nullable().openapi({
			description:
				'null when the check did not look (an image it could not match to the photo, or from before it looked)',
		}),
		contentsSentence,
	})
	.openapi({ ref: 'RoomCheck' })

export const Variation = z
	.object({
		id,
		roomId: id,
		style: z.string(),
		status: z.enum(['pending', 'completed', 'failed']),
		errorMessage: z.string().nullable(),
		imageUrl: z.string().nullable().openapi({ description: 'null until the render is done' }),
		thumbnailUrl: z.string().nullable(),
		image: ImageSources.nullable().openapi({ description: 'null until the render is done' }),
		isFavorite: z.boolean(),
		isPreview: z.boolean().openapi({ description: 'made by the local preview renderer, not staged' }),
		generationNumber: z.number().int(),
		variationIndex: z.number().int(),
		renderId: z.string().nullable(),
		roomName: z.string(),
		roomCheck: RoomCheck.nullable().openapi({
			description: 'the room check of the delivered image; null when not checked (the local preview, checks off)',
		}),
		stagingNote: z
			.string()
			.nullable()
			.openapi({ description: 'why this view of a room was staged on its own rather than to match its first view' }),
		matchedTo: id
			.nullable()
			.openapi({ description: "the first view's variation this view of a room was staged to match; null otherwise" }),
		originalsUrl: z.string().url().nullable().openapi({
			description:
				"this image's original on the property's originals page (its anchor); null for a pending or failed render, an enhanced photo (not altered: its original is on the page all the same), a local preview, and while the page is switched off",
		}),
		createdAt: time,
	})
	.openapi({ ref: 'Variation' })

export const RoomUploaded = object({
	success: z.literal(true),
	roomId: id,
	room: Room,
	existing: z.boolean().openapi({ description: 'true: the uploadKey was used before, and this is the room it made' }),
})

const projectStatus = z.enum(['active', 'completed', 'archived'])

export const KnownImports = object({
	imported: z.array(object({ key: z.string(), projectId: id, roomId: id.nullable(), projectStatus })),
})

export const RenderProgress = object({
	project: Project,
	rooms: z.array(
		object({
			id,
			name: z.string(),
			roomType: z.string(),
			status: z.enum(['pending', 'processing', 'completed', 'failed']),
			styles: z.array(
				object({
					style: z.string(),
					expected: z.number().int(),
					done: z.number().int(),
					failed: z.number().int(),
					pending: z.number().int(),
					errors: z.array(z.string()),
					checks: z
						.array(object({ variationId: id, note: z.string() }))
						.openapi({ description: 'images the room check flagged, waiting for the agent to look' }),
					contents: z
						.array(
							object({
								variationId: id,
								position: z
									.number()
									.int()
									.openapi({ description: "the image's place in its style, as the gallery numbers it (variation 2)" }),
								sentence: z.string().openapi({ example: 'Added: a sofa and two lamps. Removed: a bed' }),
							}),
						)
						.openapi({ description: 'what the room check saw each image add and take away, where it saw something' }),
				}),
			),
		}),
	),
	totals: object({
		rooms: z.number().int(),
		expected: z.number().int(),
		done: z.number().int(),
		failed: z.number().int(),
		pending: z.number().int(),
		checks: z.number().int().openapi({ description: 'flagged images waiting for a look' }),
	}),
}).openapi({ ref: 'RenderProgress' })

export const ProjectImages = object({
	project: Project,
	preparing: z.boolean().openapi({ description: "a completed project's final images are still being made" }),
	images: z.array(
		object({
			id,
			fileName: z.string(),
			roomName: z.string(),
			style: z.string(),
			roomCheck: z
				.string()
				.nullable()
				.openapi({ description: 'what the room check thinks may differ from the photo, until the agent has looked' }),
			contents: RoomCheckContents.nullable().openapi({ description: 'null when the room check did not look' }),
			contentsSentence,
			url: z.string().openapi({ description: "the image's bytes (ranges, ETag)" }),
		}),
	),
})
export const RoomQueued = object({ success: z.literal(true), roomId: id, queued: z.number().int() })
export const VariationAnswer = object({ success: z.literal(true), variation: Variation })
const FractionBox = object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }).openapi({
	description: "fractions 0..1 of the photo's width and height",
})
const refusal = (what: string) =>
	z
		.string()
		.nullable()
		.openapi({ description: `why this server's provider does not ${what}, in one line; null when it does` })
export const RoomObjects = object({
	roomId: id,
	removable: z.boolean().openapi({ description: "whether this server's provider removes chosen things" }),
	notRemovable: refusal('remove chosen things'),
	objects: z
		.array(
			object({
				id: z.string().openapi({ description: "stable for the photo: 'chair-2'" }),
				name: z.string().openapi({ description: "what a person calls it: 'chair 2', 'lamp'" }),
				kind: z.string(),
				box: FractionBox,
				outline: z.array(z.array(z.tuple([z.number(), z.number()]))).openapi({
					description:
						"its shape: closed rings of [x, y] points in fractions 0..1 of the photo's width and height, filled even-odd (a ring inside another is a hole)",
				}),
				area: z.number().openapi({ description: 'share of the photo it covers' }),
			}),
		)
		.openapi({ description: 'what can be removed, largest first' }),
	surfaces: z.array(
		object({
			name: z.enum(['walls', 'floor', 'ceiling', 'kitchen units', 'worktops']),
			box: FractionBox,
			area: z.number(),
			renovatable: z.boolean().openapi({ description: "whether this server's provider renovates it" }),
		}),
	),
	notRenovatable: refusal('renovate every surface listed'),
})
export const ViewsRestaged = object({ success: z.literal(true), variations: z.array(Variation) })

export const Billing = object({
	mode: z.enum(['invoice', 'stripe']),
	description: z.string(),
	amount: z.number().int().openapi({ description: 'pence' }),
	currency: z.string(),
	invoiceNumber: z.string().nullable(),
	paymentIntentId: z.string().nullable(),
})

export const Completed = object({
	success: z.literal(true),
	project: Project,
	watermarkingEnabled: z.boolean(),
	cleanupResult: object({ keptCount: z.number().int(), removedCount: z.number().int() }),
	billing: Billing,
})

export const PaymentIntentCreated = object({
	clientSecret: z.string().nullable(),
	amount: z.number().int(),
	currency: z.string(),
	description: z.string(),
	keptCount: z.number().int(),
})

export const DownloadAsset = z
	.object({
		id,
		filename: z.string(),
		downloadUrl: z.string(),
		roomName: z.string(),
		roomType: z.string(),
		style: z.string(),
		fileSize: z.number().int(),
		createdAt: time,
		isPreview: z.boolean(),
		image: ImageSources.openapi({ description: 'the image as staged, before its marks, to show it' }),
	})
	.openapi({ ref: 'DownloadAsset' })

export const FinalImagesEmailed = object({
	success: z.literal(true),
	sent: z.number().int(),
	recipientEmail: z.string(),
	expiresAt: time,
})

/** 503 while the final images are still being made (Retry-After says when to ask again). */
export const Preparing = object({ message: z.string(), preparing: z.literal(true) })

// ---- tickets

export const TicketComment = z
	.object({ id, author: z.string(), comment: z.string(), isInternal: z.boolean(), createdAt: time })
	.openapi({ ref: 'TicketComment' })

export const Ticket = z
	.object({
		id,
		ticketNumber: z.string(),
		issueType: z.enum(ISSUE_TYPES),
		title: z.string(),
		description: z.string(),
		status: z.enum(TICKET_STATUSES),
		priority: z.enum(PRIORITIES),
		projectId: id.nullable(),
		userName: z.string(),
		userEmail: z.string(),
		contactEmail: z.string().nullable(),
		assignedTo: z.string().nullable(),
		resolution: z.string().nullable(),
		createdAt: time,
		updatedAt: time,
		resolvedAt: nullableTime,
		closedAt: nullableTime,
		comments: z.array(TicketComment),
	})
	.openapi({ ref: 'Ticket' })

export const TicketReported = object({
	ticketNumber: z.string(),
	ticketId: id,
	priority: z.enum(PRIORITIES),
	status: z.enum(TICKET_STATUSES),
})

export const TicketStats = object({
	total: z.number().int(),
	open: z.number().int(),
	inProgress: z.number().int(),
	critical: z.number().int(),
	high: z.number().int(),
	resolved: z.number().int(),
	closed: z.number().int(),
	averageResolutionTime: z.number().openapi({ description: 'hours' }),
})

// ---- quick transforms

export const Transformation = z
	.object({
		id,
		userId: id,
		style: z.string(),
		status: z.enum(['pending', 'processing', 'completed', 'failed']),
		statusMessage: z.string().nullable(),
		propertyUrl: z.string().nullable(),
		areas: z.array(z.string()),
		emailResults: z.boolean(),
		beforeImageUrl: z.string().nullable(),
		afterImageUrl: z.string().nullable(),
		isPreview: z.boolean(),
		createdAt: time,
		completedAt: nullableTime,
		results: z.array(
			object({
				area: z.string(),
				status: z.enum(['pending', 'completed', 'failed']),
				imageUrl: z.string().nullable(),
				errorMessage: z.string().nullable(),
				isPreview: z.boolean(),
			}),
		),
	})
	.openapi({ ref: 'Transformation' })

// ---- operations (staff)

const count = z.number().int()
const alertType = z.enum(['error', 'critical', 'warning', 'success', 'info'])
const tier = object({ name: z.string(), limit: count, monthlyGbpCost: count })

export const CapacityAnalysis = z
	.object({
		currentUsage: count,
		currentLimit: count,
		utilizationPercent: z.number(),
		daysUntilCapacityExhausted: count.nullable(),
		projectedMonthUsage: count,
		urgencyLevel: z.enum(['low', 'medium', 'high', 'critical']),
		recommendedTier: tier,
		automatedUpgradeRecommended: z.boolean(),
	})
	.openapi({ ref: 'CapacityAnalysis' })

export const CapacityAutomation = object({
	alerts: z.array(object({ type: alertType, title: z.string(), message: z.string(), automatedAction: z.string() })),
	analysis: CapacityAnalysis,
	tiers: z.array(tier.extend({ costPerImagePence: count })),
})

const milestone = object({
	label: z.string(),
	target: count,
	propertiesPerMonth: count,
	agents: count,
	progress: z.number(),
})

/** Money in pence; 'this week' is the last 7 days, months are calendar months in UTC. */
export const OpsDashboard = object({
	generatedAt: time,
	alerts: z.array(object({ type: alertType, message: z.string(), action: z.string() })),
	healthCheck: object({
		activeCustomers: count,
		imagesProcessedToday: count,
		monthlyRevenue: count,
		apiQuotaUsed: z.number(),
	}),
	customerActivity: object({
		weeklyActiveUsers: count,
		weeklyActiveUsersChange: z.number(),
		imagesUploadedThisWeek: count,
		imagesHeartedThisWeek: count,
		finalDownloadsThisWeek: count,
	}),
	moneyMetrics: object({
		revenue: count,
		profit: count,
		breakEvenAnalysis: object({
			totalBuildCost: count,
			propertiesCompleted: count,
			breakEvenProperties: count,
			currentProgress: z.number(),
			revenueStillNeeded: count,
			propertiesStillNeeded: count,
		}),
	}),
	staging: object({
		provider: z.enum(PROVIDER_NAMES),
		label: z.string(),
		model: z.string(),
		isPreview: z.boolean(),
		reachable: z.boolean(),
		message: z.string().nullable(),
		outage: object({ since: time, lastFailure: time, failedCalls: count }).nullable().openapi({
			description:
				"while the vendor's calls keep failing (5xx, timeouts, dropped connections) with none answered since: since when, the last failure, how many failed",
		}),
		credits: object({ used: count, limit: count })
			.nullable()
			.openapi({ description: "the vendor's credits, where it reports them" }),
		editCredits: object({ used: count, limit: count })
			.nullable()
			.openapi({ description: "the vendor's image-editing allowance (twilight, enhance), where it counts it apart" }),
		thisMonth: z.array(
			object({
				provider: z.string(),
				label: z.string(),
				kind: z.enum(RENDER_KINDS).openapi({ description: 'what the requests made' }),
				kindLabel: z.string(),
				renders: count,
				images: count,
				failed: count,
				costUsdMicros: count.nullable(),
				rateLimitWaits: count,
			}),
		),
		roomChecks: z
			.array(
				object({
					provider: z.string(),
					label: z.string(),
					model: z.string().nullable(),
					checked: count,
					flagged: count,
					flaggedPercent: z.number(),
					kept: count,
					replaced: count,
					askedAgain: count.openapi({
						description:
							'images the pipeline asked the vendor for again by itself (unusable, or flagged with ROOM_CHECK=replace)',
					}),
				}),
			)
			.openapi({ description: "this month's room checks per provider and model" }),
	}),
	systemHealth: object({
		apiSuccessRate: z.number(),
		avgApiResponseTime: z.number().openapi({ description: 'ms, last 24 hours' }),
		failedRequestsLast24h: count,
		daysUntilApiQuotaReset: count,
	}),
	financialMetrics: object({
		monthlyRevenue: count,
		monthlyCosts: object({ fixed: count, variable: count }),
		grossProfit: count,
		costPerImage: count,
		revenuePerAgent: count,
		imagesProcessedThisMonth: count,
		propertiesCompletedThisMonth: count,
	}),
	summary: object({
		grossMargin: z.number(),
		nextUpgradeThreshold: object({ days: count.nullable(), recommendation: z.string() }),
	}),
	milestones: object({ target5K: milestone, target10K: milestone, target25K: milestone }),
	agentUsage: z.array(object({ name: z.string(), email: z.string(), properties: count, totalRevenue: count })),
	growthMetrics: object({
		agentAcquisitionRate: count,
		agentAcquisitionByMonth: z.array(object({ month: z.string(), newAgents: count })),
		mrrGrowthRate: z.number(),
		lastMonthRevenue: count,
		foundingMembers: object({ pending: count, contacted: count, converted: count, pipelineValue: count }),
	}),
})

// ---- brochures

export const AgentBrochure = z
	.object({
		id,
		uniqueToken: z.string(),
		fileName: z.string().nullable(),
		stylePreference: z.string().nullable(),
		generatedAt: nullableTime,
		createdAt: time,
		downloadCount: count,
		buyerName: z.string().nullable(),
		buyerEmail: z.string().nullable(),
		status: z.enum(['ready', 'processing', 'failed']),
		downloadUrl: z.string().nullable(),
		webUrl: z.string().nullable(),
		roomCount: count,
		roomChecks: z
			.array(z.string())
			.openapi({ description: "the room check's sentences for rooms whose staged image may have changed the room" }),
		property: object({
			id,
			address: z.string(),
			clientName: z.string().nullable(),
			clientEmail: z.string().nullable(),
		}),
		lastEmail: z
			.object({
				recipientEmail: z.string(),
				sentAt: nullableTime,
				openedAt: nullableTime,
				clickedAt: nullableTime,
			})
			.nullable(),
	})
	.openapi({ ref: 'AgentBrochure' })

export const BrochureRebuilding = object({ success: z.literal(true), message: z.string(), brochureId: id })
export const BrochureSent = object({ success: z.literal(true), message: z.string(), emailEventId: id })
export const TestBrochure = object({
	success: z.literal(true),
	message: z.string(),
	brochure: object({ fileName: z.string(), uniqueToken: z.string(), downloadUrl: z.string() }),
})

export const PreferenceReceived = object({
	success: z.literal(true),
	message: z.string(),
	details: object({
		propertyId: id,
		tourId: id,
		preferenceId: id,
		rendoProjectId: id,
		transformationId: id,
		brochureId: id.nullable(),
		clientName: z.string(),
		propertyAddress: z.string(),
		stylePreference: z.string(),
		agentEmail: z.string(),
		qualityLevel: z.string().nullable(),
		lightingPreference: z.string().nullable(),
		rooms: z.array(object({ roomType: z.string() })),
		status: z.string(),
	}),
})

// ---- accounts: onboarding, logo, Telegram

export const Onboarded = object({
	success: z.literal(true),
	message: z.string(),
	errors: z.array(z.string()).length(0),
	agentId: id,
	previewUrl: z.string(),
	dashboardUrl: z.string(),
})

export const OnboardingRefused = object({
	success: z.literal(false),
	message: z.string(),
	errors: z.array(z.string()),
	fieldErrors: z.record(z.array(z.string())),
	agentId: z.null(),
	previewUrl: z.null(),
	dashboardUrl: z.null(),
})

export const LogoState = object({
	hasLogo: z.boolean(),
	logoUrl: z.string().nullable(),
	logoUploadedAt: nullableTime,
})

export const TelegramLinkState = object({
	enabled: z.boolean().openapi({ description: 'whether this server runs the bot' }),
	link: object({ telegramUsername: z.string().nullable(), linkedAt: time }).nullable(),
})

export const TelegramLinkCode = object({
	code: z.string(),
	expiresAt: time,
	botUsername: z.string(),
	url: z.string().url(),
})

export const TelegramUnlinked = object({ removed: z.boolean() })

// ---- public forms and webhooks

export const TrialStarted = object({ success: z.literal(true), message: z.string() })

export const StripeReceived = object({
	received: z.literal(true),
	type: z.string(),
	completed: z.boolean().optional(),
})
export const StagingWoken = object({ woken: count })

/** The JSON type of an answer schema: routes that build an answer themselves check it with `satisfies`. */
export type AnswerOf<S extends z.ZodTypeAny> = z.infer<S>
