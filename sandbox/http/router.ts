/** Routes other than the switch's /api/ functions (gateway, control) register here. */
import type { IncomingHttpHeaders } from 'node:http';

export interface SandboxRequest {
	method: string;
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	ip: string;
	body: Record<string, unknown>;
	raw: Buffer;
	bodyType: 'json' | 'form' | 'empty';
	params: Record<string, string>;
}

export interface SandboxReply {
	status?: number;
	json?: unknown;
	text?: string;
	buffer?: Buffer;
	headers?: Record<string, string>;
}

export interface Route {
	method: string;
	/** Exact path, or a pattern with :name segments. */
	path: string;
	/** Name recorded in the exchange log ('gateway', 'control' ...). */
	service: string;
	/** Read the body as raw bytes only (for downloads and uploads of any type). */
	rawBody?: boolean;
	handle: (req: SandboxRequest) => SandboxReply | Promise<SandboxReply>;
}

export class Router {
	private routes: Array<Route & { re: RegExp; names: string[] }> = [];

	add(route: Route) {
		const names: string[] = [];
		const pattern = route.path
			.replace(/\/+$/, '')
			.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
			.replace(/:(\w+)/g, (_m, name: string) => {
				names.push(name);
				return '([^/]+)';
			});
		this.routes.push({ ...route, re: new RegExp(`^${pattern}/?$`), names });
	}

	match(method: string, path: string) {
		for (const r of this.routes) {
			if (r.method !== method && r.method !== '*') continue;
			const m = r.re.exec(path);
			if (!m) continue;
			const params: Record<string, string> = {};
			r.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1])));
			return { route: r, params };
		}
		return undefined;
	}
}
