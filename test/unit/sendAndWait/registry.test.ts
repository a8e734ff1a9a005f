import {
	addWait,
	asRegistry,
	emptyRegistry,
	MAX_PER_NUMBER,
	MAX_TOTAL,
	MAX_WAIT_LIFETIME_MS,
	pendingFor,
	registrationOf,
	removeWait,
	resumeUrlProblem,
	forgetForward,
	forwardedTo,
	noteForward,
	REDELIVERY_WINDOW_MS,
	routeReply,
	whichOne,
	type WaitEntry,
} from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/registry';

const NOW = 1_800_000_000_000;
const OWN = 'https://n8n.example.com/webhook/8c1f7c1e-0000-4000-8000-000000000000';
const SIG = 'a'.repeat(64);
const RESUME = `https://n8n.example.com/webhook-waiting/1234/node-uuid-1?signature=${SIG}`;

function registration(over: Record<string, unknown> = {}) {
	return { id: 'wait-000001', nonce: 'nonce-00001', resumeUrl: RESUME, phone: '15145550123', code: '55555', word: 'YES', expiresAt: NOW + 60_000, ...over };
}

function pins(...list: string[]) {
	let i = 0;
	return () => list[Math.min(i++, list.length - 1)];
}

describe('resume URL check (the trigger is no open relay)', () => {
	it("accepts n8n's signed waiting URL on the trigger's own origin, with a path prefix too", () => {
		expect(resumeUrlProblem(RESUME, OWN)).toBeUndefined();
		expect(resumeUrlProblem(`https://n8n.example.com/n8n/webhook-waiting/77/abc?signature=${SIG}`, 'https://n8n.example.com/n8n/webhook/x')).toBeUndefined();
		expect(resumeUrlProblem(`http://127.0.0.1:5678/webhook-waiting/9/abc?signature=${SIG}`, 'http://127.0.0.1:5678/webhook/abc')).toBeUndefined();
	});

	it('refuses another host, port or scheme', () => {
		expect(resumeUrlProblem(RESUME.replace('n8n.example.com', 'evil.example.com'), OWN)).toMatch(/not on this n8n/);
		expect(resumeUrlProblem(RESUME.replace('n8n.example.com', 'n8n.example.com:8443'), OWN)).toMatch(/not on this n8n/);
		expect(resumeUrlProblem(RESUME.replace('https:', 'http:'), OWN)).toMatch(/not on this n8n/);
		expect(resumeUrlProblem(RESUME.replace('https:', 'ftp:'), 'ftp://n8n.example.com/webhook/x')).toMatch(/not http/);
		expect(resumeUrlProblem('https://user:pw@n8n.example.com/webhook-waiting/1/a?signature=' + SIG, OWN)).toMatch(/credentials/);
	});

	it('refuses what is not a signed waiting-webhook URL', () => {
		expect(resumeUrlProblem(undefined, OWN)).toBe('no resume URL');
		expect(resumeUrlProblem('not a url', OWN)).toBe('the resume URL is not a URL');
		expect(resumeUrlProblem('https://n8n.example.com/webhook-waiting/1234/n', OWN)).toMatch(/not signed/);
		expect(resumeUrlProblem(`${RESUME}&approved=true`, OWN)).toMatch(/not signed/);
		expect(resumeUrlProblem(RESUME.replace(SIG, 'abc'), OWN)).toMatch(/not signed/);
		expect(resumeUrlProblem(`https://n8n.example.com/x?signature=${SIG}`, OWN)).toMatch(/not a waiting-webhook URL/);
		expect(resumeUrlProblem(`https://n8n.example.com/webhook-waiting/%2e%2e/rest/x?signature=${SIG}`, OWN)).toMatch(/not a waiting-webhook URL/);
		expect(resumeUrlProblem(`https://n8n.example.com/webhook-waiting/1/2/?signature=${SIG}`, OWN)).toMatch(/not a waiting-webhook URL/);
		expect(resumeUrlProblem(`${RESUME}#x`, OWN)).toMatch(/fragment/);
		expect(resumeUrlProblem(`https://n8n.example.com/webhook-waiting/1%3B2/n?signature=${SIG}`, OWN)).toMatch(/names no execution/);
	});

	it("takes the wait's iteration before its nonce (run.ts has n8n sign both in), digits only, and only with the registration's nonce", () => {
		const url = (query: string) => `https://n8n.example.com/webhook-waiting/1234/node-1?${query}&signature=${SIG}`;
		expect(resumeUrlProblem(url('iteration=3&nonce=n-1'), OWN, 'n-1')).toBeUndefined();
		expect(resumeUrlProblem(url('nonce=n-1'), OWN, 'n-1')).toBeUndefined();
		expect(resumeUrlProblem(url('iteration=x&nonce=n-1'), OWN, 'n-1')).toMatch(/names no iteration/);
		expect(resumeUrlProblem(url('nonce=n-1&iteration=3'), OWN, 'n-1')).toMatch(/not signed/);
		expect(resumeUrlProblem(url('iteration=3'), OWN, 'n-1')).toMatch(/not signed/);
		expect(resumeUrlProblem(url('iteration=3&nonce=n-2'), OWN, 'n-1')).toMatch(/for this registration/);
	});
});

