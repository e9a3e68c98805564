/** What each part of the monitoring stack asks for, per profile: memory in MiB, retention, volume sizes. */
export interface MonitoringProfile {
  readonly prometheus: { readonly memoryMiB: number; readonly retention: string; readonly retentionSize: string; readonly volumeGi: number };
  readonly alertmanager: { readonly memoryMiB: number; readonly retention: string };
  readonly grafana: { readonly memoryMiB: number };
  readonly operator: { readonly memoryMiB: number };
  readonly kubeStateMetrics: { readonly memoryMiB: number };
  /** Per node (a DaemonSet). */
  readonly nodeExporter: { readonly memoryMiB: number };
  readonly loki: { readonly memoryMiB: number; readonly retention: string; readonly volumeGi: number };
  readonly alloy: { readonly memoryMiB: number };
}

/**
 * `small` is dev's: one replica of everything, days of retention, small volumes, about 1.1 GiB
 * of requests on three nodes (the operators' trimmed dev stack). `standard` is prod's.
 */
export const PROFILES: Readonly<Record<'small' | 'standard', MonitoringProfile>> = {
  small: {
    prometheus: { memoryMiB: 512, retention: '3d', retentionSize: '3GB', volumeGi: 5 },
    alertmanager: { memoryMiB: 32, retention: '72h' },
    grafana: { memoryMiB: 128 },
    operator: { memoryMiB: 64 },
    kubeStateMetrics: { memoryMiB: 48 },
    nodeExporter: { memoryMiB: 24 },
    loki: { memoryMiB: 256, retention: '72h', volumeGi: 5 },
    alloy: { memoryMiB: 64 },
  },
  standard: {
    prometheus: { memoryMiB: 1536, retention: '15d', retentionSize: '18GB', volumeGi: 20 },
    alertmanager: { memoryMiB: 64, retention: '120h' },
    grafana: { memoryMiB: 256 },
    operator: { memoryMiB: 128 },
    kubeStateMetrics: { memoryMiB: 96 },
    nodeExporter: { memoryMiB: 32 },
    loki: { memoryMiB: 512, retention: '336h', volumeGi: 20 },
    alloy: { memoryMiB: 128 },
  },
};

export { MONITORING_NAMESPACE } from './settings';

/** A memory request and limit of `mib` MiB (limit 1.5 × request: room for bursts, a cap on leaks). */
export const memory = (mib: number) => ({ requests: { memory: `${mib}Mi` }, limits: { memory: `${Math.round(mib * 1.5)}Mi` } });
