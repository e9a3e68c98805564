import type { ChartRelease } from '../charts/chart';
import { LONGHORN_PACKAGES } from '../infra/cloud-init';
import type { Environment } from '../model/resolve';
import * as versions from '../versions';
import { JOIN_TOKEN_FILE } from './k3s-config';
import { treeDir } from '../paths';

const fence = (lines: readonly string[]) => ['```sh', ...lines, '```', ''];

/**
 * The cold-build order as commands: k3s, kube-vip, wait for the VIP, the CNI (`cni`, installed
 * before Flux, which needs pod networking), verify, Flux.
 */
export function runbook(env: Environment, cni?: ChartRelease): string {
  const { founder, k3s, flux } = env;
  const joiners = env.liveNodes.filter((n) => n !== founder);
  const install = `curl -sfL https://get.k3s.io | INSTALL_K3S_VERSION='${k3s.version}' sh -s - server`;
  const cilium = cni;
  const manifests = `${k3s.dataDir}/server/manifests`;
  // Steps are numbered as they are emitted: an environment without a VIP or Cilium skips some.
  let step = 0;
  const heading = (title: string) => `## ${++step}. ${title}`;
  const out: string[] = [
    `# Cold build of ${env.name}`,
    '',
    `Generated from \`src/environments/${env.name}.ts\` by \`npm run synth\`; edit that file, not this one.`,
    `Run the steps in order from this folder (\`${treeDir(env.name)}/bootstrap\`), one server at a time.`,
    '',
    ...(env.infrastructure.kind === 'bare-metal'
      ? []
      : [
          heading('VMs'),
          '',
          `The VM layer is \`${treeDir(env.name)}/terraform/cdk.tf.json\`; from the repository root:`,
          '',
          ...fence([
            ...(env.infrastructure.kind === 'proxmox' ? ["export PROXMOX_VE_API_TOKEN='user@pam!token=…'   # never committed"] : []),
            `tofu -chdir=clusters/${env.name}/terraform init`,
            `tofu -chdir=clusters/${env.name}/terraform apply        # or: cdktf deploy ${env.name}`,
          ]),
        ]),
    // VMs get these from cloud-init; bare metal from the operator, before anything mounts a volume.
    ...(env.longhorn && env.infrastructure.kind === 'bare-metal'
      ? [
          heading('Longhorn prerequisites, on every server'),
          '',
          ...fence([`sudo apt-get install -y ${LONGHORN_PACKAGES.join(' ')}`, 'sudo systemctl enable --now iscsid', `sudo install -d -m 0700 ${env.longhorn.dataPath}`]),
        ]
      : []),
    heading(`k3s on the founder, ${founder.name} (${founder.ip})`),
    '',
    ...fence([
      `sudo install -D -m 0600 nodes/${founder.name}/config.yaml /etc/rancher/k3s/config.yaml`,
      install,
    ]),
  ];
  if (env.vip) {
    out.push(
      heading(`kube-vip, then wait until the VIP ${env.vip} answers on ${env.apiPort}`),
      '',
      'k3s applies `kube-vip.yaml` from its manifests folder; kube-vip runs on the host network and',
      'talks to the local apiserver, so it needs no CNI. Do not install Cilium before the VIP answers:',
      'Cilium is configured to reach the API through it.',
      '',
      ...fence([
        `sudo install -D -m 0600 kube-vip.yaml ${manifests}/kube-vip.yaml`,
        `until curl -ks -o /dev/null --max-time 2 https://${env.vip}:${env.apiPort}/livez; do sleep 2; done`,
      ]),
    );
  }
  if (cilium) {
    out.push(
      heading(`Cilium ${cilium.version} (Gateway API CRDs first)`),
      '',
      ...fence([
        `kubectl apply --server-side -f ${versions.gatewayApi.repo}/releases/download/${versions.gatewayApi.version}/standard-install.yaml`,
        ...(cilium.oci
          ? [`helm install ${cilium.name} ${cilium.oci} --version ${cilium.version} --namespace ${cilium.namespace} --values cilium-values.yaml`]
          : [
              `helm repo add ${cilium.name} ${cilium.repo}`,
              `helm install ${cilium.name} ${cilium.name}/${cilium.chart} --version ${cilium.version} --namespace ${cilium.namespace} --values cilium-values.yaml`,
            ]),
      ]),
      'Flux later adopts this release with the very same values (`cilium-values.yaml` is the HelmRelease\'s `spec.values`).',
      '',
    );
  }
  out.push(
    heading('Verify'),
    '',
    ...fence([
      'kubectl get nodes -o wide            # Ready',
      ...(cilium ? ['kubectl -n kube-system rollout status daemonset/cilium'] : []),
      `kubectl --server https://${env.apiServerEndpoint}:${env.apiPort} get --raw /readyz`,
    ]),
  );
  if (joiners.length > 0) {
    out.push(
      heading('Join the other servers, one at a time'),
      '',
      `Each joins the founder's own address (https://${env.apiHost}:${env.apiPort}), never the VIP, with the`,
      `founder's token, fetched at join time so a single server can be re-joined on its own.`,
      '',
    );
    for (const node of joiners) {
      out.push(
        `### ${node.name} (${node.ip})`,
        '',
        ...fence([
          `ssh ${founder.ip} sudo cat ${k3s.tokenPath} | ssh ${node.ip} sudo install -D -m 0600 /dev/stdin ${JOIN_TOKEN_FILE}`,
          `sudo install -D -m 0600 nodes/${node.name}/config.yaml /etc/rancher/k3s/config.yaml   # on ${node.name}`,
          ...(env.vip ? [`sudo install -D -m 0600 kube-vip.yaml ${manifests}/kube-vip.yaml   # on ${node.name}`] : []),
          `${install}   # on ${node.name}`,
        ]),
      );
    }
  }
  if (env.plannedNodes.length > 0) {
    out.push(
      `Planned, not rendered: ${env.plannedNodes.map((n) => `${n.name} (${n.ip})`).join(', ')}. Their IPs are`,
      'already in every certificate; mark a node live in the environment once it is racked.',
      '',
    );
  }
  out.push(
    heading('Flux'),
    '',
    ...(env.secrets.length > 0
      ? [
          `The tree holds SOPS-encrypted Secrets; Flux decrypts them with the age identity of ${env.name}`,
          '(`npm run secrets -- init ' + env.name + '` wrote it to `.age/' + env.name + '.agekey`, outside Git):',
          '',
        ]
      : []),
    ...fence([
      ...(env.secrets.length > 0
        ? ['kubectl create namespace flux-system', `kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=.age/${env.name}.agekey`]
        : []),
      `flux bootstrap git --url=${flux.url} --branch=${flux.branch} --path=${flux.path}`,
    ]),
    'Bootstrap commits `flux-system/gotk-components.yaml`. Then set `flux.bootstrapped: true` in the',
    'environment and run `npm run synth`, so the tree lists it and Flux manages itself from Git.',
  );
  return out.join('\n');
}
