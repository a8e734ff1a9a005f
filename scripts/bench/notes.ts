/** How each path is measured, for docs/benchmarks.md (kept beside the code that does it). */
export const PATH_NOTES: string[] = [
	'- **Node versions**: the triggers at the versions new nodes get, Messaging Trigger 1.1 and SolSwitch Trigger 2 (`TRIGGER_VERSIONS` in scripts/bench/workflows.ts; their webhook phase evaluates no expression, so with lazy isolate acquisition the callbacks they answer themselves take no isolate), ' +
		'n8n\'s nodes at Webhook 2.1, IF 2.2, Respond to Webhook 1.5, Edit Fields 3.4, Split Out 1, HTTP Request 4.2.',
	'- **Callback paths** (MO SMS, Digit Validation, SIP notification): 10 concurrent senders POST to the published workflow\'s production URL, every answer checked. ' +
		'Each side is warmed up (10 callbacks one at a time), then its rate is measured over 30 callbacks at full concurrency, which sizes its rounds to about 1.5 s each ' +
		'(30 to 600 callbacks: a path answering 500 per second gets as long a sample as one answering 30); then 5 rounds per side, interleaved (ours, theirs, theirs, ours ...); ' +
		'with --quick 3 rounds of about 0.6 s. Figures are callbacks answered per second (median of the rounds, and their range), and the median (p50) time of one answer over all rounds.',
	'- **MO SMS**: the Messaging Trigger (Reply Mode "Using Reply to Message Node", HELP text set) beside Webhook → IF (inbound key) → IF (keyword) → Respond to Webhook, ' +
		'both checking the key. Computed reply: "pizza" → "Your PIZZA order is in". HELP: answered by the trigger with no execution. Redelivery: the gateway sends a message ' +
		'again with the same ID after a lost answer; the trigger answers it from its memory (10 IDs first delivered before measuring), the plain flow runs again.',
	'- **Digit Validation**: Fixed Answers on the SolSwitch Trigger (a digit → option table, no execution) and SolSwitch Trigger → Answer Digit Validation (an expression), ' +
		'beside Webhook → Respond to Webhook answering `queue-<digits>` by expression.',
	'- **SIP POST notification**: the SolSwitch Trigger acknowledges `{"Status":"OK"}` once the workflow\'s run is queued (n8n 2.40), as n8n\'s Webhook answering Immediately does, and both start their workflow: the same work on both sides, so parity is the expected figure.',
	'- **Missed Call** (scripts/bench/missedCallPath.ts, `npm run bench -- missed-call` alone): ours is the SolSwitch Trigger (Missed Call) → HTTP Request to the benchmark\'s sink; the n8n-only flow is Webhook (answering `{"Status":"OK"}` Immediately) → HTTP Request POST to CDR Leg Details (the SolSwitch API credential) → IF (a Disconnected, from a caller of 6+ digits, no leg detail in State "Answered") → the same HTTP Request. ' +
		'The calls are real sandbox calls (the call player, no ringing time), half missed and half answered, played before each round with no notification URL set; the bench posts their Disconnected notifications to each side, so both get the same bodies with the records in place. ' +
		'Latency: missed calls one at a time, from the POST to the sink hearing the run (8 per round, 4 with --quick). Rate: 32 calls (16 with --quick) 8 at a time, notifications handled per second (every answer and every expected run in). 5 rounds per side, interleaved, after a warm-up round each. ' +
		'Checked: every missed call reaches the sink exactly once, an answered one never (a wrong run is reported, no ratio drawn); n8n\'s CPU per notification (its process group, from /proc) is given beside the figures. Ours reads the call\'s records twice (CDR Leg Details, then CDR Export over the call\'s time: outcome, legs, numbers) and remembers the CallID for repeats; the IF reads Leg Details once and remembers nothing.',
	'- **CDR export**: one request for one day holding 1,000 / 10,000 / 100,000 legs (the sandbox\'s generated records), answered by a Webhook with the first item when the ' +
		'workflow ends. Ours: the SolSwitch node\'s CDR Export, one item per leg. n8n only: HTTP Request → Edit Fields (`Object.entries(...).flatMap(...)` into `legs`) → Split Out. ' +
		'The switch is a replay: the sandbox\'s answer for the size is generated once and served from memory (scripts/bench/replay.ts), because the sandbox builds and ' +
		'serialises a 100,000-leg answer on every request (0.4-0.6 s in the benchmark\'s process, on the clock of whichever side asked); so both times are n8n\'s work. ' +
		'Time: both workflows in the same n8n, 5 interleaved rounds per size (3 with --quick), after one warm-up request each. ' +
		'Peak memory: each side again in a freshly started n8n of its own (one request per size, smallest first); it is the n8n process\'s resident set (VmRSS, sampled every 20 ms) during the request, and beside it its growth over the resident set just before the request. ' +
		'Neither workflow saves successful executions (the same for both: the export is measured, not SQLite). A failed run is reported with the error n8n recorded for its execution.',
	'- **Daily CDR export to a CSV file** (scripts/bench/cdrScalePath.ts, `npm run bench -- cdr-scale` alone): one day of 100,000 and 1,000,000 legs made by the sandbox as asked ' +
		'(it streams a whole day\'s answer and makes a window\'s legs on demand; its own time for the whole day is given beside the figures, on every side\'s clock). ' +
		'Ours: CDR Export with Output CSV File (windows of an hour or less, rows streamed to the binary data store, filesystem mode). Beside it: CDR Export (items) → Convert to File (CSV), ' +
		'and at 100,000 legs the n8n-only HTTP Request → Edit Fields (flatten) → Split Out → Convert to File, with N8N_EXPRESSION_ENGINE_MEMORY_LIMIT and N8N_EXPRESSION_ENGINE_TIMEOUT raised so that its flatten can finish. ' +
		'Each side in an n8n of its own started fresh: a warm-up request for five minutes of the day, then the day once; its time, and its peak resident set above the resident set just before the request. ' +
		'Details and the binary data modes: docs/cdr-export-at-scale.md.',
	'- **Bulk SMS**: Webhook → Edit Fields (N recipients) → Split Out → the sender, answering with all items (count and, for ours, order checked; the gateway counts what it ' +
		'received). The sandbox\'s gateway answers each message after 20-80 ms (uniform: a gateway across a network, not on loopback). Ours: Send SMS with Concurrency 10. n8n only: HTTP Request with batching, Batch Size 10 ' +
		'and Batch Interval 80 ms (the slowest answer), so that it too keeps about 10 in flight: n8n\'s HTTP Request starts each batch after the interval without waiting for the ' +
		'previous one (packages/nodes-base/nodes/HttpRequest/V3/HttpRequestV3.node.ts: `if (itemIndex % batchSize === 0) await sleep(batchInterval)`), and with no interval it ' +
		'sends every item at once. The most messages the gateway saw in flight is shown for both. 3 interleaved rounds per size.',
	'- **Send and wait (SMS reply to resumed execution)**: ours is Webhook → Send and Wait for Response → HTTP Request to the benchmark\'s sink, the reply routed by a published Messaging Trigger; ' +
		'the recipe a user builds without it is Webhook → Data Table (insert the phone and `$execution.resumeUrl`) → Send SMS → Wait (On Webhook Call) → HTTP Request to the sink, ' +
		'with Messaging Trigger (Immediately) → Data Table (get the row of the sender) → HTTP Request POST to its resume URL. Each side starts its waits (one phone each) and every execution is waiting before any reply. ' +
		'Latency: replies one at a time, from the MO POST to the trigger until the resumed execution calls the sink. Throughput: the remaining replies 10 at a time, resumed executions per second until the last. ' +
		'5 rounds per side, interleaved (recipe, ours, ours, recipe, recipe ...), each of 24 waits (12 with --quick) with phones of its own: 8 replies timed one at a time (4 with --quick), the rest 8 at a time. A round\'s latency is the median of its timed replies, its rate the resumes per second of its burst; the row gives the median of the 5 rounds and their range, p50 over every timed reply, and the speed is the median of the paired rounds\' ratios. ' +
		'A reply whose execution does not call the sink within the grace period (30 s, 20 s with --quick) is counted lost. Only this path: `npm run bench -- --quick send-and-wait`.',
];
