import { getInputProps, type FieldMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Field } from './forms.tsx'

type NewAccountFields = {
	firstName: FieldMetadata<string>
	lastName: FieldMetadata<string>
	email: FieldMetadata<string>
	password: FieldMetadata<string>
	confirmPassword: FieldMetadata<string>
}

/** The fields both sign-up forms share; `children` go between the name and the e-mail (a username). */
export function NewAccountFieldset({ fields, children }: { fields: NewAccountFields; children?: ReactNode }) {
	return (
		<>
			<div className="grid gap-x-4 sm:grid-cols-2">
				<Field
					labelProps={{ children: 'First name' }}
					inputProps={{
						...getInputProps(fields.firstName, { type: 'text' }),
						autoComplete: 'given-name',
						autoFocus: true,
					}}
					errors={fields.firstName.errors}
				/>
				<Field
					labelProps={{ children: 'Last name' }}
					inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
					errors={fields.lastName.errors}
				/>
			</div>
			{children}
			<Field
				labelProps={{ children: 'Email' }}
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
			<Field
				labelProps={{ children: 'Password' }}
				inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.password.errors}
			/>
			<Field
				labelProps={{ children: 'Confirm password' }}
				inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.confirmPassword.errors}
			/>
		</>
	)
}
