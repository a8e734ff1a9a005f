/**
 * The sandbox's parts. Switch functions register themselves on import (switch/api.ts); modules with
 * per-instance state (control endpoints, gateway, callbacks) get a setup(sandbox) call.
 */
import type { Sandbox } from './server';
import './switch/calls';
import './switch/admin';
import { controlModule } from './control/routes';
import { gatewayModule } from './gateway';
import { reportsModule } from './switch/reports';
import { callbacksModule } from './switch/callbacks';

export interface SandboxModule {
	name: string;
	setup(sandbox: Sandbox): void;
}

export const modules: SandboxModule[] = [controlModule, reportsModule, gatewayModule, callbacksModule];
