/**
 * The iteration of a Send and Wait in its execution, read the same way where it is signed into the
 * resume URL (run.ts, when the node's run starts) and where a forward reaches the waiting node
 * (webhook.ts): how many runs n8n's run data holds for the node, `$node[name].runIndex + 1`.
 *
 * Not `$runIndex` on one side and the waiting run's index on the other: before n8n calls a waiting
 * node's webhook it takes the waiting run back out of the run data, so that the resumed run gets the
 * same run index (n8n 2.40.7 and 2.41.3: n8n/dist/webhooks/waiting-webhooks.js:246-247 calls
 * preserveInputOverride, n8n/dist/workflow-helpers.js:357, which pops the run and puts back a stub
 * only when the run had an inputOverride; 1.123.81: waiting-webhooks.js:173 pops it). So the webhook
 * sees the run data the node saw when its run started: for an ordinary run, the runs before it (the
 * waiting run is upserted only after execute, n8n-core workflow-execute.js:1296); for a run an AI
 * agent asked for (the review tool), those and the placeholder n8n put in before execute
 * (n8n-core requests-response.js initializeNodeRunData), which the stub stands for again. In a loop,
 * each iteration counts one more, and an earlier iteration's URL carries a smaller number.
 *
 * The node's name is written with its braces escaped, so no name can end the expression. Throws when
 * n8n gives no count.
 */
import type { INode } from 'n8n-workflow';

interface Evaluates {
	evaluateExpression(expression: string, itemIndex: number): unknown;
	getNode(): INode;
}

export function iterationOf(fn: Evaluates, itemIndex = 0): number {
	const name = JSON.stringify(fn.getNode().name).replace(/[{}]/g, (c) => (c === '{' ? '\\u007b' : '\\u007d'));
	const runIndex = fn.evaluateExpression(`{{ $node[${name}].runIndex }}`, itemIndex);
	if (typeof runIndex !== 'number' || !Number.isInteger(runIndex) || runIndex < -1) throw new Error('n8n gave no run index for this node');
	return runIndex + 1;
}
