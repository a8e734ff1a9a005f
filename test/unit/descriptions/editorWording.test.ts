/**
 * The editor findings of the docs-and-editor review (issue 21) that are wording: what the options say
 * where a user meets them. Stored parameter names do not change, so saved workflows are untouched.
 */
import type { INodeProperties } from 'n8n-workflow';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';

const optionsOf = (type: string): INodeProperties[] =>
	allNodeTypes[type].description.properties.filter((p) => p.name === 'options').flatMap((p) => (p.options ?? []) as INodeProperties[]);

describe('editor wording', () => {
	it('warns about Retry On Fail where the user sets how many messages go at once', () => {
		const concurrency = optionsOf('solSwitchMessaging').find((o) => o.name === 'concurrency')!;
		expect(concurrency.description).toMatch(/Leave the node setting Retry On Fail off: it would send every item again\.$/);
	});

	it('says how the nothing-found item differs from n8n\'s Always Output Data, under a name in n8n\'s words', () => {
		const marker = optionsOf('solSwitch').find((o) => o.name === 'emitEmptyMarker')!;
		expect(marker.displayName).toBe('Output an Item When Nothing Is Found');
		expect(marker.description).toMatch(/Unlike the node setting Always Output Data, whose item is empty, this one carries the Reason/);
	});

	it('names the request timeout without a unit in the title, and the body encoding without jargon', () => {
		for (const type of ['solSwitch', 'solSwitchAdmin', 'solSwitchMessaging']) {
			const options = optionsOf(type);
			expect(options.filter((o) => o.name === 'timeout').map((o) => o.displayName)).toEqual(expect.arrayContaining(['Request Timeout']));
			expect(options.filter((o) => o.name === 'timeout' && o.displayName !== 'Request Timeout')).toEqual([]);
			expect(JSON.stringify(options)).not.toMatch(/x-www-form-urlencoded|\(Ms\)/);
		}
	});

	it('names Extension > Set Monitoring for what it does (its Enabled field sets on or off), the stored value unchanged', () => {
		const operation = allNodeTypes.solSwitch.description.properties.find((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes('extension'))!;
		expect(operation.options).toEqual([expect.objectContaining({ name: 'Set Monitoring', value: 'toggleMonitoring' })]);
	});
});
