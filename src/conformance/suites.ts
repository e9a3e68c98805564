import { namespaceBaseline } from '../components/default-deny';
import { baselinePolicyObject } from '../components/default-deny/policy';
import { enabledComponents, networkNeedsOf } from '../components/table';
import { gatewayOf, INGRESS_GATEWAY, INGRESS_NAMESPACE } from '../components/ingress-gateway';
import type { Environment } from '../model/resolve';
import type { Artifact } from '../tree/artifact';
import { CHAINSAW_CONFIG_FILE, TESTS_DIR } from '../tree/paths';
import { API_SERVER_HOST, checkPod, reaches, serverPod, serverService, SERVER_PORT, serviceHost } from './pods';

/** The Chainsaw release the suites are written for (its schemas are vendored from this tag, schemas/SOURCES.md). */
export const CHAINSAW_VERSION = 'v0.2.12';
const CHAINSAW_API = 'chainsaw.kyverno.io/v1alpha1';

/**
 * The namespaces the suites create and delete: the server's, under the baseline an app's namespace
 * gets, and a second app namespace that declares nothing (`conformance.namespace-taken` keeps the
 * model's own namespaces off these names, which a suite's cleanup would delete).
 */
export const SERVER_NAMESPACE = 'conformance-server';
export const PEER_NAMESPACE = 'conformance-peer';
export const CONFORMANCE_NAMESPACES: readonly string[] = [SERVER_NAMESPACE, PEER_NAMESPACE];

/** Long enough for a first pull of the busybox image on every node. */
const ASSERT_TIMEOUT = '2m';

/** The default-deny baseline as the model gives a namespace nothing declares anything for; none where the environment has none. */
function baseline(env: Environment, namespace: string): unknown[] {
  if (!env.cilium || !env.defaultDeny) return [];
  return [baselinePolicyObject(namespaceBaseline(namespace, networkNeedsOf(enabledComponents(env))))];
}

const apply = (resource: unknown) => ({ apply: { resource } });
const namespace = (name: string) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });

/** A check pod's one scalar: it ran its check and exited 0. */
const succeeded = (ns: string, name: string) => ({ assert: { resource: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns }, status: { phase: 'Succeeded' } } } });

/** One step: a check pod, and its pass. */
function checkStep(env: Environment, name: string, description: string, ns: string, script: string, token = false) {
  return { name, description, try: [apply(checkPod(env, ns, name, script, token)), succeeded(ns, name)] };
}

const test = (name: string, description: string, steps: readonly unknown[]) => ({
  apiVersion: CHAINSAW_API,
  kind: 'Test',
  metadata: { name },
  spec: { description, timeouts: { assert: ASSERT_TIMEOUT }, steps },
});

/**
 * Probes, DNS, the API server and, under default-deny, the deny between two namespaces that
 * declare nothing. The server namespace carries the baseline first, so every check runs under it.
 */
