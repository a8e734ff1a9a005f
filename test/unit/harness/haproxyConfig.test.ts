// The queue suite's HAProxy configuration (scripts/n8n-harness/queue/haproxy.ts), the one
// docs/queue-mode.md's recipe is taken from: every path of this package's two triggers is hashed
// (a trigger path added to an event table without being added here would be balanced round robin,
// and two processors would serve it at once), n8n's other webhooks are not.
import fs from 'node:fs';
import path from 'node:path';
import { KEPT_JOBS_ENV } from '../../../scripts/n8n-harness/queue/cluster';
import { haproxyConfig, MCP_PATH_PREFIX, TRIGGER_PATHS } from '../../../scripts/n8n-harness/queue/haproxy';
import { MESSAGING_TRIGGER } from '../../../nodes/SolSwitchMessagingTrigger/events';
import { SWITCH_TRIGGER } from '../../../nodes/SolSwitchTrigger/events';

const config = haproxyConfig(8080, ['127.0.0.1:5681', '127.0.0.1:5682']);
const pattern = new RegExp(/path_reg (\S+)/.exec(config)![1]);
const webhookId = '3f2b8c1e-2d4a-4c0e-9d51-7a1b2c3d4e5f';

describe('HAProxy configuration of the queue suite', () => {
	it('covers every trigger path of both triggers, and no other', () => {
		const paths = new Set([...MESSAGING_TRIGGER.events, ...SWITCH_TRIGGER.events].map((e) => e.path));
		expect([...paths].sort()).toEqual([...TRIGGER_PATHS].sort());
	});

	it.each([...TRIGGER_PATHS])('hashes the production URL of a trigger on path %s', (path) => {
		expect(pattern.test(`/webhook/${webhookId}/${path}`)).toBe(true);
	});

	it.each([
		['a Webhook node', `/webhook/ask-${webhookId}`],
		['a Webhook node whose path ends like a trigger path', '/webhook/orders/message'],
		["Send and Wait's resume URL", '/webhook-waiting/812/9c1e?signature=abc'],
		["a trigger's test URL (the editor listens on main)", `/webhook-test/${webhookId}/message`],
		['a form', '/form/signup'],
	])('balances %s round robin', (_what, url) => {
		expect(pattern.test(url.split('?')[0])).toBe(false);
	});

	it('hashes by path, consistently, with health checks; everything else round robin on the same checks', () => {
		expect(config).toMatch(/backend solswitch_triggers\n {2}balance uri\n {2}hash-type consistent\n {2}option httpchk GET \/healthz\n/);
		expect(config).toContain('  server webhook-1 127.0.0.1:5681 check');
		expect(config).toMatch(/backend n8n_webhooks\n {2}balance roundrobin\n {2}server webhook-1 127\.0\.0\.1:5681 track solswitch_triggers\/webhook-1\n {2}server webhook-2 127\.0\.0\.1:5682 track solswitch_triggers\/webhook-2/);
		expect(config).toContain('  bind 127.0.0.1:8080');
	});

	it("sends n8n's MCP Server Trigger URLs (/mcp/...) to a backend of their own, hashed on the trigger's path (two levels), on the same health checks", () => {
		expect(config).toContain(`  acl mcp_trigger path_beg ${MCP_PATH_PREFIX}\n  use_backend mcp_triggers if mcp_trigger\n`);
		expect(config).toMatch(/backend mcp_triggers\n {2}balance uri depth 2\n {2}hash-type consistent\n {2}server webhook-1 127\.0\.0\.1:5681 track solswitch_triggers\/webhook-1\n {2}server webhook-2 127\.0\.0\.1:5682 track solswitch_triggers\/webhook-2\n/);
		// The MCP trigger's Test URL is not a production one: main's, as /webhook-test/.
		expect('/mcp-test/solswitch-phone-tools'.startsWith(MCP_PATH_PREFIX)).toBe(false);
		expect(pattern.test('/mcp/solswitch-phone-tools')).toBe(false);
	});

	it('leaves out the suite-only X-Served-By header when asked (the recipe)', () => {
		expect(config).toContain('http-response set-header x-served-by %s');
		expect(haproxyConfig(8080, ['a:1'], { servedByHeader: false })).not.toContain('x-served-by');
	});
});

describe("docs/queue-mode.md's HAProxy recipe", () => {
	it("is the suite's configuration, less its own additions (admin socket, log, x-served-by), with the operator's addresses", () => {
		const docs = fs.readFileSync(path.join(__dirname, '../../../docs/queue-mode.md'), 'utf8');
		const recipe = /```haproxy\n([\s\S]*?)```/.exec(docs)![1];
		const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l && !/^(bind|server|global|maxconn)\b/.test(l));
		expect(lines(recipe)).toEqual(lines(haproxyConfig(80, ['10.0.0.11:5678', '10.0.0.12:5678'], { servedByHeader: false, main: '10.0.0.10:5678' })));
		expect(recipe).toContain('server webhook-1 10.0.0.11:5678 check');
		expect(recipe).toContain('server webhook-2 10.0.0.12:5678 track solswitch_triggers/webhook-2');
	});
});

describe('what the balancer adds for the whole cluster', () => {
	it('adds X-Forwarded-For, so Allowed Sources with Trusted Proxy Hops 1 sees the caller', () => {
		expect(config).toMatch(/defaults\n[\s\S]*  option forwardfor\n[\s\S]*frontend/);
	});

	it('with main: the processors get production webhooks, forms and resume URLs; main gets the rest (editor, /webhook-test/)', () => {
		const whole = haproxyConfig(80, ['10.0.0.11:5678'], { servedByHeader: false, main: '10.0.0.10:5678' });
		const prefixes = /acl webhook_processor path_beg (.+)\n/.exec(whole)![1].split(' ');
		expect(prefixes).toEqual(['/webhook/', '/webhook-waiting/', '/form/', '/form-waiting/']);
		for (const url of ['/webhook-test/abc/message', '/form-test/x', '/rest/workflows', '/']) {
			expect(prefixes.some((p) => url.startsWith(p))).toBe(false);
		}
		expect(whole).toContain('  default_backend n8n_main');
		expect(whole).toMatch(/backend n8n_main\n  server main 10\.0\.0\.10:5678 check/);
		expect(config).not.toContain('n8n_main');
	});
});

describe("docs/queue-mode.md's shared environment block", () => {
	it("keeps finished jobs as the suite's cluster does (else a When Last Node Finishes answer can hang for ever, Bull's job.finished() race)", () => {
		const docs = fs.readFileSync(path.join(__dirname, '../../../docs/queue-mode.md'), 'utf8');
		const shared = /```sh\n(# Shared by main[\s\S]*?)```/.exec(docs)![1];
		const lines = shared.split('\n').map((l) => l.trim());
		expect(Object.keys(KEPT_JOBS_ENV).length).toBeGreaterThan(0);
		for (const [name, value] of Object.entries(KEPT_JOBS_ENV)) {
			expect(Number(value)).toBeGreaterThan(0);
			expect(lines).toContain(`${name}=${value}`);
		}
	});
});
