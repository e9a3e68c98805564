import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

/** The forges a push webhook comes from, and how Flux's Receiver reads each. */
export type Forge = 'github' | 'gitea' | 'gitlab';

/**
 * Receiver type and push events per forge (notification-controller v1.9.3, docs/spec/v1/receivers.md):
 * Gitea's payloads are GitHub's, so it is `github`; GitLab names its events `Push Hook`.
 */
export const FORGE_RECEIVERS: Readonly<Record<Forge, { readonly type: 'github' | 'gitlab'; readonly events: readonly string[] }>> = {
  github: { type: 'github', events: ['ping', 'push'] },
  gitea: { type: 'github', events: ['ping', 'push'] },
  gitlab: { type: 'gitlab', events: ['Push Hook', 'Tag Push Hook'] },
};

/** The part of Flux's Receiver (notification.toolkit.fluxcd.io/v1) this project writes; validated against its vendored schema. */
export interface ReceiverSpec {
  readonly type: 'github' | 'gitlab';
  readonly events: readonly string[];
  readonly secretRef: { readonly name: string };
  readonly resources: readonly { readonly apiVersion: string; readonly kind: string; readonly name: string; readonly namespace: string }[];
}

export interface PushReceiverProps {
  readonly name: string;
  readonly namespace: string;
  readonly forge: Forge;
  /** The Secret whose `token` signs (GitHub, Gitea) or accompanies (GitLab) each request. */
  readonly tokenSecret: string;
  /** The GitRepository a push reconciles: the sync's. */
  readonly gitRepository: string;
}

/**
 * Flux's webhook Receiver: a verified push event makes notification-controller reconcile the
 * sync's GitRepository at once instead of at its next interval. It serves
 * `/hook/sha256(token+name+namespace)`, reported as `.status.webhookPath`.
 */
export class PushReceiver extends Construct {
  public constructor(scope: Construct, id: string, props: PushReceiverProps) {
    super(scope, id);
    const forge = FORGE_RECEIVERS[props.forge];
    new ApiObject(this, 'Resource', {
      apiVersion: 'notification.toolkit.fluxcd.io/v1',
      kind: 'Receiver',
      metadata: { name: props.name, namespace: props.namespace },
      spec: {
        type: forge.type,
        events: forge.events,
        secretRef: { name: props.tokenSecret },
        resources: [{ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', name: props.gitRepository, namespace: props.namespace }],
      } satisfies ReceiverSpec,
    });
  }
}
