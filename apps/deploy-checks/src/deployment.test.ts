import { describe, expect, it } from 'vitest';
import { composeConfig, read, render, validate, type K8sObject } from './files';

type Container = {
  name: string;
  image: string;
  resources?: { requests?: object; limits?: object };
  readinessProbe?: object;
  livenessProbe?: object;
};
type PodSpec = {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  securityContext?: { runAsNonRoot?: boolean };
};
const podSpec = (o: K8sObject) =>
  (
    (o.spec as { template?: { spec: PodSpec } }).template ??
    (o.spec as { jobTemplate: { spec: { template: { spec: PodSpec } } } }).jobTemplate.spec.template
  ).spec;

describe('Dockerfiles', () => {
  for (const file of ['docker/Dockerfile', 'docker/Dockerfile.web']) {
    const text = read(file);
    it(`${file}: pinned base images, a non-root final stage, a health check`, () => {
      const args = Object.fromEntries([...text.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
      const images = [...text.matchAll(/^FROM (\S+)/gm)].map((m) =>
        m[1].replace(/^\$\{(\w+)\}$/, (_, a: string) => args[a]),
      );
      expect(images.length).toBeGreaterThan(1);
      for (const image of images.filter((i) => !/^[a-z]+$/.test(i))) {
        // name:1.2.3-variant or a digest; never latest, never a bare major.
        expect(image).toMatch(/^[^:@]+(?::\d+\.\d+\.\d+(?:-[\w.-]+)?|@sha256:[0-9a-f]{64})$/);
      }
      const finalStage = text.slice(text.lastIndexOf('\nFROM '));
      expect(finalStage).toMatch(/^USER (?!root|0\b)\w+/m);
      expect(finalStage).toMatch(/^HEALTHCHECK /m);
    });
  }

  it('runs node under tini, so SIGTERM reaches the shutdown hooks', () => {
    expect(read('docker/Dockerfile')).toMatch(/ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/);
  });

  it('has nginx proxy the API and upgrade socket.io, serve assets a year and index.html never', () => {
    const conf = read('docker/nginx.conf');
    expect(conf).toMatch(/location \/socket\.io\/ \{[^}]*proxy_set_header Upgrade \$http_upgrade/s);
    expect(conf).toMatch(/location \/assets\/ \{[^}]*max-age=31536000, immutable/s);
    expect(conf).toMatch(/location \/ \{[^}]*no-cache[^}]*try_files \$uri \/index\.html/s);
  });
});

describe('docker/compose.yml', () => {
  it('is a valid compose file with PostgreSQL, Redis, Mailpit, migrations, api, worker and web', () => {
    const run = composeConfig('docker/compose.yml');
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    for (const service of ['postgres', 'redis', 'mailpit', 'migrate', 'api', 'worker', 'web'])
      expect(run.stdout).toMatch(new RegExp(`^  ${service}:`, 'm'));
  });
});

describe.each(['dev', 'prod'])('the %s overlay', (overlay) => {
  const objects = render(overlay);
  const named = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name)!;

  it('renders objects that all pass the Kubernetes schema', () => {
    expect(objects.length).toBeGreaterThanOrEqual(15);
    for (const o of objects) expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
  });

  it('runs the API on 2+ replicas with probes, resources, non-root pods and a grace period for sockets', () => {
    const api = named('Deployment', 'think-tank-api');
    expect((api.spec as { replicas: number }).replicas).toBeGreaterThanOrEqual(2);
    for (const d of objects.filter(
      (o) => o.kind === 'Deployment' || o.kind === 'StatefulSet' || o.kind === 'Job',
    )) {
      const spec = podSpec(d);
      expect(spec.securityContext?.runAsNonRoot, d.metadata.name).toBe(true);
      for (const c of spec.containers)
        expect(c.resources?.requests && c.resources.limits, `${d.metadata.name}/${c.name}`).toBeTruthy();
    }
    const container = podSpec(api).containers[0];
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/api/health/ready' } });
    expect(container.livenessProbe).toMatchObject({ httpGet: { path: '/api/health/live' } });
    expect(podSpec(api).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
    expect(
      podSpec(named('Deployment', 'think-tank-worker')).terminationGracePeriodSeconds,
    ).toBeGreaterThanOrEqual(60);
  });

  it('has the migration job, autoscalers, disruption budgets and an ingress for WebSockets', () => {
    expect(podSpec(named('Job', 'think-tank-migrate')).containers[0]).toMatchObject({
      command: ['node', 'dist/apps/api/cli.js', 'migrate'],
    });
    expect(named('HorizontalPodAutoscaler', 'think-tank-api')).toBeDefined();
    expect(named('HorizontalPodAutoscaler', 'think-tank-worker')).toBeDefined();
    expect(objects.filter((o) => o.kind === 'PodDisruptionBudget').length).toBeGreaterThanOrEqual(2);
    const ingress = named('Ingress', 'think-tank');
    expect(ingress.metadata).toMatchObject({
      annotations: { 'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600' },
    });
    expect(JSON.stringify(ingress.spec)).toContain('/socket.io');
  });

  it('keeps every pod that reaches PostgreSQL and Redis marked as a database client', () => {
    const clients = objects.filter(
      (o) =>
        (o.kind === 'Deployment' || o.kind === 'Job') &&
        ['think-tank-api', 'think-tank-worker', 'think-tank-migrate'].includes(o.metadata.name),
    );
    expect(clients).toHaveLength(3);
    for (const o of clients)
      expect(
        (o.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels[
          'think-tank/database-client'
        ],
      ).toBe('true');
    expect(named('NetworkPolicy', 'think-tank-web-egress')).toBeDefined();
  });
});

describe('overlay differences', () => {
  it('has single-instance databases and a network policy for them in dev only; external ones in prod', () => {
    const dev = render('dev');
    const prod = render('prod');
    expect(
      dev
        .filter((o) => o.kind === 'StatefulSet')
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(['postgres', 'redis']);
    expect(
      dev.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'databases-from-app-only'),
    ).toBeDefined();
    expect(prod.some((o) => o.kind === 'StatefulSet')).toBe(false);
    // No secret values in the prod render: its Secret is created outside git.
    expect(prod.some((o) => o.kind === 'Secret')).toBe(false);
    expect(prod.every((o) => o.metadata.namespace === 'think-tank')).toBe(true);
  });
});