describe('registration entries', () => {
	it('takes a well-formed registration', () => {
		const r = registrationOf(registration(), OWN, NOW);
		expect(r).toEqual({ ok: true, entry: { id: 'wait-000001', nonce: 'nonce-00001', url: RESUME, phone: '15145550123', code: '55555', word: 'YES', createdAt: NOW, expiresAt: NOW + 60_000 } });
	});

	it('refuses bad fields, one by one', () => {
		const cases: Array<[Record<string, unknown>, RegExp]> = [
			[{ id: 'short' }, /bad id/],
			[{ id: 'has space 123' }, /bad id/],
			[{ nonce: undefined }, /bad nonce/],
			[{ resumeUrl: 'https://evil.example.com/webhook-waiting/1/a?signature=' + SIG }, /not on this n8n/],
			[{ phone: 'abc' }, /To number is not a phone number/],
			[{ phone: '12' }, /To number is not a phone number/],
			[{ phone: 15145550123 }, /To number/],
			[{ code: '' }, /From code/],
			[{ word: 7 }, /approve word/],
			[{ word: 'x'.repeat(41) }, /approve word/],
			[{ expiresAt: NOW }, /expired/],
			[{ expiresAt: 'soon' }, /expired/],
		];
		for (const [over, reason] of cases) {
			const r = registrationOf(registration(over), OWN, NOW);
			expect(r.ok).toBe(false);
			if (!r.ok) expect(r.reason).toMatch(reason);
		}
	});
});

describe('numbers: registered and matched as the one helper reads them (phoneNumber.ts)', () => {
	it('keeps the digits the SMS went to, however the number was written', () => {
		const r = registrationOf(registration({ phone: ' +1 (514) 555-0123 ', code: '55 555' }), OWN, NOW);
		expect(r).toMatchObject({ ok: true, entry: { phone: '15145550123', code: '55555' } });
	});

	it("routes a reply whose sender the gateway writes otherwise (a leading +, 10 or 11 digits) to the wait", () => {
		const registry = emptyRegistry();
		addWait(registry, entry(), NOW, pins('4821'));
		for (const from of ['15145550123', '+15145550123', '5145550123', ' 1-514-555-0123']) {
			expect(routeReply(registry, { from, to: '55555', text: 'YES' }, NOW)).toMatchObject({ kind: 'forward', entry: { pin: '4821' } });
		}
		expect(routeReply(registry, { from: '15145550124', to: '55555', text: 'YES' }, NOW)).toEqual({ kind: 'none' });
		expect(routeReply(registry, { from: 'unknown', to: '55555', text: 'YES' }, NOW)).toEqual({ kind: 'none' });
		expect(pendingFor(registry, '5145550123', '55555', NOW)).toHaveLength(1);
	});
});

function entry(over: Partial<WaitEntry> = {}): Omit<WaitEntry, 'pin'> {
	const r = registrationOf(registration(over), OWN, NOW);
	if (!r.ok) throw new Error(r.reason);
	return r.entry;
}

