import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

/** The part of Flux's Provider (notification.toolkit.fluxcd.io/v1beta3) this project writes; validated against its vendored schema. */
export interface ProviderSpec {
  readonly type: string;
  readonly channel?: string;
  /** Its `address` (and `token`, `username`, …) come from this Secret, in the Provider's namespace. */
  readonly secretRef: { readonly name: string };
}

export interface NotificationProviderProps {
  readonly name: string;
  readonly namespace: string;
  readonly spec: ProviderSpec;
}

/**
 * Where Flux's notification-controller posts an event. The address is the Secret's `address` key,
 * which overrides `.spec.address`, so the URL of a webhook or chat is never in the tree in
 * plaintext (notification-controller v1.9.3, docs/spec/v1beta3/providers.md "Secret reference").
 */
export class NotificationProvider extends Construct {
  public constructor(scope: Construct, id: string, props: NotificationProviderProps) {
    super(scope, id);
    new ApiObject(this, 'Resource', {
      apiVersion: 'notification.toolkit.fluxcd.io/v1beta3',
      kind: 'Provider',
      metadata: { name: props.name, namespace: props.namespace },
      spec: props.spec,
    });
  }
}
