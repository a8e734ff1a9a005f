/**
 * The triggers' webhook phase needs no expression engine in n8n 2.40: every template field of their
 * webhook descriptions has a native resolver (read by n8n-workflow's own
 * resolveWebhookDescriptionField / webhookDescriptionIsNativelyResolvable), each resolver gives what
 * n8n's expression engine gives for its template, and new nodes get a version other than 1 (n8n's
 * parseRequestBody evaluates an expression for version 1 start nodes).
 */
import {
	Workflow,
	resolveWebhookDescriptionField,
	webhookDescriptionIsNativelyResolvable,
	type INode,
	type INodeParameters,
	type IWebhookDescription,
} from 'n8n-workflow';
import { triggerVersions, webhookDescription, WEBHOOK_RESOLVERS } from '../../../nodes/engine/trigger/describe';
import type { TriggerSpec } from '../../../nodes/engine/trigger/types';
import { SWITCH_TRIGGER } from '../../../nodes/SolSwitchTrigger/events';
import { allNodeTypes } from '../../../scripts/n8n-engine/packageTypes';
import { packageNodeTypes } from '../../../scripts/n8n-engine/n8nCore';

type TriggerType = 'solSwitchTrigger' | 'solSwitchMessagingTrigger';

/** The node as the Workflow constructor makes it (defaults applied), with these parameters. */
function nodeWith(type: TriggerType, typeVersion: number, parameters: INodeParameters): { workflow: Workflow; node: INode } {
	const node: INode = { id: 'n', name: 'Trigger', type: `n8n-nodes-solswitch.${type}`, typeVersion, position: [0, 0], parameters };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: true, nodeTypes: packageNodeTypes });
	return { workflow, node: workflow.getNode('Trigger')! };
}

const switchCases: INodeParameters[] = SWITCH_TRIGGER.events.flatMap((e) => [
	{ event: e.value },
	{ event: e.value, answerFrom: 'responseNode', answerField: 'route' },
	{ event: e.value, answerFrom: 'lastNode' },
]);
const messagingCases: INodeParameters[] = [{}, { replyMode: 'responseNode' }, { replyMode: 'lastNode' }, { replyMode: 'onReceived' }];

describe.each([
	['solSwitchTrigger', switchCases],
	['solSwitchMessagingTrigger', messagingCases],
] as Array<[TriggerType, INodeParameters[]]>)('%s webhook description', (type, cases) => {
	const [description] = allNodeTypes[type].description.webhooks!;
	const templateFields = Object.keys(description).filter((f) => String(description[f]).startsWith('='));

	it('is natively resolvable (every template field has its resolver)', () => {
		expect(templateFields.length).toBeGreaterThan(0);
		expect(Object.keys(description[WEBHOOK_RESOLVERS] ?? {}).sort()).toEqual(templateFields.sort());
		expect(webhookDescriptionIsNativelyResolvable(description)).toBe(true);
	});

	it.each(cases.map((c) => [JSON.stringify(c), c]))('resolves natively what the expression engine gives: %s', (_, parameters) => {
		const { workflow, node } = nodeWith(type, allNodeTypes[type].description.defaultVersion ?? 1, parameters as INodeParameters);
		for (const field of templateFields) {
			const native = resolveWebhookDescriptionField(node, description, field);
			const engine = workflow.expression.getSimpleParameterValue(node, description[field] as string, 'internal', {});
			expect({ field, ...native }).toEqual({ field, resolved: true, value: engine });
		}
	});

	it('falls back to the engine when the node holds an expression', () => {
		const { node } = nodeWith(type, 1, { ...cases[0], options: { maxBodyKb: '={{64}}' } });
		expect(resolveWebhookDescriptionField(node, description, templateFields[0])).toEqual({ resolved: false });
	});

	it('new nodes get a version other than 1; version 1 stays for saved workflows', () => {
		const { version, defaultVersion } = allNodeTypes[type].description;
		expect(defaultVersion).not.toBe(1);
		expect(version).toEqual(expect.arrayContaining([1, defaultVersion]));
	});
});

describe('kit', () => {
	it('a trigger at version 1 gets 1.1; one already past 1 keeps its latest', () => {
		expect(triggerVersions([1])).toEqual({ version: [1, 1.1], defaultVersion: 1.1 });
		expect(triggerVersions([1, 2])).toEqual({ version: [1, 2], defaultVersion: 2 });
	});

	it('a path per kind not named after the kind is resolved from the same map as its template', () => {
		const mapped: TriggerSpec = { ...SWITCH_TRIGGER, events: SWITCH_TRIGGER.events.map((e) => ({ ...e, path: `p-${e.value}` })) };
		const description: IWebhookDescription = webhookDescription(mapped);
		const resolvers = description[WEBHOOK_RESOLVERS]!;
		expect(description.path).toBe(resolvers.path.template);
		expect(resolvers.path.resolve({ event: 'monitoring' })).toBe('p-monitoring');
		expect(resolvers.path.resolve({ event: 'constructor' })).toBeUndefined();
	});
});