describe('the registry', () => {
	it('adds a wait with a pin, keeps a second registration of the same id as one, tells how many others wait', () => {
		const registry = emptyRegistry();
		const first = addWait(registry, entry(), NOW, pins('4821'));
		expect(first).toMatchObject({ ok: true, others: 0, entry: { pin: '4821' } });
		expect(addWait(registry, entry(), NOW, pins('1111'))).toMatchObject({ ok: true, others: 0, entry: { pin: '4821' } });
		const second = addWait(registry, entry({ id: 'wait-000002' }), NOW, pins('4821', '4821', '7730'));
		expect(second).toMatchObject({ ok: true, others: 1, entry: { pin: '7730' } });
		expect(registry.waits).toHaveLength(2);
	});

	it('replaces the wait of the same node in the same execution when it registers again with a new nonce (a loop)', () => {
		const registry = emptyRegistry();
		addWait(registry, entry(), NOW, pins('4821'));
		const again = addWait(registry, entry({ nonce: 'nonce-00002' }), NOW + 5, pins('4821', '1234'));
		expect(again).toMatchObject({ ok: true, others: 0, entry: { nonce: 'nonce-00002', pin: '4821' } });
		expect(registry.waits).toHaveLength(1);
	});

	it('counts pins per phone and code: another phone may reuse one', () => {
		const registry = emptyRegistry();
		addWait(registry, entry(), NOW, pins('4821'));
		expect(addWait(registry, entry({ id: 'wait-other', phone: '15145550999' }), NOW, pins('4821'))).toMatchObject({ ok: true, others: 0, entry: { pin: '4821' } });
	});

	it('drops expired waits when adding and never routes to one', () => {
		const registry = emptyRegistry();
		addWait(registry, entry({ expiresAt: NOW + 10 }), NOW, pins('1000'));
		expect(pendingFor(registry, '15145550123', '55555', NOW + 10)).toEqual([]);
		expect(routeReply(registry, { from: '15145550123', to: '55555', text: 'YES' }, NOW + 10)).toEqual({ kind: 'none' });
		addWait(registry, entry({ id: 'wait-000002', expiresAt: NOW + 100 }), NOW + 20, pins('2000'));
		expect(registry.waits.map((w) => w.id)).toEqual(['wait-000002']);
	});

	it(`caps waits at ${MAX_PER_NUMBER} per number and ${MAX_TOTAL} in all`, () => {
		const registry = emptyRegistry();
		for (let i = 0; i < MAX_PER_NUMBER; i++) expect(addWait(registry, entry({ id: `wait-a-${i}00` }), NOW, pins(String(1000 + i))).ok).toBe(true);
		expect(addWait(registry, entry({ id: 'wait-a-over' }), NOW, pins('9999'))).toEqual({ ok: false, reason: expect.stringMatching(/already pending for 15145550123/) });
		const big = emptyRegistry();
		for (let i = 0; i < MAX_TOTAL; i++) big.waits.push({ ...entry({ id: `wait-b-${i}00`, phone: String(10_000 + i) }), pin: '1000' });
		expect(addWait(big, entry({ id: 'wait-b-over' }), NOW, pins('1000'))).toEqual({ ok: false, reason: expect.stringMatching(/on this trigger/) });
	});

	it('gives up when no free pin comes out', () => {
		const registry = emptyRegistry();
		addWait(registry, entry(), NOW, pins('4821'));
		expect(addWait(registry, entry({ id: 'wait-000002' }), NOW, pins('4821'))).toEqual({ ok: false, reason: 'no free pin' });
		expect(addWait(registry, entry({ id: 'wait-000003' }), NOW, pins('48'))).toEqual({ ok: false, reason: 'no free pin' });
	});

	it('removes a wait by id', () => {
		const registry = emptyRegistry();
		addWait(registry, entry(), NOW, pins('4821'));
		expect(removeWait(registry, 'nope', 'nonce-00001')).toBe(false);
		expect(removeWait(registry, 'wait-000001', 'other-nonce')).toBe(false);
		expect(removeWait(registry, 'wait-000001', 'nonce-00001')).toBe(true);
		expect(registry.waits).toEqual([]);
	});

	it('reads what static data holds without trusting it', () => {
		expect(asRegistry(undefined)).toEqual({ waits: [], forwarded: [] });
		expect(asRegistry({ waits: 'x' })).toEqual({ waits: [], forwarded: [] });
		const good = { ...entry(), pin: '4821' };
		expect(asRegistry({ waits: [good, { id: 1 }, null, { ...good, expiresAt: 'x' }] })).toEqual({ waits: [good], forwarded: [] });
		// Forward notes: a message ID, a whole entry and a time, or dropped.
		const note = { messageId: 'mo-1', wait: good, until: NOW + 1 };
		expect(asRegistry({ waits: [], forwarded: [note, { ...note, messageId: '' }, { ...note, wait: { id: 'x' } }, { ...note, until: 'x' }, null] })).toEqual({ waits: [], forwarded: [note] });
	});
});

