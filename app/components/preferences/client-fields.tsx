import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '#app/components/forms.tsx'

type ClientFields = {
	clientName: FieldMetadata<string>
	agentEmail: FieldMetadata<string>
	propertyAddress: FieldMetadata<string>
}

/** Who viewed which property, and the agent to tell: the head of both preference forms. */
export function ClientFieldset({
	fields,
	serverErrors,
	addressPlaceholder,
}: {
	fields: ClientFields
	/** The server's field errors of the last attempt, shown where the browser found none. */
	serverErrors: Record<string, string[]>
	addressPlaceholder?: string
}) {
	return (
		<>
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
				<Field
					labelProps={{ children: 'Client name *' }}
					inputProps={{ ...getInputProps(fields.clientName, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.clientName.errors ?? serverErrors.clientName}
				/>
				<Field
					labelProps={{ children: 'Agent email *' }}
					inputProps={{
						...getInputProps(fields.agentEmail, { type: 'email' }),
						autoComplete: 'email',
						inputMode: 'email',
					}}
					errors={fields.agentEmail.errors ?? serverErrors.agentEmail}
				/>
			</div>
			<Field
				labelProps={{ children: 'Property address *' }}
				inputProps={{
					...getInputProps(fields.propertyAddress, { type: 'text' }),
					autoComplete: 'street-address',
					placeholder: addressPlaceholder,
				}}
				errors={fields.propertyAddress.errors ?? serverErrors.propertyAddress}
			/>
		</>
	)
}
