/** The SolSwitch node's Call and Wait for Keypress parameters of the integration tests: Digit Validation 510, options thanks / goodbye / repeat. */
export const callAndWaitParameters = (destination: string, over: Record<string, unknown> = {}) => ({
	resource: 'call',
	operation: 'sendAndWait',
	Extension: '510',
	Destination: destination,
	approveOption: 'thanks',
	declineOption: 'goodbye',
	otherKeyOption: 'repeat',
	...over,
});
