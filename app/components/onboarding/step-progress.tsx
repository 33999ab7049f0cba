import { Check } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'
import { ONBOARDING_STEPS } from '#core/accounts/agent-profile.schema.ts'

/** The four steps as a bar, the current one marked, the done ones ticked. */
export function StepProgress({ step }: { step: number }) {
	return (
		<>
			<ol aria-label="Onboarding steps" className="grid grid-cols-4 gap-2">
				{ONBOARDING_STEPS.map((s, index) => (
					<li key={s.title} aria-current={index === step ? 'step' : undefined} className="flex flex-col gap-1.5">
						<span className={cn('h-1.5 rounded-full', index <= step ? 'bg-brand' : 'bg-gray-200')} />
						<span
							className={cn(
								'hidden text-xs sm:block',
								index === step ? 'font-semibold text-gray-900' : 'text-muted-foreground',
							)}
						>
							{index < step ? <Check aria-hidden className="mr-1 inline size-3" /> : null}
							{s.title}
						</span>
					</li>
				))}
			</ol>
			<p className="text-sm text-muted-foreground sm:hidden" aria-hidden>
				Step {step + 1} of {ONBOARDING_STEPS.length}
			</p>
		</>
	)
}
