import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BuyerLayout, buyerPageHandle } from '#app/components/buyer/buyer-layout.tsx'
import { GeneralErrorBoundary, LinkUnavailable } from '#app/components/error-boundary.tsx'
import { formatShortDate } from '#app/components/studio/labels.ts'
import { ResponsiveImage } from '#app/components/ui/responsive-image.tsx'
import { brandName } from '#core/accounts/brand-name.ts'
import { viewOriginalsPage, type OriginalsImage } from '#core/disclosure/originals-page.ts'
import type { ImageSources } from '#core/studio/views.ts'

// A page for buyers who follow a label's QR code, not for search engines: every answer says so,
// the 404 and 410 too, in the header (for crawlers that never parse the page) and in the page.
const NO_INDEX = 'noindex, nofollow'
// Switched off or replaced at any time by the agent: never served from a cache.
const pageHeaders = { 'X-Robots-Tag': NO_INDEX, 'Cache-Control': 'private, no-cache' }

export const headers: HeadersFunction = () => pageHeaders

// Buyers reach it from the agent's images: it wears the agent's brand, not Rendo's header and footer.
export const handle = buyerPageHandle

export const meta: MetaFunction<typeof loader> = ({ data }) => [
	{ title: data ? `Original photos: ${data.address} | ${brandName(data.brand)}` : 'Original photos' },
	{ name: 'robots', content: NO_INDEX },
]

const PAGE_GONE = 'This address has been replaced'
const PAGE_NOT_FOUND = 'Original photos not found'

export async function loader({ params }: LoaderFunctionArgs) {
	const page = await viewOriginalsPage(params.token ?? '')
	if (page.state === 'retired') throw data(PAGE_GONE, { status: 410, headers: pageHeaders })
	if (page.state !== 'live') throw data(PAGE_NOT_FOUND, { status: 404, headers: pageHeaders })
	return data(page, { headers: pageHeaders })
}

function Pair({ image }: { image: OriginalsImage }) {
	const titleId = `${image.anchor}-title`
	return (
		<article
			id={image.anchor}
			aria-labelledby={titleId}
			className="flex scroll-mt-4 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 target:ring-2 target:ring-brand"
		>
			<div className="flex flex-col gap-0.5">
				<h3 id={titleId} className="text-lg font-semibold text-gray-900">
					{image.room}
				</h3>
				<p className="text-sm text-gray-700">
					<span className="font-medium text-gray-900">{image.alteration}</span>
					<span aria-hidden> · </span>
					<span className="sr-only">, </span>
					made <time dateTime={image.madeAt.toISOString()}>{formatShortDate(image.madeAt.toISOString())}</time>
				</p>
				{image.seen ? <p className="text-sm text-gray-700">{image.seen}</p> : null}
			</div>
			<div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
				<Photo
					image={image.alteredImage}
					caption={image.altered ? 'Altered image' : 'Enhanced image'}
					alt={`${image.room}: ${image.alteration.toLowerCase()}`}
				/>
				<Photo image={image.originalImage} caption="Original photo" alt={`${image.room}: the original photo`} />
			</div>
		</article>
	)
}

// The width a pair's column gives each picture: half the page's 64rem, less its padding, the card's
// border and padding and the gap between the two, side by side from `sm`; the card's width on phones.
const PHOTO_SIZES = '(min-width: 1024px) 465px, (min-width: 640px) calc(50vw - 47px), calc(100vw - 66px)'

function Photo({ image, caption, alt }: { image: ImageSources; caption: string; alt: string }) {
	return (
		<figure className="flex flex-col gap-2">
			{/* The whole picture, a portrait as a portrait, loaded at the size its column shows it; never taller than the screen. */}
			<ResponsiveImage image={image} sizes={PHOTO_SIZES} alt={alt} className="max-h-[80vh] rounded-lg bg-muted" />
			<figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
				<span className="font-medium text-gray-900">{caption}</span>
				<a href={image.src} className="text-brand underline underline-offset-2 hover:no-underline">
					Full size<span className="sr-only"> {caption.toLowerCase()}</span>
				</a>
			</figcaption>
		</figure>
	)
}

function Group({ title, intro, images }: { title: string; intro?: string; images: OriginalsImage[] }) {
	if (!images.length) return null
	return (
		<section aria-label={title} className="flex flex-col gap-4">
			<div className="flex flex-col gap-1">
				<h2 className="text-xl font-semibold text-gray-900">{title}</h2>
				{intro ? <p className="text-sm text-gray-700">{intro}</p> : null}
			</div>
			{images.map((image) => (
				<Pair key={image.id} image={image} />
			))}
		</section>
	)
}

export default function OriginalsPage() {
	const page = useLoaderData<typeof loader>()
	const altered = page.images.filter((image) => image.altered)
	const enhanced = page.images.filter((image) => !image.altered)
	return (
		<BuyerLayout brand={page.brand} logoUrl={page.logoUrl}>
			<div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6 sm:py-12">
				<header className="flex flex-col gap-2">
					<p className="text-sm font-semibold tracking-wide text-accent uppercase">Original photos</p>
					<h1 className="text-3xl font-bold tracking-tight break-words text-brand sm:text-4xl">{page.address}</h1>
					<p className="max-w-2xl text-gray-700">
						Photos of this property were digitally altered. Each altered image is shown beside the original photo it was
						made from.
					</p>
				</header>
				{page.images.length ? null : (
					<p className="text-gray-700">No images of this property have been delivered yet.</p>
				)}
				<Group title="Altered images" images={altered} />
				<Group
					title="Enhanced, not altered"
					intro="Colour and exposure only: nothing was added to or removed from these photos."
					images={enhanced}
				/>
			</div>
		</BuyerLayout>
	)
}

function Unavailable({ title, children }: { title: string; children: string }) {
	return (
		<LinkUnavailable title={title}>
			<p className="text-gray-700">{children}</p>
		</LinkUnavailable>
	)
}

export function ErrorBoundary() {
	return (
		<BuyerLayout brand={null}>
			<GeneralErrorBoundary
				statusHandlers={{
					404: () => (
						<Unavailable title={PAGE_NOT_FOUND}>
							This page is not available. Check that you typed the whole address, or ask the agent for the link: they
							may have switched the page off.
						</Unavailable>
					),
					410: () => (
						<Unavailable title={PAGE_GONE}>
							The agent has issued a new address for this property's original photos. Ask them for the new link or QR
							code.
						</Unavailable>
					),
				}}
			/>
		</BuyerLayout>
	)
}
