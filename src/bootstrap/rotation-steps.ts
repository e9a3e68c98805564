import type { FluxOwnedObject, HandoverPlan } from './handover-step';
import type { K3sEnvironment } from '../model/resolve';
import { REPO_ROOT, WAIT, secretValue, sshOptions } from './step';
import type { Step } from './step';

// Day 2 after a hand-over: the credentials a shredded file held in plain text are rotated, since
// shredding proves nothing on journaled or copy-on-write storage.

/** A node script reading JSON on stdin: prints what `body` returns for the parsed value (argv: its arguments). */
const node = (body: string) => `node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const v=JSON.parse(s),a=process.argv.slice(1);process.stdout.write(${body})})'`;

/**
 * The Proxmox API token of the infrastructure provider's configSecret (CAPMOX reads PROXMOX_URL,
 * PROXMOX_TOKEN = `user@realm!tokenid`, PROXMOX_SECRET), rotated the way cluster-api-operator
 * allows: the operator does not watch the Secret, so the new values go under a new name.
 */
function proxmoxRotation(env: K3sEnvironment, ref: string, owned: FluxOwnedObject): Step[] {
  const { layer, resource } = owned;
  const provider = { namespace: owned.namespace, name: owned.name };
  const pve = `ssh ${sshOptions} "$PROXMOX_VE_SSH_USERNAME@$PVE_HOST"`;
  const [namespace] = ref.split('/');
  // No `!` outside single quotes: an interactive bash would expand it from its history.
  const read = [
    `cd ${REPO_ROOT} && export SOPS_AGE_KEY_FILE="\${SOPS_AGE_KEY_FILE:-.age/${env.name}.agekey}"`,
    `TOKEN=$(${secretValue(env, ref, 'PROXMOX_TOKEN')})`,
    `URL=$(${secretValue(env, ref, 'PROXMOX_URL')})`,
    `PVE_USER=$(printf %s "$TOKEN" | cut -d'!' -f1) OLD_ID=$(printf %s "$TOKEN" | cut -d'!' -f2)`,
    `PVE_HOST=$(printf %s "$URL" | sed -E 's#^https?://([^/:]+).*#\\1#')`,
  ];
  return [
    {
      title: `Rotate the Proxmox API token of ${ref} (1 of 2): a new token`,
      where: 'workstation, then the Proxmox host',
      notes: [
        `The token in \`${ref}\` sat in plain text on the founder. A new token is made for the same user with the same privilege separation (and, when separated, the old token's ACL entries), its secret written straight into \`secrets/${env.name}/${namespace}.$NEW_SECRET.sops.yaml\`: it never reaches the terminal. The old token still works until part 2.`,
        `Then point \`clusterApi.providers[…].configSecret.name\` of ${provider.name} at \`$NEW_SECRET\` in \`environments/${env.name}.ts\` (cluster-api-operator does not watch the Secret it names, so new values go under a new name), \`npm run synth\`, commit and merge: Flux applies the new Secret and the provider.`,
        'Paste the block whole: it runs in a subshell that stops at the first failure.',
      ],
      commands: [
        '(set -euo pipefail',
        `: "\${PROXMOX_VE_SSH_USERNAME:?export PROXMOX_VE_SSH_USERNAME=root (pveum runs on the Proxmox host over SSH)}" "\${NEW_TOKEN_ID:?export NEW_TOKEN_ID=<a token id not in use, e.g. capi-2>}" "\${NEW_SECRET:?export NEW_SECRET=<a Secret name not in use, e.g. ${ref.split('/')[1]}-2>}"`,
        ...read,
        `PRIVSEP=$(${pve} "pveum user token list $PVE_USER --output-format json" | ${node('String(Number(v.find((t)=>t.tokenid===a[0]).privsep))')} "$OLD_ID")`,
        `{ printf 'PROXMOX_URL=%s\\n' "$URL"; ${pve} "pveum user token add $PVE_USER $NEW_TOKEN_ID --privsep $PRIVSEP --output-format json" | ${node('`PROXMOX_TOKEN=${v["full-tokenid"]}\\nPROXMOX_SECRET=${v.value}\\n`')}; } | npm run --silent secrets -- set ${env.name} ${namespace}/"$NEW_SECRET" --env-file -`,
        `if [ "$PRIVSEP" = 1 ]; then ${pve} 'pveum acl list --output-format json' | ${node('v.filter((e)=>e.type==="token"&&e.ugid===a[0]).map((e)=>`pveum acl modify ${e.path} --tokens ${a[1]} --roles ${e.roleid} --propagate ${e.propagate}\\n`).join("")')} "$TOKEN" "$PVE_USER"'!'"$NEW_TOKEN_ID" | ${pve} 'sh -e'; fi`,
        ')',
      ],
    },
    {
      title: `Rotate the Proxmox API token of ${ref} (2 of 2): retire the old one`,
      where: 'workstation, then the Proxmox host',
      notes: [
        `After the merge: once Flux has applied the provider with \`configSecret.name: $NEW_SECRET\`, the provider's controller restarts (its pods read the variables only when they start) and the old token is removed on the Proxmox host, so the copy that was on disk opens nothing. Then \`git rm secrets/${env.name}/${namespace}.${ref.split('/')[1]}.sops.yaml\`, \`npm run synth\`, commit and merge: Flux prunes the old Secret.`,
      ],
      commands: [
        '(set -euo pipefail',
        `: "\${PROXMOX_VE_SSH_USERNAME:?export PROXMOX_VE_SSH_USERNAME=root}" "\${NEW_SECRET:?export NEW_SECRET=<the name set in part 1>}"`,
        `kubectl -n flux-system wait kustomization/${layer} --for=condition=Ready --timeout=${WAIT.flux}`,
        `test "$(kubectl -n ${provider.namespace} get ${resource} ${provider.name} -o jsonpath='{.spec.configSecret.name}')" = "$NEW_SECRET"`,
        `kubectl -n ${provider.namespace} wait ${resource}/${provider.name} --for=condition=Ready --timeout=${WAIT.flux}`,
        `kubectl -n ${provider.namespace} rollout restart deployment`,
        `for d in $(kubectl -n ${provider.namespace} get deployment -o name); do kubectl -n ${provider.namespace} rollout status "$d" --timeout=${WAIT.rollout}; done`,
        ...read,
        `${pve} "pveum user token remove $PVE_USER $OLD_ID"`,
        ')',
      ],
    },
  ];
}

