import { Check, MailCheck, Sparkles, type LucideIcon } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { trialSuccessMessage } from '#core/leads/trial.options.ts'
import { PRO_BENEFITS } from '../pro-benefits.ts'

/**
 * A control that returns to an empty form: with JavaScript it resets in place; without, it is a
 * real GET of the landing page, which shows the empty form too.
 */
function BackToFormButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
	return (
		<form
			method="get"
			action="/#try-it-free"
			onSubmit={(event) => {
				event.preventDefault()
				onClick()
			}}
		>
			<button type="submit" className={cn(buttonClasses({ size: 'lg', variant: 'outline' }), 'w-full sm:w-auto')}>
				{children}
			</button>
		</form>
	)
}

function SignUpLink({ children }: { children: ReactNode }) {
	return (
		<a
			href="/register"
			target="_blank"
			rel="noopener noreferrer"
			className={cn(buttonClasses({ size: 'lg' }), 'w-full sm:w-auto')}
		>
			{children}
		</a>
	)
}

/** A result panel; its heading takes focus when it replaces the form, so it is read out. */
function Panel({
	icon: Icon,
	title,
	takeFocus,
	children,
}: {
	icon: LucideIcon
	title: string
	takeFocus: boolean
	children: ReactNode
}) {
	const headingRef = useRef<HTMLHeadingElement>(null)
	useEffect(() => {
		if (takeFocus) headingRef.current?.focus()
	}, [takeFocus])
	return (
		<div className="flex flex-col items-start gap-5">
			<span className="flex size-12 items-center justify-center rounded-full bg-green-50 text-green-700">
				<Icon aria-hidden className="size-6" />
			</span>
			<h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-gray-900 focus:outline-none">
				{title}
			</h3>
			{children}
		</div>
	)
}

export function SuccessPanel({
	email,
	onReset,
	takeFocus,
}: {
	email: string
	onReset: () => void
	takeFocus: boolean
}) {
	return (
		<Panel icon={MailCheck} title="Transformation in Progress!" takeFocus={takeFocus}>
			<p className="text-gray-700">{trialSuccessMessage(email)}</p>
			<div className="flex w-full flex-col gap-3 sm:flex-row">
				<SignUpLink>Get Started with Rendo</SignUpLink>
				<BackToFormButton onClick={onReset}>Reset Form</BackToFormButton>
			</div>
		</Panel>
	)
}

export function AlreadyUsedPanel({ onTryAgain, takeFocus }: { onTryAgain: () => void; takeFocus: boolean }) {
	return (
		<Panel icon={Sparkles} title="You've Already Tried Rendo!" takeFocus={takeFocus}>
			<p className="text-gray-700">
				Each e-mail address gets one free transformation. Upgrade to Rendo Pro to stage every room of every listing:
			</p>
			<ul className="flex flex-col gap-2">
				{PRO_BENEFITS.map((benefit) => (
					<li key={benefit} className="flex items-start gap-2 text-gray-800">
						<Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
						{benefit}
					</li>
				))}
			</ul>
			<div className="flex w-full flex-col gap-3 sm:flex-row">
				<SignUpLink>Get Started with Rendo Pro</SignUpLink>
				<BackToFormButton onClick={onTryAgain}>Try Different Email</BackToFormButton>
			</div>
		</Panel>
	)
}
