/** Reading rendered workloads: their pod specs, install selectors and Argo CD waves (the Kubernetes checks). */
import type { K8sObject } from './files';

export type Container = {
  name: string;
  image: string;
  args?: string[];
  volumeMounts?: { name: string; mountPath: string }[];
  resources?: { requests?: object; limits?: object };
  readinessProbe?: { timeoutSeconds?: number; exec?: { command: string[] } };
  livenessProbe?: object;
  securityContext?: { allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
};
export type PodSpec = {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } };
};
export const workloads = (objects: K8sObject[]) =>
  objects.filter((o) => ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(o.kind));
/** What `kubectl apply -l` selects: `key=value`, or `key in (a,b)`, against the object's own labels. */
export function selected(objects: K8sObject[], selector: string): K8sObject[] {
  const set = /^([\w./-]+) in \(([^)]*)\)$/.exec(selector);
  const [key, values] = set
    ? [set[1], set[2].split(',')]
    : [selector.split('=')[0], [selector.split('=')[1]]];
  return objects.filter((o) => values.includes(o.metadata.labels?.[key] ?? '\0'));
}
/** The configuration the app's processes read (envFrom): not the dashboard's ConfigMap, which Grafana reads. */
export const readByPods = (o: K8sObject) =>
  (o.kind === 'ConfigMap' || o.kind === 'Secret') && /^think-tank-(config|secrets)/.test(o.metadata.name);
export const wave = (o: K8sObject) =>
  Number(
    (o.metadata as { annotations?: Record<string, string> }).annotations?.['argocd.argoproj.io/sync-wave'] ??
      0,
  );
export const podSpec = (o: K8sObject) =>
  (
    (o.spec as { template?: { spec: PodSpec } }).template ??
    (o.spec as { jobTemplate: { spec: { template: { spec: PodSpec } } } }).jobTemplate.spec.template
  ).spec;

/**
 * Whether a Redis image is 7.4.6 or newer within 7.4 (or a later minor or major): 7.4.6 carries the October 2025
 * fixes to its Lua engine, which the daily-view count and the rate limits run scripts on.
 */
export function redisPatched(image: string): boolean {
  const m = /^redis:(\d+)\.(\d+)\.(\d+)/.exec(image);
  if (!m) return false;
  const [major, minor, patch] = m.slice(1).map(Number);
  return major > 7 || (major === 7 && (minor > 4 || (minor === 4 && patch >= 6)));
}
