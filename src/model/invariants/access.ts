import type { Environment, Node } from '../resolve';
import { GIT_URL } from './flux';
import { shown } from '../violation';
import type { Finding, FixAction, Rule } from '../violation';
import { withAction } from './flux';
import { k3sOnly } from './kind-scope';

// How the runbook and Flux reach the cluster: SSH targets, the workstation's kubeconfig, the
// datastore the founder starts, and the credentials Flux pulls the repository with.

/**
 * The keys source-controller v1.9 (Flux 2.9) reads from a GitRepository's `secretRef`, which
 * flux-operator v0.58.1 sets to `sync.pullSecret` (internal/builder/templates.go): HTTPS basic auth
 * `username`/`password`, `bearerToken`, mutual TLS `tls.crt`/`tls.key`, the forge's CA `ca.crt`;
 * SSH `identity`/`known_hosts` (docs/spec/v1/gitrepositories.md, "Secret reference").
 */
const GIT_SECRET_KEYS = ['username', 'password', 'bearerToken', 'identity', 'identity.pub', 'known_hosts', 'ca.crt', 'tls.crt', 'tls.key'];
/** What authenticates over HTTPS; a Secret with `ca.crt` alone serves a public repository behind a private CA. */
const HTTPS_KEYS = ['username', 'password', 'bearerToken', 'tls.crt', 'tls.key', 'ca.crt'];

const servers = (env: Environment) => env.nodes.length;

/** The URLs the spec holds that land in committed files, by field path. */
function specUrls(env: Environment): { path: string; url: string }[] {
  const infra = env.infrastructure;
  return [
    { path: 'flux.url', url: env.flux.url },
    ...(infra.kind === 'proxmox' ? [{ path: 'infrastructure.endpoint', url: infra.endpoint }] : []),
    ...env.apps.flatMap((a, i) => [
      ...(a.helm?.repo !== undefined ? [{ path: `apps[${i}].helm.repo`, url: a.helm.repo }] : []),
      ...(a.helm?.oci !== undefined ? [{ path: `apps[${i}].helm.oci`, url: a.helm.oci }] : []),
    ]),
  ];
}

/**
 * What is empty in a URL the tree hands on (RFC 3986 §3: `scheme://[userinfo@]host[:port]/path`):
 * its host, or a path segment (`//`; one trailing `/` is a repository's usual form). Undefined
 * when nothing is, or when the URL has no authority at all (the field's own rule says so).
 */
export function emptyUrlPart(url: string): string | undefined {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]*)([^?#\s]*)/i.exec(url);
  if (!m || url.endsWith('://')) return undefined;
  const [, authority = '', path = ''] = m;
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.replace(/:\d*$/, '');
  if (host === '') return 'its host is empty';
  return path.replace(/\/$/, '').split('/').slice(1).some((segment) => segment === '') ? `its path ${path} has an empty segment (//)` : undefined;
}

/** A URL's userinfo (RFC 3986 §3.2.1, `user:password@`), up to the authority's last `@` (a Proxmox user is `root@pam`). */
const USERINFO = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\s]*)@/i;
/** Access tokens written as the user name: GitHub's (classic `ghp_`…, fine-grained `github_pat_`) and GitLab's `glpat-`. */
const TOKEN_USER = /^(gh[pousr]_|github_pat_|glpat-)/;

/** The secret part of a URL's userinfo (a password, or a token standing as the user), if any. */
function urlSecret(url: string): string | undefined {
  const info = USERINFO.exec(url)?.[1];
  if (info === undefined) return undefined;
  const colon = info.indexOf(':');
  const password = colon < 0 ? '' : info.slice(colon + 1);
  if (password !== '') return password;
  const user = colon < 0 ? info : info.slice(0, colon);
  return TOKEN_USER.test(user) ? user : undefined;
}

