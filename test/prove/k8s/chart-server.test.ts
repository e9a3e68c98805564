import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { chartFiles, indexYaml } from '../../../prove/k8s/chart-server';

const chart = { name: 'cilium', version: '1.19.0', objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cilium-config', namespace: 'kube-system' }, data: { a: 'b' } }] };

describe('a small local chart', () => {
  it('holds a Chart.yaml of the release name and one plain template per object', () => {
    const files = chartFiles(chart);
    expect([...files.keys()]).toEqual(['cilium/Chart.yaml', 'cilium/templates/00-configmap-cilium-config.yaml']);
    expect(YAML.parse(files.get('cilium/Chart.yaml')!)).toMatchObject({ apiVersion: 'v2', name: 'cilium', version: '1.19.0' });
    expect(YAML.parse(files.get('cilium/templates/00-configmap-cilium-config.yaml')!)).toEqual(chart.objects[0]);
  });

  it('fails when an object holds "{{", which Helm would evaluate', () => {
    expect(() => chartFiles({ ...chart, objects: [{ kind: 'ConfigMap', metadata: { name: 'x' }, data: { t: '{{ .Values }}' } }] })).toThrow('chart cilium: object x holds "{{"');
  });

  it('is listed in index.yaml with its archive URL and digest', () => {
    expect(YAML.parse(indexYaml('http://127.0.0.1:1', [{ ...chart, digest: 'abc' }]))).toMatchObject({
      apiVersion: 'v1',
      entries: { cilium: [{ name: 'cilium', version: '1.19.0', urls: ['http://127.0.0.1:1/cilium-1.19.0.tgz'], digest: 'abc' }] },
    });
  });
});
