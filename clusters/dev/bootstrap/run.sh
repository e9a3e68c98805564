#!/usr/bin/env bash
# Cold build of dev, generated from environments/dev.ts by npm run synth (edit that file).
# The same steps as README.md in this folder. Usage: bash run.sh [--dry-run] [--list] [--from <n>] [--only <n>] [--allow-planned]
# Each command line below is a string that `run` hands to bash: it expands when it runs.
# shellcheck disable=SC2016,SC1003
set -euo pipefail
cd "$(dirname "$0")"

DRY_RUN=0 LIST=0 FROM=1 ONLY=0 ALLOW_PLANNED=0
usage() { echo 'Usage: bash run.sh [--dry-run] [--list] [--from <n>] [--only <n>] [--allow-planned]'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --list) LIST=1 ;;
    --allow-planned) ALLOW_PLANNED=1 ;;
    --from | --only)
      case "${2:-}" in ''|*[!0-9]*) echo "$1 needs a step number (1-13)" >&2; exit 2 ;; esac
      if [ "$2" -lt 1 ] || [ "$2" -gt 13 ]; then echo "$1 $2: the steps are 1-13 (bash run.sh --list)" >&2; exit 2; fi
      if [ "$1" = --from ]; then FROM=$2; else ONLY=$2; fi
      shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
  shift
done

# No planned servers: --allow-planned changes nothing here.
: "$ALLOW_PLANNED"

# dev: run from clusters/dev/bootstrap on a Linux workstation with ssh, curl, tar and sha256sum.
TOOLS="${XDG_CACHE_HOME:-$HOME/.cache}/k3s-gitops-synth/tools"
case "$(uname -m)" in
  x86_64 | amd64) ARCH=amd64 HELM_SHA256=86584a54def73570558f66f5111cc53dfed56689637ae32c1201205d494f54fb ;;
  aarch64 | arm64) ARCH=arm64 HELM_SHA256=31c5794dd55c66a51e6b7d2e2ac7a114ae8b1de41ff1d9ba51748ac973b06a08 ;;
  *) echo "unsupported workstation architecture: $(uname -m)" >&2; exit 1 ;;
esac
export TOOLS ARCH HELM_SHA256 PATH="$TOOLS/bin:$PATH"
# This cluster's credentials: written by the kubeconfig step, used by every kubectl and helm below.
export KUBECONFIG="$HOME/.kube/dev.kubeconfig"

# step <n> <title>: true when step n is selected; prints its heading.
step() {
  if [ "$LIST" -eq 1 ]; then printf "%2d. %s\n" "$1" "$2"; return 1; fi
  if [ "$ONLY" -ne 0 ] && [ "$1" -ne "$ONLY" ]; then return 1; fi
  if [ "$1" -lt "$FROM" ]; then return 1; fi
  printf "\n== %d. %s\n" "$1" "$2"
}
# run <command line>: prints it, and runs it unless --dry-run.
run() {
  printf "+ %s\n" "$1"
  if [ "$DRY_RUN" -eq 0 ]; then bash -euo pipefail -c "$1"; fi
}

