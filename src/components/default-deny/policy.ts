import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

/** The part of Cilium's CiliumNetworkPolicy this project writes (cilium.io/v2). */
export interface CiliumRule {
  readonly fromEntities?: readonly string[];
  readonly toEntities?: readonly string[];
  readonly fromEndpoints?: readonly { readonly matchLabels?: Readonly<Record<string, string>> }[];
  readonly toEndpoints?: readonly { readonly matchLabels?: Readonly<Record<string, string>> }[];
  readonly toPorts?: readonly { readonly ports: readonly { readonly port: string; readonly protocol: 'TCP' | 'UDP' | 'ANY' }[] }[];
}

export interface CiliumNetworkPolicySpec {
  readonly description: string;
  readonly endpointSelector: Readonly<Record<string, never>>;
  readonly ingress: readonly CiliumRule[];
  readonly egress: readonly CiliumRule[];
}

/** kube-dns, as Cilium labels it: its namespace and k3s CoreDNS's `k8s-app` label. */
export const KUBE_DNS = { 'k8s:io.kubernetes.pod.namespace': 'kube-system', 'k8s:k8s-app': 'kube-dns' } as const;

/**
 * The baseline of one namespace. Selecting every endpoint with both an ingress and an egress
 * section makes them default-deny both ways (Cilium's default enforcement mode: an endpoint is
 * unrestricted until a rule selects it, then only what the rules allow passes); the rules below
 * are all that passes.
 */
export function baselineSpec(extra: { readonly ingress?: readonly CiliumRule[]; readonly egress?: readonly CiliumRule[] } = {}): CiliumNetworkPolicySpec {
  return {
    description: 'Default deny, except probes and node traffic, the namespace itself, the Gateway, DNS and the API server',
    endpointSelector: {},
    ingress: [
      // Kubelet probes come from the pod's own node: the `host` entity. Cilium already allows the
      // local host to reach local pods unless the agent runs with --allow-localhost=policy
      // (docs.cilium.io, security/policy/language, "Access to/from local host"); naming `host`
      // keeps probes working in that mode too. `remote-node` is the API server on the other
      // servers calling this namespace's webhooks (k3s runs it on the host network).
      { fromEntities: ['host', 'remote-node'] },
      // The namespace's own traffic: an empty selector is every endpoint of the policy's namespace.
      { fromEndpoints: [{}] },
      // Requests through the Cilium Gateway arrive from its Envoy: the `ingress` entity.
      { fromEntities: ['ingress'] },
      ...(extra.ingress ?? []),
    ],
    egress: [
      { toEndpoints: [{}] },
      { toEndpoints: [{ matchLabels: KUBE_DNS }], toPorts: [{ ports: [{ port: '53', protocol: 'ANY' }] }] },
      { toEntities: ['kube-apiserver'] },
      ...(extra.egress ?? []),
    ],
  };
}

export interface BaselinePolicyProps {
  readonly namespace: string;
  /** Rules a component of this namespace needs, or that let a scraper in. @default none */
  readonly ingress?: readonly CiliumRule[];
  readonly egress?: readonly CiliumRule[];
}

/** The `baseline` CiliumNetworkPolicy of one namespace, as an object: what the tree's policy and a conformance suite's apply. */
export function baselinePolicyObject(props: BaselinePolicyProps) {
  return {
    apiVersion: 'cilium.io/v2',
    kind: 'CiliumNetworkPolicy',
    metadata: { name: 'baseline', namespace: props.namespace },
    spec: baselineSpec({ ingress: props.ingress, egress: props.egress }),
  };
}

/** The `baseline` CiliumNetworkPolicy of one namespace. */
export class BaselinePolicy extends Construct {
  public constructor(scope: Construct, id: string, props: BaselinePolicyProps) {
    super(scope, id);
    new ApiObject(this, 'Resource', baselinePolicyObject(props));
  }
}