function networkTest(env: Environment) {
  const deny = Boolean(env.cilium && env.defaultDeny);
  const server = serviceHost('server', SERVER_NAMESPACE);
  const url = `http://${server}:${SERVER_PORT}/`;
  const token = '$(cat /var/run/secrets/kubernetes.io/serviceaccount/token)';
  const steps = [
    { name: 'namespace', description: `${SERVER_NAMESPACE}${deny ? ', with the baseline an app namespace gets' : ''}`, try: [namespace(SERVER_NAMESPACE), ...baseline(env, SERVER_NAMESPACE)].map(apply) },
    {
      name: 'probe-ready',
      description: `a pod with an HTTP readiness probe becomes Ready${deny ? ' under default-deny (the kubelet\'s probes pass)' : ''}`,
      try: [
        apply(serverPod(env, SERVER_NAMESPACE)),
        apply(serverService(SERVER_NAMESPACE)),
        // The phase is one scalar; the Ready condition is picked out of the list by its type.
        { assert: { resource: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'server', namespace: SERVER_NAMESPACE }, status: { phase: 'Running', "(conditions[?type == 'Ready'])": [{ status: 'True' }] } } } },
      ],
    },
    checkStep(env, 'same-namespace', 'a pod reaches the server of its own namespace', SERVER_NAMESPACE, reaches(url)),
    checkStep(env, 'dns', 'the cluster DNS answers', SERVER_NAMESPACE, `nslookup ${API_SERVER_HOST}`),
    // Any authenticated identity may read /version (system:discovery); the pod's own token is one.
    checkStep(env, 'api-server', 'the API server answers', SERVER_NAMESPACE, `timeout 10 wget -q -O /dev/null --no-check-certificate --header "Authorization: Bearer ${token}" https://${API_SERVER_HOST}/version`, true),
    ...(deny
      ? [
          { name: 'peer-namespace', description: `${PEER_NAMESPACE}, a second app namespace that declares nothing`, try: [namespace(PEER_NAMESPACE), ...baseline(env, PEER_NAMESPACE)].map(apply) },
          // The name must resolve first, so a DNS failure can never pass for a denial.
          checkStep(env, 'undeclared-denied', `traffic from ${PEER_NAMESPACE} to ${SERVER_NAMESPACE} is denied`, PEER_NAMESPACE, `nslookup ${server} && ! ${reaches(url, 5)}`),
        ]
      : []),
  ];
  return test('network', `The network of ${env.name} as the model says: probes, DNS and the API server${deny ? ' under default-deny, and no traffic between namespaces that declare none' : ''}.`, steps);
}

/** The Gateway Programmed with the ingress VIP, and answering there: from where Chainsaw runs (a workstation on the LAN, with curl). */
function gatewayTest(vip: string) {
  return test('ingress-gateway', `The ingress Gateway answers on the ingress VIP ${vip}.`, [
    {
      name: 'programmed',
      description: `Gateway ${INGRESS_NAMESPACE}/${INGRESS_GATEWAY} is Programmed with ${vip}`,
      try: [{ assert: { resource: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: INGRESS_GATEWAY, namespace: INGRESS_NAMESPACE }, status: { "(conditions[?type == 'Programmed'])": [{ status: 'True' }], '(addresses[0].value)': vip } } } }],
    },
    {
      name: 'answers',
      description: `plain HTTP on ${vip} answers with the redirect to HTTPS`,
      try: [{ script: { content: `curl --silent --max-time 10 --output /dev/null --write-out '%{http_code}' http://${vip}/`, check: { '($error)': null, '(trim_space($stdout))': '301' } } }],
    },
  ]);
}

/** The report Chainsaw writes with this Configuration: JUnit, in the folder it runs from (the repository root). */
export const reportFile = (env: Pick<Environment, 'name'>) => `chainsaw-report-${env.name}.xml`;

/** `chainsaw test --config …`: the JUnit report; no `path`, since a missing or outer report folder fails the run. */
function configuration(env: Environment) {
  return {
    apiVersion: 'chainsaw.kyverno.io/v1alpha2',
    kind: 'Configuration',
    metadata: { name: `${env.name}-conformance` },
    spec: { report: { format: 'JUNIT-TEST', name: reportFile(env).replace(/\.xml$/, '') }, timeouts: { assert: ASSERT_TIMEOUT } },
  };
}

/** One suite: its folder under tests/ and its Test. */
export interface Suite {
  readonly name: string;
  readonly test: ReturnType<typeof test>;
}

/** The suites the environment's model calls for, in the order they are listed. */
export function conformanceSuites(env: Environment): Suite[] {
  const gateway = gatewayOf(env);
  return [
    { name: 'network', test: networkTest(env) },
    ...(gateway ? [{ name: 'ingress-gateway', test: gatewayTest(gateway.ingressVip) }] : []),
  ];
}

/** `clusters/<env>/tests/`: one folder per suite (its chainsaw-test.yaml) and the Configuration. */
export function renderConformance(env: Environment): Artifact[] {
  return [
    { path: CHAINSAW_CONFIG_FILE, yaml: [configuration(env)] },
    ...conformanceSuites(env).map((s) => ({ path: `${TESTS_DIR}/${s.name}/chainsaw-test.yaml`, yaml: [s.test] })),
  ];
}
