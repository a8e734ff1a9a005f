/** How each path is measured, for docs/benchmarks.md (kept beside the code that does it). */
export const PATH_NOTES: string[] = [
	'- **Node versions**: the triggers at the versions new nodes get, Messaging Trigger 1.1 and SolSwitch Trigger 2 (`TRIGGER_VERSIONS` in scripts/bench/workflows.ts; their webhook phase evaluates no expression, so with lazy isolate acquisition the callbacks they answer themselves take no isolate), ' +
		'n8n\'s nodes at Webhook 2.1, IF 2.2, Respond to Webhook 1.5, Edit Fields 3.4, Split Out 1, HTTP Request 4.2.',
	'- **Callback paths** (MO SMS, Digit Validation, SIP notification): 10 concurrent senders POST to the published workflow\'s production URL, ' +
		'120 callbacks per side (40 with --quick) after a warm-up, in 4 interleaved rounds (ours, then theirs, then theirs, then ours ...), every answer checked. ' +
		'Figures are callbacks answered per second, and the median (p50) time of one answer.',
	'- **MO SMS**: the Messaging Trigger (Reply Mode "Using Reply to Message Node", HELP text set) beside Webhook → IF (inbound key) → IF (keyword) → Respond to Webhook, ' +
		'both checking the key. Computed reply: "pizza" → "Your PIZZA order is in". HELP: answered by the trigger with no execution. Redelivery: the gateway sends a message ' +
		'again with the same ID after a lost answer; the trigger answers it from its memory (10 IDs first delivered before measuring), the plain flow runs again.',
	'- **Digit Validation**: Fixed Answers on the SolSwitch Trigger (a digit → option table, no execution) and SolSwitch Trigger → Answer Digit Validation (an expression), ' +
		'beside Webhook → Respond to Webhook answering `queue-<digits>` by expression.',
	'- **SIP POST notification**: the SolSwitch Trigger acknowledges `{"Status":"OK"}` and starts the workflow; n8n\'s Webhook answers the same on receipt and starts its workflow.',
	'- **CDR export**: one request for one day holding 1,000 / 10,000 / 100,000 legs (the sandbox\'s generated records), answered by a Webhook with the first item when the ' +
		'workflow ends. Ours: the SolSwitch node\'s CDR Export, one item per leg. n8n only: HTTP Request → Edit Fields (`Object.entries(...).flatMap(...)` into `legs`) → Split Out. ' +
		'Each side in a freshly started n8n of its own; peak memory is the n8n process\'s resident set (VmRSS, sampled every 20 ms) during the request. ' +
		'Neither workflow saves successful executions (the same for both: the export is measured, not SQLite).',
	'- **Bulk SMS**: Webhook → Edit Fields (N recipients) → Split Out → the sender, answering with all items (count and, for ours, order checked; the gateway counts what it ' +
		'received). The sandbox\'s gateway answers each message after 20-80 ms (uniform: a gateway across a network, not on loopback). Ours: Send SMS with Concurrency 10. n8n only: HTTP Request with batching, Batch Size 10 ' +
		'and Batch Interval 80 ms (the slowest answer), so that it too keeps about 10 in flight: n8n\'s HTTP Request starts each batch after the interval without waiting for the ' +
		'previous one (packages/nodes-base/nodes/HttpRequest/V3/HttpRequestV3.node.ts: `if (itemIndex % batchSize === 0) await sleep(batchInterval)`), and with no interval it ' +
		'sends every item at once. The most messages the gateway saw in flight is shown for both.',
];
