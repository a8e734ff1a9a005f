/** Keyword Replies: matching as compliance keywords match, and the editor hint's condition as n8n evaluates it. */
import { Workflow, type INode, type INodeParameters } from 'n8n-workflow';
import { keywordReplyFor, keywordReplyHint, keywordTableProblems } from '../../../nodes/SolSwitchMessagingTrigger/replies/keywordReplies';
import { complianceOf, normalizedKeyword } from '../../../nodes/shared/messaging/keywords';
import { packageNodeTypes } from '../../../scripts/n8n-engine/n8nCore';

const table = [
	{ keyword: 'Hours', reply: 'Open 11-10.', runWorkflow: false },
	{ keyword: 'prix large', reply: '$18.', runWorkflow: true },
];

describe('Keyword Replies matching', () => {
	it('matches the whole message in any case, accents and spaces ignored, as compliance keywords do', () => {
		expect(keywordReplyFor(table, ' HOURS ')?.reply).toBe('Open 11-10.');
		expect(keywordReplyFor(table, 'PRÎX\tLarge')?.reply).toBe('$18.');
		expect(keywordReplyFor(table, 'hours please')).toBeUndefined();
		expect(keywordReplyFor(table, '   ')).toBeUndefined();
		expect(normalizedKeyword(' Arrêt ')).toBe('ARRET');
		expect(complianceOf(' Arrêt ')?.keyword).toBe('ARRET');
	});

	it('a valid table has no problems', () => {
		expect(keywordTableProblems(table, true)).toEqual([]);
	});
});

describe('the editor hint', () => {
	const shown = (parameters: INodeParameters) => {
		const node: INode = { id: 'n', name: 'SMS In', type: 'n8n-nodes-solswitch.solSwitchMessagingTrigger', typeVersion: 1.1, position: [0, 0], parameters };
		const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: packageNodeTypes });
		return workflow.expression.getSimpleParameterValue(workflow.getNode('SMS In')!, keywordReplyHint.displayCondition!, 'internal', {});
	};
	const rows = (...replies: string[]) => ({ keywordReplies: { keywords: replies.map((reply) => ({ keyword: 'K', reply })) } });

	it('is shown while a reply is empty or over 136 characters (an emoji counts as one)', () => {
		expect(shown(rows('ok', 'x'.repeat(137)))).toBe(true);
		expect(shown(rows(''))).toBe(true);
		expect(shown(rows('😀'.repeat(136)))).toBe(false);
		expect(shown(rows('x'.repeat(136)))).toBe(false);
		expect(shown({})).toBe(false);
	});
});
