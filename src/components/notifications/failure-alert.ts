import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

/** One source of events an Alert forwards (v1beta3 `eventSources[]`). */
export interface EventSource {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
}

/** The part of Flux's Alert (notification.toolkit.fluxcd.io/v1beta3) this project writes; validated against its vendored schema. */
export interface AlertSpec {
  readonly providerRef: { readonly name: string };
  readonly eventSeverity: 'error' | 'info';
  readonly eventSources: readonly EventSource[];
}

export interface FailureAlertProps {
  /** The Alert's name and its Provider's. */
  readonly provider: string;
  readonly namespace: string;
  readonly sources: readonly EventSource[];
}

/**
 * Every failed reconciliation of its sources to one Provider: severity `error` only (a success is
 * no news). An event source's namespace matches exactly, with no wildcard (notification-controller
 * v1.9.3, internal/server/event_handlers.go eventMatchesAlertSource), so each namespace is listed;
 * the Alert may name other namespaces than its own because the FluxInstance runs without
 * multitenancy, whose profile alone sets `--no-cross-namespace-refs=true` (flux-operator v0.58.1,
 * internal/builder/profiles.go).
 */
export class FailureAlert extends Construct {
  public constructor(scope: Construct, id: string, props: FailureAlertProps) {
    super(scope, id);
    new ApiObject(this, 'Resource', {
      apiVersion: 'notification.toolkit.fluxcd.io/v1beta3',
      kind: 'Alert',
      metadata: { name: props.provider, namespace: props.namespace },
      spec: { providerRef: { name: props.provider }, eventSeverity: 'error', eventSources: props.sources } satisfies AlertSpec,
    });
  }
}
