/* Generated from schemas/values/loki-18.11.0.values.schema.json by npm run values-types: do not edit. */

export interface LokiValues {
  /**
   * Configuration for the backend pod(s)
   */
  backend?: {
    /**
     * Affinity for backend pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for backend StatefulSet
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set this toggle to false to opt out of automounting API credentials for the service account
     */
    automountServiceAccountToken?: boolean;
    autoscaling?: {
      /**
       * Behavior policies while scaling.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Enable autoscaling for the backend.
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the backend.
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the backend.
       */
      minReplicas?: number;
      /**
       * Target CPU utilization percentage for the backend.
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilization percentage for the backend.
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * DNS config for backend pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `SimpleScalable`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the backend
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the backend pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the backend pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the backend pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the backend pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the backend pods
     */
    extraVolumes?: unknown[];
    /**
     * Override for the backend fullname. By default, this is generated using the fullname template with "-backend"
     */
    fullnameOverride?: string;
    /**
     * Use the host's user namespace in the backend pods.
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the backend image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the backend image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the backend image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the backend pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the backend. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the backend. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of backend workload. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Additional labels for backend StatefulSet
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for backend pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for volume claim
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Parameters used for the `data` volume when volumeClaimEnabled if false
       */
      dataVolumeParameters?: {
        [k: string]: unknown;
      };
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable volume claims in pod spec
       */
      enabled?: boolean;
      /**
       * Labels for volume claim
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Selector for persistent disk
       */
      selector?: {} | null;
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
      /**
       * Enable volume claims in pod spec. Deprecated in favor of `persistence.enabled`.
       */
      volumeClaimsEnabled?: boolean;
      /**
       * What to do with the volumes when the StatefulSet is deleted.
       */
      whenDeleted?: string;
      /**
       * What to do with the volume when the StatefulSet is scaled down.
       */
      whenScaled?: string;
    };
    /**
     * Annotations for backend pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for each `backend` pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for backend pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the backend. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the backend Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the backend
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Additional selector labels for each `backend` pod
     */
    selectorLabels?: {
      [k: string]: string;
    };
    service?: {
      /**
       * Annotations for backend Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the backend service. This allows backend to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for backend Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for backend Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for backend Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for backend Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for backend Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for backend Service
       */
      trafficDistribution?: string;
      /**
       * Service type for backend Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * Whether to enable the rules sidecar
     */
    sidecar?: boolean;
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the backend StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the backend.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the backend to shutdown before it is killed. Especially for the ingester, this must be increased. It must be long enough so backends can be gracefully shutdown flushing/transferring all data and to successfully leave the member ring on shutdown.
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for backend pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  /**
   * Configuration for the bloom-builder
   */
  bloomBuilder?: {
    /**
     * Affinity for bloom-builder pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for bloom-builder
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Adds the appProtocol field to the queryFrontend service. This allows bloomBuilder to work with istio protocol selection.
     */
    appProtocol?: {
      /**
       * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
       */
      grpc?: string;
      [k: string]: unknown;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling for the bloom-builder
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the bloom-builder
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the bloom-builder
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the bloom-builder
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the bloom-builder
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for bloom-builder pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the bloom-builder
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the bloom-builder pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the bloom-builder pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the bloom-builder pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the bloom-builder pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the bloom-builder pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the boom-builder
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the bloom-builder image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the bloom-builder image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the bloom-builder image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the bloom-builder pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the bloom-builder. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the bloom-builder. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for bloom-builder
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for bloom-builder pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the generated volumeClaimTemplate.
       */
      accessModes?: string[];
      /**
       * Annotations for the generated volumeClaimTemplate.
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable generic ephemeral volume-backed storage for the bloom-builder `data` volume.
       */
      enabled?: boolean;
      /**
       * Labels for the generated volumeClaimTemplate.
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Selector for the generated volumeClaimTemplate.
       */
      selector?: {} | null;
      /**
       * Size of the generated volumeClaimTemplate.
       */
      size?: string;
      /**
       * Storage class to be used for the generated volumeClaimTemplate. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner.
       */
      storageClass?: string | null;
      /**
       * Storage type for the bloom-builder. pvc and ephemeral are supported.
       */
      type?: string;
      /**
       * Volume attributes class name to be used for the generated volumeClaimTemplate. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
    };
    /**
     * Annotations for bloom-builder pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for bloom-builder pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for bloom-builder pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the bloom-builder. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the bloom-builder Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the bloom-builder
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for bloom-builder Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the bloom-builder service. This allows bloom-builder to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for bloom-builder Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for bloom-builder Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for bloom-builder Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for bloom-builder Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for bloom-builder Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for bloom-builder Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for bloom-builder Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for bloom-builder service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for bloom-builder service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * Enable creating a Job to recreate the compactor StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * Update strategy for bloom-builder deployment
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the bloom-builder to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for bloom-builder pods
     */
    tolerations?: unknown[];
  };
  /**
   * Configuration for the bloom-gateway
   */
  bloomGateway?: {
    /**
     * Affinity for bloom-gateway pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for bloom-builder
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for bloom-gateway pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the bloom-gateway
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the bloom-gateway pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the bloom-gateway pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the bloom-gateway pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the bloom-gateway pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the bloom-gateway pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the bloom-gateway
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the bloom-gateway image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the bloom-gateway image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the bloom-gateway image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the bloom-gateway pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for bloom-builder
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * liveness probe settings for bloom-gateway pods. If empty use `loki.livenessProbe`
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Node selector for bloom-gateway pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Annotations for bloom-gateway PVCs
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * List of the bloom-gateway PVCs
       */
      claims?: {
        /**
         * Set access modes on the PersistentVolumeClaim
         */
        accessModes?: string[];
        name?: string;
        /**
         * Size of persistent disk
         */
        size?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      }[];
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs for the bloom-gateway
       */
      enabled?: boolean;
      /**
       * Labels for bloom gateway PVCs
       */
      labels?: {
        [k: string]: string;
      };
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for bloom-gateway pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for bloom-gateway pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for bloom-gateway pods
     */
    priorityClassName?: string | null;
    /**
     * readiness probe settings for bloom-gateway pods. If empty, use `loki.readinessProbe`
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the bloom-gateway
     */
    replicas?: number;
    /**
     * Container resize policy for the bloom-gateway Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the bloom-gateway
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for bloom-gateway Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the bloom-gateway service. This allows bloom-gateway to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for bloom-gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for bloom-gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for bloom-gateway Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for bloom-gateway Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for bloom-gateway Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for bloom-gateway Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for bloom-gateway Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for bloom-gateway service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for bloom-gateway service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * startup probe settings for bloom-gateway pods. If empty, use `loki.startupProbe`
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * Enable creating a Job to recreate the StatefulSet when the StatefulSet configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the pattern ingester.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the bloom-gateway to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for bloom-gateway pods
     */
    tolerations?: unknown[];
  };
  /**
   * Configuration for the bloom-planner
   */
  bloomPlanner?: {
    /**
     * Affinity for bloom-planner pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for bloom-builder
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for bloom-planner pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the bloom-planner
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the bloom-planner pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the bloom-planner pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the bloom-planner pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the bloom-planner pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the bloom-planner pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the bloom-planner
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the bloom-planner image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the bloom-planner image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the bloom-planner image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the bloom-planner pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for bloom-builder
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * liveness probe settings for bloom-planner pods. If empty use `loki.livenessProbe`
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Node selector for bloom-planner pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * List of the bloom-planner PVCs
       */
      claims?: {
        /**
         * Set access modes on the PersistentVolumeClaim
         */
        accessModes?: string[];
        /**
         * Annotations for bloom-planner PVCs
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Labels for bloom planner PVCs
         */
        labels?: {
          [k: string]: string;
        };
        name?: string;
        /**
         * Size of persistent disk
         */
        size?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      }[];
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs for the bloom-planner
       */
      enabled?: boolean;
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for bloom-planner pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for bloom-planner pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for bloom-planner pods
     */
    priorityClassName?: string | null;
    /**
     * readiness probe settings for bloom-planner pods. If empty, use `loki.readinessProbe`
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the bloom-planner
     */
    replicas?: number;
    /**
     * Container resize policy for the bloom-planner Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the bloom-planner
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for bloom-planner Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the bloom-planner service. This allows bloom-planner to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for bloom-planner Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for bloom-planner Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for bloom-planner Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for bloom-planner Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for bloom-planner Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for bloom-planner Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for bloom-planner Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for bloom-planner service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for bloom-planner service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * startup probe settings for bloom-planner pods. If empty use `loki.startupProbe`
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * Enable creating a Job to recreate the StatefulSet when the StatefulSet configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the pattern ingester.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the bloom-planner to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for bloom-planner pods
     */
    tolerations?: unknown[];
  };
  chunksCache?: {
    /**
     * Comma separated addresses list in DNS Service Discovery format
     */
    addresses?: string;
    /**
     * Affinity for chunks-cache pods
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Amount of cpu allocated to chunks-cache for object storage (in integer or millicores).
     */
    allocatedCPU?: string;
    /**
     * Amount of memory allocated to chunks-cache for object storage (in MB).
     */
    allocatedMemory?: number;
    /**
     * Annotations for the chunks-cache pods
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Batchsize for sending and receiving chunks from chunks cache
     */
    batchSize?: number;
    /**
     * Maximum number of connections allowed
     */
    connectionLimit?: number;
    /**
     * Specify how long cached chunks should be stored in the chunks-cache before being expired
     */
    defaultValidity?: string;
    /**
     * DNSConfig for chunks-cache
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Specifies whether memcached based chunks-cache should be enabled
     */
    enabled?: boolean;
    /**
     * Additional CLI args for chunks-cache
     */
    extraArgs?: {};
    /**
     * Additional containers to be added to the chunks-cache pod.
     */
    extraContainers?: unknown[] | null;
    /**
     * Add extended options for chunks-cache memcached container. The format is the same as for the memcached -o/--extend flag. Example: extraExtendedOptions: 'tls,no_hashexpand'
     */
    extraExtendedOptions?: string;
    /**
     * Additional volume mounts to be added to the chunks-cache pod (applies to both memcached and exporter containers). Example: extraVolumeMounts: - name: extra-volume mountPath: /etc/extra-volume readOnly: true
     */
    extraVolumeMounts?: unknown[];
    /**
     * Additional volumes to be added to the chunks-cache pod (applies to both memcached and exporter containers). Example: extraVolumes: - name: extra-volume secret: secretName: extra-volume-secret
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in chunks-cache pods
     */
    hostUsers?: boolean | null;
    /**
     * Extra init containers for chunks-cache pods
     */
    initContainers?: unknown[];
    /**
     * l2 memcache configuration
     */
    l2?: {
      /**
       * Comma separated addresses list in DNS Service Discovery format
       */
      addresses?: string;
      /**
       * Affinity for chunks-cache-l2 pods
       */
      affinity?: {
        [k: string]: unknown;
      };
      /**
       * Amount of cpu allocated to chunks-cache-l2 for object storage (in integer or millicores).
       */
      allocatedCPU?: string;
      /**
       * Amount of memory allocated to chunks-cache-l2 for object storage (in MB).
       */
      allocatedMemory?: number;
      /**
       * Annotations for the chunks-cache-l2 pods
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Batchsize for sending and receiving chunks from chunks cache
       */
      batchSize?: number;
      /**
       * Maximum number of connections allowed
       */
      connectionLimit?: number;
      /**
       * Specify how long cached chunks should be stored in the chunks-cache-l2 before being expired
       */
      defaultValidity?: string;
      /**
       * DNSConfig for chunks-cache-l2
       */
      dnsConfig?: {
        [k: string]: unknown;
      };
      /**
       * Specifies whether memcached based chunks-cache-l2 should be enabled
       */
      enabled?: boolean;
      /**
       * Additional CLI args for chunks-cache-l2
       */
      extraArgs?: {};
      /**
       * Additional containers to be added to the chunks-cache-l2 pod.
       */
      extraContainers?: unknown[] | null;
      /**
       * Add extended options for chunks-cache-l2 memcached container. The format is the same as for the memcached -o/--extend flag. Example: extraExtendedOptions: 'tls,no_hashexpand'
       */
      extraExtendedOptions?: string;
      /**
       * Additional volume mounts to be added to the chunks-cache-l2 pod (applies to both memcached and exporter containers). Example: extraVolumeMounts: - name: extra-volume mountPath: /etc/extra-volume readOnly: true
       */
      extraVolumeMounts?: unknown[];
      /**
       * Additional volumes to be added to the chunks-cache-l2 pod (applies to both memcached and exporter containers). Example: extraVolumes: - name: extra-volume secret: secretName: extra-volume-secret
       */
      extraVolumes?: unknown[];
      /**
       * Use the host's user namespace in chunks-cache-l2 pods
       */
      hostUsers?: boolean | null;
      /**
       * Extra init containers for chunks-cache-l2 pods
       */
      initContainers?: unknown[];
      /**
       * The age of chunks should be transferred from l1 cache to l2 4 days
       */
      l2ChunkCacheHandoff?: string;
      /**
       * Maximum item memory for chunks-cache-l2 (in MB).
       */
      maxItemMemory?: number;
      /**
       * @deprecated
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Node selector for chunks-cach-l2 pods
       */
      nodeSelector?: {
        [k: string]: unknown;
      };
      /**
       * Parallel threads for sending and receiving chunks from chunks cache
       */
      parallelism?: number;
      /**
       * Persistence settings for the chunks-cache-l2
       */
      persistence?: {
        /**
         * Enable creating PVCs for the chunks-cache-l2
         */
        enabled?: boolean;
        labels?: {
          [k: string]: string;
        };
        /**
         * Volume mount path
         */
        mountPath?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Size of persistent disk, must be in G or Gi
         */
        storageSize?: string;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      };
      /**
       * Annotations for chunks-cache-l2 pods
       */
      podAnnotations?: {
        [k: string]: string;
      };
      podDisruptionBudget?: {
        /**
         * Annotations for Pod Disruption Budget
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Enable Pod Disruption Budget
         */
        enabled?: boolean;
        /**
         * Labels for Pod Disruption Budget
         */
        labels?: {
          [k: string]: string;
        };
      };
      /**
       * Labels for chunks-cache-l2 pods
       */
      podLabels?: {
        [k: string]: string;
      };
      /**
       * Management policy for chunks-cache-l2 pods
       */
      podManagementPolicy?: string;
      /**
       * Port of the chunks-cache-l2 service
       */
      port?: number;
      /**
       * The name of the PriorityClass for chunks-cache-l2 pods
       */
      priorityClassName?: string | null;
      /**
       * Total number of chunks-cache-l2 replicas
       */
      replicas?: number;
      /**
       * Container resize policy for the chunks-cache-l2 Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
       */
      resizePolicy?: unknown[];
      /**
       * Resource requests and limits for the chunks-cache-l2 By default a safe memory limit will be requested based on allocatedMemory value (floor (* 1.2 allocatedMemory)).
       */
      resources?: {
        [k: string]: unknown;
      };
      /**
       * Service annotations and labels
       */
      service?: {
        annotations?: {
          [k: string]: string;
        };
        labels?: {
          [k: string]: string;
        };
      };
      /**
       * Stateful chunks-cache strategy
       */
      statefulStrategy?: {
        [k: string]: unknown;
      };
      /**
       * Append to the name of the resources to make names different for l1 and l2
       */
      suffix?: string;
      /**
       * Grace period to allow the chunks-cache-l2 to shutdown before it is killed
       */
      terminationGracePeriodSeconds?: number;
      /**
       * Memcached operation timeout
       */
      timeout?: string;
      /**
       * Tolerations for chunks-cache-l2 pods
       */
      tolerations?: unknown[];
      /**
       * topologySpreadConstraints allows to customize the default topologySpreadConstraints. This can be either a single dict as shown below or a slice of topologySpreadConstraints. labelSelector is taken from the constraint itself (if it exists) or is generated by the chart using the same selectors as for services.
       */
      topologySpreadConstraints?: {}[];
      /**
       * Max number of objects to use for cache write back
       */
      writebackBuffer?: number;
      /**
       * Number of parallel threads for cache write back
       */
      writebackParallelism?: number;
      /**
       * Max memory to use for cache write back
       */
      writebackSizeLimit?: string;
    };
    /**
     * Maximum item memory for chunks-cache (in MB).
     */
    maxItemMemory?: number;
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for chunks-cache pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Parallel threads for sending and receiving chunks from chunks cache
     */
    parallelism?: number;
    /**
     * Persistence settings for the chunks-cache
     */
    persistence?: {
      /**
       * Enable creating PVCs for the chunks-cache
       */
      enabled?: boolean;
      labels?: {
        [k: string]: string;
      };
      /**
       * Volume mount path
       */
      mountPath?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Size of persistent disk, must be in G or Gi
       */
      storageSize?: string;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
    };
    /**
     * Annotations for chunks-cache pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for chunks-cache pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * Management policy for chunks-cache pods
     */
    podManagementPolicy?: string;
    /**
     * Port of the chunks-cache service
     */
    port?: number;
    /**
     * The name of the PriorityClass for chunks-cache pods
     */
    priorityClassName?: string | null;
    /**
     * Total number of chunks-cache replicas
     */
    replicas?: number;
    /**
     * Container resize policy for the chunks-cache Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the chunks-cache By default a safe memory limit will be requested based on allocatedMemory value (floor (* 1.2 allocatedMemory)).
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Service annotations and labels
     */
    service?: {
      annotations?: {
        [k: string]: string;
      };
      labels?: {
        [k: string]: string;
      };
    };
    /**
     * Stateful chunks-cache strategy
     */
    statefulStrategy?: {
      [k: string]: unknown;
    };
    /**
     * Append to the name of the resources to make names different for l1 and l2
     */
    suffix?: string;
    /**
     * Grace period to allow the chunks-cache to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Memcached operation timeout
     */
    timeout?: string;
    /**
     * Tolerations for chunks-cache pods
     */
    tolerations?: unknown[];
    /**
     * topologySpreadConstraints allows to customize the default topologySpreadConstraints. This can be either a single dict as shown below or a slice of topologySpreadConstraints. labelSelector is taken from the constraint itself (if it exists) or is generated by the chart using the same selectors as for services.
     */
    topologySpreadConstraints?: {}[];
    /**
     * Max number of objects to use for cache write back
     */
    writebackBuffer?: number;
    /**
     * Number of parallel threads for cache write back
     */
    writebackParallelism?: number;
    /**
     * Max memory to use for cache write back
     */
    writebackSizeLimit?: string;
  };
  /**
   * Labels to be added to resources
   */
  commonLabels?: {
    [k: string]: string;
  };
  /**
   * Configuration for the compactor
   */
  compactor?: {
    /**
     * Affinity for compactor pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for compactor
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for compactor pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the compactor
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the compactor pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the compactor pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the compactor pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the compactor pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the compactor pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the compactor
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the compactor image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the compactor image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the compactor image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the compactor pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for compactor
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * liveness probe settings for compactor pods. If empty use `loki.livenessProbe`
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Node selector for compactor pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for the generated volumeClaimTemplate.
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * List of the compactor PVCs. Deprecated in favor of `compactor.persistence.dataVolumeParameters` and `compactor.persistence.size`.
       */
      claims?: {
        /**
         * Set access modes on the PersistentVolumeClaim
         */
        accessModes?: string[];
        /**
         * Annotations for compactor PVCs
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Labels for compactor PVCs
         */
        labels?: {
          [k: string]: string;
        };
        name?: string;
        size?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      }[];
      /**
       * Parameters used for the `data` volume when volumeClaimEnabled if false
       */
      dataVolumeParameters?: {
        [k: string]: unknown;
      };
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs for the compactor
       */
      enabled?: boolean;
      /**
       * Labels for the generated volumeClaimTemplate.
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Selector for the generated volumeClaimTemplate.
       */
      selector?: {} | null;
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Storage type for the compactor. pvc and ephemeral are supported.
       */
      type?: string;
      /**
       * Size of persistent disk If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for compactor pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    /**
     * Labels for compactor pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * PodManagementPolicy for the compactor StatefulSet. Only applicable if `compactor.kind` is StatefulSet. # OrderedReady and Parallel are supported.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for compactor pods
     */
    priorityClassName?: string | null;
    /**
     * readiness probe settings for compactor pods. If empty, use `loki.readinessProbe`
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the compactor. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the compactor Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the compactor
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for compactor Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the compactor service. This allows compactor to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for compactor Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for compactor Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for compactor Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for compactor Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for compactor Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for compactor Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for compactor Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the compactor service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      create?: boolean;
      /**
       * Image pull secrets for the compactor service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * The name of the ServiceAccount to use for the compactor. If not set and create is true, a name is generated by appending "-compactor" to the common ServiceAccount.
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for compactor service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for compactor service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for compactor service
     */
    serviceType?: string;
    /**
     * liveness probe settings for ingester pods. If empty use `loki.livenessProbe`
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the compactor StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the compactor.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the compactor to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for compactor pods
     */
    tolerations?: unknown[];
  };
  defaults?: {
    /**
     * Annotations for loki Deployments/StatefulSets
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set this toggle to false to opt out of automounting API credentials for the service account
     */
    automountServiceAccountToken?: boolean;
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * The SecurityContext for Loki containers for loki pods
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * DNSConfig for loki pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Should enableServiceLinks be enabled. Default to enable
     */
    enableServiceLinks?: boolean;
    /**
     * Common additional CLI arguments for loki pods
     */
    extraArgs?: unknown[];
    /**
     * Common environment variables to add to all pods directly managed by this chart.
     */
    extraEnv?: unknown[];
    /**
     * Common source of environment injections to add to all pods directly managed by this chart. For example to inject values from a Secret, use: extraEnvFrom: - secretRef: name: mysecret
     */
    extraEnvFrom?: unknown[];
    /**
     * Common mount points to add to all pods directly managed by this chart.
     */
    extraVolumeMounts?: unknown[];
    /**
     * Common volumes to add to all pods directly managed by this chart.
     */
    extraVolumes?: unknown[];
    goSettings?: {
      /**
       * Fraction of the container memory limit used to compute GOMEMLIMIT (e.g. 0.85 = 85%). Set to 0 to disable automatic GOMEMLIMIT injection.
       */
      goMemLimitFactor?: number;
      /**
       * Value to set for GOGC alongside GOMEMLIMIT. Lowering below the default of 100 reduces heap growth between GC cycles, working in tandem with GOMEMLIMIT to smooth memory usage. Set to 0 to disable automatic GOGC injection.
       */
      gogc?: number;
    };
    /**
     * hostAliases for loki pods
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace for loki pods
     */
    hostUsers?: boolean | null;
    /**
     * KEDA autoscaling shared configuration for all components that support KEDA
     */
    kedaAutoscaling?: {
      /**
       * KEDA trigger authentication settings. Ref: https://keda.sh/docs/latest/concepts/authentication/
       */
      authentication?: {
        /**
         * Authentication modes for the trigger (e.g. "bearer", "basic")
         */
        authModes?: string;
        /**
         * Enable TriggerAuthentication for KEDA triggers
         */
        enabled?: boolean;
        /**
         * Secret key references for TriggerAuthentication
         */
        secretTargetRef?: unknown[];
      };
      /**
       * Period (seconds) to wait after the last trigger reported active before scaling back to 0. Overridable per component.
       */
      cooldownPeriod?: number;
      /**
       * Custom HTTP headers to include in Prometheus requests. Useful for multi-tenant setups (e.g. "X-Scope-OrgID=tenant1")
       */
      customHeaders?: string;
      /**
       * Whether to ignore null values from Prometheus queries
       */
      ignoreNullValues?: boolean;
      /**
       * Interval (seconds) to poll each trigger. Overridable per component.
       */
      pollingInterval?: number;
      /**
       * Prometheus server address for KEDA triggers
       */
      prometheusAddress?: string;
      /**
       * Whether to skip SSL verification when connecting to Prometheus
       */
      unsafeSsl?: boolean;
    };
    /**
     * Additional labels for loki Deployments/StatefulSets
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Configures the liveness probe for loki pods
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Node selector for loki pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for loki pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    /**
     * Additional labels for loki pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The SecurityContext for loki pods
     */
    podSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * The name of the PriorityClass for loki pods
     */
    priorityClassName?: string | null;
    /**
     * Configures the readiness probe for loki pods
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Common annotations for all services
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * ipFamilies for all services Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for all services Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Common labels for all services
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * publishNotReadyAddresses for all services. Set to false so a pod's Service endpoint is withdrawn as soon as it becomes unready, instead of staying routable for the full termination window. Overridable per component via <component>.service.publishNotReadyAddresses.
       */
      publishNotReadyAddresses?: boolean;
      /**
       * trafficDistribution for services Ref: https://kubernetes.io/docs/concepts/services-networking/service/#traffic-distribution
       */
      trafficDistribution?: string;
    };
    /**
     * Configures the startup probe for loki pods
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    statefulSetRecreateJob?: {
      image?: {
        registry?: string;
        repository?: string;
        /**
         * Overrides the image tag. Defaults to .Capabilities.KubeVersion.Version
         */
        tag?: string;
      };
      /**
       * Enable the PVC resize job for statefulsets. This job will be triggered when the storage size is increased and will recreate the statefulset to allow resizing of PVCs, which is not natively supported by Kubernetes.
       */
      patchPVC?: boolean;
    };
    /**
     * Grace period to allow the gateway to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for loki pods
     */
    tolerations?: unknown[];
  };
  /**
   * Deployment mode lets you specify how to deploy Loki. There are 3 options: - Monolithic (deprecated: SingleBinary): Loki is deployed as a single binary, useful for small installs typically without HA, up to a few tens of GB/day. - SimpleScalable (deprecated, removed in Loki 4): Loki is deployed as 3 targets: read, write, and backend. Useful for medium installs easier to manage than distributed, up to a about 1TB/day. - Distributed: Loki is deployed as individual microservices. The most complicated but most capable, useful for large installs, typically over 1TB/day. There are also 2 additional modes used for migrating between deployment modes: - Monolithic<->SimpleScalable (deprecated: SingleBinary<->SimpleScalable): Migrate from SingleBinary to SimpleScalable (or vice versa) - SimpleScalable<->Distributed: Migrate from SimpleScalable to Distributed (or vice versa) Note: SimpleScalable and Distributed REQUIRE the use of object storage. Ref: https://grafana.com/docs/loki/latest/get-started/deployment-modes/
   */
  deploymentMode?: string;
  /**
   * Configuration for the distributor
   */
  distributor?: {
    /**
     * Affinity for distributor pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for distributor
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Adds the appProtocol field to the distributor service. This allows distributor to work with istio protocol selection.
     */
    appProtocol?: {
      /**
       * @deprecated
       * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
       */
      grpc?: string;
      [k: string]: unknown;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling for the distributor
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the distributor
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the distributor
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the distributor
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the distributor
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for distributor pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the distributor
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the distributor pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the distributor pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the distributor pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the distributor pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the distributor pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the distributor
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the distributor image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the distributor image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the distributor image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the distributor pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the distributor. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the distributor. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for distributor
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Max Surge for distributor pods
     */
    maxSurge?: string | number;
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for distributor pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for distributor pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for distributor pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for distributor pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the distributor. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the distributor Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the distributor
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for distributor Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the distributor service. This allows distributor to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for distributor Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for distributor Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for distributor Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for distributor Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for distributor Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for distributor Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for distributor Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for distributor service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for distributor service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for distributor service
     */
    serviceType?: string;
    /**
     * On SIGTERM, report 503 on /ready and wait this long before shutdown so the LB drains the pod before connections are cut. "0s" (default) disables. When enabling, keep terminationGracePeriodSeconds above shutdownDelay + server.graceful_shutdown_timeout.
     */
    shutdownDelay?: string | null;
    /**
     * UpdateStrategy or Strategy for the distributor.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the distributor to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for distributor pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
    /**
     * trafficDistribution for distributor service
     */
    trafficDistribution?: string;
  };
  extraObjects?: unknown[] | {} | string | null;
  /**
   * Overrides the chart's computed fullname
   */
  fullnameOverride?: string;
  gateway?: {
    /**
     * Affinity for gateway pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for gateway deployment
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set this toggle to false to opt out of automounting API credentials for the service account
     */
    automountServiceAccountToken?: boolean;
    autoscaling?: {
      /**
       * See `kubectl explain deployment.spec.strategy` for more
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Enable autoscaling for the gateway
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the gateway
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the gateway
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the gateway
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the gateway
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    basicAuth?: {
      /**
       * Enables basic authentication for the gateway
       */
      enabled?: boolean;
      /**
       * Existing basic auth secret to use. Must contain '.htpasswd'
       */
      existingSecret?: string | null;
      /**
       * Uses the specified users from the `loki.tenants` list to create the htpasswd file. if `loki.tenants` is not set, the `gateway.basicAuth.username` and `gateway.basicAuth.password` are used. The value is templated using `tpl`. Override this to use a custom htpasswd, e.g. in case the default causes high CPU load.
       */
      htpasswd?: string;
      /**
       * The basic auth password for the gateway
       */
      password?: string | null;
      /**
       * The basic auth username for the gateway
       */
      username?: string | null;
    };
    /**
     * Default container port
     */
    containerPort?: number;
    /**
     * The SecurityContext for gateway containers
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    deploymentStrategy?: {
      type?: string;
    };
    /**
     * DNS config for gateway pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Specifies whether the gateway should be enabled
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the gateway
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the gateway pods
     */
    extraContainers?: unknown[] | null;
    /**
     * Environment variables to add to the gateway pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the gateway pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the gateway pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the gateway pods
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in the gateway
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * Overrides the gateway image tag with an image digest
       */
      digest?: string | null;
      /**
       * The gateway image pull policy
       */
      pullPolicy?: string;
      /**
       * The Docker registry for the gateway image
       */
      registry?: string;
      /**
       * The gateway image repository
       */
      repository?: string;
      /**
       * The gateway image tag
       */
      tag?: string;
    };
    ingress?: {
      /**
       * Annotations for the gateway ingress
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Specifies whether an ingress for the gateway should be created
       */
      enabled?: boolean;
      /**
       * Hosts configuration for the gateway ingress, passed through the `tpl` function to allow templating
       */
      hosts?: {
        host?: string;
        paths?: {
          path?: string;
        }[];
      }[];
      /**
       * Ingress Class Name. MAY be required for Kubernetes versions >= 1.18
       */
      ingressClassName?: string;
      /**
       * Labels for the gateway ingress
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * TLS configuration for the gateway ingress. Hosts passed through the `tpl` function to allow templating
       */
      tls?: {
        hosts?: string[];
        secretName?: string;
      }[];
    };
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the gateway. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the gateway. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Lifecycle for the gateway container
     */
    lifecycle?: {};
    /**
     * liveness probe for the nginx container in the gateway pods.
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    metrics?: {
      /**
       * The SecurityContext for memcached exporter containers
       */
      containerSecurityContext?: {
        [k: string]: unknown;
      };
      /**
       * Whether gateway metrics should be exported
       */
      enabled?: boolean;
      /**
       * Extra args to add to the exporter container.
       */
      extraArgs?: unknown[];
      image?: {
        pullPolicy?: string;
        registry?: string;
        repository?: string;
        tag?: string;
      };
      /**
       * Liveness probe for memcached exporter
       */
      livenessProbe?: {
        [k: string]: unknown;
      };
      /**
       * Readiness probe for memcached exporter
       */
      readinessProbe?: {
        [k: string]: unknown;
      };
      /**
       * Container resize policy for the gateway metrics exporter Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
       */
      resizePolicy?: unknown[];
      resources?: {
        limits?: {};
        requests?: {};
        [k: string]: unknown;
      };
      service?: {
        /**
         * Annotations for the gateway metrics exporter service. Use this instead of gateway.service.annotations to avoid propagating annotations (e.g. external-dns) to the exporter ClusterIP service.
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Labels for the gateway metrics exporter service.
         */
        labels?: {
          [k: string]: string;
        };
      };
      /**
       * Startup probe for memcached exporter
       */
      startupProbe?: {
        [k: string]: unknown;
      };
    };
    nginxConfig?: {
      /**
       * Allows customizing the `client_max_body_size` directive
       */
      clientMaxBodySize?: string;
      /**
       * Override Backend URL
       */
      customBackendUrl?: string | null;
      /**
       * Override Read URL
       */
      customReadUrl?: string | null;
      /**
       * Override Write URL
       */
      customWriteUrl?: string | null;
      /**
       * Enable listener for IPv6, disable on IPv4-only systems
       */
      enableIPv6?: boolean;
      /**
       * Config file contents for Nginx. Passed through the `tpl` function to allow templating
       */
      file?: string;
      /**
       * Allows appending custom configuration to the http block, passed through the `tpl` function to allow templating
       */
      httpSnippet?: string;
      /**
       * Allows appending custom configuration inside every location block, useful for authentication or setting headers that are not inherited from the server block, passed through the `tpl` function to allow templating.
       */
      locationSnippet?: string;
      /**
       * NGINX log format
       */
      logFormat?: string;
      /**
       * Allows overriding the DNS resolver address nginx will use.
       */
      resolver?: string;
      /**
       * Which schema to be used when building URLs. Can be 'http' or 'https'.
       */
      schema?: string;
      /**
       * Allows appending custom configuration to the server block
       */
      serverSnippet?: string;
      /**
       * Whether ssl should be appended to the listen directive of the server block or not.
       */
      ssl?: boolean;
    };
    /**
     * Node selector for gateway pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for gateway pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for gateway pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The SecurityContext for gateway containers
     */
    podSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * The name of the PriorityClass for gateway pods
     */
    priorityClassName?: string | null;
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the gateway
     */
    replicas?: number;
    /**
     * Container resize policy for the gateway Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the gateway
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Gateway API routes configuration. Mutually exclusive with gateway.ingress. Use either ingress or route, but not both at once. Each entry in the map creates a separate HTTPRoute resource. The key "main" produces a route named after the gateway fullname; any other key appends the key as a suffix. This allows defining multiple routes, e.g. one HTTPRoute and one GRPCRoute.
     */
    route?: {
      main?: {
        /**
         * Additional rules to prepend before the default catch-all rule. Each entry is rendered into spec.rules as written (templating is supported), so any HTTPRoute/GRPCRoute rule shape is accepted — including filter-only rules with no backendRefs (e.g. RequestRedirect, URLRewrite). Useful for advanced routing logic (e.g. header-based routing, auth policies, redirects). Note: the chart-generated rule that points at the gateway service is always rendered for this route — additionalRules are prepended, not a replacement. Example HTTP-to-HTTPS redirect: additionalRules: - filters: - type: RequestRedirect requestRedirect: scheme: https statusCode: 301 matches: - path: { type: PathPrefix, value: / }
         */
        additionalRules?: unknown[];
        /**
         * Additional annotations for the route
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Set the route apiVersion, e.g. gateway.networking.k8s.io/v1 or gateway.networking.k8s.io/v1beta1. If not set, the latest available version will be auto-detected.
         */
        apiVersion?: string;
        /**
         * Specifies whether this Gateway API route should be created
         */
        enabled?: boolean;
        /**
         * Filters for the default rule
         */
        filters?: unknown[];
        /**
         * Hostnames for the route
         */
        hostnames?: unknown[];
        /**
         * Set the route kind. Valid options are GRPCRoute, HTTPRoute, TCPRoute, TLSRoute, UDPRoute
         */
        kind?: string;
        /**
         * Additional labels for the route
         */
        labels?: {
          [k: string]: string;
        };
        /**
         * Matches for the default rule. Defaults to match all paths.
         */
        matches?: {
          path?: {
            type?: string;
            value?: string;
          };
        }[];
        /**
         * Parent gateway references to attach the route to
         */
        parentRefs?: unknown[];
        /**
         * Timeouts for the default rule
         */
        timeouts?: {};
      };
    };
    service?: {
      /**
       * Annotations for the gateway service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * ClusterIP of the gateway service
       */
      clusterIP?: string | null;
      /**
       * ipFamilies for gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Labels for gateway service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Load balancer IPO address if service type is LoadBalancer
       */
      loadBalancerIP?: string | null;
      /**
       * Node port if service type is NodePort
       */
      nodePort?: number | null;
      /**
       * Port of the gateway service
       */
      port?: number;
      /**
       * Session affinity for gateway Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for gateway Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for gateway Service
       */
      trafficDistribution?: string;
      /**
       * Type of the gateway service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * startup probe for the nginx container in the gateway pods.
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the gateway to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for gateway pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
    /**
     * Enable logging of 2xx and 3xx HTTP requests
     */
    verboseLogging?: boolean;
  };
  global?: {
    /**
     * configures cluster domain ("cluster.local" by default)
     */
    clusterDomain?: string;
    /**
     * configures DNS service namespace
     */
    dnsNamespace?: string;
    /**
     * configures DNS service name
     */
    dnsService?: string;
    /**
     * Common additional CLI arguments for all jobs (that is, -log.level debug, -config.expand-env=true or -log-config-reverse-order) (deprecated, use defaults.extraArgs) scope: backend, bloom-builder, bloom-gateway, bloom-planner, compactor, distributor, index-gateway, ingester, overrides-exporter, pattern-ingester, querier, query-frontend, query-scheduler, read, ruler, write.
     */
    extraArgs?: unknown[];
    /**
     * Common environment variables to add to all pods directly managed by this chart. (deprecated, use defaults.extraEnv) scope: backend, bloom-builder, bloom-gateway, bloom-planner, compactor, distributor, index-gateway, ingester, overrides-exporter, pattern-ingester, querier, query-frontend, query-scheduler, read, ruler, write.
     */
    extraEnv?: unknown[];
    /**
     * Common source of environment injections to add to all pods directly managed by this chart. (deprecated, use defaults.extraEnvFrom) scope: backend, bloom-builder, bloom-gateway, bloom-planner, compactor, distributor, index-gateway, ingester, overrides-exporter, pattern-ingester, querier, query-frontend, query-scheduler, read, ruler, write. For example to inject values from a Secret, use: extraEnvFrom: - secretRef: name: mysecret
     */
    extraEnvFrom?: unknown[];
    /**
     * Common mount points to add to all pods directly managed by this chart. (deprecated, use defaults.extraVolumeMounts) scope: backend, bloom-builder, bloom-gateway, bloom-planner, compactor, distributor, index-gateway, ingester, overrides-exporter, pattern-ingester, querier, query-frontend, query-scheduler, read, ruler, write.
     */
    extraVolumeMounts?: unknown[];
    /**
     * Common volumes to add to all pods directly managed by this chart. (deprecated, use defaults.extraVolumes) scope: backend, bloom-builder, bloom-gateway, bloom-planner, compactor, distributor, index-gateway, ingester, overrides-exporter, pattern-ingester, querier, query-frontend, query-scheduler, read, ruler, write.
     */
    extraVolumes?: unknown[];
    image?: {
      /**
       * Overrides the Docker registry globally for all images (deprecated, use global.imageRegistry). This has lower precedence than global.imageRegistry, but higher precedence than component-level image.registry values.
       */
      registry?: string | null;
    };
    /**
     * Overrides the Docker registry globally for all images (standard format). This has the highest precedence and overrides every component-level image.registry value.
     */
    imageRegistry?: string | null;
    /**
     * Overrides the priorityClassName for all pods
     */
    priorityClassName?: string | null;
  };
  /**
   * Ignore MinIO deprecation validation when `minio.enabled=true`. This is a temporary compatibility escape hatch.
   */
  ignoreMinioDeprecation?: boolean;
  /**
   * Image pull secrets for Docker images
   */
  imagePullSecrets?: unknown[];
  /**
   * Configuration for the index-gateway
   */
  indexGateway?: {
    /**
     * Affinity for index-gateway pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for index-gateway
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * DNSConfig for index-gateway pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the index-gateway
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the index-gateway pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the index-gateway pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the index-gateway pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the index-gateway pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the index-gateway pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the index-gateway
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the index-gateway image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the index-gateway image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the index-gateway image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the index-gateway pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Whether the index gateway should join the memberlist hashring
     */
    joinMemberlist?: boolean;
    /**
     * Kind of index-gateway deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for index-gateway
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Lifecycle for the index-gateway container
     */
    lifecycle?: {};
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for index-gateway pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for index gateway PVCs
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Parameters used for the `data` volume when volumeClaimEnabled if false
       */
      dataVolumeParameters?: {
        [k: string]: unknown;
      };
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs which is required when using boltdb-shipper
       */
      enabled?: boolean;
      /**
       * Labels for index gateway PVCs
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for index-gateway pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for index-gateway pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for index-gateway pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the index-gateway. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the index-gateway Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the index-gateway
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for index-gateway Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the index-gateway service. This allows index-gateway to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for index-gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for index-gateway Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for index-gateway Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for index-gateway Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for index-gateway Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for index-gateway Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for index-gateway Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for index-gateway service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for index-gateway service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for index-gateway service
     */
    serviceType?: string;
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the compactor StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy for the index-gateway workload.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the index-gateway to shutdown before it is killed.
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for index-gateway pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
    /**
     * trafficDistribution for index-gateway service
     */
    trafficDistribution?: string;
  };
  /**
   * Configuration for the ingester
   */
  ingester?: {
    addIngesterNamePrefix?: boolean;
    /**
     * Affinity for ingester pods. Ignored if zoneAwareReplication is enabled. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for ingester
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Adds the appProtocol field to the ingester service. This allows ingester to work with istio protocol selection.
     */
    appProtocol?: {
      /**
       * @deprecated
       * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
       */
      grpc?: string;
      [k: string]: unknown;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling for the ingester
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the ingester
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the ingester
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the ingester
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the ingester
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for ingester pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the ingester
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the ingester pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the ingester pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the ingester pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the ingester pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the ingester pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the ingester
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the ingester image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the ingester image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the ingester image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the ingester pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the ingester. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the ingester. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for ingester
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Lifecycle for the ingester container
     */
    lifecycle?: {};
    /**
     * liveness probe settings for ingester pods. If empty use `loki.livenessProbe`
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for ingester pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * List of the ingester PVCs
       */
      claims?: {
        /**
         * Set access modes on the PersistentVolumeClaim
         */
        accessModes?: string[];
        name?: string;
        size?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      }[];
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs which is required when using boltdb-shipper
       */
      enabled?: boolean;
      /**
       * Use emptyDir with ramdisk for storage. **Please note that all data in ingester will be lost on pod restart**
       */
      inMemory?: boolean;
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for ingester pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for ingester pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * PodManagementPolicy for the ingester StatefulSet. Only applicable if `compactor.kind` is StatefulSet. # OrderedReady and Parallel are supported.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for ingester pods
     */
    priorityClassName?: string | null;
    /**
     * readiness probe settings for ingester pods. If empty, use `loki.readinessProbe`
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the ingester, when zoneAwareReplication.enabled is true, the total number of replicas will match this value with each zone having 1/3rd of the total replicas. Set to null to omit spec.replicas from the StatefulSet, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the ingester Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the ingester
     */
    resources?: {
      [k: string]: unknown;
    };
    rolloutGroupPrefix?: string | null;
    service?: {
      /**
       * Annotations for ingester Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the ingester service. This allows ingester to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for ingester Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for ingester Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for ingester Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for ingester Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for ingester Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for ingester Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for ingester Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for ingester service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for ingester service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for ingester service
     */
    serviceType?: string;
    /**
     * startup probe settings for ingester pods. If empty use `loki.startupProbe`
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the ingester StatefulSet # Only applicable if `ingester.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the ingester.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the ingester to shutdown before it is killed. Especially for the ingestor, this must be increased. It must be long enough so ingesters can be gracefully shutdown flushing/transferring all data and to successfully leave the member ring on shutdown.
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for ingester pods
     */
    tolerations?: unknown[];
    /**
     * topologySpread for ingester pods. The value will be passed through tpl.
     */
    topologySpreadConstraints?: {
      labelSelector?: {
        matchLabels?: {
          "app.kubernetes.io/component"?: string;
          "app.kubernetes.io/instance"?: string;
          "app.kubernetes.io/name"?: string;
        };
      };
      maxSkew?: number;
      topologyKey?: string;
      whenUnsatisfiable?: string;
    }[];
    /**
     * trafficDistribution for ingester service
     */
    trafficDistribution?: string;
    /**
     * UpdateStrategy for the ingester StatefulSets.
     */
    updateStrategy?: {
      [k: string]: unknown;
    };
    /**
     * Enabling zone awareness on ingesters will create 3 statefulests where all writes will send a replica to each zone. This is primarily intended to accelerate rollout operations by allowing for multiple ingesters within a single zone to be shutdown and restart simultaneously (the remaining 2 zones will be guaranteed to have at least one copy of the data). Note: This can be used to run Loki over multiple cloud provider availability zones however this is not currently recommended as Loki is not optimized for this and cross zone network traffic costs can become extremely high extremely quickly. Even with zone awareness enabled, it is recommended to run Loki in a single availability zone.
     */
    zoneAwareReplication?: {
      /**
       * Enable zone awareness.
       */
      enabled?: boolean;
      /**
       * The percent of replicas in each zone that will be restarted at once. In a value of 0-100
       */
      maxUnavailablePct?: number;
      /**
       * The migration block allows migrating non zone aware ingesters to zone aware ingesters.
       */
      migration?: {
        enabled?: boolean;
        excludeDefaultZone?: boolean;
        readPath?: boolean;
        writePath?: boolean;
      };
      /**
       * zoneA configuration
       */
      zoneA?: {
        /**
         * Specific annotations to add to zone A statefulset
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * optionally define extra affinity rules, by default different zones are not allowed to schedule on the same host The value will be passed through tpl.
         */
        extraAffinity?: {};
        /**
         * optionally define a node selector for this zone
         */
        nodeSelector?: {
          [k: string]: unknown;
        } | null;
        /**
         * Persistence overrides applied only to the zone A StatefulSet.
         */
        persistence?: {
          /**
           * Storage class to use for every PVC in zone A. Overrides the `storageClass` of each entry in `ingester.persistence.claims` for this zone only. Use this when you have one StorageClass per availability zone (for example a topology-pinned EBS/PD StorageClass). If null, the claim-level `storageClass` is used as before, preserving existing behavior. If set to "-", `storageClassName: ""` is rendered, which disables dynamic provisioning.
           */
          storageClass?: string | null;
        };
        /**
         * Specific annotations to add to zone A pods
         */
        podAnnotations?: {
          [k: string]: string;
        };
      };
      zoneB?: {
        /**
         * Specific annotations to add to zone B statefulset
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * optionally define extra affinity rules, by default different zones are not allowed to schedule on the same host The value will be passed through tpl.
         */
        extraAffinity?: {};
        /**
         * optionally define a node selector for this zone
         */
        nodeSelector?: {
          [k: string]: unknown;
        } | null;
        /**
         * Persistence overrides applied only to the zone B StatefulSet.
         */
        persistence?: {
          /**
           * Storage class to use for every PVC in zone B. See `ingester.zoneAwareReplication.zoneA.persistence.storageClass` for details. If null, the claim-level `storageClass` is used as before.
           */
          storageClass?: string | null;
        };
        /**
         * Specific annotations to add to zone B pods
         */
        podAnnotations?: {
          [k: string]: string;
        };
      };
      zoneC?: {
        /**
         * Specific annotations to add to zone C statefulset
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * optionally define extra affinity rules, by default different zones are not allowed to schedule on the same host The value will be passed through tpl.
         */
        extraAffinity?: {};
        /**
         * optionally define a node selector for this zone
         */
        nodeSelector?: {
          [k: string]: unknown;
        } | null;
        /**
         * Persistence overrides applied only to the zone C StatefulSet.
         */
        persistence?: {
          /**
           * Storage class to use for every PVC in zone C. See `ingester.zoneAwareReplication.zoneA.persistence.storageClass` for details. If null, the claim-level `storageClass` is used as before.
           */
          storageClass?: string | null;
        };
        /**
         * Specific annotations to add to zone C pods
         */
        podAnnotations?: {
          [k: string]: string;
        };
      };
    };
  };
  /**
   * Ingress configuration Use either this ingress or the gateway, but not both at once. If you enable this, make sure to disable the gateway. You'll need to supply authn configuration for your ingress controller.
   */
  ingress?: {
    annotations?: {
      [k: string]: string;
    };
    enabled?: boolean;
    /**
     * Hosts configuration for the ingress, passed through the `tpl` function to allow templating
     */
    hosts?: string[];
    ingressClassName?: string;
    labels?: {
      [k: string]: string;
    };
    paths?: {
      /**
       * Paths that are exposed by Loki Compactor. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to k8s service. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service`
       */
      compactor?: string[];
      /**
       * Paths that are exposed by Loki Distributor. If deployment mode is Distributed, the requests are forwarded to the service:. If deployment mode is SimpleScalable, the requests are forwarded to write k8s service:. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service:
       */
      distributor?: string[];
      /**
       * Paths that are exposed by Loki Query Frontend. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to write k8s service`. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service`
       */
      queryFrontend?: string[];
      /**
       * Paths that are exposed by Loki Ruler. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to k8s service. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service
       */
      ruler?: string[];
    };
    /**
     * TLS configuration for the ingress. Hosts passed through the `tpl` function to allow templating
     */
    tls?: unknown[];
  };
  /**
   * Overrides the version used to determine compatibility of resources with the target Kubernetes cluster. This is useful when using `helm template`, because then helm will use the client version of kubectl as the Kubernetes version, which may or may not match your cluster's server version. Example: 'v1.24.4'. Set to null to use the version that helm devises.
   */
  kubeVersionOverride?: string;
  /**
   * Configuration for running Loki
   */
  loki?: {
    /**
     * Optional analytics configuration
     */
    analytics?: {
      [k: string]: unknown;
    };
    /**
     * Common annotations for all deployments/StatefulSets
     */
    annotations?: {
      [k: string]: string;
    };
    auth_enabled?: boolean;
    /**
     * Optional block builder configuration
     */
    block_builder?: {
      [k: string]: unknown;
    };
    bloom_build?: {
      [k: string]: unknown;
    };
    bloom_gateway?: {
      [k: string]: unknown;
    };
    /**
     * Check https://grafana.com/docs/loki/latest/configuration/#common_config for more info on how to provide a common configuration
     */
    commonConfig?: {
      [k: string]: unknown;
    };
    /**
     * Optional compactor configuration
     */
    compactor?: {
      [k: string]: unknown;
    };
    /**
     * Optional compactor grpc client configuration
     */
    compactor_grpc_client?: {
      [k: string]: unknown;
    };
    /**
     * Config file contents for Loki
     */
    config?: string;
    /**
     * The name of the object which Loki will mount as a volume containing the config. If the configStorageType is Secret, this will be the name of the Secret, if it is ConfigMap, this will be the name of the ConfigMap. The value will be passed through tpl.
     */
    configObjectName?: string;
    /**
     * Defines what kind of object stores the configuration, a ConfigMap or a Secret. In order to move sensitive information (such as credentials) from the ConfigMap/Secret to a more secure location (e.g. vault), it is possible to use [environment variables in the configuration](https://grafana.com/docs/loki/latest/configuration/#use-environment-variables-in-the-configuration). Such environment variables can be then stored in a separate Secret and injected via the global.extraEnvFrom value. For details about environment injection from a Secret please see [Secrets](https://kubernetes.io/docs/concepts/configuration/secret/#use-case-as-container-environment-variables).
     */
    configStorageType?: string;
    /**
     * The SecurityContext for Loki containers
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * Optional distributor configuration
     */
    distributor?: {
      [k: string]: unknown;
    };
    /**
     * DNS config for Loki pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Should enableServiceLinks be enabled. Default to enable
     */
    enableServiceLinks?: boolean;
    /**
     * Extra memberlist configuration
     */
    extraMemberlistConfig?: {
      [k: string]: unknown;
    };
    frontend?: {
      [k: string]: unknown;
    };
    frontend_worker?: {
      [k: string]: unknown;
    };
    /**
     * The name of the Secret or ConfigMap that will be created by this chart. If empty, no configmap or secret will be created. The value will be passed through tpl.
     */
    generatedConfigObjectName?: string;
    image?: {
      /**
       * Overrides the image tag with an image digest
       */
      digest?: string | null;
      /**
       * Docker image pull policy
       */
      pullPolicy?: string;
      /**
       * The Docker registry
       */
      registry?: string;
      /**
       * Docker image repository
       */
      repository?: string;
      /**
       * Overrides the image tag whose default is the chart's appVersion
       */
      tag?: string | null;
    };
    /**
     * Optional index gateway configuration
     */
    index_gateway?: {
      [k: string]: unknown;
    };
    /**
     * Optional ingester configuration
     */
    ingester?: {
      [k: string]: unknown;
    };
    /**
     * Optional ingester client configuration
     */
    ingester_client?: {
      [k: string]: unknown;
    };
    /**
     * Limits config
     */
    limits_config?: {
      [k: string]: unknown;
    };
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * memberlist configuration (overrides embedded default)
     */
    memberlistConfig?: {
      [k: string]: unknown;
    };
    /**
     * Optional operational configuration
     */
    operational_config?: {
      [k: string]: unknown;
    };
    /**
     * Optional pattern ingester configuration
     */
    pattern_ingester?: {
      [k: string]: unknown;
    };
    /**
     * Common annotations for all pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    /**
     * Common labels for all pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The SecurityContext for Loki pods
     */
    podSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * Optional querier configuration
     */
    querier?: {
      [k: string]: unknown;
    };
    /**
     * Optional querier configuration
     */
    query_range?: {
      [k: string]: unknown;
    };
    /**
     * Additional query scheduler config
     */
    query_scheduler?: {
      [k: string]: unknown;
    };
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * The number of old ReplicaSets to retain to allow rollback
     */
    revisionHistoryLimit?: number;
    /**
     * Check https://grafana.com/docs/loki/latest/configuration/#ruler for more info on configuring ruler
     */
    rulerConfig?: {
      [k: string]: unknown;
    };
    /**
     * Provides a reloadable runtime configuration file for some specific configuration
     */
    runtimeConfig?: {};
    /**
     * Check https://grafana.com/docs/loki/latest/configuration/#schema_config for more info on how to configure schemas
     */
    schemaConfig?: {};
    /**
     * Check https://grafana.com/docs/loki/latest/configuration/#server for more info on the server configuration.
     */
    server?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * ipFamilies for all services Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for all services Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * trafficDistribution for services Ref: https://kubernetes.io/docs/concepts/services-networking/service/#traffic-distribution
       */
      trafficDistribution?: string;
    };
    /**
     * Common annotations for all services
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * Common labels for all services
     */
    serviceLabels?: {
      [k: string]: string;
    };
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * Storage config. Providing this will automatically populate all necessary storage configs in the templated config.
     */
    storage?: {
      [k: string]: unknown;
    };
    /**
     * Additional storage config
     */
    storage_config?: {
      [k: string]: unknown;
    };
    /**
     * Structured loki configuration, takes precedence over `loki.config`, `loki.schemaConfig`, `loki.storageConfig`
     */
    structuredConfig?: {
      [k: string]: unknown;
    };
    /**
     * Tenants list to be created on nginx htpasswd file, with name and password or passwordHash keys<br><br> Example: <pre> tenants:<br> - name: "test-user-1"<br> password: "test-password-1"<br> - name: "test-user-2"<br> passwordHash: "$2y$10$7O40CaY1yz7fu9O24k2/u.ct/wELYHRBsn25v/7AyuQ8E8hrLqpva" # generated using `htpasswd -nbBC10 test-user-2 test-password-2` </pre>
     */
    tenants?: unknown[];
    testSchemaConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable tracing
     */
    tracing?: {
      [k: string]: unknown;
    };
    /**
     * Optional Loki UI: Provides access to a operators UI for Loki distributed. When enabled UI will be available at /ui/ of loki-gateway
     */
    ui?: {
      [k: string]: unknown;
    };
    /**
     * a real Loki install requires a proper schemaConfig defined above this, however for testing or playing around you can enable useTestSchema
     */
    useTestSchema?: boolean;
  };
  lokiCanary?: {
    /**
     * Affinity for canary pods
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Additional annotations for the `loki-canary` Daemonset
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set this toggle to false to opt out of automounting API credentials for the service account
     */
    automountServiceAccountToken?: boolean;
    /**
     * The SecurityContext for loki-canary containers
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * DNS config for canary pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    enabled?: boolean;
    /**
     * Additional CLI arguments for the 'loki-canary' command
     */
    extraArgs?: unknown[];
    /**
     * Environment variables to add to the canary pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the canary pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the canary pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the canary pods
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in loki-canary pods
     */
    hostUsers?: boolean | null;
    /**
     * Image to use for loki canary
     */
    image?: {
      /**
       * Overrides the image tag with an image digest
       */
      digest?: string | null;
      /**
       * Docker image pull policy
       */
      pullPolicy?: string;
      /**
       * The Docker registry
       */
      registry?: string;
      /**
       * Docker image repository
       */
      repository?: string;
      /**
       * Overrides the image tag whose default is the chart's appVersion
       */
      tag?: string | null;
    };
    /**
     * The type of the loki canary k8s rollout. This can be a DaemonSet or Deployment.
     */
    kind?: string;
    /**
     * The name of the label to look for at loki when doing the checks.
     */
    labelname?: string;
    /**
     * Additional labels for the `loki-canary` Daemonset
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Liveness probe
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * If set overwrites the default value set by loki.host helper function. Use this if gateway not enabled.
     */
    lokiurl?: string | null;
    /**
     * Node selector for canary pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Additional annotations for each `loki-canary` pod
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for each `loki-canary` pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The SecurityContext for loki-canary pods
     */
    podSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * The name of the PriorityClass for loki-canary pods
     */
    priorityClassName?: string | null;
    /**
     * If true, the canary will send directly to Loki via the address configured for verification --
     */
    push?: boolean;
    /**
     * Readiness probe
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Replicas for `loki-canary` when using a Deployment
     */
    replicas?: number;
    /**
     * Container resize policy for the canary Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the canary
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * The number of old ReplicaSets to retain to allow rollback
     */
    revisionHistoryLimit?: number;
    service?: {
      /**
       * Annotations for loki-canary Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Additional labels for loki-canary Service
       */
      labels?: {
        [k: string]: string;
      };
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * Startup probe
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * Tenant to use for loki-canary
     */
    tenant?: {
      /**
       * Name of the tenant for loki-canary
       */
      name?: string;
      /**
       * Password of the gateway for Basic auth for loki-canary
       */
      password?: string | null;
    };
    /**
     * Tolerations for canary pods
     */
    tolerations?: unknown[];
    /**
     * Update strategy for the `loki-canary` Daemonset pods
     */
    updateStrategy?: {
      [k: string]: unknown;
    };
  };
  memberlist?: {
    service?: {
      annotations?: {
        [k: string]: string;
      };
      publishNotReadyAddresses?: boolean;
    };
  };
  memcached?: {
    /**
     * The SecurityContext for memcached containers
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * Enable the built in memcached server provided by the chart
     */
    enabled?: boolean;
    image?: {
      /**
       * Memcached Docker image pull policy
       */
      pullPolicy?: string;
      /**
       * Memcached Docker image registry
       */
      registry?: string;
      /**
       * Memcached Docker image repository
       */
      repository?: string;
      /**
       * Memcached Docker image tag
       */
      tag?: string;
    };
    /**
     * Liveness probe for memcached pods
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * The SecurityContext override for memcached pods
     */
    podSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * The name of the PriorityClass for memcached pods
     */
    priorityClassName?: string | null;
    /**
     * Readiness probe for memcached pods (probe port defaults to container port)
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * Startup probe for memcached pods
     */
    startupProbe?: {
      [k: string]: unknown;
    };
  };
  memcachedExporter?: {
    /**
     * The SecurityContext for memcached exporter containers
     */
    containerSecurityContext?: {
      [k: string]: unknown;
    };
    /**
     * Whether memcached metrics should be exported
     */
    enabled?: boolean;
    /**
     * Extra args to add to the exporter container. Example: extraArgs: memcached.tls.enable: true memcached.tls.cert-file: /certs/cert.crt memcached.tls.key-file: /certs/cert.key memcached.tls.ca-file: /certs/ca.crt memcached.tls.insecure-skip-verify: false memcached.tls.server-name: memcached
     */
    extraArgs?: {};
    image?: {
      /**
       * Memcached exporter Docker image pull policy
       */
      pullPolicy?: string;
      /**
       * Memcached exporter Docker image registry
       */
      registry?: string;
      /**
       * Memcached exporter Docker image repository
       */
      repository?: string;
      /**
       * Memcached exporter Docker image tag
       */
      tag?: string;
    };
    /**
     * Liveness probe for memcached exporter
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Readiness probe for memcached exporter
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Container resize policy for the memcached exporter Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    resources?: {
      limits?: {};
      requests?: {};
      [k: string]: unknown;
    };
    /**
     * Startup probe for memcached exporter
     */
    startupProbe?: {
      [k: string]: unknown;
    };
  };
  /**
   * Options that may be necessary when performing a migration from another helm chart
   */
  migrate?: {
    /**
     * When migrating from a distributed chart like loki-distributed or enterprise-logs
     */
    fromDistributed?: {
      /**
       * Set to true if migrating from a distributed helm chart
       */
      enabled?: boolean;
      /**
       * If migrating from a distributed service, provide the distributed deployment's memberlist service DNS so the new deployment can join its ring.
       */
      memberlistService?: string;
    };
  };
  /**
   * Configuration for the minio subchart (deprecated)
   */
  minio?: {
    [k: string]: unknown;
  };
  /**
   * Monitoring section determines which monitoring features to enable
   */
  monitoring?: {
    /**
     * Additional PrometheusRule objects to create alongside the chart-managed ones. Each key becomes the resource name suffix; the value must contain a 'groups' key with standard Prometheus rule groups. Can contain both recording rules and alerts. e.g.: additionalPrometheusRules: my-alerts: groups: - name: my-loki-alerts rules: - alert: MyLokiAlert expr: 'up{job="loki"} == 0'
     */
    additionalPrometheusRules?: {};
    /**
     * Alert rules for monitoring Loki
     */
    alerts?: {
      /**
       * Extra label dimensions added to all by() aggregation clauses in alert expressions
       */
      additionalAggregationLabels?: unknown[];
      /**
       * Additional annotations applied to all individual alert rules
       */
      additionalRuleAnnotations?: {};
      /**
       * Additional labels applied to all individual alert rules
       */
      additionalRuleLabels?: {};
      /**
       * Additional annotations for the alerts PrometheusRule resource
       */
      annotations?: {};
      /**
       * Selectively disable individual alerts by name. e.g.: disabled: { LokiRequestErrors: true }
       */
      disabled?: {};
      /**
       * If enabled, create a PrometheusRule resource with Loki alert rules
       */
      enabled?: boolean;
      /**
       * Global keepFiringFor applied to all alert rules
       */
      keepFiringFor?: string;
      /**
       * Additional labels for the alerts PrometheusRule resource
       */
      labels?: {};
      /**
       * Override for/severity on individual alerts. e.g.: overrides: { LokiRequestErrors: { for: 5m, severity: warning } }
       */
      overrides?: {};
    };
    /**
     * Label name for the app_instance label injected into scraped metrics and recording rules.
     */
    appInstanceLabelName?: string;
    /**
     * Value for the app_instance label injected into scraped metrics and recording rules. Supports Helm templating.
     */
    appInstanceLabelValue?: string;
    dashboards?: {
      /**
       * Additional annotations for the dashboards ConfigMap resources
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Editable flag for the default dashboards
       */
      defaultDashboardsEditable?: boolean;
      /**
       * Default interval for Grafana dashboards
       */
      defaultDashboardsInterval?: string;
      /**
       * Timezone for the default dashboards
       */
      defaultDashboardsTimezone?: string;
      /**
       * If enabled, create configmap resources with dashboards for monitoring Loki
       */
      enabled?: boolean;
      grafanaOperator?: {
        /**
         * Additional annotations for the GrafanaOperator resources
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * If enabled, GrafanaOperator resources for Grafana Operator are created to deploy the dashboards.
         */
        enabled?: boolean;
        /**
         * Which folder contains all dashboards in Grafana # This folder will be created on the Root level # Only one of 'folder', 'folderUID' or 'folderRef' can be set #
         */
        folder?: string | null;
        /**
         * Which GrafanaFolder reference contains all dashboards in Grafana # This allows you to use subfolder hierarchy. # Only one of 'folder', 'folderUID' or 'folderRef' can be set #
         */
        folderRef?: string | null;
        /**
         * Which UID of the target folder contains all dashboards in Grafana # This allows you to use subfolder hierarchy # Only one of 'folder', 'folderUID' or 'folderRef' can be set #
         */
        folderUID?: string | null;
        instanceSelector?: {} & IoK8SApimachineryPkgApisMetaV1LabelSelector;
        /**
         * Additional labels for the GrafanaOperator resources
         */
        labels?: {
          [k: string]: string;
        };
        /**
         * How frequently the operator should resync resources (in duration format)
         */
        resyncPeriod?: string;
      };
      /**
       * Labels for the dashboards ConfigMap resources
       */
      labels?: {
        grafana_dashboard?: string;
        [k: string]: string | undefined;
      };
    };
    multiCluster?: {
      /**
       * Value for the 'cluster' label. Supports Helm templating. When empty, recording rules and alerts are not modified — only dashboards show the cluster variable. e.g. clusterName: '{{ .Values.global.clusterName }}'
       */
      clusterName?: string;
      /**
       * When enabled, shows the cluster variable in dashboards. If clusterName is also set, the chart adds 'cluster' labels to scraped metrics, recording rules, and alerts, and includes 'cluster' in recording rule aggregations. If clusterName is left empty, only dashboard changes are applied — use this when an external tool (e.g. Grafana Alloy) manages cluster label injection and PromQL rewriting.
       */
      enabled?: boolean;
    };
    /**
     * Alternative namespace to deploy all monitoring resources (ServiceMonitor, PrometheusRule, ConfigMap dashboards) in. Defaults to the release namespace.
     */
    namespace?: string | null;
    /**
     * Recording rules for monitoring Loki, required for some dashboards
     */
    rules?: {
      /**
       * Extra label dimensions added to all by() aggregation clauses in recording rules
       */
      additionalAggregationLabels?: unknown[];
      /**
       * Additional annotations applied to all individual recording rules
       */
      additionalRuleAnnotations?: {};
      /**
       * Additional labels applied to all individual recording rules
       */
      additionalRuleLabels?: {};
      /**
       * Additional annotations for the PrometheusRule resource
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * If enabled, create a PrometheusRule resource with Loki recording rules
       */
      enabled?: boolean;
      /**
       * Additional labels for the PrometheusRule resource
       */
      labels?: {
        [k: string]: string;
      };
    };
    /**
     * ServiceMonitor configuration
     */
    serviceMonitor?: {
      /**
       * ServiceMonitor annotations
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * If enabled, ServiceMonitor resources for Prometheus Operator are created
       */
      enabled?: boolean;
      /**
       * ServiceMonitor scrape interval Default is 15s because included recording rules use a 1m rate, and scrape interval needs to be at least 1/4 rate interval.
       */
      interval?: string;
      /**
       * ServiceMonitor job label prefix will be used to generate the job label for the scraped metrics.
       */
      jobPrefix?: string;
      /**
       * Additional ServiceMonitor labels
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * ServiceMonitor metric relabel configs to apply to samples before ingestion https://github.com/prometheus-operator/prometheus-operator/blob/main/Documentation/api.md#endpoint
       */
      metricRelabelings?: unknown[];
      /**
       * Namespace selector for ServiceMonitor resources
       */
      namespaceSelector?: {};
      /**
       * ServiceMonitor relabel configs to apply to samples before scraping https://github.com/prometheus-operator/prometheus-operator/blob/master/Documentation/api.md#relabelconfig
       */
      relabelings?: unknown[];
      /**
       * ServiceMonitor will use http by default, but you can pick https as well
       */
      scheme?: string;
      /**
       * ServiceMonitor scrape timeout in Go duration format (e.g. 15s)
       */
      scrapeTimeout?: string | null;
      /**
       * ServiceMonitor will use these tlsConfig settings to make the health check requests
       */
      tlsConfig?: {} | null;
    };
  };
  /**
   * Overrides the chart's name
   */
  nameOverride?: string;
  /**
   * Overrides the chart's namespace
   */
  namespaceOverride?: string;
  networkPolicy?: {
    alertmanager?: {
      /**
       * Specifies the namespace the Alertmanager is running in
       */
      namespaceSelector?: {};
      /**
       * Specifies the Alertmanager Pods. As this is cross-namespace communication, you also need the namespaceSelector.
       */
      podSelector?: {};
      /**
       * Specify the Alertmanager port used for alerting
       */
      port?: string | number;
    };
    discovery?: {
      /**
       * Specifies the namespace the discovery Pods are running in
       */
      namespaceSelector?: {};
      /**
       * Specifies the Pods labels used for discovery. As this is cross-namespace communication, you also need the namespaceSelector.
       */
      podSelector?: {};
      /**
       * Specify the port used for discovery
       */
      port?: string | number | null;
    };
    /**
     * Specifies whether Network Policies should be created
     */
    enabled?: boolean;
    externalStorage?: {
      /**
       * Specifies specific network CIDRs you want to limit access to
       */
      cidrs?: unknown[];
      /**
       * Specify the port used for external storage, e.g. AWS S3
       */
      ports?: unknown[];
    };
    ingress?: {
      /**
       * Specifies the namespaces which are allowed to access the http port
       */
      namespaceSelector?: {};
      /**
       * Specifies the Pods which are allowed to access the http port. As this is cross-namespace communication, you also need the namespaceSelector.
       */
      podSelector?: {};
    };
    metrics?: {
      /**
       * Specifies specific network CIDRs which are allowed to access the metrics port. In case you use namespaceSelector, you also have to specify your kubelet networks here. The metrics ports are also used for probes.
       */
      cidrs?: unknown[];
      /**
       * Specifies the namespaces which are allowed to access the metrics port
       */
      namespaceSelector?: {};
      /**
       * Specifies the Pods which are allowed to access the metrics port. As this is cross-namespace communication, you also need the namespaceSelector.
       */
      podSelector?: {};
    };
  };
  /**
   * Configuration for the overrides-exporter
   */
  overridesExporter?: {
    /**
     * Affinity for overrides-exporter pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for overrides-exporter
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for overrides-exporter
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * The overrides-exporter component is optional and can be disabled if desired.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the overrides-exporter
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the overrides-exporter pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the overrides-exporter pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the overrides-exporter pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the overrides-exporter pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the overrides-exporter pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the overrides-exporter
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the overrides-exporter image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the overrides-exporter image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the overrides-exporter image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the overrides-exporter pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of backend workload. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for overrides-exporter
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for overrides-exporter pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for overrides-exporter pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for overrides-exporter pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for overrides-exporter pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the overrides-exporter. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the overrides-exporter Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the overrides-exporter
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for overrides-exporter Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the overrides-exporter service. This allows overrides-exporter to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for overrides-exporter Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for overrides-exporter Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for overrides-exporter Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for overrides-exporter Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for overrides-exporter Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for overrides-exporter Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for overrides-exporter Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for overrides-exporter service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for overrides-exporter service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * Grace period to allow the overrides-exporter to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for overrides-exporter pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  /**
   * Configuration for the pattern ingester
   */
  patternIngester?: {
    /**
     * Affinity for pattern ingester pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for pattern ingester
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for pattern ingester pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the pattern ingester
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the pattern ingester pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the pattern ingester pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the pattern ingester pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the pattern ingester pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the pattern ingester pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the pattern ingester
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the pattern ingester image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the pattern ingester image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the pattern ingester image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the pattern ingester pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for pattern ingester
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * liveness probe settings for pattern ingester pods. If empty use `loki.livenessProbe`
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for pattern ingester pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * List of the pattern ingester PVCs
       */
      claims?: {
        /**
         * Set access modes on the PersistentVolumeClaim
         */
        accessModes?: string[];
        /**
         * Annotations for pattern ingester PVCs
         */
        annotations?: {
          [k: string]: string;
        };
        /**
         * Labels for pattern ingester PVCs
         */
        labels?: {
          [k: string]: string;
        };
        name?: string;
        size?: string;
        /**
         * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
         */
        storageClass?: string | null;
        /**
         * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
         */
        volumeAttributesClassName?: string | null;
      }[];
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable creating PVCs for the pattern ingester
       */
      enabled?: boolean;
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      whenDeleted?: string;
      whenScaled?: string;
    };
    /**
     * Annotations for pattern ingester pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for pattern ingester pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for pattern ingester pods
     */
    priorityClassName?: string | null;
    /**
     * readiness probe settings for pattern ingester pods. If empty, use `loki.readinessProbe`
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Number of replicas for the pattern ingester. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the pattern ingester Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the pattern ingester
     */
    resources?: {
      [k: string]: unknown;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * startup probe settings for pattern ingester pods. If empty use `loki.startupProbe`
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the compactor StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the pattern ingester.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the pattern ingester to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for pattern ingester pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  /**
   * Pod Disruption Budget for single binary deployment. Deprecated in favor of `singleBinary.podDisruptionBudget`
   */
  podDisruptionBudget?: {
    enabled?: boolean;
  };
  /**
   * Configuration for the querier
   */
  querier?: {
    /**
     * Affinity for querier pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for querier
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Adds the appProtocol field to the querier service. This allows querier to work with istio protocol selection.
     */
    appProtocol?: {
      /**
       * @deprecated
       * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
       */
      grpc?: string;
      [k: string]: unknown;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling for the querier, this is only used if `indexGateway.enabled: true`
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the querier
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the querier
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the querier
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the querier
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNSConfig for querier pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the querier
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the querier pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the querier pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the querier pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the querier pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the querier pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the querier
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the querier image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the querier image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the querier image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the querier pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the querier. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the querier. Defaults to a Prometheus trigger using inflight requests.
       */
      triggers?: {
        metadata?: {
          authModes?: string;
          customHeaders?: string;
          ignoreNullValues?: string;
          query?: string;
          serverAddress?: string;
          threshold?: string;
          unsafeSsl?: string;
        };
        name?: string;
        type?: string;
      }[];
    };
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for querier
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Max Surge for querier pods
     */
    maxSurge?: string | number;
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for querier pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for querier pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for querier pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for querier pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the querier. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the querier Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the querier
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for querier Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the querier service. This allows querier to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for querier Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for querier Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for querier Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for querier Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for querier Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for querier Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for querier Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for querier service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for querier service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for querier service
     */
    serviceType?: string;
    /**
     * Strategy for the querier.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the querier to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for querier pods
     */
    tolerations?: unknown[];
    /**
     * topologySpread for querier pods. The value will be passed through tpl.
     */
    topologySpreadConstraints?: {
      labelSelector?: {
        matchLabels?: {
          "app.kubernetes.io/component"?: string;
          "app.kubernetes.io/instance"?: string;
          "app.kubernetes.io/name"?: string;
        };
      };
      maxSkew?: number;
      topologyKey?: string;
      whenUnsatisfiable?: string;
    }[];
    /**
     * trafficDistribution for querier service
     */
    trafficDistribution?: string;
  };
  /**
   * Configuration for the query-frontend
   */
  queryFrontend?: {
    /**
     * Affinity for query-frontend pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for query-frontend
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Adds the appProtocol field to the queryFrontend service. This allows queryFrontend to work with istio protocol selection.
     */
    appProtocol?: {
      /**
       * @deprecated
       * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
       */
      grpc?: string;
      [k: string]: unknown;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling for the query-frontend
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the query-frontend
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the query-frontend
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the query-frontend
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the query-frontend
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the query-frontend
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the query-frontend pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the query-frontend pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the query-frontend pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the query-frontend pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the query-frontend pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the query-frontend
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the query-frontend image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the query-frontend image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the query-frontend image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * init containers to add to the query-frontend pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the query-frontend. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the query-frontend. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of compactor deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for query-frontend
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Enable load balancer port for query-frontend
     */
    loadBalancer?: {
      enabled?: boolean;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for query-frontend pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for query-frontend pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for query-frontend pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for query-frontend pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the query-frontend. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the query-frontend Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the query-frontend
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for query-frontend Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the query-frontend service. This allows query-frontend to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for query-frontend Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for query-frontend Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for query-frontend Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for query-frontend Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for query-frontend Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for query-frontend Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for query-frontend Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for query-frontend service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for query-frontend service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for query-frontend service
     */
    serviceType?: string;
    /**
     * Strategy for the querier.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the query-frontend to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for query-frontend pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
    /**
     * trafficDistribution for query-frontend service
     */
    trafficDistribution?: string;
  };
  /**
   * Configuration for the query-scheduler
   */
  queryScheduler?: {
    /**
     * Affinity for query-scheduler pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for query-scheduler
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * DNSConfig for query-scheduler
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `Distributed`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the query-scheduler
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the query-scheduler pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the query-scheduler pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the query-scheduler pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the query-scheduler pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the query-scheduler pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the query-scheduler
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the query-scheduler image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the query-scheduler image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the query-scheduler image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * init containers to add to the query-scheduler pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of query-scheduler deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for query-scheduler
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for query-scheduler pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for query-scheduler pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for query-scheduler pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for query-scheduler pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the query-scheduler. It should be lower than `-querier.max-concurrent` to avoid generating back-pressure in queriers; it's also recommended that this value evenly divides the latter Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the query-scheduler Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the query-scheduler
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for query-scheduler Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the query-scheduler service. This allows query-scheduler to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for query-scheduler Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for query-scheduler Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for query-scheduler Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for query-scheduler Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for query-scheduler Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for query-scheduler Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for query-scheduler Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for query-scheduler service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for query-scheduler service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Service type for query-scheduler service
     */
    serviceType?: string;
    /**
     * Strategy for the query-scheduler.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the query-scheduler to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for query-scheduler pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
    /**
     * trafficDistribution for query-scheduler service
     */
    trafficDistribution?: string;
  };
  rbac?: {
    /**
     * Whether to install RBAC in the namespace only or cluster-wide. Useful if you want to watch ConfigMap globally.
     */
    namespaced?: boolean;
    /**
     * Toggle this to true to allow the use of hostPath volumes on OpenShift
     */
    sccAllowHostDirVolumePlugin?: boolean;
    /**
     * For OpenShift set sccEnabled to 'true' to use the SecurityContextConstraints.
     */
    sccEnabled?: boolean;
  };
  /**
   * Configuration for the read pod(s)
   */
  read?: {
    /**
     * Affinity for read pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for read deployment
     */
    annotations?: {
      [k: string]: string;
    };
    autoscaling?: {
      /**
       * Behavior policies while scaling.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Enable autoscaling for the read, this is only used if `queryIndex.enabled: true`
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the read
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the read
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the read
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the read
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * DNS config for read pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `SimpleScalable`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the read
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the read pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the read pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the read pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the read pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the read pods
     */
    extraVolumes?: unknown[];
    /**
     * Override for the read fullname. By default, this is generated using the fullname template with "-backend"
     */
    fullnameOverride?: string;
    /**
     * Use the host's user namespace in the read pods.
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the read image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the read image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the read image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * init containers to add to the read pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the read. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the read. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of read deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Additional labels for read deployment
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Lifecycle for the read container
     */
    lifecycle?: {};
    /**
     * liveness probe settings for read pods. If empty, applies no livenessProbe
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for read pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for read pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for read Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget for read pods
       */
      enabled?: boolean;
      /**
       * Labels for read Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for each `read` pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for read pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the read. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the read Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the read
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Additional selector labels for each `read` pod
     */
    selectorLabels?: {
      [k: string]: string;
    };
    service?: {
      /**
       * Annotations for read Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the read service. This allows read to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for read Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for read Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for read Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for read Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for read Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for read Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for read Service
       */
      type?: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * startup probe for the read pods. If empty, applies no startupProbe
     */
    startupProbe?: {
      [k: string]: unknown;
    };
    /**
     * UpdateStrategy or Strategy for the read.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the read to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for read pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  resultsCache?: {
    /**
     * Comma separated addresses list in DNS Service Discovery format
     */
    addresses?: string;
    /**
     * Affinity for results-cache pods
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Amount of cpu allocated to results-cache for object storage (in integer or millicores).
     */
    allocatedCPU?: string;
    /**
     * Amount of memory allocated to results-cache for object storage (in MB).
     */
    allocatedMemory?: number;
    /**
     * Annotations for the results-cache pods
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Maximum number of connections allowed
     */
    connectionLimit?: number;
    /**
     * Specify how long cached results should be stored in the results-cache before being expired
     */
    defaultValidity?: string;
    /**
     * DNSConfig for results-cache
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Specifies whether memcached based results-cache should be enabled
     */
    enabled?: boolean;
    /**
     * Additional CLI args for results-cache
     */
    extraArgs?: {};
    /**
     * Additional containers to be added to the results-cache pod.
     */
    extraContainers?: unknown[] | null;
    /**
     * Add extended options for results-cache memcached container. The format is the same as for the memcached -o/--extend flag. Example: extraExtendedOptions: 'tls,modern,track_sizes'
     */
    extraExtendedOptions?: string;
    /**
     * Additional volume mounts to be added to the results-cache pod (applies to both memcached and exporter containers). Example: extraVolumeMounts: - name: extra-volume mountPath: /etc/extra-volume readOnly: true
     */
    extraVolumeMounts?: unknown[];
    /**
     * Additional volumes to be added to the results-cache pod (applies to both memcached and exporter containers). Example: extraVolumes: - name: extra-volume secret: secretName: extra-volume-secret
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in results-cache pods
     */
    hostUsers?: boolean | null;
    /**
     * Extra init containers for results-cache pods
     */
    initContainers?: unknown[];
    /**
     * Maximum item results-cache for memcached (in MB).
     */
    maxItemMemory?: number;
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for results-cache pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Persistence settings for the results-cache
     */
    persistence?: {
      /**
       * Enable creating PVCs for the results-cache
       */
      enabled?: boolean;
      /**
       * PVC additional labels
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Volume mount path
       */
      mountPath?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Size of persistent disk, must be in G or Gi
       */
      storageSize?: string;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
    };
    /**
     * Annotations for results-cache pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for results-cache pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * Management policy for results-cache pods
     */
    podManagementPolicy?: string;
    /**
     * Port of the results-cache service
     */
    port?: number;
    /**
     * The name of the PriorityClass for results-cache pods
     */
    priorityClassName?: string | null;
    /**
     * Total number of results-cache replicas
     */
    replicas?: number;
    /**
     * Container resize policy for the results-cache Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the results-cache By default a safe memory limit will be requested based on allocatedMemory value (floor (* 1.2 allocatedMemory)).
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Service annotations and labels
     */
    service?: {
      annotations?: {
        [k: string]: string;
      };
      labels?: {
        [k: string]: string;
      };
    };
    /**
     * Stateful results-cache strategy
     */
    statefulStrategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the results-cache to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Memcached operation timeout
     */
    timeout?: string;
    /**
     * Tolerations for results-cache pods
     */
    tolerations?: unknown[];
    /**
     * topologySpreadConstraints allows to customize the default topologySpreadConstraints. This can be either a single dict as shown below or a slice of topologySpreadConstraints. labelSelector is taken from the constraint itself (if it exists) or is generated by the chart using the same selectors as for services.
     */
    topologySpreadConstraints?: {}[];
    /**
     * Max number of objects to use for cache write back
     */
    writebackBuffer?: number;
    /**
     * Number of parallel threads for cache write back
     */
    writebackParallelism?: number;
    /**
     * Max memory to use for cache write back
     */
    writebackSizeLimit?: string;
  };
  /**
   * Setting for the Grafana Rollout Operator https://github.com/grafana/helm-charts/tree/main/charts/rollout-operator
   */
  rollout_operator?: {
    [k: string]: unknown;
  };
  /**
   * Gateway API routes for direct routing to Loki services, bypassing the nginx gateway. Use either this or the top-level ingress, but not both at once. Each entry in the map creates a separate HTTPRoute resource. The key "main" produces a route named after the loki fullname; any other key appends the key as a suffix. This allows defining multiple routes, e.g. one HTTPRoute and one GRPCRoute.
   */
  route?: {
    main?: {
      /**
       * Additional rules to prepend before the generated path-routing rules. Each entry is rendered into spec.rules as written (templating is supported), so any HTTPRoute/GRPCRoute rule shape is accepted — including filter-only rules with no backendRefs (e.g. RequestRedirect, URLRewrite).
       */
      additionalRules?: unknown[];
      /**
       * Annotations for the route
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Gateway API version to use. Auto-detected from cluster capabilities if empty.
       */
      apiVersion?: string;
      /**
       * Backend port override for all generated rules. When unset, GRPCRoute automatically uses loki.server.grpc_listen_port (default 9095) and all other kinds use loki.server.http_listen_port (default 3100).
       */
      backendPort?: number | null;
      /**
       * Specifies whether this Gateway API route should be created
       */
      enabled?: boolean;
      /**
       * Hostnames for the route
       */
      hostnames?: unknown[];
      /**
       * Kind of the route resource. Valid options are GRPCRoute, HTTPRoute, TCPRoute, TLSRoute, UDPRoute
       */
      kind?: string;
      /**
       * Labels for the route
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Parent references for the route (required for Gateway API)
       */
      parentRefs?: unknown[];
      /**
       * Paths routed to each Loki service group. The target service depends on the deployment mode. To produce a route that contains only `additionalRules` and no chart-generated path rules (for example, a dedicated HTTP-to-HTTPS redirect route), set every entry below to an empty list — e.g. `distributor: []`, `queryFrontend: []`, `ruler: []`, `compactor: []`.
       */
      paths?: {
        /**
         * Paths that are exposed by Loki Compactor. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to k8s service. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service.
         */
        compactor?: string[];
        /**
         * Paths that are exposed by Loki Distributor. If deployment mode is Distributed, the requests are forwarded to the service: `{{"loki.distributorFullname"}}`. If deployment mode is SimpleScalable, the requests are forwarded to write k8s service: `{{"loki.writeFullname"}}`. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service: `{{"loki.fullname"}}`
         */
        distributor?: string[];
        /**
         * Paths that are exposed by Loki Query Frontend. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to read k8s service. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service`
         */
        queryFrontend?: string[];
        /**
         * Paths that are exposed by Loki Ruler. If deployment mode is Distributed, the requests are forwarded to the service. If deployment mode is SimpleScalable, the requests are forwarded to k8s service. If deployment mode is SingleBinary, the requests are forwarded to the central/single k8s service.
         */
        ruler?: string[];
      };
    };
  };
  /**
   * Configuration for the ruler
   */
  ruler?: {
    /**
     * Affinity for ruler pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for ruler
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
     */
    appProtocol?: {
      grpc?: string;
      [k: string]: unknown;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * Directories containing rules files. If used, you must also configure `loki.rulerConfig.storage` to use local storage.
     */
    directories?: {};
    /**
     * DNSConfig for ruler pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * The ruler component is optional and can be disabled if desired.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the ruler
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the ruler pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the ruler pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the ruler pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the ruler pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the ruler pods
     */
    extraVolumes?: unknown[];
    /**
     * hostAliases to add
     */
    hostAliases?: unknown[];
    /**
     * Use the host's user namespace in the ruler
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the ruler image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the ruler image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the ruler image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the ruler pods
     */
    initContainers?: string | unknown[] | null;
    /**
     * Kind of ruler deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Labels for ruler
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for ruler pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for ruler PVCs
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable creating PVCs which is required when using recording rules
       */
      enabled?: boolean;
      /**
       * Labels for ruler PVCs
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
    };
    /**
     * Annotations for ruler pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Labels for ruler pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for ruler pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the ruler. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the ruler Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the ruler
     */
    resources?: {
      [k: string]: unknown;
    };
    service?: {
      /**
       * Annotations for ruler Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the ruler service. This allows ruler to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for ruler Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for ruler Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for ruler Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for ruler Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for ruler Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for ruler Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for ruler Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * @deprecated
     * Annotations for ruler service
     */
    serviceAnnotations?: {
      [k: string]: string;
    };
    /**
     * @deprecated
     * Labels for ruler service
     */
    serviceLabels?: {
      [k: string]: string;
    };
    /**
     * Whether to enable the rules sidecar
     */
    sidecar?: boolean;
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the ruler StatefulSet when the ruler configuration is changed. # Only applicable if `ruler.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * Grace period to allow the ruler to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for ruler pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  serviceAccount?: {
    /**
     * Annotations for the service account
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Set this toggle to false to opt out of automounting API credentials for the service account
     */
    automountServiceAccountToken?: boolean;
    /**
     * Specifies whether a ServiceAccount should be created
     */
    create?: boolean;
    /**
     * Image pull secrets for the service account
     */
    imagePullSecrets?: {
      name?: string;
    }[];
    /**
     * Labels for the service account
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
     */
    name?: string | null;
  };
  sidecar?: {
    /**
     * Set to true to disable strict x509 verification for kube api calls.
     */
    disableX509StrictVerification?: boolean;
    /**
     * Ensure that rule files aren't conflicting and being overwritten by prefixing their name with the namespace they are defined in.
     */
    enableUniqueFilenames?: boolean;
    image?: {
      /**
       * Docker image pull policy
       */
      pullPolicy?: string;
      registry?: string;
      /**
       * The Docker registry and image for the k8s sidecar
       */
      repository?: string;
      /**
       * Docker image sha. If empty, no sha will be used
       */
      sha?: string;
      /**
       * Docker image tag
       */
      tag?: string;
    };
    /**
     * Liveness probe definition.
     */
    livenessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Readiness probe definition.
     */
    readinessProbe?: {
      [k: string]: unknown;
    };
    /**
     * Container resize policy for the sidecar Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the sidecar
     */
    resources?: {
      [k: string]: unknown;
    };
    rules?: {
      /**
       * Whether or not to create a sidecar to ingest rule from specific ConfigMaps and/or Secrets.
       */
      enabled?: boolean;
      /**
       * Folder into which the rules will be placed.
       */
      folder?: string;
      /**
       * The annotation overwriting the folder value. The annotation value can be either an absolute or a relative path. Relative paths will be relative to FOLDER. Useful for multi-tenancy setups.
       */
      folderAnnotation?: string | null;
      /**
       * Health Server port of the sidecar container.
       */
      healthPort?: number;
      /**
       * Label that the configmaps/secrets with rules will be marked with.
       */
      label?: string;
      /**
       * Label value that the configmaps/secrets with rules will be set to.
       */
      labelValue?: string;
      /**
       * Log level of the sidecar container.
       */
      logLevel?: string;
      /**
       * Search in configmap, secret, or both.
       */
      resource?: string;
      /**
       * Absolute path to the shell script to execute after a configmap or secret has been reloaded.
       */
      script?: string | null;
      /**
       * Comma separated list of namespaces. If specified, the sidecar will search for config-maps/secrets inside these namespaces. Otherwise the namespace in which the sidecar is running will be used. It's also possible to specify 'ALL' to search in all namespaces.
       */
      searchNamespace?: string | null;
      /**
       * WatchClientTimeout: is a client-side timeout, configuring your local socket. If you have a network outage dropping all packets with no RST/FIN, this is how long your client waits before realizing & dropping the connection. Defaults to 66sec.
       */
      watchClientTimeout?: number;
      /**
       * Method to use to detect ConfigMap changes. With WATCH the sidecar will do a WATCH request, with SLEEP it will list all ConfigMaps, then sleep for 60 seconds.
       */
      watchMethod?: string;
      /**
       * WatchServerTimeout: request to the server, asking it to cleanly close the connection after that. defaults to 60sec; much higher values like 3600 seconds (1h) are feasible for non-Azure K8S.
       */
      watchServerTimeout?: number;
    };
    /**
     * The SecurityContext for the sidecar.
     */
    securityContext?: {
      [k: string]: unknown;
    };
    /**
     * Set to true to skip tls verification for kube api calls.
     */
    skipTlsVerify?: boolean;
    /**
     * Startup probe definition.
     */
    startupProbe?: {
      [k: string]: unknown;
    };
  };
  singleBinary?: {
    /**
     * Affinity for single binary pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for single binary StatefulSet
     */
    annotations?: {
      [k: string]: string;
    };
    autoscaling?: {
      /**
       * HPA behavior configuration, passed directly as a K8s HPA behavior object.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Allows one to define custom metrics using the HPA/v2 schema (for example, Pods, Object or External metrics)
       */
      customMetrics?: unknown[];
      /**
       * Enable autoscaling
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the single binary
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the single binary
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the single binary
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilisation percentage for the single binary
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the single binary component. Requires `loki.deploymentMode` to be set to `SingleBinary`.
     */
    enabled?: boolean;
    /**
     * Labels for single binary service
     */
    extraArgs?: unknown[];
    /**
     * Extra containers to add to the single binary loki pod
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the single binary pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the single binary pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the single binary pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the single binary pods
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in the single binary pods
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the single binary image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the single binary image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the single binary image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the single binary pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the single binary. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the single binary. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of read deployment. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Additional labels for single binary StatefulSet
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Node selector for single binary pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for volume claim
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Parameters used for the `storage` volume when persistence.enabled is false. Allows replacing the default emptyDir volume with a custom volume definition. For example, to use an existing PVC: dataVolumeParameters: persistentVolumeClaim: claimName: my-existing-pvc
       */
      dataVolumeParameters?: {
        [k: string]: unknown;
      };
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Enable persistent disk
       */
      enabled?: boolean;
      /**
       * Labels for volume claim
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Selector for persistent disk
       */
      selector?: {} | null;
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * What to do with the volumes when the StatefulSet is deleted.
       */
      whenDeleted?: string;
      /**
       * What to do with the volume when the StatefulSet is scaled down.
       */
      whenScaled?: string;
    };
    /**
     * Annotations for single binary pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for each `single binary` pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for single binary pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the single binary. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the single binary Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the single binary
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Additional selector labels for each `single binary` pod
     */
    selectorLabels?: {
      [k: string]: string;
    };
    service?: {
      /**
       * Annotations for single binary Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the single binary service. This allows single binary to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for single binary Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for single binary Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for single binary Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for single binary Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for single binary Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution single binary Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for single binary Service
       */
      type?: string;
    };
    /**
     * Whether to enable the rules sidecar
     */
    sidecar?: boolean;
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the write StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for single binary.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Comma-separated list of Loki modules to load for the single binary
     */
    targetModule?: string;
    /**
     * Grace period to allow the single binary to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for single binary pods
     */
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for single binary pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  /**
   * @deprecated
   * DEPRECATED Configuration for the table-manager. The table-manager is only necessary when using a deprecated index type such as Cassandra, Bigtable, or DynamoDB, it has not been necessary since loki introduced self- contained index types like 'boltdb-shipper' and 'tsdb'. This will be removed in a future helm chart.
   */
  tableManager?: {
    /**
     * Affinity for table-manager pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for table-manager deployment
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Command to execute instead of defined in Docker image
     */
    command?: string | null;
    /**
     * DNS config table-manager pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Specifies whether the table-manager should be enabled
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the table-manager
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the table-manager pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the table-manager pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the table-manager pods
     */
    extraEnvFrom?: unknown[];
    /**
     * Volume mounts to add to the table-manager pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the table-manager pods
     */
    extraVolumes?: unknown[];
    /**
     * Use the host's user namespace in table-manager pods
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the table-manager image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the table-manager image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the table-manager image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Node selector for table-manager pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    /**
     * Annotations for table-manager pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    /**
     * Labels for table-manager pods
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The name of the PriorityClass for table-manager pods
     */
    priorityClassName?: string | null;
    /**
     * Container resize policy for the table-manager Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the table-manager
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Enable deletes by retention
     */
    retention_deletes_enabled?: boolean;
    /**
     * Set retention period
     */
    retention_period?: string | number;
    service?: {
      /**
       * Annotations for table-manager Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the table-manager service. This allows table-manager to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for table-manager Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for table-manager Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for table-manager Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for table-manager Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for table-manager Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for table-manager Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for table-manager Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * Grace period to allow the table-manager to shutdown before it is killed
     */
    terminationGracePeriodSeconds?: number;
    /**
     * Tolerations for table-manager pods
     */
    tolerations?: unknown[];
  };
  /**
   * Section for configuring optional Helm test
   */
  test?: {
    /**
     * Additional annotations for test pods
     */
    annotations?: {
      [k: string]: string;
    };
    /**
     * Used to directly query the metrics endpoint of the canary for testing, this approach avoids needing prometheus for testing. This in a newer approach to using prometheusAddress such that tests do not have a dependency on prometheus
     */
    canaryServiceAddress?: string;
    enabled?: boolean;
    /**
     * Use the host's user namespace in test pods
     */
    hostUsers?: boolean | null;
    /**
     * Image to use for loki canary
     */
    image?: {
      /**
       * Overrides the image tag with an image digest
       */
      digest?: string | null;
      /**
       * Docker image pull policy
       */
      pullPolicy?: string;
      /**
       * The Docker registry
       */
      registry?: string;
      /**
       * Docker image repository
       */
      repository?: string;
      /**
       * Overrides the image tag whose default is the chart's appVersion
       */
      tag?: string;
    };
    /**
     * Additional labels for the test pods
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Address of the prometheus server to query for the test. This overrides any value set for canaryServiceAddress. This is kept for backward compatibility and may be removed in future releases. Previous value was 'http://prometheus:9090'
     */
    prometheusAddress?: string;
    /**
     * Number of times to retry the test before failing
     */
    timeout?: string;
  };
  write?: {
    /**
     * Affinity for write pods. The value will be passed through tpl.
     */
    affinity?: {
      [k: string]: unknown;
    } | null;
    /**
     * Annotations for write StatefulSet
     */
    annotations?: {
      [k: string]: string;
    };
    autoscaling?: {
      /**
       * Behavior policies while scaling.
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Enable autoscaling for the write.
       */
      enabled?: boolean;
      /**
       * Maximum autoscaling replicas for the write.
       */
      maxReplicas?: number;
      /**
       * Minimum autoscaling replicas for the write.
       */
      minReplicas?: number;
      /**
       * Target CPU utilisation percentage for the write.
       */
      targetCPUUtilizationPercentage?: number | null;
      /**
       * Target memory utilization percentage for the write.
       */
      targetMemoryUtilizationPercentage?: number | null;
    };
    /**
     * DNS config for write pods
     */
    dnsConfig?: {
      [k: string]: unknown;
    };
    /**
     * Enable the component. Requires `loki.deploymentMode` to be set to `SimpleScalable`.
     */
    enabled?: boolean;
    /**
     * Additional CLI args for the write
     */
    extraArgs?: unknown[];
    /**
     * Containers to add to the write pods
     */
    extraContainers?: string | unknown[] | null;
    /**
     * Environment variables to add to the write pods
     */
    extraEnv?: unknown[];
    /**
     * Environment variables from secrets or configmaps to add to the write pods
     */
    extraEnvFrom?: unknown[];
    /**
     * volumeClaimTemplates to add to StatefulSet
     */
    extraVolumeClaimTemplates?: unknown[];
    /**
     * Volume mounts to add to the write pods
     */
    extraVolumeMounts?: unknown[];
    /**
     * Volumes to add to the write pods
     */
    extraVolumes?: unknown[];
    /**
     * Override for the write fullname. By default, this is generated using the fullname template with "-backend"
     */
    fullnameOverride?: string;
    /**
     * Use the host's user namespace in the write pods.
     */
    hostUsers?: boolean | null;
    image?: {
      /**
       * The Docker registry for the write image. Overrides `loki.image.registry`
       */
      registry?: string | null;
      /**
       * Docker image repository for the write image. Overrides `loki.image.repository`
       */
      repository?: string | null;
      /**
       * Docker image tag for the write image. Overrides `loki.image.tag`
       */
      tag?: string | null;
    };
    /**
     * Init containers to add to the write pods
     */
    initContainers?: string | unknown[] | null;
    kedaAutoscaling?: {
      /**
       * Behavior configuration for KEDA ScaledObject (horizontalPodAutoscalerConfig.behavior). Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#advanced
       */
      behavior?: {
        [k: string]: unknown;
      };
      /**
       * Period to wait after the last trigger reported active before scaling the resource back to 0 (seconds). Defaults to defaults.kedaAutoscaling.cooldownPeriod if not set.
       */
      cooldownPeriod?: number | null;
      /**
       * Enable KEDA autoscaling for the write. Mutually exclusive with autoscaling.enabled
       */
      enabled?: boolean;
      /**
       * Fallback configuration for KEDA ScaledObject. Applied when the trigger metric cannot be retrieved. Ref: https://keda.sh/docs/latest/reference/scaledobject-spec/#fallback
       */
      fallback?: {
        [k: string]: unknown;
      };
      /**
       * Maximum replicas for KEDA autoscaling
       */
      maxReplicas?: number;
      /**
       * Minimum replicas for KEDA autoscaling
       */
      minReplicas?: number;
      /**
       * Interval (seconds) to poll each trigger. Defaults to defaults.kedaAutoscaling.pollingInterval if not set.
       */
      pollingInterval?: number | null;
      /**
       * KEDA triggers for the write. Ref: https://keda.sh/docs/latest/scalers/
       */
      triggers?: unknown[];
    };
    /**
     * Kind of write workload. StatefulSet and Deployment are supported.
     */
    kind?: string;
    /**
     * Additional labels for write StatefulSet
     */
    labels?: {
      [k: string]: string;
    };
    /**
     * Lifecycle for the write container
     */
    lifecycle?: {};
    /**
     * @deprecated
     * Pod Disruption Budget maxUnavailable
     */
    maxUnavailable?: string | number | null;
    /**
     * Node selector for write pods
     */
    nodeSelector?: {
      [k: string]: unknown;
    };
    persistence?: {
      /**
       * Set access modes on the PersistentVolumeClaim
       */
      accessModes?: string[];
      /**
       * Annotations for volume claim
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Parameters used for the `data` volume when volumeClaimEnabled if false
       */
      dataVolumeParameters?: {
        [k: string]: unknown;
      };
      /**
       * Enable StatefulSetAutoDeletePVC feature
       */
      enableStatefulSetAutoDeletePVC?: boolean;
      /**
       * Labels for volume claim
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Selector for persistent disk
       */
      selector?: {} | null;
      /**
       * Size of persistent disk
       */
      size?: string;
      /**
       * Storage class to be used. If defined, storageClassName: <storageClass>. If set to "-", storageClassName: "", which disables dynamic provisioning. If empty or set to null, no storageClassName spec is set, choosing the default provisioner (gp2 on AWS, standard on GKE, AWS, and OpenStack).
       */
      storageClass?: string | null;
      /**
       * Volume attributes class name to be used. If empty or set to null, no volumeAttributesClassName spec is set. Requires Kubernetes 1.31
       */
      volumeAttributesClassName?: string | null;
      /**
       * Enable volume claims in pod spec
       */
      volumeClaimsEnabled?: boolean;
      /**
       * What to do with the volumes when the StatefulSet is deleted.
       */
      whenDeleted?: string;
      /**
       * What to do with the volume when the StatefulSet is scaled down.
       */
      whenScaled?: string;
    };
    /**
     * Annotations for write pods
     */
    podAnnotations?: {
      [k: string]: string;
    };
    podDisruptionBudget?: {
      /**
       * Annotations for Pod Disruption Budget
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Enable Pod Disruption Budget
       */
      enabled?: boolean;
      /**
       * Labels for Pod Disruption Budget
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Pod Disruption Budget maxUnavailable
       */
      maxUnavailable?: string | number | null;
      /**
       * Pod Disruption Budget minAvailable
       */
      minAvailable?: string | number | null;
      /**
       * Pod Disruption Budget unhealthyPodEvictionPolicy
       */
      unhealthyPodEvictionPolicy?: string | null;
    };
    /**
     * Additional labels for each `write` pod
     */
    podLabels?: {
      [k: string]: string;
    };
    /**
     * The default is to deploy all pods in parallel.
     */
    podManagementPolicy?: string;
    /**
     * The name of the PriorityClass for write pods
     */
    priorityClassName?: string | null;
    /**
     * Number of replicas for the write. Set to null to omit spec.replicas from the workload, allowing an external controller (e.g. HPA, KEDA, rollout-operator) to manage replica counts without Helm resetting them.
     */
    replicas?: number | null;
    /**
     * Container resize policy for the write Example: resizePolicy: - resourceName: cpu restartPolicy: NotRequired - resourceName: memory restartPolicy: RestartContainer
     */
    resizePolicy?: unknown[];
    /**
     * Resource requests and limits for the write
     */
    resources?: {
      [k: string]: unknown;
    };
    /**
     * Additional selector labels for each `write` pod
     */
    selectorLabels?: {
      [k: string]: string;
    };
    service?: {
      /**
       * Annotations for write Service
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Adds the appProtocol field to the write service. This allows write to work with istio protocol selection.
       */
      appProtocol?: {
        /**
         * Set the optional grpc service protocol. Ex: "grpc", "http2" or "https"
         */
        grpc?: string;
      };
      /**
       * ipFamilies for write Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilies?: unknown[];
      /**
       * ipFamilyPolicy for write Service Ref: https://kubernetes.io/docs/concepts/services-networking/dual-stack/#services
       */
      ipFamilyPolicy?: string;
      /**
       * Additional labels for write Service
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * Session affinity for write Service
       */
      sessionAffinity?: string;
      /**
       * Session affinity config for write Service
       */
      sessionAffinityConfig?: {
        [k: string]: unknown;
      };
      /**
       * trafficDistribution for write Service
       */
      trafficDistribution?: string;
      /**
       * Service Type for write Service
       */
      type?: string;
    };
    serviceAccount?: {
      /**
       * Annotations for the service account
       */
      annotations?: {
        [k: string]: string;
      };
      /**
       * Set this toggle to false to opt out of automounting API credentials for the service account
       */
      automountServiceAccountToken?: boolean;
      /**
       * Specifies whether a ServiceAccount should be created
       */
      create?: boolean;
      /**
       * Image pull secrets for the service account
       */
      imagePullSecrets?: {
        name?: string;
      }[];
      /**
       * Labels for the service account
       */
      labels?: {
        [k: string]: string;
      };
      /**
       * The name of the ServiceAccount to use. If not set and create is true, a name is generated using the fullname template
       */
      name?: string | null;
    };
    /**
     * EXPERIMENTAL: Enable creating a Job to recreate the write StatefulSet when the compactor configuration is changed. # Only applicable if `compactor.kind` is StatefulSet. Useful for PVC size changes, which require recreating the StatefulSet.
     */
    statefulSetRecreateJob?: {
      enabled?: boolean;
    };
    /**
     * UpdateStrategy or Strategy for the write.
     */
    strategy?: {
      [k: string]: unknown;
    };
    /**
     * Grace period to allow the write to shutdown before it is killed. Especially for the ingester, this must be increased. It must be long enough so writes can be gracefully shutdown flushing/transferring all data and to successfully leave the member ring on shutdown.
     */
    terminationGracePeriodSeconds?: number;
    tolerations?: unknown[];
    /**
     * Topology Spread Constraints for write pods The value will be passed through tpl.
     */
    topologySpreadConstraints?: {}[];
  };
  [k: string]: unknown;
}
/**
 * A label selector is a label query over a set of resources. The result of matchLabels and matchExpressions are ANDed. An empty label selector matches all objects. A null label selector matches no objects.
 */
export interface IoK8SApimachineryPkgApisMetaV1LabelSelector {
  /**
   * matchExpressions is a list of label selector requirements. The requirements are ANDed.
   */
  matchExpressions?: IoK8SApimachineryPkgApisMetaV1LabelSelectorRequirement[];
  /**
   * matchLabels is a map of {key,value} pairs. A single {key,value} in the matchLabels map is equivalent to an element of matchExpressions, whose key field is "key", the operator is "In", and the values array contains only "value". The requirements are ANDed.
   */
  matchLabels?: {
    [k: string]: string;
  };
}
/**
 * A label selector requirement is a selector that contains values, a key, and an operator that relates the key and values.
 */
export interface IoK8SApimachineryPkgApisMetaV1LabelSelectorRequirement {
  /**
   * key is the label key that the selector applies to.
   */
  key?: string;
  /**
   * operator represents a key's relationship to a set of values. Valid operators are In, NotIn, Exists and DoesNotExist.
   */
  operator?: string;
  /**
   * values is an array of string values. If the operator is In or NotIn, the values array must be non-empty. If the operator is Exists or DoesNotExist, the values array must be empty. This array is replaced during a strategic merge patch.
   */
  values?: string[];
}
