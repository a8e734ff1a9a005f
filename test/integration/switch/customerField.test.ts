/**
 * Additional Fields > Customer, added in the editor and left as it comes, means what its help says:
 * "Left empty, the credential's default customer is used" (SolSwitch), "Left empty, nothing is sent"
 * (SolSwitch Admin > Toll > Get Charges). n8n's editor gives an added collection field the property's
 * `default`, so these tests run the node with exactly that value, in every node version. Before, the
 * field started at 1 (the switch's own default) and 0, sent as such: a customer-scoped key was refused
 * ("No access to customer number 1") and Get Charges narrowed to a customer 0.
 */
import type { INodeProperties, NodeParameterValue } from 'n8n-workflow';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { runNode } from '../../../scripts/n8n-engine/n8nEngine';
import { useSandbox } from '../../helpers/sandbox';

const env = useSandbox({ reports: { seed: 7, legs: 30, days: 1, lastDay: '2026-03-10' } });

/** What the editor puts in Additional Fields when the user adds `name` to it for this operation. */
function addedUntouched(type: string, resource: string, operation: string, name: string): NodeParameterValue {
	const collection = allNodeTypes[type].description.properties.find(
		(p) => p.name === 'additionalFields' && p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation),
	);
	const field = (collection?.options as INodeProperties[] | undefined)?.find((o) => o.name === name);
	if (!field) throw new Error(`${type} ${resource}/${operation} has no Additional Fields > ${name}`);
	return field.default as NodeParameterValue;
}

describe('Additional Fields > Customer, added and left untouched', () => {
	it.each([1, 2])("SolSwitch v%i: shows empty and sends the credential's Default Customer (a customer-scoped key is not refused)", async (typeVersion) => {
		const untouched = addedUntouched('solSwitch', 'call', 'listActive', 'Customer');
		expect(untouched).toBe('');
		const { error } = await runNode({
			type: 'solSwitch',
			typeVersion,
			parameters: { resource: 'call', operation: 'listActive', additionalFields: { Customer: untouched } },
			credentials: env.customer2Credentials(),
		});
		expect(error).toBeUndefined();
		const [request] = env.received('listactivecalls');
		expect(request.body).toMatchObject({ Customer: 2 });
		expect(request.answer).toMatchObject({ Status: 'OK' });
	});

	it.each([1, 2])('SolSwitch v%i: a customer typed is sent as a number, and a saved workflow holding 1 still sends 1', async (typeVersion) => {
		for (const given of ['2', 1]) {
			await runNode({
				type: 'solSwitch',
				typeVersion,
				parameters: { resource: 'call', operation: 'listActive', additionalFields: { Customer: given } },
				credentials: env.switchCredentials({ customer: '2' }),
			});
		}
		expect(env.received('listactivecalls').map((r) => (r.body as { Customer?: unknown }).Customer)).toEqual([2, 1]);
	});

	it('SolSwitch: a customer that is not a whole number is refused before sending', async () => {
		const { error } = await runNode({
			type: 'solSwitch',
			typeVersion: 2,
			parameters: { resource: 'call', operation: 'listActive', additionalFields: { Customer: 'acme' } },
			credentials: env.switchCredentials(),
		});
		expect(error?.message).toBe('Customer must be a number');
		expect(env.received('listactivecalls')).toHaveLength(0);
	});

	it.each([1, 2])('SolSwitch Admin v%i, Toll > Get Charges: shows empty and sends no Customer', async (typeVersion) => {
		const untouched = addedUntouched('solSwitchAdmin', 'toll', 'report', 'Customer');
		expect(untouched).toBe('');
		const { error } = await runNode({
			type: 'solSwitchAdmin',
			typeVersion,
			parameters: { resource: 'toll', operation: 'report', DateStart: '2026-03-10', DateEnd: '2026-03-10', additionalFields: { Customer: untouched } },
			credentials: env.switchCredentials({ customer: '2' }),
		});
		expect(error).toBeUndefined();
		const [request] = env.received('tollreport');
		expect(request.body).not.toHaveProperty('Customer');
	});
});