if step 1 'Workstation tools (on workstation)'; then
  run 'command -v ssh curl tar sha256sum timeout >/dev/null'
  run 'mkdir -p "$TOOLS/bin"'
  run 'helm version --short 2>/dev/null | grep -q '\''^v4.3.0+'\'' || { curl -fsSLo "$TOOLS/helm.tgz" "https://get.helm.sh/helm-v4.3.0-linux-$ARCH.tar.gz" && echo "$HELM_SHA256  $TOOLS/helm.tgz" | sha256sum -c --quiet - && tar -xzf "$TOOLS/helm.tgz" -C "$TOOLS/bin" --strip-components=1 "linux-$ARCH/helm" && rm "$TOOLS/helm.tgz"; }'
  run 'kubectl version --client 2>/dev/null | grep -q '\''Client Version: v1.36.4$'\'' || { curl -fsSLo "$TOOLS/bin/kubectl" "https://dl.k8s.io/release/v1.36.4/bin/linux/$ARCH/kubectl" && echo "$(curl -fsSL "https://dl.k8s.io/release/v1.36.4/bin/linux/$ARCH/kubectl.sha256")  $TOOLS/bin/kubectl" | sha256sum -c --quiet - && chmod 0755 "$TOOLS/bin/kubectl"; }'
fi
if step 2 'Move the old module'\''s VMs to keyed addresses (on workstation)'; then
  run '(cd ../../.. && npm run deploy -- dev --inspect)'
  run '(cd ../../.. && npm run deploy -- dev --expect change=0,destroy=0)'
fi
if step 3 'Wait for cloud-init on every VM (on k3s-dev-1, k3s-dev-2, k3s-dev-3)'; then
  run 'timeout 900 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 true 2>/dev/null; do sleep 5; done'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo cloud-init status --wait >/dev/null'\'''
  run 'timeout 900 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 true 2>/dev/null; do sleep 5; done'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 '\''sudo cloud-init status --wait >/dev/null'\'''
  run 'timeout 900 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 true 2>/dev/null; do sleep 5; done'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 '\''sudo cloud-init status --wait >/dev/null'\'''
fi
if step 4 'k3s on the founder, k3s-dev-1 (192.168.1.50) (on k3s-dev-1)'; then
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/config.yaml'\'' < nodes/k3s-dev-1/config.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo install -D -m 0600 /dev/stdin /var/lib/rancher/k3s/server/manifests/kube-vip.yaml'\'' < kube-vip.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''curl -sfLo k3s-install.sh https://raw.githubusercontent.com/k3s-io/k3s/c5b158798933/install.sh && echo '\''\'\'''\''f6dd79c73ff9823378e92cfc0855e725e5dea26c91e2b0c3f80d1d59c05d5f02  k3s-install.sh'\''\'\'''\'' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=v1.36.4+k3s1 sh k3s-install.sh server'\'''
  run 'timeout 300 bash -c '\''until ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''\'\'''\''sudo k3s kubectl get --raw /readyz'\''\'\'''\'' >/dev/null 2>&1; do sleep 5; done'\'''
fi
if step 5 'Wait until the VIP 192.168.1.49 answers on 6443 (on workstation)'; then
  run 'timeout 300 bash -c '\''until curl -ks -o /dev/null --max-time 2 https://192.168.1.49:6443/livez; do sleep 2; done'\'''
fi
if step 6 'Kubeconfig ~/.kube/dev.kubeconfig (context dev) (on workstation)'; then
  run 'mkdir -p "$(dirname "$KUBECONFIG")"'
  run 'held=$(if [ -f "$KUBECONFIG" ]; then kubectl --kubeconfig "$KUBECONFIG" config view -o jsonpath='\''{range .clusters[*]}cluster {.name} {.cluster.server}{"\n"}{end}{range .contexts[*]}context {.name}{"\n"}{end}{range .users[*]}user {.name}{"\n"}{end}'\''; fi); others=$(printf '\''%s\n'\'' "$held" | grep -Fvx -e '\'''\'' -e '\''cluster dev https://192.168.1.49:6443'\'' -e '\''context dev'\'' -e '\''user dev'\'' || true); if [ -n "$others" ]; then echo "$KUBECONFIG holds more than this environment'\''s cluster, context and user dev at https://192.168.1.49:6443, and the runbook writes this file whole; move it away first, or merge into it (kubeconfig.file and kubeconfig.merge: true). It holds:" >&2; printf '\''%s\n'\'' "$others" | sed '\''s/^/  /'\'' >&2; exit 1; fi'
  run 'umask 077 && ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo cat /etc/rancher/k3s/k3s.yaml'\'' | sed -E -e '\''s#https://127\.0\.0\.1:[0-9]+#https://192.168.1.49:6443#'\'' -e '\''s/^([ -]*(name|cluster|user|current-context): )default$/\1dev/'\'' > "$KUBECONFIG.new"'
  run 'install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG" && rm "$KUBECONFIG.new"'
  run 'kubectl get --raw /readyz'
fi
if step 7 'Cilium 1.20.0 (Gateway API CRDs first) (on workstation)'; then
  run 'kubectl apply --server-side -f https://github.com/kubernetes-sigs/gateway-api/releases/download/v1.6.1/standard-install.yaml'
  run 'helm upgrade --install cilium oci://quay.io/cilium/charts/cilium --version 1.20.0 --namespace kube-system --values cilium-values.yaml'
  run 'kubectl -n kube-system rollout status daemonset/cilium --timeout=10m'
  run 'kubectl wait --for=condition=Ready node/k3s-dev-1 --timeout=10m'
fi
if step 8 'Join k3s-dev-2 (192.168.1.51) (on k3s-dev-2)'; then
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo cat /var/lib/rancher/k3s/server/token'\'' | ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/cluster-token'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/config.yaml'\'' < nodes/k3s-dev-2/config.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 '\''sudo install -D -m 0600 /dev/stdin /var/lib/rancher/k3s/server/manifests/kube-vip.yaml'\'' < kube-vip.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 '\''curl -sfLo k3s-install.sh https://raw.githubusercontent.com/k3s-io/k3s/c5b158798933/install.sh && echo '\''\'\'''\''f6dd79c73ff9823378e92cfc0855e725e5dea26c91e2b0c3f80d1d59c05d5f02  k3s-install.sh'\''\'\'''\'' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=v1.36.4+k3s1 sh k3s-install.sh server'\'''
  run 'kubectl wait --for=condition=Ready node/k3s-dev-2 --timeout=10m'
fi
if step 9 'Join k3s-dev-3 (192.168.1.52) (on k3s-dev-3)'; then
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo cat /var/lib/rancher/k3s/server/token'\'' | ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/cluster-token'\'''
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 '\''sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/config.yaml'\'' < nodes/k3s-dev-3/config.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 '\''sudo install -D -m 0600 /dev/stdin /var/lib/rancher/k3s/server/manifests/kube-vip.yaml'\'' < kube-vip.yaml'
  run 'ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.52 '\''curl -sfLo k3s-install.sh https://raw.githubusercontent.com/k3s-io/k3s/c5b158798933/install.sh && echo '\''\'\'''\''f6dd79c73ff9823378e92cfc0855e725e5dea26c91e2b0c3f80d1d59c05d5f02  k3s-install.sh'\''\'\'''\'' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=v1.36.4+k3s1 sh k3s-install.sh server'\'''
  run 'kubectl wait --for=condition=Ready node/k3s-dev-3 --timeout=10m'
fi
if step 10 'Verify (on workstation)'; then
  run 'kubectl wait --for=condition=Ready node --all --timeout=10m'
  run 'kubectl -n kube-system rollout status daemonset/cilium --timeout=10m'
  run 'kubectl get nodes -o wide'
fi
if step 11 'Keep the server token, encrypted, in secrets/dev/ (on k3s-dev-1, then workstation)'; then
  run '(set -o pipefail; ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 '\''sudo sed '\''\'\'''\''s/^/token=/'\''\'\'''\'' /var/lib/rancher/k3s/server/token'\'' | (cd ../../.. && npm run --silent secrets -- set dev kube-system/k3s-server-token --env-file -))'
