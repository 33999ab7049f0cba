import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import { ErrorList, Field } from '#app/components/forms.tsx'
import { SelectField } from '#app/components/select-field.tsx'
import { cn } from '#app/utils/cn.ts'
import {
	DISCLOSURE_LABEL,
	FONT_FAMILIES,
	LABEL_WORDS_LENGTH,
	ONBOARDING_STEPS,
	TEMPLATE_STYLES,
	type AgentProfileInput,
	type TemplateStyle,
} from '#core/accounts/agent-profile.schema.ts'
import { labelOffWarning, MARKET_CODES, MARKETS } from '#core/disclosure/markets.ts'
import { ColourField } from './colour-field.tsx'

/** The wizard's fields, as conform gives them (every value a string in the form). */
export type WizardFields = { [K in keyof AgentProfileInput]-?: FieldMetadata<string> }

const TEMPLATES: Record<TemplateStyle, { label: string; description: string }> = {
	modern: { label: 'Modern', description: 'Photo beside a bold block of your primary colour.' },
	classic: { label: 'Classic', description: 'Framed pages, centred type and italic captions.' },
	luxury: { label: 'Luxury', description: 'Dark pages, full-bleed photos, your accent as gold.' },
}

/**
 * One step of the wizard: its heading (focused when the step opens) and its fields. A step not
 * shown stays in the form, hidden, so the last step sends every step's values.
 */
export function WizardStep({
	index,
	shown,
	headingRef,
	className,
	children,
}: {
	index: number
	shown: boolean
	headingRef: Ref<HTMLHeadingElement>
	className?: string
	children: ReactNode
}) {
	return (
		<section hidden={!shown} className={cn('flex flex-col', className)}>
			<h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
				{ONBOARDING_STEPS[index].title}
			</h2>
			{children}
		</section>
	)
}

export function CompanyFields({ fields }: { fields: WizardFields }) {
	return (
		<>
			<Field
				labelProps={{ children: 'Company name *' }}
				inputProps={{ ...getInputProps(fields.companyName, { type: 'text' }), autoComplete: 'organization' }}
				errors={fields.companyName.errors}
			/>
			<Field
				labelProps={{ children: 'Agent name *' }}
				inputProps={{ ...getInputProps(fields.agentName, { type: 'text' }), autoComplete: 'name' }}
				errors={fields.agentName.errors}
			/>
		</>
	)
}

export function ContactFields({ fields }: { fields: WizardFields }) {
	return (
		<>
			<Field
				labelProps={{ children: 'Email *' }}
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', inputMode: 'email' }}
				errors={fields.email.errors}
			/>
			<Field
				labelProps={{ children: 'Phone' }}
				inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
				errors={fields.phone.errors}
			/>
			<Field
				labelProps={{ children: 'Website' }}
				// Text, not url: a browser's own check would refuse 'harbourhomes.co.uk', which the schema takes.
				inputProps={{
					...getInputProps(fields.website, { type: 'text' }),
					inputMode: 'url',
					autoComplete: 'url',
					placeholder: 'https://',
				}}
				errors={fields.website.errors}
			/>
		</>
	)
}

/** The three brand colours (the logo sits above them, see LogoField). */
export function ColourFields({ fields }: { fields: WizardFields }) {
	return (
		<div className="grid grid-cols-1 gap-x-3 sm:grid-cols-3">
			<ColourField label="Primary colour" field={fields.primaryColor} />
			<ColourField label="Secondary colour" field={fields.secondaryColor} />
			<ColourField label="Accent colour" field={fields.accentColor} />
		</div>
	)
}

/**
 * Font, template (the chosen one highlighted), where the agency lists, and whether staged photos
 * carry the disclosure label, warned in the chosen market's rules.
 */
