/**
 * Flux's source-, kustomize- and helm-controller at the versions the pinned distribution ships,
 * against one API server: their CRDs from the modules' own config/crd/bases (read from the Go
 * module cache, never copied into the repository), then the controllers on loopback, as their
 * Deployments in flux2's manifests run them except for the addresses and leader election.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { kubernetesModuleSource } from '../toolchain';
import type { ApiServer } from './api-server';
import { kubernetesBinaries } from './binaries';
import { apply, kube } from './kube';
import { freePort, startProcess, waitUntilReady } from './process';
import type { Started } from './process';

export interface Flux {
  /** `http://127.0.0.1:<port>`: where source-controller serves the artifacts it fetched. */
  readonly storageUrl: string;
  stop(): Promise<void>;
}

export interface FluxOptions {
  /** Logs, source-controller's storage: `<work>/<api.name>-flux/`. */
  readonly work: string;
  readonly log: (line: string) => void;
  /** @default 120 */
  readonly readySeconds?: number;
  /** Arguments added to a controller's own, as a FluxInstance's patches add them. @default none */
  readonly args?: ControllerArgs;
}

// notification-controller first: the others post their events to it, as in a cluster.
export const CONTROLLERS = ['notification-controller', 'source-controller', 'kustomize-controller', 'helm-controller'] as const;
export type Controller = (typeof CONTROLLERS)[number];
/** Extra arguments per controller (Deployment) name. */
export type ControllerArgs = Readonly<Partial<Record<string, readonly string[]>>>;

/**
 * The flags every controller gets: loopback addresses, one instance, every namespace. No
 * --kubeconfig: the controllers parse pflag's flags only, without the Go flag set where
 * controller-runtime registers it; KUBECONFIG (what ctrl.GetConfig reads next) names the server.
 */
export function controllerArgs(o: { metricsPort: number; healthPort: number; events: string }): string[] {
  return [
    `--metrics-addr=127.0.0.1:${o.metricsPort}`,
    `--health-addr=127.0.0.1:${o.healthPort}`,
    // One instance per API server: no lease to wait for.
    '--enable-leader-election=false',
    '--watch-all-namespaces=true',
    // notification-controller's event endpoint (http://notification-controller.flux-system.svc./ in a cluster).
    `--events-addr=${o.events}`,
    '--log-level=info',
  ];
}

/**
 * How soon a Flux object whose dependency is not Ready looks again (30s by default in both
 * controllers' main.go). Shorter here so a chain of layers reconciles within the run's budget; the
 * order itself is unchanged (listed in the report).
 */
export const REQUEUE_DEPENDENCY = '--requeue-dependency=5s';

/** source-controller's artifact storage, served and advertised on loopback. */
export function storageArgs(o: { storagePath: string; storagePort: number }): string[] {
  return [`--storage-path=${o.storagePath}`, `--storage-addr=127.0.0.1:${o.storagePort}`, `--storage-adv-addr=127.0.0.1:${o.storagePort}`];
}

/** The CRD files a controller's module ships (config/crd/bases at its pinned version). */
export function crdFiles(controller: Controller): string[] {
  const dir = path.join(kubernetesModuleSource(controller), 'config', 'crd', 'bases');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(dir, f));
}

const healthy = (port: number) =>
  new Promise<boolean>((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}/readyz`, (res) => { res.resume(); resolve(res.statusCode === 200); });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });

export async function startFlux(api: ApiServer, options: FluxOptions): Promise<Flux> {
  const binaries = kubernetesBinaries(options.log);
  const dir = path.join(options.work, `${api.name}-flux`);
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const k = kube(api);
  for (const controller of CONTROLLERS) for (const file of crdFiles(controller)) await apply(k, { file });

  const storagePort = await freePort();
  // source-controller refuses a storage path that does not exist yet.
  fs.mkdirSync(path.join(dir, 'storage'), { recursive: true });
  const file: Record<Controller, string> = { 'notification-controller': binaries.notificationController, 'source-controller': binaries.sourceController, 'kustomize-controller': binaries.kustomizeController, 'helm-controller': binaries.helmController };
  const [eventsPort, receiverPort] = [await freePort(), await freePort()];
  const processes: Started[] = [];
  const stop = async () => { await Promise.all(processes.map((p) => p.stop())); };
  try {
    for (const controller of CONTROLLERS) {
      const [metricsPort, healthPort] = [await freePort(), await freePort()];
      const args = controller === 'notification-controller'
        ? [...controllerArgs({ metricsPort, healthPort, events: `127.0.0.1:${eventsPort}` }), `--receiverAddr=127.0.0.1:${receiverPort}`]
        : [
            ...controllerArgs({ metricsPort, healthPort, events: `http://127.0.0.1:${eventsPort}/` }),
            ...(controller === 'source-controller' ? storageArgs({ storagePath: path.join(dir, 'storage'), storagePort }) : [REQUEUE_DEPENDENCY]),
          ];
      args.push(...(options.args?.[controller] ?? []));
      // RUNTIME_NAMESPACE as the Deployments set it from the pod's namespace.
      const proc = startProcess({ name: controller, file: file[controller], args, work: dir, env: { KUBECONFIG: api.kubeconfig, RUNTIME_NAMESPACE: 'flux-system' } });
      processes.push(proc);
      await waitUntilReady(proc, 'serving (/readyz)', () => healthy(healthPort), options.readySeconds ?? 120);
    }
    options.log(`${api.name}: Flux controllers serving in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${dir})`);
    return { storageUrl: `http://127.0.0.1:${storagePort}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