fi
if step 12 'Flux, through flux-operator (on workstation)'; then
  run 'helm upgrade --install flux-operator oci://ghcr.io/controlplaneio-fluxcd/charts/flux-operator --version 0.58.1 --namespace flux-system --create-namespace --wait --timeout 10m'
  run 'kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=../../../.age/dev.agekey --dry-run=client -o yaml | kubectl apply --server-side --field-manager=k3s-gitops-synth --force-conflicts -f - && kubectl -n flux-system annotate secret sops-age kubectl.kubernetes.io/last-applied-configuration-'
  run 'kubectl apply --server-side -f flux-instance.yaml'
  run 'kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system get kustomizations'
fi
if step 13 'Verify the cluster against the tree (on workstation)'; then
  run 'kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/gateway-api --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/platform --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/network --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait kustomization/policies --for=condition=Ready --timeout=10m'
  run 'kubectl -n flux-system wait serviceaccount/verify-inspector --for=create --timeout=10m'
  run 'SERVER="$(kubectl config view --minify -o jsonpath='\''{.clusters[0].cluster.server}'\'')" && CA="$(kubectl config view --raw --minify --flatten -o jsonpath='\''{.clusters[0].cluster.certificate-authority-data}'\'')" && TOKEN="$(kubectl -n flux-system create token verify-inspector --duration=168h)" && umask 077 && mkdir -p "$(dirname "$HOME/.kube/dev-inspector.kubeconfig")" && printf '\''apiVersion: v1\nkind: Config\nclusters:\n- name: dev\n  cluster:\n    server: %s\n    certificate-authority-data: %s\nusers:\n- name: verify-inspector\n  user:\n    token: %s\ncontexts:\n- name: dev-inspector\n  context:\n    cluster: dev\n    user: verify-inspector\ncurrent-context: dev-inspector\n'\'' "$SERVER" "$CA" "$TOKEN" > "$HOME/.kube/dev-inspector.kubeconfig"'
  run 'kubectl --kubeconfig "$HOME/.kube/dev-inspector.kubeconfig" auth can-i list nodes >/dev/null'
  run '! kubectl --kubeconfig "$HOME/.kube/dev-inspector.kubeconfig" auth can-i get secrets --all-namespaces >/dev/null'
  run '! kubectl --kubeconfig "$HOME/.kube/dev-inspector.kubeconfig" auth can-i create deployments --all-namespaces >/dev/null'
  run 'cd ../../.. && npm run --silent verify -- --env dev --kubeconfig "$HOME/.kube/dev-inspector.kubeconfig"'
fi

if [ "$LIST" -eq 0 ] && [ "$DRY_RUN" -eq 0 ] && [ "$ONLY" -eq 0 ]; then echo "dev: done; Flux reconciles clusters/dev/kubernetes"; fi