/** A held Secret of any other kind: the steps are the issuer's, the shape is the same. */
function genericRotation(env: K3sEnvironment, ref: string): Step {
  return {
    title: `Rotate ${ref}`,
    where: 'workstation',
    notes: [
      `Its values sat in plain text on the founder. Issue new ones where they were issued, write them (\`npm run secrets -- set ${env.name} ${ref} --env-file -\`, KEY=… lines on stdin, or under a new name where the consumer does not watch the Secret), \`npm run synth\`, commit and merge; then revoke the old values at their issuer.`,
    ],
    commands: [`npm run secrets -- show ${env.name} ${ref} >/dev/null`],
  };
}

/** Day 2 steps for every Secret a shredded file held, in the spec's order. */
export function rotationSteps(env: K3sEnvironment, plan: HandoverPlan): Step[] {
  const held = [...new Set((env.handover?.files ?? []).flatMap((f) => f.held))];
  return held.flatMap((ref) => {
    const provider = env.clusterApi?.providers.find((p) => p.kind === 'InfrastructureProvider' && p.name === 'proxmox' && p.configSecret && `${p.namespace}/${p.configSecret.name}` === ref);
    // The provider object as the hand-over checks it: its kubectl resource and its layer.
    const owned = provider && plan.owned.find((o) => o.namespace === provider.namespace && o.name === provider.name);
    return owned ? proxmoxRotation(env, ref, owned) : [genericRotation(env, ref)];
  });
}
