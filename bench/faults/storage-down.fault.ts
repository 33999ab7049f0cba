/** The object store (s3rver) stopped 30 s mid-delivery, uploads tried meanwhile: bench/faults/fleet-outage.ts. */
import type { Fault } from './fault-row.ts'
import { fleetOutage } from './fleet-outage.ts'

export const fault: Fault = {
	name: 'storage-down',
	run: () =>
		fleetOutage({
			fault: 'Storage (S3) down 30 s',
			outageS: 30,
			properties: 3,
			outage: (fleet) => ({ stop: fleet.stopStorage, start: fleet.startStorage }),
		}),
}
