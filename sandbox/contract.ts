/**
 * What a sandbox module (the control endpoints, the gateway, the reports, the callbacks) may use of the
 * sandbox, and what it gives back: the one contract between server.ts and its modules, so neither
 * imports the other's file (server.ts implements SandboxHost; modules.ts lists the modules).
 */
import type { ExchangeLog } from './http/exchanges';
import type { Faults } from './http/faults';
import type { Router } from './http/router';
import type { Caller, SwitchAuthConfig } from './switch/auth';
import type { SwitchProfileName, SwitchSettings } from './switch/profiles';
import type { SwitchState } from './switch/state';

export interface SandboxOptions {
	host?: string;
	port?: number;
	/** Sandbox time per real time: 0.001 makes the gateway's 2 s retry wait 2 ms. Default 1. */
	timeScale?: number;
	switchAuth?: Partial<SwitchAuthConfig>;
	/** A named switch profile (switch/profiles.ts), and settings over it. Default: 'default'. */
	switchProfile?: SwitchProfileName;
	switchSettings?: Partial<SwitchSettings>;
	/** Options read by modules (gateway keys, provider URLs ...). */
	[module: string]: unknown;
}

/** What a switch function (`{base_url}/api/<path>/`) gets: the checked caller, the body, the state. */
export interface ApiContext {
	body: Record<string, unknown>;
	caller: Caller;
	state: SwitchState;
	/** Milliseconds of sandbox time per real millisecond: tests shrink waits with timeScale < 1. */
	scale: (ms: number) => number;
	/** Aborts when the sandbox closes: a function that holds its answer (New Call under `newCallAnswers` `answered`) lets go. */
	closing?: AbortSignal;
}

export type ApiHandler = (ctx: ApiContext) => unknown | Promise<unknown>;

export interface ApiFunction {
	handler: ApiHandler;
	/** The DID and customer suites need a global key. */
	globalKeyOnly?: boolean;
}

export interface SandboxHost {
	readonly options: SandboxOptions;
	readonly state: SwitchState;
	readonly exchanges: ExchangeLog;
	readonly faults: Faults;
	readonly router: Router;
	readonly switchAuth: SwitchAuthConfig;
	/** The switch's functions by path ('newcall', 'did/view'), installed by modules. */
	readonly switchFunctions: Map<string, ApiFunction>;
	/** Per-module state, by module name (e.g. services.gateway). */
	readonly services: Record<string, unknown>;
	/** The sandbox's own address, once listening. */
	url: string;
	/** Sandbox milliseconds to real milliseconds. */
	scale: (ms: number) => number;
	/** Work to do when the sandbox closes (timers, sockets). */
	onClose(fn: () => void | Promise<void>): void;
}

/** A part of the sandbox: set up once per sandbox, with the host it belongs to. */
export interface SandboxModule {
	name: string;
	setup(host: SandboxHost): void;
}
