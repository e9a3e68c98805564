import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { adminKubeconfig, apiServerArgs, etcdArgs } from '../../../prove/k8s/api-server';
import type { Pki } from '../../../prove/k8s/pki';

const pki: Pki = {
  caCert: '/w/ca.crt', caKey: '/w/ca.key', servingCert: '/w/serving.crt', servingKey: '/w/serving.key',
  serviceAccountKey: '/w/sa.key', serviceAccountPub: '/w/sa.pub', adminCert: '/w/admin.crt', adminKey: '/w/admin.key',
};
const flag = (args: readonly string[], name: string) => args.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));

describe('kube-apiserver as k3s runs it', () => {
  const args = apiServerArgs({ pki, port: 6443, etcdUrl: 'http://127.0.0.1:2379', certDir: '/w/cert' });

  it('authorizes, admits and authenticates as k3s does (pkg/daemons/control/server.go)', () => {
    expect(flag(args, 'authorization-mode')).toEqual(['Node,RBAC']);
    // Added to the defaults, not replacing them: no --admission-control, no disabled plugin.
    expect(flag(args, 'enable-admission-plugins')).toEqual(['NodeRestriction']);
    expect(flag(args, 'disable-admission-plugins')).toEqual([]);
    expect(flag(args, 'anonymous-auth')).toEqual(['false']);
    expect(flag(args, 'service-account-issuer')).toEqual(['https://kubernetes.default.svc.cluster.local']);
  });

  it('listens on loopback only, with the serving certificate and the CA for client certificates', () => {
    expect(flag(args, 'bind-address')).toEqual(['127.0.0.1']);
    expect(flag(args, 'secure-port')).toEqual(['6443']);
    expect(flag(args, 'client-ca-file')).toEqual(['/w/ca.crt']);
    expect(flag(args, 'etcd-servers')).toEqual(['http://127.0.0.1:2379']);
  });

  it('gives each flag once', () => {
    const names = args.map((a) => a.split('=')[0]);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('etcd', () => {
  it('is a single member on loopback, client and peer', () => {
    const args = etcdArgs({ name: 'mgmt', dataDir: '/w/etcd', clientPort: 2379, peerPort: 2380 });
    expect(flag(args, 'listen-client-urls')).toEqual(['http://127.0.0.1:2379']);
    expect(flag(args, 'initial-cluster')).toEqual(['mgmt=http://127.0.0.1:2380']);
    expect(args.filter((a) => a.includes('://')).every((a) => a.includes('127.0.0.1'))).toBe(true);
  });
});

describe('the admin kubeconfig', () => {
  it('inlines the CA and the client certificate, so it can travel in a Secret', () => {
    const config = YAML.parse(adminKubeconfig({ name: 'lab1', url: 'https://127.0.0.1:7000', caPem: 'CA', certPem: 'CERT', keyPem: 'KEY' }));
    expect(config).toMatchObject({
      'current-context': 'lab1',
      clusters: [{ name: 'lab1', cluster: { server: 'https://127.0.0.1:7000', 'certificate-authority-data': Buffer.from('CA').toString('base64') } }],
      users: [{ user: { 'client-certificate-data': Buffer.from('CERT').toString('base64'), 'client-key-data': Buffer.from('KEY').toString('base64') } }],
    });
  });
});
