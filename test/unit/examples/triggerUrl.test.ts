// The Send and Wait examples (Approve by SMS, the review tool of AI agent with SMS approval, the MCP example's Place a Call) hand
// the reply to a Messaging Trigger by URL. `npm start` publishes the SMS auto-reply example, whose
// trigger the gateway posts to, and rewrites n8n's address (EXAMPLE_N8N_URL) to the n8n it runs: the
// examples must name that trigger at that address, or the reply never reaches the wait.
import { exampleFiles, exampleSlug, readExample } from '../../../scripts/start/examples';
import { EXAMPLE_N8N_URL } from '../../../scripts/start/mainJob';

type Node = { name: string; type: string; webhookId?: string; parameters?: Record<string, unknown> };

const nodesOf = (file: string) => readExample(file).nodes as Node[];

test('every Messaging Trigger URL of the examples is the SMS auto-reply trigger\'s production URL at n8n\'s address', () => {
	const trigger = nodesOf('examples/sms-auto-reply.json').find((n) => n.type === 'n8n-nodes-solswitch.solSwitchMessagingTrigger')!;
	const expected = `${EXAMPLE_N8N_URL}/webhook/${trigger.webhookId}/message`;
	const found = exampleFiles().flatMap((file) =>
		nodesOf(file)
			.filter((n) => n.parameters?.triggerUrl !== undefined)
			.map((n) => ({ example: exampleSlug(file), node: n.name, triggerUrl: n.parameters!.triggerUrl })),
	);
	expect(found.map((f) => `${f.example} / ${f.node}`).sort()).toEqual(['ai-agent-sms-approval / Manager Approval', 'alert-text-then-call / Text First On-Call', 'approve-by-sms / Ask On-Call', 'phone-tools-mcp / Ask the Person on Call']);
	for (const f of found) expect(f).toEqual({ ...f, triggerUrl: expected });
});
