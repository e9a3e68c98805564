/* Generated from schemas/values/cilium-1.20.0.values.schema.json by npm run values-types: do not edit. */

export interface CiliumValues {
  MTU?: number;
  affinity?: {
    podAntiAffinity?: {
      requiredDuringSchedulingIgnoredDuringExecution?: {
        labelSelector?: {
          matchLabels?: {
            "k8s-app"?: string;
          };
        };
        topologyKey?: string;
      }[];
    };
  };
  agent?: boolean;
  agentNotReadyTaintKey?: string;
  aksbyocni?: {
    enabled?: boolean;
  };
  alibabacloud?: {
    enabled?: boolean;
    nodeSpec?: {
      securityGroupTags?: unknown[];
      securityGroups?: unknown[];
      vSwitchTags?: unknown[];
      vSwitches?: unknown[];
    };
  };
  annotateK8sNode?: boolean;
  annotations?: {};
  apiRateLimit?: null | string;
  authentication?: {
    enabled?: boolean;
    gcInterval?: string;
    mutual?: {
      connectTimeout?: string;
      port?: number;
      spire?: {
        adminSocketPath?: string;
        agentSocketPath?: string;
        annotations?: {};
        connectionTimeout?: string;
        enabled?: boolean;
        install?: {
          agent?: {
            affinity?: {};
            annotations?: {};
            image?: {
              digest?: string;
              override?: null | string;
              pullPolicy?: string;
              repository?: string;
              tag?: string;
              useDigest?: boolean;
            };
            labels?: {};
            nodeSelector?: {};
            podSecurityContext?: {};
            priorityClassName?: string;
            resources?: {};
            securityContext?: {};
            serviceAccount?: {
              create?: boolean;
              name?: string;
            };
            skipKubeletVerification?: boolean;
            tolerations?: (
              | {
                  effect?: string;
                  key?: string;
                }
              | {
                  effect?: string;
                  key?: string;
                  value?: string;
                }
              | {
                  key?: string;
                  operator?: string;
                }
            )[];
          };
          enabled?: boolean;
          existingNamespace?: boolean;
          initImage?: {
            digest?: string;
            override?: null | string;
            pullPolicy?: string;
            repository?: string;
            tag?: string;
            useDigest?: boolean;
          };
          namespace?: string;
          server?: {
            affinity?: {};
            annotations?: {};
            ca?: {
              keyType?: string;
              subject?: {
                commonName?: string;
                country?: string;
                organization?: string;
              };
            };
            dataStorage?: {
              accessMode?: string;
              enabled?: boolean;
              size?: string;
              storageClass?: null | string;
            };
            image?: {
              digest?: string;
              override?: null | string;
              pullPolicy?: string;
              repository?: string;
              tag?: string;
              useDigest?: boolean;
            };
            initContainers?: unknown[];
            labels?: {};
            nodeSelector?: {};
            podSecurityContext?: {};
            priorityClassName?: string;
            resources?: {};
            securityContext?: {};
            service?: {
              annotations?: {};
              labels?: {};
              type?: string;
            };
            serviceAccount?: {
              create?: boolean;
              name?: string;
            };
            tolerations?: unknown[];
          };
        };
        serverAddress?: null | string;
        trustDomain?: string;
      };
    };
    queueSize?: number;
    rotatedIdentitiesQueueSize?: number;
  };
  autoDirectNodeRoutes?: boolean | string;
  azure?: {
    enabled?: boolean;
    nodeSpec?: {
      azureInterfaceName?: string;
    };
  };
  bandwidthManager?: {
    bbr?: boolean;
    bbrHostNamespaceOnly?: boolean;
    enabled?: boolean;
  };
  bgpControlPlane?: {
    enabled?: boolean;
    legacyOriginAttribute?: {
      enabled?: boolean;
    };
    routerIDAllocation?: {
      ipPool?: string;
      mode?: string;
    };
    secretsNamespace?: {
      create?: boolean;
      name?: string;
    };
    statusReport?: {
      enabled?: boolean;
    };
  };
  bpf?: {
    authMapMax?: null | number;
    autoMount?: {
      enabled?: boolean;
    };
    ctAccounting?: boolean;
    ctAnyMax?: null | number;
    ctTcpMax?: null | number;
    datapathMode?: string;
    disableExternalIPMitigation?: boolean;
    distributedLRU?: {
      enabled?: boolean;
    };
    enableTCX?: boolean;
    events?: {
      default?: {
        burstLimit?: null | number;
        rateLimit?: null | number;
      };
      drop?: {
        enabled?: boolean;
      };
      policyVerdict?: {
        enabled?: boolean;
      };
      trace?: {
        enabled?: boolean;
      };
    };
    hostLegacyRouting?: null | boolean;
    lbAlgorithmAnnotation?: boolean;
    lbExternalClusterIP?: boolean;
    lbMapMax?: null | number;
    lbModeAnnotation?: boolean;
    lbSourceRangeAllTypes?: boolean;
    mapDynamicSizeRatio?: null | number | string;
    masquerade?: null | boolean;
    monitorAggregation?: string;
    monitorFlags?: string;
    monitorInterval?: string;
    monitorTraceIPOption?: null | number;
    natMax?: null | number;
    neighMax?: null | number;
    nodeMapMax?: null | number;
    policyMapMax?: null | number;
    policyMapPressureMetricsThreshold?: null | number;
    policyStatsMapMax?: null | number;
    preallocateMaps?: boolean;
    root?: string;
    tproxy?: null | boolean;
    vlanBypass?: null | unknown[];
  };
  bpfClockProbe?: boolean;
  certgen?: {
    affinity?: {};
    annotations?: {
      cronJob?: {};
      job?: {};
    };
    cronJob?: {
      failedJobsHistoryLimit?: number;
      successfulJobsHistoryLimit?: number;
    };
    enforceCAValidityThroughoutLeavesDuration?: boolean;
    extraVolumeMounts?: unknown[];
    extraVolumes?: unknown[];
    generateCA?: boolean;
    image?: {
      digest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      tag?: string;
      useDigest?: boolean;
    };
    nodeSelector?: {};
    podLabels?: {};
    priorityClassName?: string;
    resources?: {};
    tolerations?: unknown[];
    ttlSecondsAfterFinished?: null | number;
  };
  cgroup?: {
    autoMount?: {
      enabled?: boolean;
      resources?: {};
    };
    hostRoot?: string;
  };
  ciliumEndpointSlice?: {
    enabled?: boolean;
    rateLimits?: {
      burst?: number;
      limit?: number;
      nodes?: number;
    }[];
  };
  cleanBpfState?: boolean;
  cleanState?: boolean;
  cluster?: {
    id?: number;
    name?: string;
  };
  clustermesh?: {
    annotations?: {};
    apiserver?: {
      affinity?: {
        podAntiAffinity?: {
          preferredDuringSchedulingIgnoredDuringExecution?: {
            podAffinityTerm?: {
              labelSelector?: {
                matchLabels?: {
                  "k8s-app"?: string;
                };
              };
              topologyKey?: string;
            };
            weight?: number;
          }[];
        };
      };
      etcd?: {
        init?: {
          extraArgs?: unknown[];
          extraEnv?: unknown[];
          resources?: {};
        };
        lifecycle?: {};
        resources?: {};
        securityContext?: {
          allowPrivilegeEscalation?: boolean;
          capabilities?: {
            drop?: string[];
          };
        };
        storageMedium?: "Disk" | "Memory";
      };
      etcdQPS?: number;
      extraArgs?: unknown[];
      extraEnv?: unknown[];
      extraVolumeMounts?: unknown[];
      extraVolumes?: unknown[];
      healthPort?: number;
      image?: {
        digest?: string;
        override?: null | string;
        pullPolicy?: string;
        repository?: string;
        tag?: string;
        useDigest?: boolean;
      };
      kvstoremesh?: {
        enabled?: boolean;
        etcdQPS?: number;
        extraArgs?: unknown[];
        extraEnv?: unknown[];
        extraVolumeMounts?: unknown[];
        healthPort?: number;
        kvstoreMode?: string;
        lifecycle?: {};
        readinessProbe?: {};
        resources?: {};
        securityContext?: {
          allowPrivilegeEscalation?: boolean;
          capabilities?: {
            drop?: string[];
          };
        };
      };
      lifecycle?: {};
      metrics?: {
        enabled?: boolean;
        etcd?: {
          enabled?: boolean;
          mode?: string;
          port?: number;
        };
        kvstoremesh?: {
          enabled?: boolean;
          port?: number;
        };
        port?: number;
        serviceMonitor?: {
          annotations?: {};
          enabled?: boolean;
          etcd?: {
            interval?: string;
            metricRelabelings?: null | unknown[];
            relabelings?: null | unknown[];
            scrapeTimeout?: null | string;
          };
          interval?: string;
          kvstoremesh?: {
            interval?: string;
            metricRelabelings?: null | unknown[];
            relabelings?: null | unknown[];
            scrapeTimeout?: null | string;
          };
          labels?: {};
          metricRelabelings?: null | unknown[];
          relabelings?: null | unknown[];
          scrapeTimeout?: null | string;
        };
      };
      nodeSelector?: {
        "kubernetes.io/os"?: string;
      };
      podAnnotations?: {};
      podDisruptionBudget?: {
        enabled?: boolean;
        maxUnavailable?: null | number | string;
        minAvailable?: null | number | string;
        unhealthyPodEvictionPolicy?: null | string;
      };
      podLabels?: {};
      podSecurityContext?: {
        fsGroup?: number;
        runAsGroup?: number;
        runAsNonRoot?: boolean;
        runAsUser?: number;
      };
      priorityClassName?: string;
      readinessProbe?: {};
      replicas?: number;
      resources?: {};
      securityContext?: {
        allowPrivilegeEscalation?: boolean;
        capabilities?: {
          drop?: string[];
        };
      };
      service?: {
        annotations?: {};
        enableSessionAffinity?: "HAOnly" | "Always" | "Never";
        externalTrafficPolicy?: "Local" | "Cluster";
        externallyCreated?: boolean;
        internalTrafficPolicy?: "Local" | "Cluster";
        labels?: {};
        loadBalancerClass?: null | string;
        loadBalancerIP?: null | string;
        loadBalancerSourceRanges?: unknown[];
        nodePort?: number;
        type?: string;
      };
      terminationGracePeriodSeconds?: number;
      tls?: {
        authMode?: string;
        auto?: {
          certManagerIssuerRef?: {};
          certValidityDuration?: number;
          enabled?: boolean;
          method?: string;
          privateKey?: {};
          schedule?: string;
          server?: {
            extraDnsNames?: unknown[];
            extraIpAddresses?: unknown[];
          };
          subject?: {};
        };
      };
      tolerations?: unknown[];
      topologySpreadConstraints?: unknown[];
      updateStrategy?: {
        rollingUpdate?: {
          maxSurge?: number | string;
          maxUnavailable?: number | string;
        };
        type?: string;
      };
    };
    cacheTTL?: string;
    config?: {
      clusters?: {} | unknown[];
      domain?: string;
      enabled?: boolean;
    };
    defaultGlobalNamespace?: boolean;
    enableEndpointSliceSynchronization?: boolean;
    maxConnectedClusters?: number;
    mcsapi?: {
      corednsAutoConfigure?: {
        affinity?: {};
        annotations?: {};
        coredns?: {
          clusterDomain?: string;
          clustersetDomain?: string;
          configMapName?: string;
          deploymentName?: string;
          namespace?: string;
          serviceAccountName?: string;
        };
        enabled?: boolean;
        extraArgs?: unknown[];
        extraVolumeMounts?: unknown[];
        extraVolumes?: unknown[];
        nodeSelector?: {};
        podLabels?: {};
        priorityClassName?: string;
        resources?: {};
        tolerations?: unknown[];
        ttlSecondsAfterFinished?: number;
      };
      enabled?: boolean;
      installCRDs?: boolean;
    };
    policyDefaultLocalCluster?: boolean;
    useAPIServer?: boolean;
  };
  cni?: {
    binPath?: string;
    chainingMode?: null | string;
    chainingTarget?: null | string;
    confFileMountPath?: string;
    confPath?: string;
    configMap?: string;
    configMapKey?: string;
    customConf?: boolean;
    enableRouteMTUForCNIChaining?: boolean;
    exclusive?: boolean;
    hostConfDirMountPath?: string;
    install?: boolean;
    iptablesRemoveAWSRules?: boolean;
    logFile?: string;
    resources?: {
      limits?: {
        cpu?: number | string;
        memory?: string;
      };
      requests?: {
        cpu?: number | string;
        memory?: string;
      };
    };
    uninstall?: boolean;
  };
  commonLabels?: null | {};
  configDriftDetection?: {
    driftChecker?: boolean;
    enabled?: boolean;
    ignoredKeys?: unknown[];
  };
  connectivityProbeFrequencyRatio?: null | number;
  conntrackGCInterval?: string;
  conntrackGCMaxInterval?: string;
  crdWaitTimeout?: string;
  daemon?: {
    allowedConfigOverrides?: null | string;
    blockedConfigOverrides?: null | string;
    configSources?: null | string;
    enableSourceIPVerification?: null | boolean;
    runPath?: string;
  };
  dashboards?: {
    annotations?: {};
    enabled?: boolean;
    label?: string;
    labelValue?: string;
    namespace?: null | string;
  };
  datapathPlugins?: {
    enabled?: boolean;
    stateDir?: string;
  };
  debug?: {
    enabled?: boolean;
    metricsSamplingInterval?: null | string;
    verbose?: null | string;
  };
  defaultLBServiceIPAM?: string;
  devices?: null | string | unknown[];
  directRoutingSkipUnreachable?: boolean;
  disableEndpointCRD?: boolean;
  dnsPolicy?: string;
  dnsProxy?: {
    dnsRejectResponseCode?: string;
    enableDnsCompression?: boolean;
    endpointMaxIpPerHostname?: number;
    idleConnectionGracePeriod?: string;
    maxDeferredConnectionDeletes?: number;
    minTtl?: number;
    preAllocateIdentities?: boolean;
    preCache?: string;
    proxyPort?: number;
    proxyResponseMaxDelay?: string;
    socketLingerTimeout?: number;
  };
  egressGateway?: {
    enabled?: boolean;
    reconciliationTriggerInterval?: string;
  };
  enableCriticalPriorityClass?: boolean;
  enableIPv4BIGTCP?: boolean;
  enableIPv4Masquerade?: null | boolean;
  enableIPv6BIGTCP?: boolean;
  enableIPv6Masquerade?: boolean;
  enableInternalTrafficPolicy?: boolean;
  enableLBIPAM?: boolean;
  enableMasqueradeRouteSource?: boolean;
  enableNoServiceEndpointsRoutable?: boolean;
  enableNonDefaultDenyPolicies?: boolean;
  enableXTSocketFallback?: boolean;
  encryption?: {
    enabled?: boolean;
    ipsec?: {
      interface?: string;
      keyFile?: string;
      keyRotationDuration?: string;
      keyWatcher?: boolean;
      mountPath?: string;
      secretName?: string;
    };
    nodeEncryption?: boolean;
    strictMode?: {
      egress?: {
        allowRemoteNodeIdentities?: boolean;
        cidr?: string;
        enabled?: boolean;
      };
      ingress?: {
        enabled?: boolean;
      };
    };
    type?: string;
    wireguard?: {
      persistentKeepalive?: string;
    };
    ztunnel?: {
      affinity?: {};
      annotations?: {};
      ca?: {
        type?: "spire" | "internal";
      };
      caAddress?: string;
      extraEnv?: unknown[];
      extraVolumeMounts?: unknown[];
      extraVolumes?: unknown[];
      healthPort?: number;
      image?: {
        digest?: string;
        override?: null | string;
        pullPolicy?: string;
        repository?: string;
        tag?: string;
        useDigest?: boolean;
      };
      minReadySeconds?: number;
      nodeSelector?: {
        "kubernetes.io/os"?: string;
      };
      podAnnotations?: {};
      podLabels?: {};
      priorityClassName?: null | string;
      readinessProbe?: {
        failureThreshold?: number;
        initialDelaySeconds?: number;
        periodSeconds?: number;
      };
      resources?: {
        requests?: {
          cpu?: string;
          memory?: string;
        };
      };
      secrets?: {
        bootstrapRootCert?: null | string;
      };
      terminationGracePeriodSeconds?: number;
      tolerations?: (
        | {
            effect?: string;
            operator?: string;
          }
        | {
            key?: string;
            operator?: string;
          }
      )[];
      updateStrategy?: {
        rollingUpdate?: {
          maxSurge?: number;
          maxUnavailable?: number;
        };
        type?: string;
      };
    };
  };
  endpointHealthChecking?: {
    enabled?: boolean;
  };
  endpointLockdownOnMapOverflow?: boolean;
  endpointPolicyUpdateTimeoutDuration?: null;
  endpointRoutes?: {
    enabled?: boolean | string;
  };
  eni?: {
    awsEnablePrefixDelegation?: boolean;
    awsReleaseExcessIPs?: boolean;
    ec2APIEndpoint?: string;
    enabled?: boolean;
    eniTags?: {};
    gcInterval?: string;
    gcTags?: {};
    iamRole?: string;
    instanceTagsFilter?: unknown[];
    nodeSpec?: {
      deleteOnTermination?: null | boolean;
      disablePrefixDelegation?: boolean;
      excludeInterfaceTags?: unknown[];
      firstInterfaceIndex?: null | number;
      securityGroupTags?: unknown[];
      securityGroups?: unknown[];
      subnetIDs?: unknown[];
      subnetTags?: unknown[];
      usePrimaryAddress?: boolean;
    };
    subnetIDsFilter?: unknown[];
    subnetTagsFilter?: unknown[];
  };
  envoy?: {
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
      podAffinity?: {
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchLabels?: {
              "k8s-app"?: string;
            };
          };
          topologyKey?: string;
        }[];
      };
      podAntiAffinity?: {
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchLabels?: {
              "k8s-app"?: string;
            };
          };
          topologyKey?: string;
        }[];
      };
    };
    annotations?: {};
    baseID?: number;
    bootstrapConfigMap?: null | string;
    clusterMaxConnections?: number;
    clusterMaxPendingRequests?: number;
    clusterMaxRequests?: number;
    connectTimeoutSeconds?: number;
    debug?: {
      admin?: {
        enabled?: boolean;
        port?: number;
      };
    };
    dnsPolicy?: null | string;
    enabled?: null | boolean;
    extraArgs?: unknown[];
    extraContainers?: unknown[];
    extraEnv?: unknown[];
    extraHostPathMounts?: unknown[];
    extraVolumeMounts?: unknown[];
    extraVolumes?: unknown[];
    healthPort?: number;
    httpRetryCount?: number;
    httpUpstreamLingerTimeout?: null;
    idleTimeoutDurationSeconds?: number;
    image?: {
      digest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      tag?: string;
      useDigest?: boolean;
    };
    initContainers?: unknown[];
    initialFetchTimeoutSeconds?: number;
    livenessProbe?: {
      enabled?: boolean;
      failureThreshold?: number;
      initialDelaySeconds?: number;
      periodSeconds?: number;
      timeoutSeconds?: number;
    };
    log?: {
      accessLogBufferSize?: null | number;
      accessLogEnabled?: boolean;
      defaultLevel?: null | ("trace" | "debug" | "info" | "warning" | "error" | "critical" | "off");
      format?: null | string;
      format_json?: null | {};
      path?: string;
    };
    maxConcurrentRetries?: number;
    maxConnectionDurationSeconds?: number;
    maxGlobalDownstreamConnections?: number;
    maxRequestsPerConnection?: number;
    minReadySeconds?: number;
    nodeLocality?: {
      enabled?: boolean;
    };
    nodeSelector?: {
      "kubernetes.io/os"?: string;
    };
    podAnnotations?: {};
    podLabels?: {};
    podSecurityContext?: {
      appArmorProfile?: {
        type?: string;
      };
    };
    policyRestoreTimeoutDuration?: null | string;
    priorityClassName?: null | string;
    prometheus?: {
      enabled?: boolean;
      port?: string;
      serviceMonitor?: {
        annotations?: {};
        enabled?: boolean;
        interval?: string;
        labels?: {};
        metricRelabelings?: null | unknown[];
        relabelings?: {
          action?: string;
          replacement?: string;
          sourceLabels?: string[];
          targetLabel?: string;
        }[];
        scrapeTimeout?: null | string;
      };
    };
    readinessProbe?: {
      failureThreshold?: number;
      initialDelaySeconds?: number;
      periodSeconds?: number;
      timeoutSeconds?: number;
    };
    resources?: {};
    rollOutPods?: boolean;
    securityContext?: {
      capabilities?: {
        envoy?: string[];
        keepCapNetBindService?: boolean;
      };
      privileged?: boolean;
      seLinuxOptions?: {
        level?: string;
        type?: string;
      };
    };
    startupProbe?: {
      enabled?: boolean;
      failureThreshold?: number;
      initialDelaySeconds?: number;
      periodSeconds?: number;
      timeoutSeconds?: number;
    };
    streamIdleTimeoutDurationSeconds?: number;
    terminationGracePeriodSeconds?: number;
    tolerations?: {
      operator?: string;
    }[];
    updateStrategy?: {
      rollingUpdate?: {
        maxUnavailable?: number | string;
      };
      type?: string;
    };
    useOriginalSourceAddress?: boolean;
    xdsMode?: null | ("split" | "ads" | "strict-ads");
    xffNumTrustedHopsL7PolicyEgress?: number;
    xffNumTrustedHopsL7PolicyIngress?: number;
  };
  envoyConfig?: {
    enabled?: boolean;
    retryInterval?: string;
    secretsNamespace?: {
      create?: boolean;
      name?: string;
    };
  };
  etcd?: {
    enabled?: boolean;
    endpoints?: string[];
    ssl?: boolean;
  };
  extraArgs?: unknown[];
  extraConfig?: {};
  extraContainers?: unknown[];
  extraEnv?: unknown[];
  extraHostPathMounts?: unknown[];
  extraInitContainers?: unknown[];
  extraVolumeMounts?: unknown[];
  extraVolumes?: unknown[];
  forceDeviceDetection?: boolean;
  gatewayAPI?: {
    enableAlpn?: boolean;
    enableAppProtocol?: boolean;
    enableProxyProtocol?: boolean;
    enabled?: boolean;
    externalTrafficPolicy?: string;
    gatewayClass?: {
      create?: boolean | string;
    };
    hostNetwork?: {
      enabled?: boolean;
      nodes?: {
        matchLabels?: {};
      };
    };
    secretsNamespace?: {
      create?: boolean;
      name?: string;
      sync?: boolean;
    };
    useRemoteAddress?: null | boolean;
    xffNumTrustedHops?: number;
  };
  gke?: {
    enabled?: boolean;
  };
  global?: {};
  healthCheckICMPFailureThreshold?: number;
  healthChecking?: boolean;
  healthPort?: number;
  hostFirewall?: {
    enabled?: boolean;
  };
  hubble?: {
    annotations?: {};
    dropEventEmitter?: {
      enabled?: boolean;
      interval?: string;
      reasons?: string[];
    };
    enabled?: boolean;
    export?: {
      dynamic?: {
        config?: {
          configMapName?: string;
          content?: {
            aggregationInterval?: string;
            excludeFilters?: unknown[];
            fieldAggregate?: unknown[];
            fieldMask?: unknown[];
            fileCompress?: boolean;
            fileMaxBackups?: number;
            fileMaxSizeMb?: number;
            filePath?: string;
            includeFilters?: unknown[];
            name?: string;
          }[];
          createConfigMap?: boolean;
        };
        enabled?: boolean;
      };
      static?: {
        aggregationInterval?: string;
        allowList?: unknown[];
        denyList?: unknown[];
        enabled?: boolean;
        fieldAggregate?: unknown[];
        fieldMask?: unknown[];
        fileCompress?: boolean;
        fileMaxBackups?: number;
        fileMaxSizeMb?: number;
        filePath?: string;
      };
    };
    hostUsers?: null | boolean;
    listenAddress?: string;
    metrics?: {
      dashboards?: {
        annotations?: {};
        enabled?: boolean;
        label?: string;
        labelValue?: string;
        namespace?: null | string;
      };
      dynamic?: {
        config?: {
          configMapName?: string;
          content?: unknown[];
          createConfigMap?: boolean;
        };
        enabled?: boolean;
      };
      enableOpenMetrics?: boolean;
      enabled?: null | unknown[];
      port?: number;
      serviceAnnotations?: {};
      serviceMonitor?: {
        annotations?: {};
        enabled?: boolean;
        interval?: string;
        jobLabel?: string;
        labels?: {};
        metricRelabelings?: null | unknown[];
        relabelings?: {
          action?: string;
          replacement?: string;
          sourceLabels?: string[];
          targetLabel?: string;
        }[];
        scrapeTimeout?: null | string;
        tlsConfig?: {};
      };
      tls?: {
        enabled?: boolean;
        server?: {
          cert?: string;
          existingSecret?: string;
          extraDnsNames?: unknown[];
          extraIpAddresses?: unknown[];
          key?: string;
          mtls?: {
            enabled?: boolean;
            key?: string;
            name?: null;
            useSecret?: boolean;
          };
        };
      };
    };
    networkPolicyCorrelation?: {
      enabled?: boolean;
    };
    peerService?: {
      clusterDomain?: string;
      targetPort?: number;
    };
    preferIpv6?: boolean;
    redact?: {
      enabled?: boolean;
      http?: {
        headers?: {
          allow?: unknown[];
          deny?: unknown[];
        };
        urlQuery?: boolean;
        userInfo?: boolean;
      };
    };
    relay?: {
      affinity?: {
        podAffinity?: {
          requiredDuringSchedulingIgnoredDuringExecution?: {
            labelSelector?: {
              matchLabels?: {
                "k8s-app"?: string;
              };
            };
            topologyKey?: string;
          }[];
        };
      };
      annotations?: {};
      enabled?: boolean;
      extraEnv?: unknown[];
      extraVolumeMounts?: unknown[];
      extraVolumes?: unknown[];
      gops?: {
        enabled?: boolean;
        port?: number;
      };
      image?: {
        digest?: string;
        override?: null | string;
        pullPolicy?: string;
        repository?: string;
        tag?: string;
        useDigest?: boolean;
      };
      listenHost?: string;
      listenPort?: string;
      logOptions?: {
        format?: null | string;
        level?: null | string;
      };
      nodeSelector?: {
        "kubernetes.io/os"?: string;
      };
      podAnnotations?: {};
      podDisruptionBudget?: {
        enabled?: boolean;
        maxUnavailable?: null | number | string;
        minAvailable?: null | number | string;
        unhealthyPodEvictionPolicy?: null | string;
      };
      podLabels?: {};
      podSecurityContext?: {
        fsGroup?: number;
        seccompProfile?: {
          type?: string;
        };
      };
      pprof?: {
        address?: string;
        blockProfileRate?: number;
        enabled?: boolean;
        mutexProfileFraction?: number;
        port?: number;
      };
      priorityClassName?: string;
      prometheus?: {
        enabled?: boolean;
        port?: number;
        serviceMonitor?: {
          annotations?: {};
          enabled?: boolean;
          interval?: string;
          labels?: {};
          metricRelabelings?: null | unknown[];
          relabelings?: null | unknown[];
          scrapeTimeout?: null | string;
        };
      };
      replicas?: number;
      resources?: {};
      retryTimeout?: null | string;
      rollOutPods?: boolean;
      securityContext?: {
        allowPrivilegeEscalation?: boolean;
        capabilities?: {
          drop?: string[];
        };
        readOnlyRootFilesystem?: boolean;
        runAsGroup?: number;
        runAsNonRoot?: boolean;
        runAsUser?: number;
        seccompProfile?: {
          type?: string;
        };
      };
      service?: {
        nodePort?: number;
        type?: string;
      };
      sortBufferDrainTimeout?: null | string;
      sortBufferLenMax?: null | number;
      terminationGracePeriodSeconds?: number;
      tls?: {
        client?: {
          cert?: string;
          existingSecret?: string;
          key?: string;
        };
        server?: {
          cert?: string;
          enabled?: boolean;
          existingSecret?: string;
          extraDnsNames?: unknown[];
          extraIpAddresses?: unknown[];
          key?: string;
          mtls?: boolean;
          relayName?: string;
        };
      };
      tolerations?: unknown[];
      topologySpreadConstraints?: unknown[];
      updateStrategy?: {
        rollingUpdate?: {
          maxUnavailable?: number | string;
        };
        type?: string;
      };
    };
    skipUnknownCGroupIDs?: null | boolean;
    socketPath?: string;
    tls?: {
      auto?: {
        certManagerIssuerRef?: {};
        certValidityDuration?: number;
        enabled?: boolean;
        method?: string;
        privateKey?: {};
        schedule?: string;
        subject?: {};
      };
      enabled?: boolean;
      server?: {
        cert?: string;
        existingSecret?: string;
        extraDnsNames?: unknown[];
        extraIpAddresses?: unknown[];
        key?: string;
      };
    };
    ui?: {
      affinity?: {};
      annotations?: {};
      backend?: {
        extraEnv?: unknown[];
        extraVolumeMounts?: unknown[];
        extraVolumes?: unknown[];
        image?: {
          digest?: string;
          override?: null | string;
          pullPolicy?: string;
          repository?: string;
          tag?: string;
          useDigest?: boolean;
        };
        resources?: {};
        securityContext?: {
          allowPrivilegeEscalation?: boolean;
          capabilities?: {
            drop?: string[];
          };
        };
      };
      baseUrl?: string;
      enabled?: boolean;
      frontend?: {
        extraEnv?: unknown[];
        extraVolumeMounts?: unknown[];
        extraVolumes?: unknown[];
        image?: {
          digest?: string;
          override?: null | string;
          pullPolicy?: string;
          repository?: string;
          tag?: string;
          useDigest?: boolean;
        };
        resources?: {};
        securityContext?: {
          allowPrivilegeEscalation?: boolean;
          capabilities?: {
            drop?: string[];
          };
        };
        server?: {
          ipv6?: {
            enabled?: boolean;
          };
        };
      };
      ingress?: {
        annotations?: {};
        className?: string;
        enabled?: boolean;
        hosts?: string[];
        labels?: {};
        tls?: unknown[];
      };
      labels?: {};
      nodeSelector?: {
        "kubernetes.io/os"?: string;
      };
      podAnnotations?: {};
      podDisruptionBudget?: {
        enabled?: boolean;
        maxUnavailable?: null | number | string;
        minAvailable?: null | number | string;
        unhealthyPodEvictionPolicy?: null | string;
      };
      podLabels?: {};
      priorityClassName?: string;
      replicas?: number;
      rollOutPods?: boolean;
      securityContext?: {
        fsGroup?: number;
        runAsGroup?: number;
        runAsNonRoot?: boolean;
        runAsUser?: number;
        seccompProfile?: {
          type?: string;
        };
      };
      service?: {
        annotations?: {};
        labels?: {};
        nodePort?: number;
        type?: string;
      };
      standalone?: {
        enabled?: boolean;
        tls?: {
          certsVolume?: {};
        };
      };
      tls?: {
        client?: {
          cert?: string;
          existingSecret?: string;
          key?: string;
        };
      };
      tmpVolume?: {};
      tolerations?: unknown[];
      topologySpreadConstraints?: unknown[];
      updateStrategy?: {
        rollingUpdate?: {
          maxUnavailable?: number | string;
        };
        type?: string;
      };
    };
  };
  identityAllocationMode?: string;
  identityChangeGracePeriod?: string;
  identityManagementMode?: "agent" | "operator" | "both";
  image?: {
    digest?: string;
    override?: null | string;
    pullPolicy?: string;
    repository?: string;
    tag?: string;
    useDigest?: boolean;
  };
  imagePullSecrets?: unknown[];
  ingressController?: {
    default?: boolean;
    defaultSecretName?: null | string;
    defaultSecretNamespace?: null | string;
    enableProxyProtocol?: boolean;
    enabled?: boolean;
    enforceHttps?: boolean;
    hostNetwork?: {
      enabled?: boolean;
      httpPort?: number;
      httpsPort?: number;
      nodes?: {
        matchLabels?: {};
      };
      sharedListenerPort?: number;
      tlsPassthroughPort?: number;
    };
    ingressLBAnnotationPrefixes?: string[];
    loadbalancerMode?: string;
    secretsNamespace?: {
      create?: boolean;
      name?: string;
      sync?: boolean;
    };
    service?: {
      allocateLoadBalancerNodePorts?: null | boolean;
      annotations?: {};
      externalTrafficPolicy?: string;
      insecureNodePort?: null | number;
      labels?: {};
      loadBalancerClass?: null | string;
      loadBalancerIP?: null | string;
      name?: string;
      secureNodePort?: null | number;
      type?: string;
    };
    useRemoteAddress?: null | boolean;
    xffNumTrustedHops?: number;
  };
  initResources?: {};
  installNoConntrackIptablesRules?: boolean;
  ipMasqAgent?: {
    enabled?: boolean;
  };
  ipam?: {
    ciliumNodeUpdateRate?: string;
    installUplinkRoutesForDelegatedIPAM?: boolean;
    mode?: string;
    multiPoolPreAllocation?: string;
    nodeSpec?: {
      ipamMaxAllocate?: null | number;
      ipamMinAllocate?: null | number;
      ipamPreAllocate?: null | number;
      ipamStaticIPTags?: unknown[];
    };
    operator?: {
      autoCreateCiliumPodIPPools?: {};
      clusterPoolIPv4MaskSize?: number;
      clusterPoolIPv4PodCIDRList?: string[] | string;
      clusterPoolIPv6MaskSize?: number;
      clusterPoolIPv6PodCIDRList?: string[] | string;
      externalAPILimitBurstSize?: null | number;
      externalAPILimitQPS?: null | number;
    };
  };
  iptablesRandomFully?: boolean;
  ipv4?: {
    enabled?: boolean;
  };
  ipv4NativeRoutingCIDR?: string;
  ipv6?: {
    enabled?: boolean;
  };
  ipv6NativeRoutingCIDR?: string;
  k8s?: {
    apiServerURLs?: null | string;
    requireIPv4PodCIDR?: boolean;
    requireIPv6PodCIDR?: boolean;
  };
  k8sClientExponentialBackoff?: {
    backoffBaseSeconds?: number;
    backoffMaxDurationSeconds?: number;
    enabled?: boolean;
  };
  k8sClientRateLimit?: {
    burst?: null | number;
    operator?: {
      burst?: null | number;
      qps?: null | number;
    };
    qps?: null | number;
  };
  k8sClusterNetworkPolicy?: {
    enabled?: boolean;
  };
  k8sNetworkPolicy?: {
    enabled?: boolean;
  };
  k8sServiceHost?: string;
  k8sServiceHostRef?: {
    key?: string | null;
    name?: string | null;
  };
  k8sServiceLookupConfigMapName?: null | string;
  k8sServiceLookupNamespace?: null | string;
  k8sServicePort?: string | number;
  keepDeprecatedLabels?: boolean;
  keepDeprecatedProbes?: boolean;
  kubeConfigPath?: string;
  kubeProxyReplacement?: string | boolean;
  kubeProxyReplacementHealthzBindAddr?: string;
  l2NeighDiscovery?: {
    enabled?: boolean;
  };
  l2announcements?: {
    enabled?: boolean;
  };
  l2podAnnouncements?: {
    enabled?: boolean;
    interfacePattern?: string;
  };
  l7Proxy?: boolean;
  livenessProbe?: {
    failureThreshold?: number;
    periodSeconds?: number;
    requireK8sConnectivity?: boolean;
  };
  loadBalancer?: {
    acceleration?: string;
    l7?: {
      algorithm?: string;
      backend?: string;
      ports?: unknown[];
    };
    serviceTopology?: boolean;
  };
  localRedirectPolicies?: {
    addressMatcherCIDRs?: null | unknown[];
    enabled?: boolean;
  };
  localRedirectPolicy?: boolean;
  logSystemLoad?: boolean;
  maglev?: {};
  minReadySeconds?: number;
  monitor?: {
    enabled?: boolean;
  };
  name?: string;
  namespaceOverride?: null | string;
  nat?: {
    mapStatsEntries?: number;
    mapStatsInterval?: string;
  };
  nat46x64Gateway?: {
    enabled?: boolean;
  };
  nativeRoutingCIDRFromClusterPool?: boolean;
  nodeIPAM?: {
    enabled?: boolean;
  };
  nodePort?: {
    addresses?: null | string | unknown[];
    autoProtectPortRange?: boolean;
    bindProtection?: boolean;
    enableDynamicSourceLookup?: boolean;
    enableHealthCheck?: boolean;
    enableHealthCheckLoadBalancerIP?: boolean;
  };
  nodeSelector?: {
    "kubernetes.io/os"?: string;
  };
  nodeSelectorLabels?: boolean;
  nodeinit?: {
    affinity?: {};
    annotations?: {};
    bootstrapFile?: string;
    enabled?: boolean;
    extraEnv?: unknown[];
    extraVolumeMounts?: unknown[];
    extraVolumes?: unknown[];
    image?: {
      digest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      tag?: string;
      useDigest?: boolean;
    };
    minReadySeconds?: number;
    nodeSelector?: {
      "kubernetes.io/os"?: string;
    };
    podAnnotations?: {};
    podLabels?: {};
    podSecurityContext?: {
      appArmorProfile?: {
        type?: string;
      };
    };
    prestop?: {
      postScript?: string;
      preScript?: string;
    };
    priorityClassName?: string;
    resources?: {
      requests?: {
        cpu?: number | string;
        memory?: string;
      };
    };
    securityContext?: {
      allowPrivilegeEscalation?: boolean;
      capabilities?: {
        add?: string[];
      };
      privileged?: boolean;
      seLinuxOptions?: {
        level?: string;
        type?: string;
      };
    };
    startup?: {
      postScript?: string;
      preScript?: string;
    };
    tolerations?: {
      operator?: string;
    }[];
    updateStrategy?: {
      type?: string;
    };
    waitForCloudInit?: boolean;
  };
  operator?: {
    affinity?: {
      podAntiAffinity?: {
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchLabels?: {
              "io.cilium/app"?: string;
            };
          };
          topologyKey?: string;
        }[];
      };
    };
    annotations?: {};
    dashboards?: {
      annotations?: {};
      enabled?: boolean;
      label?: string;
      labelValue?: string;
      namespace?: null | string;
    };
    dnsPolicy?: string;
    enabled?: boolean;
    endpointGCInterval?: string;
    extraArgs?: unknown[];
    extraEnv?: unknown[];
    extraHostPathMounts?: unknown[];
    extraVolumeMounts?: unknown[];
    extraVolumes?: unknown[];
    hostNetwork?: boolean;
    hostUsers?: boolean;
    identityGCInterval?: string;
    identityHeartbeatTimeout?: string;
    image?: {
      alibabacloudDigest?: string;
      awsDigest?: string;
      azureDigest?: string;
      genericDigest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      suffix?: string;
      tag?: string;
      useDigest?: boolean;
    };
    nodeGCInterval?: string;
    nodeSelector?: {
      "kubernetes.io/os"?: string;
    };
    podAnnotations?: {};
    podDisruptionBudget?: {
      enabled?: boolean;
      maxUnavailable?: null | number | string;
      minAvailable?: null | number | string;
      unhealthyPodEvictionPolicy?: null | string;
    };
    podLabels?: {};
    podSecurityContext?: {
      seccompProfile?: {
        type?: string;
      };
    };
    pprof?: {
      address?: string;
      blockProfileRate?: number;
      enabled?: boolean;
      mutexProfileFraction?: number;
      port?: number;
    };
    priorityClassName?: string;
    prometheus?: {
      enabled?: boolean;
      metricsService?: boolean;
      port?: number;
      serviceMonitor?: {
        annotations?: {};
        enabled?: boolean;
        interval?: string;
        jobLabel?: string;
        labels?: {};
        metricRelabelings?: null | unknown[];
        relabelings?: null | unknown[];
        scrapeTimeout?: null | string;
      };
      tls?: {
        enabled?: boolean;
        server?: {
          existingSecret?: string;
          mtls?: {
            enabled?: boolean;
          };
        };
      };
    };
    removeNodeTaints?: boolean;
    replicas?: number;
    resources?: {};
    rollOutPods?: boolean;
    securityContext?: {
      allowPrivilegeEscalation?: boolean;
      capabilities?: {
        drop?: string[];
      };
    };
    setNodeNetworkStatus?: boolean;
    setNodeTaints?: null | boolean;
    skipCRDCreation?: boolean;
    tolerations?:
      | null
      | {
          key?: string;
          operator?: string;
        }[];
    topologySpreadConstraints?: unknown[];
    unmanagedPodWatcher?: {
      intervalSeconds?: number;
      restart?: boolean;
      selector?: null | string;
    };
    updateStrategy?: {
      rollingUpdate?: {
        maxSurge?: number | string;
        maxUnavailable?: number | string;
      };
      type?: string;
    };
  };
  pmtuDiscovery?: {
    enabled?: boolean;
    packetizationLayerPMTUDMode?: string;
  };
  podAnnotations?: {};
  podLabels?: {};
  podSecurityContext?: {
    appArmorProfile?: {
      type?: string;
    };
    seccompProfile?: {
      type?: string;
    };
  };
  policyCIDRMatchMode?: null | string | unknown[];
  policyDenyResponse?: string;
  policyEnforcementMode?: string;
  pprof?: {
    address?: string;
    blockProfileRate?: number;
    enabled?: boolean;
    mutexProfileFraction?: number;
    port?: number;
  };
  preferIpv6?: boolean;
  preflight?: {
    affinity?: {
      podAffinity?: {
        requiredDuringSchedulingIgnoredDuringExecution?: {
          labelSelector?: {
            matchLabels?: {
              "k8s-app"?: string;
            };
          };
          topologyKey?: string;
        }[];
      };
    };
    annotations?: {};
    enabled?: boolean;
    envoy?: {
      image?: {
        digest?: string;
        override?: null | string;
        pullPolicy?: string;
        repository?: string;
        tag?: string;
        useDigest?: boolean;
      };
    };
    extraEnv?: unknown[];
    extraVolumeMounts?: unknown[];
    extraVolumes?: unknown[];
    image?: {
      digest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      tag?: string;
      useDigest?: boolean;
    };
    nodeSelector?: {
      "kubernetes.io/os"?: string;
    };
    podAnnotations?: {};
    podDisruptionBudget?: {
      enabled?: boolean;
      maxUnavailable?: null | number | string;
      minAvailable?: null | number | string;
      unhealthyPodEvictionPolicy?: null | string;
    };
    podLabels?: {};
    podSecurityContext?: {};
    priorityClassName?: string;
    readinessProbe?: {
      initialDelaySeconds?: number;
      periodSeconds?: number;
    };
    resources?: {};
    securityContext?: {
      allowPrivilegeEscalation?: boolean;
    };
    terminationGracePeriodSeconds?: number;
    tolerations?: {
      operator?: string;
    }[];
    updateStrategy?: {
      type?: string;
    };
    validateCNPs?: boolean;
  };
  priorityClassName?: string;
  prometheus?: {
    controllerGroupMetrics?: string[];
    enabled?: boolean;
    metrics?: null | unknown[];
    metricsService?: boolean;
    port?: number;
    serviceMonitor?: {
      annotations?: {};
      enabled?: boolean;
      interval?: string;
      jobLabel?: string;
      labels?: {};
      metricRelabelings?: null | unknown[];
      relabelings?: {
        action?: string;
        replacement?: string;
        sourceLabels?: string[];
        targetLabel?: string;
      }[];
      scrapeTimeout?: null | string;
      trustCRDsExist?: boolean;
    };
  };
  rbac?: {
    create?: boolean;
  };
  readinessProbe?: {
    failureThreshold?: number;
    periodSeconds?: number;
  };
  resourceQuotas?: {
    cilium?: {
      hard?: {
        pods?: string;
      };
    };
    enabled?: boolean;
    operator?: {
      hard?: {
        pods?: string;
      };
    };
  };
  resources?: {};
  rollOutCiliumPods?: boolean;
  routingMode?: string;
  scheduling?: {
    mode?: "anti-affinity" | "kube-scheduler";
  };
  sctp?: {
    enabled?: boolean;
  };
  secretsNamespaceAnnotations?: {};
  secretsNamespaceLabels?: {};
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    capabilities?: {
      applySysctlOverwrites?: string[];
      ciliumAgent?: string[];
      cleanCiliumState?: string[];
      mountCgroup?: string[];
    };
    privileged?: boolean;
    seLinuxOptions?: {
      level?: string;
      type?: string;
    };
  };
  serviceAccounts?: {
    cilium?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    clustermeshApiserver?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    clustermeshcertgen?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    corednsMCSAPI?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    envoy?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    hubblecertgen?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    nodeinit?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      enabled?: boolean;
      name?: string;
    };
    operator?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    preflight?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    relay?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    ui?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
    ztunnel?: {
      annotations?: {};
      automount?: boolean;
      create?: boolean;
      name?: string;
    };
  };
  serviceNoBackendResponse?: string;
  sleepAfterInit?: boolean;
  socketLB?: {
    enabled?: boolean;
  };
  standaloneDnsProxy?: {
    annotations?: {};
    automountServiceAccountToken?: boolean;
    debug?: boolean;
    enabled?: boolean;
    image?: {
      digest?: string;
      override?: null | string;
      pullPolicy?: string;
      repository?: string;
      tag?: string;
      useDigest?: boolean;
    };
    minReadySeconds?: number;
    nodeSelector?: {
      "kubernetes.io/os"?: string;
    };
    rollOutPods?: boolean;
    serverPort?: number;
    tolerations?: unknown[];
    updateStrategy?: {
      rollingUpdate?: {
        maxSurge?: number;
        maxUnavailable?: number;
      };
      type?: string;
    };
  };
  startupProbe?: {
    failureThreshold?: number;
    periodSeconds?: number;
  };
  synchronizeK8sNodes?: boolean;
  sysctlfix?: {
    enabled?: boolean;
  };
  terminationGracePeriodSeconds?: number;
  tls?: {
    ca?: {
      cert?: string;
      certValidityDuration?: number;
      key?: string;
    };
    caBundle?: {
      enabled?: boolean;
      key?: string;
      name?: string;
      useSecret?: boolean;
    };
    readSecretsOnlyFromSecretsNamespace?: null | boolean;
    secretSync?: {
      enabled?: null | boolean;
    };
    secretsBackend?: null | string;
    secretsNamespace?: {
      create?: boolean;
      name?: string;
    };
  };
  tmpVolume?: {};
  tolerations?: {
    operator?: string;
  }[];
  tunnelPort?: number;
  tunnelProtocol?: string;
  tunnelSourcePortRange?: string;
  underlayProtocol?: string;
  updateStrategy?: {
    rollingUpdate?: {
      maxUnavailable?: number | string;
    };
    type?: string;
  };
  upgradeCompatibility?: null | string;
  vtep?: {
    cidr?: string;
    enabled?: boolean;
    endpoint?: string;
    mac?: string;
    mask?: string;
  };
  waitForKubeProxy?: boolean;
  wellKnownIdentities?: {
    enabled?: boolean;
  };
}
