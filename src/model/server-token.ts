// The k3s server token as the fleet keeps it: a restore of an etcd snapshot needs the token the
// snapshot was taken with (k3s docs, datastore/backup-restore: it encrypts the bootstrap data in
// the datastore), and the token otherwise exists only on the servers. The runbook writes it with
// `secrets set`; nothing deploys it.

/** The Secret document the token is kept in, under `secrets/<env>/`. */
export const SERVER_TOKEN_SECRET = { namespace: 'kube-system', name: 'k3s-server-token', key: 'token' } as const;

/** `secrets/<env>/kube-system.k3s-server-token.sops.yaml`. */
export const serverTokenSource = (env: string) => `secrets/${env}/${SERVER_TOKEN_SECRET.namespace}.${SERVER_TOKEN_SECRET.name}.sops.yaml`;
