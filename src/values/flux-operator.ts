/* Generated from schemas/values/flux-operator-0.49.0.values.schema.json by npm run values-types: do not edit. */

export interface FluxOperatorValues {
  affinity?: {
    nodeAffinity?: {
      requiredDuringSchedulingIgnoredDuringExecution?: {
        nodeSelectorTerms?: {
          matchExpressions?: {
            key?: string;
            operator?: string;
            values?: string[];
          }[];
        }[];
      };
    };
  };
  apiPriority?: {
    enabled?: boolean;
    extraServiceAccounts?: unknown[];
    level?: string;
  };
  commonAnnotations?: {};
  commonLabels?: {};
  extraArgs?: string[];
  extraEnvs?: {}[];
  extraVolumeMounts?: {}[];
  extraVolumes?: {}[];
  fullnameOverride?: string;
  hostNetwork?: boolean;
  image?: {
    imagePullPolicy?: "IfNotPresent" | "Always" | "Never";
    pullSecrets?: {}[];
    repository?: string;
    tag?: string;
  };
  installCRDs?: boolean;
  livenessProbe?: {
    httpGet?: {
      path?: string;
      port?: number;
    };
    initialDelaySeconds?: number;
    periodSeconds?: number;
  };
  logLevel?: "debug" | "info" | "error";
  marketplace?: {
    account?: string;
    license?: string;
    type?: string;
  };
  multitenancy?: {
    defaultServiceAccount?: string;
    defaultWorkloadIdentityServiceAccount?: string;
    enabled?: boolean;
    enabledForWorkloadIdentity?: boolean;
  };
  nameOverride?: string;
  nodeSelector?: {};
  podSecurityContext?: {};
  priorityClassName?: string;
  rbac?: {
    create?: boolean;
    createAggregation?: boolean;
  };
  readinessProbe?: {
    httpGet?: {
      path?: string;
      port?: number;
    };
    initialDelaySeconds?: number;
    periodSeconds?: number;
  };
  reporting?: {
    interval?: string;
  };
  resources?: {
    limits?: {
      cpu?: string;
      memory?: string;
    };
    requests?: {
      cpu?: string;
      memory?: string;
    };
  };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    capabilities?: {
      drop?: string[];
    };
    readOnlyRootFilesystem?: boolean;
    runAsNonRoot?: boolean;
    seccompProfile?: {
      type?: string;
    };
  };
  service?: {
    ipFamilyPolicy?: "" | "SingleStack" | "PreferDualStack" | "RequireDualStack";
  };
  serviceAccount?: {
    automount?: boolean;
    create?: boolean;
    name?: string;
  };
  serviceMonitor?: {
    create?: boolean;
    interval?: string;
    labels?: {};
    scrapeTimeout?: string;
  };
  tolerations?: {}[];
  web?: {
    config?: {};
    configSecretName?: string;
    enabled?: boolean;
    httpRoute?: {
      annotations?: {};
      enabled?: boolean;
      hostnames?: string[];
      parentRefs?: {}[];
    };
    ingress?: {
      annotations?: {};
      className?: string;
      enabled?: boolean;
      hosts?: {}[];
      tls?: {}[];
    };
    networkPolicy?: {
      create?: boolean;
    };
    rbac?: {
      createAggregation?: boolean;
      createRoles?: boolean;
    };
    serverOnly?: boolean;
    serverReplicas?: number;
  };
}
