/**
 * docs/operations/runbooks.md: the API and the worker scraped, the alert rules checked and unit-tested by promtool (from Debian's
 * prometheus package, which .ci/run unpacks; the schema check alone where there is none), every alert with a runbook
 * in docs/operations/runbooks.md, and every series the alerts and the dashboard read one that the app exposes.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { read, render, ROOT, type Loose } from './files';

const objects = render('prod');
const find = (kind: string) => objects.find((o) => o.kind === kind) as Loose;
const rules = find('PrometheusRule').spec.groups.flatMap((g: { rules: object[] }) => g.rules) as {
  alert: string;
  expr: string;
  for?: string;
  labels: { severity: string };
  annotations: { summary: string; runbook_url: string };
}[];
const dashboard = JSON.parse(read('k8s/components/monitoring/dashboard.json')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
/** promtool: $PROMTOOL, else on the PATH; undefined where neither is. */
const promtool = [process.env.PROMTOOL, 'promtool'].find(
  (p) => p && spawnSync(p, ['--version'], { stdio: 'ignore' }).status === 0,
);

describe('scraping', () => {
  it('scrapes the API through its Service and the worker on its pods’ metrics port, labelling both app', () => {
    const service = objects.find((o) => o.kind === 'Service' && o.metadata.name === 'api') as Loose;
    const monitor = find('ServiceMonitor');
    expect(service.metadata.labels).toMatchObject(monitor.spec.selector.matchLabels);
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain(monitor.spec.endpoints[0].port);
    const worker = objects.find(
      (o) => o.metadata.name === 'think-tank-worker' && o.kind === 'Deployment',
    ) as Loose;
    const pods = find('PodMonitor');
    expect(worker.spec.template.metadata.labels).toMatchObject(pods.spec.selector.matchLabels);
    const ports = worker.spec.template.spec.containers[0].ports.map((p: { name: string }) => p.name);
    expect(ports).toContain(pods.spec.podMetricsEndpoints[0].port);
    for (const endpoint of [monitor.spec.endpoints[0], pods.spec.podMetricsEndpoints[0]]) {
      expect(endpoint.path).toBe('/metrics');
      expect(endpoint.relabelings).toContainEqual({
        action: 'replace',
        targetLabel: 'app',
        replacement: 'think-tank',
      });
    }
    // The outage pages name the jobs the operator gives these targets: the Service's name, <namespace>/<PodMonitor>.
    const expr = (alert: string) => rules.find((r) => r.alert === alert)!.expr;
    expect(expr('ThinkTankApiDown')).toContain(`job="${service.metadata.name}"`);
    expect(expr('ThinkTankWorkersDown')).toContain(`job=~".*/${pods.metadata.name}"`);
    // kube-prometheus-stack selects monitors and rules by its Helm release's name (the chart's default selector).
    for (const kind of ['ServiceMonitor', 'PodMonitor', 'PrometheusRule'])
      expect(find(kind).metadata.labels, kind).toMatchObject({ release: 'kube-prometheus-stack' });
    // Prometheus (its namespace: monitoring) may reach the API through its network policy.
    const policy = objects.find((o) => o.metadata.name === 'think-tank-api-ingress') as Loose;
    expect(JSON.stringify(policy.spec.ingress[0].from)).toContain(
      '"kubernetes.io/metadata.name":"monitoring"',
    );
  });

  it('ships the dashboard where Grafana’s sidecar loads it, every panel on this application’s series', () => {
    const map = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === 'think-tank-dashboard',
    ) as Loose;
    expect(map.metadata.labels).toMatchObject({ grafana_dashboard: '1' });
    expect(JSON.parse(map.data!['think-tank.json'])).toEqual(dashboard);
    for (const panel of dashboard.panels)
      for (const target of panel.targets) expect(target.expr, panel.title).toContain('app="think-tank"');
  });
});

describe('alerts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tt-rules-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('covers what the runbooks promise to page for, each with a severity and a runbook there', () => {
    expect(rules.map((r) => r.alert).sort()).toEqual([
      'ThinkTankApiDown',
      'ThinkTankDependencyDown',
      'ThinkTankHighErrorRate',
      'ThinkTankMailFailing',
      'ThinkTankMetricsUnreported',
      'ThinkTankNoPaidOrders',
      'ThinkTankNotifiesForged',
      'ThinkTankNotifiesRefused',
      'ThinkTankOldestJobWaiting',
      'ThinkTankQueueBacklog',
      'ThinkTankReconcileMismatch',
      'ThinkTankRefundFailed',
      'ThinkTankSlowRequests',
      'ThinkTankSmsBudgetSpent',
      'ThinkTankStalledStages',
      'ThinkTankWorkersDown',
    ]);
    const readme = read('docs/operations/runbooks.md');
    for (const rule of rules) {
      expect(['page', 'ticket'], rule.alert).toContain(rule.labels.severity);
      const anchor = new URL(rule.annotations.runbook_url).hash.slice(1);
      expect(anchor, rule.alert).toBe(rule.alert.toLowerCase());
      // A section of its own, saying what to look at and what to do.
      const section = readme.split(`\n## ${rule.alert}\n`)[1]?.split('\n#')[0] ?? '';
      expect(section.length, rule.alert).toBeGreaterThan(200);
    }
  });

  it('reads only series the API and the worker expose', () => {
    const source = readdirSync(join(ROOT, 'apps/api/src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .map((f) => readFileSync(join(ROOT, 'apps/api/src', f), 'utf8'))
      .join('\n');
    const exposed = new Set([
      ...[...source.matchAll(/name: '([a-z_]+)'/g)].map((m) => m[1]),
      ...[...source.matchAll(/(?:gauge|reported)\(\s*'([a-z_]+)'/g)].map((m) => m[1]),
      // prom-client's own process and Node.js metrics (collectDefaultMetrics).
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      // Prometheus's own, for every target it scrapes.
      'up',
    ]);
    const exprs = [
      ...rules.map((r) => r.expr),
      ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)),
    ];
    const used = new Set(exprs.flatMap((e) => [...e.matchAll(/\b([a-z][a-z_]*)\{/g)].map((m) => m[1])));
    const series = [...used].map((name) => name.replace(/_(bucket|count|sum)$/, ''));
    expect(series.filter((name) => !exposed.has(name))).toEqual([]);
    expect(series.length).toBeGreaterThan(8);
  });

  it('passes promtool check rules and its unit tests, which a broken expression does not', () => {
    if (!promtool) {
      // CI unpacks promtool (.ci/run); elsewhere the schema check of the overlay's render stands in.
      expect(process.env.CI, 'CI has promtool (.ci/run unpacks it)').not.toBe('true');
      return;
    }
    const groups = find('PrometheusRule').spec.groups;
    writeFileSync(join(dir, 'rules.yaml'), stringify({ groups }));
    copyFileSync(join(ROOT, 'k8s/components/monitoring/alerts.test.yaml'), join(dir, 'alerts.test.yaml'));
    const run = (...args: string[]) => spawnSync(promtool, args, { cwd: dir, encoding: 'utf8' });
    const checked = run('check', 'rules', 'rules.yaml');
    expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${rules.length} rules found`);
    const tested = run('test', 'rules', 'alerts.test.yaml');
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    // A typo in an expression is caught.
    const broken = structuredClone(groups);
    broken[0].rules[0].expr = 'sum(rate(http_request_duration_seconds_count[5m]) > ';
    writeFileSync(join(dir, 'rules.yaml'), stringify({ groups: broken }));
    expect(run('check', 'rules', 'rules.yaml').status).not.toBe(0);
  });
});