/** A kubeconfig path the runbook can write unquoted: absolute or home-relative, no space, quote or colon (a KUBECONFIG list separator). */
const validKubeconfigFile = (file: string) => /^(~\/|\/)[^\s'"$`\\:]+$/.test(file) && !file.endsWith('/');

/** The declared secret Flux pulls with, if `flux.pullSecret` names one. */
const pullSecretRef = (env: Environment) => env.secrets.find((s) => s.namespace === 'flux-system' && s.name === env.flux.pullSecret);

/** A URL as messages show it: its password or token (url.credentials' to report) replaced by `…`. */
const withoutSecret = (url: string) => {
  const secret = urlSecret(url);
  return secret === undefined ? url : url.replace(`${secret}@`, '…@');
};

function pullSecretKeyFindings(env: Environment): Finding[] {
  const url = withoutSecret(env.flux.url);
  const ref = pullSecretRef(env);
  if (!ref) return [];
  const keys = new Set(ref.keys);
  const at = ref.declaredAt;
  const findings: Finding[] = ref.keys
    .filter((k) => !GIT_SECRET_KEYS.includes(k))
    .map((k) => ({ path: `${at}.keys`, value: k, message: `Flux's GitRepository reads no key ${k} from its secret`, fix: `use ${GIT_SECRET_KEYS.join(', ')}` }));
  const ssh = /^ssh:\/\//.test(env.flux.url);
  // A URL that is neither is flux.invalid-url's to report: the keys it needs are unknown.
  if (!ssh && !/^https?:\/\//.test(env.flux.url)) return findings;
  if (ssh && !(keys.has('identity') && keys.has('known_hosts'))) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', '), message: `${url} is an SSH URL: Flux needs the private key and the host's key`, fix: 'declare the keys identity and known_hosts' });
  }
  if (!ssh && keys.has('identity')) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', '), message: `${url} is not an SSH URL, so Flux ignores identity`, fix: 'use username/password or bearerToken for HTTPS, or an ssh:// URL' });
  }
  if (keys.has('username') !== keys.has('password')) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', '), message: 'basic auth needs both username and password', fix: 'declare both keys, or use bearerToken' });
  }
  if (!ssh && keys.has('tls.crt') !== keys.has('tls.key')) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', '), message: 'mutual TLS needs both the client certificate and its key: source-controller refuses one without the other', fix: 'declare both tls.crt and tls.key' });
  }
  if (!ssh && !ref.keys.some((k) => HTTPS_KEYS.includes(k))) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', ') || '(none)', message: `${url} is an HTTPS URL and the Secret holds nothing Flux reads over HTTPS`, fix: "declare username and password (a forge's access token as the password), or bearerToken; add ca.crt for a forge behind a private CA" });
  }
  if (ssh && keys.has('ca.crt')) {
    findings.push({ path: `${at}.keys`, value: ref.keys.join(', '), message: `${url} is an SSH URL: the host is trusted through known_hosts, and Flux reads ca.crt over HTTPS only`, fix: 'drop ca.crt, or use the https:// URL of the repository' });
  }
  return findings;
}

