/**
 * Keyword Replies: a table of whole-message keywords (compared as compliance keywords are: any case,
 * accents and spaces ignored) with the reply the trigger gives itself, in the webhook phase, with no
 * execution unless the entry asks to run the workflow too. The replies obey the gateway's reply rule
 * (1 to 136 characters), checked in the editor (a hint), at publication and when answering.
 */
import type { IDataObject, INodeProperties, NodeHint } from 'n8n-workflow';
import { BODY_MAX, BODY_MIN, bodyProblem } from '../../shared/messaging/body';
import { isComplianceKeyword, normalizedKeyword } from '../../shared/messaging/keywords';

export const KEYWORD_REPLIES = 'keywordReplies';

export interface KeywordReply {
	keyword: string;
	reply: string;
	runWorkflow: boolean;
}

export const keywordRepliesProperty: INodeProperties = {
	displayName: 'Keyword Replies',
	name: KEYWORD_REPLIES,
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Keyword',
	default: {},
	description:
		'Messages that are exactly one of these keywords (any case, accents and spaces ignored) are answered by the trigger with the reply, without running the workflow unless asked',
	options: [
		{
			displayName: 'Keyword',
			name: 'keywords',
			values: [
				{ displayName: 'Keyword', name: 'keyword', type: 'string', default: '', placeholder: 'e.g. HOURS', description: 'The whole message that gets this reply' },
				{
					displayName: 'Reply Text',
					name: 'reply',
					type: 'string',
					typeOptions: { rows: 2 },
					default: '',
					description: `The text sent back, ${BODY_MIN} to ${BODY_MAX} characters`,
				},
				{
					displayName: 'Run Workflow Too',
					name: 'runWorkflow',
					type: 'boolean',
					default: false,
					description: 'Whether the workflow also runs (the item carries answered and reply). When the workflow gives the answer (Reply Mode), this reply goes out once that run has ended without error.',
				},
			],
		},
	],
};

/** The table as the node's parameters hold it. */
export function keywordReplies(parameters: IDataObject | undefined): KeywordReply[] {
	const rows = ((parameters ?? {}) as { keywords?: Array<Partial<KeywordReply>> }).keywords ?? [];
	return rows.map((r) => ({ keyword: String(r.keyword ?? ''), reply: String(r.reply ?? ''), runWorkflow: r.runWorkflow === true }));
}

/** The entry a message's whole text matches, if any. */
export function keywordReplyFor(table: KeywordReply[], text: string): KeywordReply | undefined {
	const wanted = normalizedKeyword(text);
	return wanted ? table.find((entry) => normalizedKeyword(entry.keyword) === wanted) : undefined;
}

/** What is wrong with the table, one sentence each (publication refuses a table with problems). */
export function keywordTableProblems(table: KeywordReply[], complianceOn: boolean): string[] {
	const problems: string[] = [];
	const seen = new Set<string>();
	for (const [i, entry] of table.entries()) {
		const keyword = normalizedKeyword(entry.keyword);
		const label = keyword ? `Keyword ${keyword}` : `Keyword reply ${i + 1}`;
		if (!keyword) problems.push(`${label} has no keyword`);
		else if (seen.has(keyword)) problems.push(`${label} is listed twice`);
		else if (complianceOn && isComplianceKeyword(keyword)) problems.push(`${label} is answered as a compliance keyword: set its reply under Options`);
		seen.add(keyword);
		const problem = bodyProblem(entry.reply, `The ${label} reply`);
		if (problem) problems.push(problem);
	}
	return problems;
}

/**
 * Shown in the editor while a reply breaks the 136-character rule. The condition is evaluated by the
 * editor only (n8n's frontend node hints), never in the webhook phase.
 */
export const keywordReplyHint: NodeHint = {
	message: `A Keyword Replies reply is empty or longer than ${BODY_MAX} characters: the gateway refuses it, and the workflow cannot be published`,
	type: 'warning',
	location: 'ndv',
	whenToDisplay: 'always',
	displayCondition: `={{ ($parameter["${KEYWORD_REPLIES}"]?.keywords ?? []).some((k) => Array.from(String(k.reply ?? "")).length < ${BODY_MIN} || Array.from(String(k.reply ?? "")).length > ${BODY_MAX}) }}`,
};
