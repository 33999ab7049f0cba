import { ErrorList } from '#app/components/forms.tsx'
import { cn } from '#app/utils/cn.ts'
import type { StagedFavourite } from '#core/preferences/staged-favourites.ts'

const card = (chosen: boolean) =>
	cn(
		'flex cursor-pointer items-center gap-3 rounded-lg border p-2 text-sm focus-within:ring-2 focus-within:ring-accent/40',
		chosen ? 'border-accent bg-blue-50/50' : 'border-gray-200 bg-white',
	)
const radio = 'size-4 shrink-0 accent-[var(--color-accent)]'

/**
 * The single-room request's photo: a new upload, or one of the agent's staged favourites, which
 * the brochure uses as it is (no upload, no new render). Plain radios named `favoriteId`, so the
 * choice posts without JavaScript; with it, `onChoose` lets the form hide the upload.
 */
export function StagedFavouriteChoice({
	favourites,
	chosen,
	onChoose,
	errors,
	errorId,
}: {
	favourites: StagedFavourite[]
	/** The id chosen, '' for a new upload. */
	chosen: string
	onChoose: (id: string) => void
	errors?: string[]
	errorId: string
}) {
	return (
		<fieldset
			className="mb-4 flex flex-col gap-2"
			aria-describedby={errors?.length ? errorId : undefined}
			aria-invalid={errors?.length ? true : undefined}
		>
			<legend className="mb-1 text-sm font-medium text-gray-800">Photo</legend>
			<p className="text-sm text-muted-foreground">
				Upload a new photo, or use an image you have already staged and paid for: the brochure shows it as staged, in
				its style, straight away.
			</p>
			<label className={card(chosen === '')}>
				<input
					type="radio"
					name="favoriteId"
					value=""
					checked={chosen === ''}
					onChange={() => onChoose('')}
					className={radio}
				/>
				<span className="font-medium text-gray-900">A new photo</span>
			</label>
			<ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label="Your staged favourites">
				{favourites.map((favourite) => (
					<li key={favourite.id}>
						<label className={card(chosen === favourite.id)}>
							<input
								type="radio"
								name="favoriteId"
								value={favourite.id}
								checked={chosen === favourite.id}
								onChange={() => onChoose(favourite.id)}
								className={radio}
							/>
							<img
								src={favourite.thumbnailUrl}
								alt=""
								width={64}
								height={48}
								loading="lazy"
								className="h-12 w-16 shrink-0 rounded object-cover"
							/>
							<span className="flex min-w-0 flex-col">
								<span className="font-medium text-gray-900">{favourite.label}</span>
								<span className="truncate text-muted-foreground">{favourite.propertyAddress}</span>
							</span>
						</label>
					</li>
				))}
			</ul>
			<ErrorList id={errorId} errors={errors} />
		</fieldset>
	)
}
