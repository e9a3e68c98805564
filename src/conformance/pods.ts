import type { Environment } from '../model/resolve';

/** The port the suites' server listens on: above 1024, so it runs as a user that is not root. */
export const SERVER_PORT = 8080;

/** The cluster's DNS domain: k3s's default, the one the FluxInstance names too. */
const CLUSTER_DOMAIN = 'cluster.local';

/** A Service's name in the cluster's DNS. */
export const serviceHost = (name: string, namespace: string) => `${name}.${namespace}.svc.${CLUSTER_DOMAIN}`;
/** The API server's Service, as every pod reaches it. */
export const API_SERVER_HOST = serviceHost('kubernetes', 'default');

/**
 * What every container of the suites carries: a pinned tag (Kyverno's disallow-latest-tag), CPU and
 * memory requests (require-requests), a memory limit, and the restricted Pod Security profile's
 * settings (not root, no privilege escalation, no capabilities, a read-only root filesystem).
 */
function container(env: Environment, name: string, script: string, extra: Record<string, unknown> = {}) {
  const { repository, tag } = env.versions.images.conformanceBusybox;
  return {
    name,
    image: `${repository}:${tag}`,
    command: ['sh', '-c', script],
    resources: { requests: { cpu: '10m', memory: '16Mi' }, limits: { memory: '32Mi' } },
    securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
    ...extra,
  };
}

const podSecurity = { runAsNonRoot: true, runAsUser: 65534, runAsGroup: 65534, seccompProfile: { type: 'RuntimeDefault' } };

/**
 * The suites' HTTP server with an HTTP readiness probe: it becomes Ready only if the kubelet's
 * probe reaches it, which a naive default-deny blocks. It serves one page from an emptyDir.
 */
export function serverPod(env: Environment, namespace: string) {
  const script = `mkdir -p /www && echo ok > /www/index.html && exec httpd -f -p ${SERVER_PORT} -h /www`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'server', namespace, labels: { app: 'server' } },
    spec: {
      securityContext: podSecurity,
      automountServiceAccountToken: false,
      containers: [container(env, 'httpd', script, {
        ports: [{ name: 'http', containerPort: SERVER_PORT }],
        readinessProbe: { httpGet: { path: '/', port: SERVER_PORT }, periodSeconds: 2 },
        volumeMounts: [{ name: 'www', mountPath: '/www' }],
      })],
      volumes: [{ name: 'www', emptyDir: {} }],
    },
  };
}

/** The Service in front of the server, so clients reach it by name (through the cluster's DNS). */
export function serverService(namespace: string) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'server', namespace },
    spec: { selector: { app: 'server' }, ports: [{ name: 'http', port: SERVER_PORT, targetPort: SERVER_PORT }] },
  };
}

/**
 * A pod that runs one shell check once: phase Succeeded is the pass, a single scalar to assert
 * (Chainsaw matches lists strictly). `token`: the ServiceAccount token is mounted, for the API server.
 */
export function checkPod(env: Environment, namespace: string, name: string, script: string, token = false) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace },
    spec: {
      restartPolicy: 'Never',
      securityContext: podSecurity,
      automountServiceAccountToken: token,
      containers: [container(env, 'check', script)],
    },
  };
}

/** A request that must succeed within the seconds given (busybox's timeout: a denied packet is dropped, not refused). */
export const reaches = (url: string, seconds = 10) => `timeout ${seconds} wget -q -O /dev/null ${url}`;
