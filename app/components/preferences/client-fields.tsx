import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '#app/components/forms.tsx'

type ClientFields = {
	clientName: FieldMetadata<string>
	agentEmail: FieldMetadata<string>
	propertyAddress: FieldMetadata<string>
}

/** Who viewed which property, and the agent to tell: the head of both preference forms. */
export function ClientFieldset({ fields, addressPlaceholder }: { fields: ClientFields; addressPlaceholder?: string }) {
	return (
		<>
			<div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
				<Field
					labelProps={{ children: 'Client name *' }}
					inputProps={{ ...getInputProps(fields.clientName, { type: 'text' }), autoComplete: 'off' }}
					errors={fields.clientName.errors}
				/>
				<Field
					labelProps={{ children: 'Agent email *' }}
					inputProps={{
						...getInputProps(fields.agentEmail, { type: 'email' }),
						autoComplete: 'email',
						inputMode: 'email',
					}}
					errors={fields.agentEmail.errors}
				/>
			</div>
			<Field
				labelProps={{ children: 'Property address *' }}
				inputProps={{
					...getInputProps(fields.propertyAddress, { type: 'text' }),
					autoComplete: 'street-address',
					placeholder: addressPlaceholder,
				}}
				errors={fields.propertyAddress.errors}
			/>
		</>
	)
}