describe('forward notes: where a message went, for its redeliveries', () => {
	it('keeps one note per message ID for REDELIVERY_WINDOW_MS, a second note replacing the first; forgets on request', () => {
		const registry = emptyRegistry();
		const first = { ...entry(), pin: '4821', createdAt: NOW };
		const second = { ...first, nonce: 'nonce-00002', pin: '7730' };
		noteForward(registry, 'mo-1', first, NOW);
		expect(forwardedTo(registry, 'mo-1', NOW)).toEqual(first);
		expect(forwardedTo(registry, 'mo-2', NOW)).toBeUndefined();
		noteForward(registry, 'mo-1', second, NOW);
		expect(registry.forwarded).toHaveLength(1);
		expect(forwardedTo(registry, 'mo-1', NOW + REDELIVERY_WINDOW_MS - 1)).toEqual(second);
		expect(forwardedTo(registry, 'mo-1', NOW + REDELIVERY_WINDOW_MS)).toBeUndefined();
		forgetForward(registry, 'mo-1');
		expect(forwardedTo(registry, 'mo-1', NOW)).toBeUndefined();
	});

	it('a later iteration of the node (same wait ID, new nonce) replaces the wait, not the note of a message sent to the earlier one', () => {
		const registry = emptyRegistry();
		const added = addWait(registry, entry(), NOW, pins('4821'));
		if (!added.ok) throw new Error(added.reason);
		noteForward(registry, 'mo-1', added.entry, NOW);
		addWait(registry, entry({ nonce: 'nonce-00002' }), NOW + 1, pins('7730'));
		expect(registry.waits.map((w) => w.nonce)).toEqual(['nonce-00002']);
		expect(forwardedTo(registry, 'mo-1', NOW + 2)).toMatchObject({ nonce: 'nonce-00001', pin: '4821' });
	});
});

describe('routing a reply', () => {
	const registry = emptyRegistry();
	addWait(registry, entry(), NOW, pins('4821'));

	it('goes to the only wait of that phone and code, with or without a pin', () => {
		expect(routeReply(registry, { from: '15145550123', to: '55555', text: 'yes' }, NOW)).toMatchObject({ kind: 'forward', entry: { id: 'wait-000001' } });
		expect(routeReply(registry, { from: '15145550123', to: '55555', text: 'yes 1234' }, NOW)).toMatchObject({ kind: 'forward', entry: { id: 'wait-000001' } });
	});

	it('does not route a reply from another number, or to another code', () => {
		expect(routeReply(registry, { from: '15145550999', to: '55555', text: 'yes' }, NOW)).toEqual({ kind: 'none' });
		expect(routeReply(registry, { from: '15145550123', to: '55556', text: 'yes' }, NOW)).toEqual({ kind: 'none' });
	});

	it('picks among several waits by pin, and asks which one without a matching pin', () => {
		const two = emptyRegistry();
		addWait(two, entry(), NOW, pins('4821'));
		addWait(two, entry({ id: 'wait-000002', word: '' }), NOW + 1, pins('7730'));
		expect(routeReply(two, { from: '15145550123', to: '55555', text: 'YES 4821' }, NOW)).toMatchObject({ kind: 'forward', entry: { id: 'wait-000001' } });
		expect(routeReply(two, { from: '15145550123', to: '55555', text: '7730 later today' }, NOW)).toMatchObject({ kind: 'forward', entry: { id: 'wait-000002' } });
		expect(routeReply(two, { from: '15145550123', to: '55555', text: 'YES' }, NOW)).toEqual({
			kind: 'ask',
			text: '2 requests wait for your reply. Add the number of the one you answer: 7730, YES 4821',
		});
		expect(routeReply(two, { from: '15145550123', to: '55555', text: 'YES 1111' }, NOW).kind).toBe('ask');
	});

	it('keeps the "which one?" answer within 136 characters, newest first', () => {
		const many = Array.from({ length: 10 }, (_, i) => ({ ...entry({ id: `wait-${i}0000`, word: 'APPROVE' }), pin: String(1000 + i) }));
		const text = whichOne(many);
		expect([...text].length).toBeLessThanOrEqual(136);
		expect(text).toMatch(/^10 requests wait for your reply\. Add the number of the one you answer: APPROVE 1009, APPROVE 1008/);
	});
});

