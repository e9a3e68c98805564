import { forgeOf } from '../components/notifications/forge';
import { FORGE_RECEIVERS } from '../components/notifications/push-receiver';
import { WEBHOOK_TOKEN_SECRET } from '../components/notifications/settings';
import { tlsOf } from '../components/tls/config';
import type { Environment } from '../model/resolve';

/** Where a forge's webhook form is, and what it calls the shared secret. */
const FORGE_FORMS = {
  github: 'Settings → Webhooks → Add webhook: content type `application/json`, the token as **Secret**, "Just the push event"',
  gitea: 'Settings → Webhooks → Add webhook → Gitea: content type `application/json`, the token as **Secret**, trigger on push events',
  gitlab: 'Settings → Webhooks → Add new webhook: the token as **Secret token**, trigger on push events and tag push events',
} as const;

/**
 * The overview's "Notifications" section: who is told what, and how to point the forge's push
 * webhook at Flux's Receiver (its path is known only once notification-controller has read the
 * token: `.status.webhookPath`).
 */
export function notificationsSection(env: Environment): string[] {
  const n = env.notifications;
  if (!n) return [];
  const receivers = n.receivers.length === 0
    ? ['No receiver is declared: alerts and failed reconciliations reach nobody.', '']
    : [
        '| receiver | kind | alerts (Alertmanager) | failed reconciliations (Flux) |',
        '| --- | --- | --- | --- |',
        ...n.receivers.map((r) => `| ${r.name} | ${r.kind} | ${r.alerts ? `${r.alerts} and above` : '–'} | ${r.flux ? 'yes' : '–'} |`),
        '',
      ];
  const forge = n.webhook && (n.webhook.forge ?? forgeOf(env.flux.url));
  const webhook = !n.webhook || !forge
    ? []
    : [
        `A push reconciles the sync at once through Flux's Receiver \`flux-system/git-push\` (type \`${FORGE_RECEIVERS[forge].type}\`), behind the Gateway's \`https\` listener at \`https://${n.webhook.host}.${env.spec.baseDomain}\`. Once Flux has applied it, read its path and the token:`,
        '',
        '```sh',
        `kubectl --kubeconfig ${env.kubeconfig.file} --context ${env.kubeconfig.context} -n flux-system get receiver git-push -o jsonpath='{.status.webhookPath}'`,
        // `show` prints the Secret as Kubernetes holds it (data in base64): the forge wants the token itself.
        `npm run --silent secrets -- show ${env.name} flux-system/${WEBHOOK_TOKEN_SECRET} | sed -n 's/^  token: //p' | base64 -d; echo`,
        '```',
        '',
        `and add the webhook in the repository of \`${env.flux.url}\` (${forge}): ${FORGE_FORMS[forge]}, **URL** \`https://${n.webhook.host}.${env.spec.baseDomain}\` followed by the path. A new token changes the path.${tlsOf(env)?.issuer.kind === 'private-ca' ? ' The certificate is signed by the private CA: install that CA where the forge runs (TLS, above), or a forge that verifies certificates refuses the connection.' : ''}`,
        '',
      ];
  return ['## Notifications', '', ...receivers, ...webhook];
}
