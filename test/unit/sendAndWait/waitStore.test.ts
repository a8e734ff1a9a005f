/**
 * The trigger's wait store: the static data n8n saves per webhook call (here plain objects standing
 * for each call's loaded copy) and the registry this process shares between calls.
 */
import type { IDataObject } from 'n8n-workflow';
import { MAX_TOMBSTONES, WAITS_KEY, WaitStore } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/waitStore';
import { MAX_WAIT_LIFETIME_MS } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/registry';
import type { WaitEntry } from '../../../nodes/SolSwitchMessagingTrigger/sendAndWait/registry';

const NOW = 1_800_000_000_000;
let workflow = 0;

function entry(id: string, over: Partial<WaitEntry> = {}): Omit<WaitEntry, 'pin'> {
	return { id, nonce: `${id}-nonce`, url: 'http://n8n/webhook-waiting/1/n?signature=x', phone: '15145550123', code: '55555', word: 'YES', createdAt: NOW, expiresAt: NOW + 60_000, ...over };
}

/** One n8n webhook call of a workflow: its own copy of the static data, as loaded from the database. */
function call(workflowId: string, database: { saved: IDataObject }) {
	const staticData = JSON.parse(JSON.stringify(database.saved)) as IDataObject;
	return {
		staticData,
		save: () => (database.saved = JSON.parse(JSON.stringify(staticData)) as IDataObject),
		store: WaitStore.of({ getWorkflow: () => ({ id: workflowId }), getWorkflowStaticData: () => staticData }),
	};
}

const pins = (...list: string[]) => {
	let i = 0;
	return () => list[Math.min(i++, list.length - 1)];
};

describe('the wait store', () => {
	let id: string;
	beforeEach(() => (id = `wf-${++workflow}`));

	it('writes a registration into the call static data, which n8n then saves', () => {
		const db = { saved: {} as IDataObject };
		const c = call(id, db);
		expect(c.store.add(entry('wait-aaaa1'), NOW, pins('4821'))).toMatchObject({ ok: true, entry: { pin: '4821' }, others: 0 });
		c.save();
		expect((db.saved[WAITS_KEY] as { waits: WaitEntry[] }).waits.map((w) => w.id)).toEqual(['wait-aaaa1']);
	});

	it('keeps a registration an overlapping call erased from the database, and writes it back with the next change', () => {
		const db = { saved: {} as IDataObject };
		const message = call(id, db); // a message call loads before the registration is saved
		const registration = call(id, db);
		registration.store.add(entry('wait-aaaa1'), NOW, pins('4821'));
		registration.save();
		message.staticData.other = 'the reply memory changed';
		message.save(); // last writer wins: the registration is gone from the database
		expect(db.saved[WAITS_KEY]).toBeUndefined();
		// A reply handled in this process still finds it.
		const reply = call(id, db);
		expect(reply.store.view(NOW).waits.map((w) => w.id)).toEqual(['wait-aaaa1']);
		// The next write from this process saves it again, with whatever else it writes.
		reply.store.add(entry('wait-bbbb2'), NOW, pins('7730'));
		reply.save();
		expect((db.saved[WAITS_KEY] as { waits: WaitEntry[] }).waits.map((w) => w.id)).toEqual(['wait-aaaa1', 'wait-bbbb2']);
	});

	it("takes in another process's waits from the loaded copy, and does not write a known registration again", () => {
		const db = { saved: { [WAITS_KEY]: { waits: [{ ...entry('wait-other'), pin: '1111' }] } } as IDataObject };
		const c = call(id, db);
		expect(c.store.view(NOW).waits.map((w) => w.id)).toEqual(['wait-other']);
		const before = c.staticData[WAITS_KEY];
		expect(c.store.add(entry('wait-other'), NOW, pins('9999'))).toMatchObject({ ok: true, entry: { pin: '1111' }, others: 0 });
		expect(c.staticData[WAITS_KEY]).toBe(before);
		expect(c.store.add(entry('wait-mine1'), NOW, pins('1111', '2222'))).toMatchObject({ ok: true, entry: { pin: '2222' }, others: 1 });
	});

	it('does not bring back a removed wait from a stale copy, nor take its late second registration', () => {
		const db = { saved: {} as IDataObject };
		const first = call(id, db);
		const stale = call(id, db);
		first.store.add(entry('wait-aaaa1'), NOW, pins('4821'));
		first.save();
		const reading = call(id, db);
		const [wait] = reading.store.view(NOW).waits;
		reading.store.remove(wait, NOW + 1);
		reading.save();
		stale.staticData[WAITS_KEY] = { waits: [{ ...entry('wait-aaaa1'), pin: '4821' }] };
		expect(stale.store.view(NOW + 2).waits).toEqual([]);
		expect(call(id, db).store.add(entry('wait-aaaa1'), NOW + 3, pins('4821'))).toEqual({ ok: false, reason: 'this wait was answered already' });
		// The same node waiting again (a new nonce) is a new wait.
		expect(call(id, db).store.add(entry('wait-aaaa1', { nonce: 'loop-nonce-2' }), NOW + 3, pins('4821'))).toMatchObject({ ok: true });
	});

	it('keeps each workflow to itself', () => {
		const db = { saved: {} as IDataObject };
		call(id, db).store.add(entry('wait-aaaa1'), NOW, pins('4821'));
		expect(call(`${id}-other`, { saved: {} }).store.view(NOW).waits).toEqual([]);
	});

	it('forgets expired waits', () => {
		const db = { saved: {} as IDataObject };
		call(id, db).store.add(entry('wait-aaaa1', { expiresAt: NOW + 10 }), NOW, pins('4821'));
		expect(call(id, db).store.view(NOW + 10).waits).toEqual([]);
	});

	it('keeps tombstones bounded: in time (a wait without Limit Wait Time included) and in number (D2)', () => {
		const db = { saved: {} as IDataObject };
		const forever = entry('wait-forever', { expiresAt: new Date('3000-01-01T00:00:00.000Z').getTime() });
		const c = call(id, db);
		c.store.add(forever, NOW, pins('4821'));
		c.store.remove(c.store.view(NOW).waits[0], NOW + 1);
		expect(call(id, db).store.add(forever, NOW + 2, pins('4821'))).toEqual({ ok: false, reason: 'this wait was answered already' });
		const later = NOW + MAX_WAIT_LIFETIME_MS + 1;
		expect(call(id, db).store.add({ ...forever, createdAt: later }, later, pins('4821'))).toMatchObject({ ok: true });
		// In number: the oldest tombstone goes first once there are MAX_TOMBSTONES.
		const many = call(`${id}-many`, { saved: {} });
		for (let i = 0; i <= MAX_TOMBSTONES; i++) {
			const added = many.store.add(entry(`wait-many-${i}`), NOW, pins('4821'));
			if (!added.ok) throw new Error(added.reason);
			many.store.remove(added.entry, NOW);
		}
		expect(many.store.add(entry('wait-many-0'), NOW, pins('4821'))).toMatchObject({ ok: true });
		expect(many.store.add(entry(`wait-many-${MAX_TOMBSTONES}`), NOW, pins('4821'))).toEqual({ ok: false, reason: 'this wait was answered already' });
	});
});