describe('the waiting endpoint in the resume URL (D8)', () => {
	const own = 'https://n8n.example.com/webhook/8c1f7c1e-0000-4000-8000-000000000000/message';
	it("refuses a same-origin path that is not where n8n's waiting endpoint sits", () => {
		// The trigger's own endpoint, n8n's REST API, test webhooks, forms: none is a waiting webhook.
		for (const path of ['webhook/a/b', 'rest/workflows/1', 'webhook-test/1/a', 'form-waiting/1/a', 'rest/x/y']) {
			expect(resumeUrlProblem(`https://n8n.example.com/${path}?signature=${SIG}`, own)).toMatch(/not a waiting-webhook URL/);
		}
		// Not under the trigger's own path prefix (n8n serves every endpoint under one prefix).
		expect(resumeUrlProblem(`https://n8n.example.com/other/webhook-waiting/1/a?signature=${SIG}`, own)).toMatch(/not a waiting-webhook URL/);
		expect(resumeUrlProblem(`https://n8n.example.com/n8n/webhook-waiting/1/a?signature=${SIG}`, 'https://n8n.example.com/webhook/x')).toMatch(/not a waiting-webhook URL/);
		expect(resumeUrlProblem(`https://n8n.example.com/a/webhook-waiting/1/a?signature=${SIG}`, 'https://n8n.example.com/n8n/webhook/x')).toMatch(/not a waiting-webhook URL/);
		// n8n's own shapes pass.
		expect(resumeUrlProblem(`https://n8n.example.com/webhook-waiting/41/node-1?signature=${SIG}`, own)).toBeUndefined();
		expect(resumeUrlProblem(`https://n8n.example.com/webhook-waiting/41/node-1?nonce=nonce-00001&signature=${SIG}`, own, 'nonce-00001')).toBeUndefined();
	});

	it('takes the nonce n8n signed into the URL only when it is the registration nonce (D6)', () => {
		const url = `https://n8n.example.com/webhook-waiting/1234/node-uuid-1?nonce=nonce-00001&signature=${SIG}`;
		expect(registrationOf(registration({ resumeUrl: url }), OWN, NOW)).toMatchObject({ ok: true, entry: { url } });
		expect(registrationOf(registration({ resumeUrl: url, nonce: 'nonce-00002' }), OWN, NOW)).toEqual({ ok: false, reason: 'the resume URL is not signed by n8n for this registration' });
		expect(resumeUrlProblem(`${url}&x=1`, OWN, 'nonce-00001')).toMatch(/not signed/);
	});
});

describe('every wait has a lifetime (D2)', () => {
	const INDEFINITELY = new Date('3000-01-01T00:00:00.000Z').getTime();

	it(`a wait without Limit Wait Time is routed for at most ${MAX_WAIT_LIFETIME_MS / 86_400_000} days`, () => {
		const r = registrationOf(registration({ expiresAt: INDEFINITELY }), OWN, NOW);
		expect(r).toMatchObject({ ok: true, entry: { expiresAt: NOW + MAX_WAIT_LIFETIME_MS } });
		// A shorter Limit Wait Time is kept as it is.
		expect(registrationOf(registration(), OWN, NOW)).toMatchObject({ ok: true, entry: { expiresAt: NOW + 60_000 } });
	});

	it('ten unanswered waits block that phone and code only until their lifetime ends, saved ones from before included', () => {
		const registry = emptyRegistry();
		for (let i = 0; i < MAX_PER_NUMBER; i++) {
			const r = registrationOf(registration({ id: `wait-a-${i}00`, expiresAt: INDEFINITELY }), OWN, NOW);
			expect(r.ok && addWait(registry, r.entry, NOW, pins(String(1000 + i))).ok).toBe(true);
		}
		expect(addWait(registry, entry({ id: 'wait-a-over' }), NOW + 1, pins('9999')).ok).toBe(false);
		const later = NOW + MAX_WAIT_LIFETIME_MS + 1;
		expect(addWait(registry, { ...entry({ id: 'wait-a-over' }), createdAt: later, expiresAt: later + 60_000 }, later, pins('9999')).ok).toBe(true);
		// Saved by an earlier version with n8n's "indefinitely": read with the same lifetime.
		const saved = asRegistry({ waits: [{ ...entry(), pin: '1234', expiresAt: INDEFINITELY }] });
		expect(saved.waits[0].expiresAt).toBe(NOW + MAX_WAIT_LIFETIME_MS);
		expect(pendingFor(saved, '15145550123', '55555', later)).toEqual([]);
	});
});