export const accessRules: readonly Rule[] = [
  {
    code: 'url.empty-part',
    severity: 'error',
    summary: 'a URL the tree hands on has a host and no empty path segment',
    check: (env) =>
      specUrls(env)
        // A clone URL of another scheme is flux.invalid-url's.
        .filter(({ path, url }) => path !== 'flux.url' || GIT_URL.test(url))
        .map((u) => ({ ...u, problem: emptyUrlPart(u.url) ?? (u.path === 'flux.url' && /^[a-z]+:\/\/[^/]+\/?$/.test(u.url) ? 'it names no repository after the host' : undefined) }))
        .filter(({ problem }) => problem !== undefined)
        .map(({ path, url, problem }) => ({
          path,
          value: withoutSecret(url),
          message: `this is not a whole URL: ${problem}`,
          fix: path === 'flux.url' ? 'write the clone URL whole: https://<forge>/<owner>/<repository>.git' : path === 'infrastructure.endpoint' ? 'write it as https://<host>:8006/' : 'write the location whole: oci://<registry>/<org>/charts/<chart> or https://<chart repository>/',
        })),
  },
  {
    code: 'url.credentials',
    severity: 'error',
    summary: 'a URL the tree commits carries no password or token: credentials sit in a SOPS Secret or the environment',
    check: (env) =>
      specUrls(env)
        .filter(({ url }) => urlSecret(url) !== undefined)
        .map(({ path, url }) => ({
          path,
          // The password or token is never repeated.
          value: withoutSecret(url),
          message: 'the URL holds a password or an access token in its user part: synth would write it into the committed tree',
          fix: path === 'flux.url'
            ? "drop it from the URL and put it in the Secret flux.pullSecret names (keys username and password); treat it as exposed if it was ever committed"
            : path === 'infrastructure.endpoint'
              ? 'drop it from the URL: the API token comes from the environment at apply time (PROXMOX_VE_API_TOKEN); treat it as exposed if it was ever committed'
              : 'drop it from the URL (an app\'s chart source takes no credentials here: serve the chart where Flux pulls it without them); treat it as exposed if it was ever committed',
        })),
  },
  k3sOnly({
    code: 'k3s.sqlite-multi-server',
    severity: 'error',
    summary: 'sqlite serves one server only; more servers (planned ones too) need embedded etcd',
    check: (env) =>
      env.k3s?.datastore === 'sqlite' && servers(env) > 1
        ? [{ path: 'k3s.datastore', value: 'sqlite', message: `${servers(env)} servers are declared, but sqlite cannot be shared: the others could never join`, fix: "use datastore: 'etcd' (k3s migrates a sqlite server to etcd when it restarts with cluster-init)", action: { set: 'k3s.datastore', to: 'etcd' } }]
        : [],
  }),
  k3sOnly({
    code: 'ssh.port-invalid',
    severity: 'error',
    summary: "a node's SSH port is a TCP port",
    check: (env) =>
      env.nodes
        .map((n) => ({ n, port: env.sshTargets[n.index]!.port }))
        .filter(({ port }) => !Number.isInteger(port) || port < 1 || port > 65535)
        .map(({ n, port }) => ({ path: `nodes[${n.index}].ssh.port`, value: shown(port), message: `${port} is not a TCP port`, fix: 'leave it unset (22) or use the NAT port that reaches this node, 1-65535', action: { unset: `nodes[${n.index}].ssh.port` } })),
  }),
  k3sOnly({
    code: 'ssh.shared-target',
    severity: 'error',
    summary: 'each node is reached at its own SSH address and port',
    check: (env) => {
      // Each entry's own target (by index: two entries may share a name, which has its own rule).
      const at = (n: Node) => `${env.sshTargets[n.index]!.host}:${env.sshTargets[n.index]!.port}`;
      const named = (n: Node) => `${n.name} (nodes[${n.index}])`;
      // Nodes reached at their own IP on 22 clash only when their IPs do, which has its own rule:
      // a pair is judged here when one of them sets ssh.
      const explicit = (n: Node) => env.spec.nodes?.[n.index]?.ssh !== undefined;
      // A target that is another node's own address (no NAT) is fixed by reaching the node itself.
      const fixFor = (n: Node, first: Node) => {
        const { host } = env.sshTargets[n.index]!;
        const ownOf = [n, first].find((m) => !explicit(m) && m.ip === host);
        return ownOf !== undefined && ownOf !== n
          ? `${n.name}'s ssh.host ${host} is ${ownOf.name}'s own IP: remove ssh.host (so ${n.name} is reached at ${n.ip}) or set ${n.name}'s own address`
          : ownOf === n
            ? `give ${first.name} a target of its own: its ssh.host is ${n.name}'s own IP; remove it (so ${first.name} is reached at ${first.ip}) or set ${first.name}'s own address`
            : `give ${n.name} a target of its own: another ssh.port on the NAT host ${host}, or its own ssh.host`;
      };
      // The node whose ssh.host is the other's own IP loses it; a NAT port needs a decision.
      const actionFor = (n: Node, first: Node): FixAction | undefined => {
        const ownOf = [n, first].find((m) => !explicit(m) && m.ip === env.sshTargets[n.index]!.host);
        return ownOf === undefined ? undefined : { unset: `nodes[${(ownOf === n ? first : n).index}].ssh.host` };
      };
      return env.nodes.flatMap((n) => {
        const first = env.nodes.find((o) => o.index < n.index && at(o) === at(n) && (explicit(o) || explicit(n)));
        return first === undefined
          ? []
          : [{ path: `nodes[${n.index}].ssh`, value: at(n), message: `${named(n)} is reached at ${at(n)}, and so is ${named(first)}: the runbook would configure one server twice`, fix: fixFor(n, first), ...withAction(actionFor(n, first)) }];
      });
    },
  }),
  k3sOnly({
    code: 'kubeconfig.invalid',
    severity: 'error',
    summary: "the kubeconfig's context is a plain name and its file a path of its own",
    // Only what the spec sets: the defaults derive from the name, which has its own rule.
    check: (env) => {
      const { context, file } = env.spec.kubeconfig ?? {};
      return [
        ...(context === undefined || /^[A-Za-z0-9][-A-Za-z0-9_.@]*$/.test(context) ? [] : [{ path: 'kubeconfig.context', value: context, message: 'not a context name the runbook can write without quoting', fix: 'use letters, digits, -, _, . and @, e.g. lab-mgmt' }]),
        ...(file === undefined || validKubeconfigFile(file) ? [] : [{ path: 'kubeconfig.file', value: file, message: 'not an absolute or home-relative file path without spaces, quotes or colons (a colon separates the files of a KUBECONFIG list)', fix: `e.g. ~/.kube/${env.name}.kubeconfig` }]),
      ];
    },
  }),
  k3sOnly({
    code: 'kubeconfig.shared-file',
    severity: 'error',
    summary: "the runbook writes a kubeconfig file whole only when it is the tool's own (the default); a file the spec names is merged into, on request",
    check: (env) => {
      const file = env.spec.kubeconfig?.file;
      // The default written out is still the tool's own file; a malformed path is kubeconfig.invalid's.
      return file === undefined || env.kubeconfig.merge || file === `~/.kube/${env.name}.kubeconfig` || !validKubeconfigFile(file)
        ? []
        : [{ path: 'kubeconfig.file', value: file, message: `${file} may be a kubeconfig other tools share, and the runbook would replace it whole, losing every other cluster it holds`, fix: `leave it unset (the runbook then writes ~/.kube/${env.name}.kubeconfig, its own), or set kubeconfig.merge: true to merge this cluster's entries into ${file}`, action: { unset: 'kubeconfig.file' } }];
    },
  }),
  k3sOnly({
    code: 'k3s.kubeconfig-readable',
    severity: 'warning',
    summary: "the admin kubeconfig k3s writes on every server is readable by root alone",
    // k3s sets this mode on /etc/rancher/k3s/k3s.yaml each time it starts (pkg/server/server.go, writeKubeConfig).
    check: (env) => {
      if (!env.k3s) return [];
      const bits = Number.parseInt(env.k3s.writeKubeconfigMode, 8) & 0o077;
      const who = [...(bits & 0o070 ? ['its group'] : []), ...(bits & 0o007 ? ['every other user'] : [])];
      return who.length === 0
        ? []
        : [{ path: 'k3s.writeKubeconfigMode', value: env.k3s.writeKubeconfigMode, message: `mode ${env.k3s.writeKubeconfigMode} opens the cluster-admin credentials in /etc/rancher/k3s/k3s.yaml on every server to ${who.join(' and ')}`, fix: 'leave it unset (0600): the runbook reads the file with sudo' }];
    },
  }),
  {
    code: 'flux.ssh-without-identity',
    severity: 'error',
    summary: 'Flux pulls an ssh:// URL with an SSH identity (flux.pullSecret): source-controller has no other key to offer',
    // source-controller v1.9 authenticates SSH only with the `identity` (and `known_hosts`) of the
    // GitRepository's secretRef (docs/spec/v1/gitrepositories.md, "SSH authentication"); with no
    // Secret it offers no key, and forges refuse SSH without one, public repositories too.
    check: (env) =>
      /^ssh:\/\//i.test(env.flux.url) && env.flux.pullSecret === undefined
        ? [{
            path: 'flux.url',
            value: env.flux.url,
            message: 'Flux clones an ssh:// URL only with an SSH identity, and flux.pullSecret names none: the GitRepository would never become ready',
            fix: `declare a Secret with identity and known_hosts (secrets: [{ namespace: 'flux-system', name: 'flux-ssh', keys: ['identity', 'known_hosts'] }]), set flux.pullSecret: 'flux-ssh' and fill it with npm run secrets -- set ${env.name} flux-system/flux-ssh; or use the repository's https:// URL`,
          }]
        : [],
  },
  {
    code: 'flux.pull-secret-undeclared',
    severity: 'error',
    summary: 'the Secret Flux pulls the repository with is declared, in flux-system',
    check: (env) =>
      env.flux.pullSecret === undefined || pullSecretRef(env)
        ? []
        : [{ path: 'flux.pullSecret', value: env.flux.pullSecret, message: `no Secret flux-system/${env.flux.pullSecret} is declared, so the bootstrap has nothing to create and Flux could not pull`, fix: `declare it: secrets: [{ namespace: 'flux-system', name: '${env.flux.pullSecret}', keys: ['username', 'password'] }], then npm run secrets -- set ${env.name} flux-system/${env.flux.pullSecret} …` }],
  },
  {
    code: 'flux.pull-secret-keys',
    severity: 'error',
    summary: "the pull Secret's keys are ones Flux reads, complete for the URL's scheme",
    check: pullSecretKeyFindings,
  },
];