export function TemplateFields({ fields, template }: { fields: WizardFields; template: TemplateStyle }) {
	return (
		<>
			<SelectField
				labelProps={{ children: 'Font' }}
				selectProps={getSelectProps(fields.fontFamily)}
				options={FONT_FAMILIES.map((f) => ({ value: f, label: f }))}
				errors={fields.fontFamily.errors}
			/>
			<fieldset className="flex flex-col gap-2">
				<legend className="mb-1 text-sm font-medium text-gray-800">Template style</legend>
				<div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
					{getCollectionProps(fields.templateStyle, { type: 'radio', options: [...TEMPLATE_STYLES] }).map(
						({ key, ...props }) => {
							const option = TEMPLATES[props.value as TemplateStyle]
							return (
								<label
									key={key}
									className={cn(
										'flex cursor-pointer gap-2 rounded-lg border p-3 text-sm focus-within:ring-2 focus-within:ring-accent/40',
										template === props.value ? 'border-accent bg-blue-50/50' : 'border-gray-200',
									)}
								>
									<input {...props} className="mt-0.5 size-4" />
									<span className="flex flex-col">
										<span className="font-medium text-gray-900">{option.label}</span>
										<span className="text-muted-foreground">{option.description}</span>
									</span>
								</label>
							)
						},
					)}
				</div>
				<ErrorList errors={fields.templateStyle.errors} />
			</fieldset>
			<SelectField
				labelProps={{ children: 'Where you list' }}
				selectProps={getSelectProps(fields.market, { ariaDescribedBy: 'market-hint' })}
				options={MARKET_CODES.map((code) => ({ value: code, label: MARKETS[code].name }))}
				errors={fields.market.errors}
			/>
			<p id="market-hint" className="-mt-4 text-sm text-muted-foreground">
				The rules on altered photos we name to you, and where your listing pack is made to go, follow this choice.
			</p>
			<fieldset className="group flex flex-col gap-2" aria-describedby="disclosure-hint label-off-warning">
				<legend className="mb-1 text-sm font-medium text-gray-800">“{DISCLOSURE_LABEL}” label</legend>
				<p id="disclosure-hint" className="text-sm text-muted-foreground">
					Printed in a corner of every staged photo you download or share and on your brochures, so buyers can tell a
					staged photo from the room as it is.
				</p>
				<div className="flex flex-wrap gap-2">
					{getCollectionProps(fields.disclosureLabel, { type: 'radio', options: ['on', 'off'] }).map(
						({ key, ...props }) => (
							<label
								key={key}
								className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 text-sm focus-within:ring-2 focus-within:ring-accent/40"
							>
								<input {...props} className="size-4" />
								{props.value === 'on' ? 'Show the label' : 'No label'}
							</label>
						),
					)}
				</div>
				{/* Always in the page, so it is read without JavaScript (in the saved market's words; with it, the chosen
				    market's); it stands out once "No label" is chosen (CSS only). */}
				<p
					id="label-off-warning"
					className="flex gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700 group-has-[input[value=off]:checked]:border-amber-300 group-has-[input[value=off]:checked]:bg-amber-50 group-has-[input[value=off]:checked]:text-amber-950"
				>
					<TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
					<span>
						<strong className="font-semibold">Before you choose No label:</strong>{' '}
						{labelOffWarning(fields.market.value as string | undefined)}
					</span>
				</p>
				<ErrorList errors={fields.disclosureLabel.errors} />
			</fieldset>
			<Field
				labelProps={{ children: 'Label wording' }}
				inputProps={{
					// conform adds the error's id to the hint's once there is one.
					...getInputProps(fields.disclosureText, { type: 'text', ariaDescribedBy: 'label-wording-hint' }),
					placeholder: DISCLOSURE_LABEL,
				}}
				errors={fields.disclosureText.errors}
			/>
			<p id="label-wording-hint" className="-mt-4 text-sm text-muted-foreground">
				Optional: your own words for the label, {LABEL_WORDS_LENGTH.min} to {LABEL_WORDS_LENGTH.max} characters. Leave
				it empty for “{DISCLOSURE_LABEL}” (or “Twilight edit” on a dusk sky).
			</p>
		</>
	)
}
