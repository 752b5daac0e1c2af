/** docs/operations/scaling.md#the-edge: TLS by cert-manager, the site's address in one place, the Gateway API beside the Ingress. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { read, render, ROOT, validate, type K8sObject, type Loose } from './files';

const find = (objects: K8sObject[], kind: string, name?: string) =>
  objects.find((o) => o.kind === kind && (!name || o.metadata.name.startsWith(name))) as Loose | undefined;
const hostOf = (objects: K8sObject[]) =>
  new URL(find(objects, 'ConfigMap', 'think-tank-config')!.data!.PUBLIC_URL).host;

describe('TLS and the site’s address', () => {
  const copy = mkdtempSync(join(tmpdir(), 'tt-k8s-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('has cert-manager issue the Ingress’s certificate from a ClusterIssuer that the repository ships', () => {
    const ingress = find(render('prod'), 'Ingress', 'think-tank')!;
    const issuerName = ingress.metadata.annotations?.['cert-manager.io/cluster-issuer'];
    const issuer = parseDocument(read('k8s/cert-manager/cluster-issuer.yaml')).toJS() as Loose;
    expect(() => validate(issuer)).not.toThrow();
    expect(issuer).toMatchObject({ kind: 'ClusterIssuer', metadata: { name: issuerName } });
    expect(issuer.spec.acme.solvers[0].http01.ingress.ingressClassName).toBe(ingress.spec.ingressClassName);
    expect(ingress.spec.tls[0].secretName).toBe('think-tank-tls');
  });

  it('has prod-gateway get its certificate through the Gateway API, which the Gateway may read', () => {
    const objects = render('prod-gateway');
    const certificate = find(objects, 'Certificate', 'think-tank')!;
    const issuer = parseDocument(read('k8s/cert-manager/cluster-issuer-gateway.yaml')).toJS() as Loose;
    expect(() => validate(issuer)).not.toThrow();
    expect(certificate.spec).toMatchObject({
      secretName: 'think-tank-tls',
      dnsNames: [hostOf(objects)],
      issuerRef: { kind: 'ClusterIssuer', name: issuer.metadata.name },
    });
    // The challenge answers on the Gateway the site's route is attached to, not through an ingress class.
    const route = find(objects, 'HTTPRoute', 'think-tank')!;
    const solver = issuer.spec.acme.solvers[0].http01;
    expect(solver.ingress).toBeUndefined();
    const [gateway] = route.spec.parentRefs as { name: string; namespace: string }[];
    expect(solver.gatewayHTTPRoute.parentRefs).toEqual([
      expect.objectContaining({ kind: 'Gateway', name: gateway.name, namespace: gateway.namespace }),
    ]);
    const grant = find(objects, 'ReferenceGrant')!;
    expect(grant.spec).toEqual({
      from: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', namespace: gateway.namespace }],
      to: [{ group: '', kind: 'Secret', name: 'think-tank-tls' }],
    });
  });

  it.each(['dev', 'prod'])(
    '%s: the Ingress host, its TLS host and MAIL_FROM follow PUBLIC_URL',
    (overlay) => {
      const objects = render(overlay);
      const ingress = find(objects, 'Ingress', 'think-tank')!;
      const host = hostOf(objects);
      expect(ingress.spec.rules.map((r: { host: string }) => r.host)).toEqual([host]);
      expect(ingress.spec.tls[0].hosts).toEqual([host]);
      expect(find(objects, 'ConfigMap', 'think-tank-config')!.data!.MAIL_FROM).toBe(`no-reply@${host}`);
    },
  );

  it('changes them all when the one PUBLIC_URL line of the prod overlay changes', () => {
    cpSync(join(ROOT, 'k8s'), copy, { recursive: true });
    const file = join(copy, 'overlays/prod/kustomization.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text.match(/^ +- PUBLIC_URL=/gm)).toHaveLength(1);
    writeFileSync(file, text.replace(/PUBLIC_URL=\S+/, 'PUBLIC_URL=https://zhiku.example.com'));
    for (const overlay of ['prod', 'prod-gateway', 'prod-cnpg']) {
      const objects = render(overlay, copy);
      expect(hostOf(objects), overlay).toBe('zhiku.example.com');
      const rendered = JSON.stringify(objects);
      expect(rendered, overlay).not.toContain('think-tank.example.cn');
      expect(find(objects, 'ConfigMap', 'think-tank-config')!.data!.MAIL_FROM).toBe(
        'no-reply@zhiku.example.com',
      );
    }
    const gateway = render('prod-gateway', copy);
    expect(find(gateway, 'HTTPRoute')!.spec.hostnames).toEqual(['zhiku.example.com']);
    expect(find(gateway, 'Certificate')!.spec.dnsNames).toEqual(['zhiku.example.com']);
  });

  it('keeps the API documents off in every production render, and sends mail from the site’s domain', () => {
    for (const overlay of ['prod', 'prod-cnpg', 'prod-gateway']) {
      const config = find(render(overlay), 'ConfigMap', 'think-tank-config')!.data!;
      expect(config.NODE_ENV, overlay).toBe('production');
      // Production's default is off (app-config.ts): nothing here may turn it on.
      expect(config.API_DOCS, overlay).toBeUndefined();
      expect(config.MAIL_FROM, overlay).not.toContain('localhost');
    }
  });

  it('mounts the database CA that PGSSLROOTCERT names, from an optional Secret, where PostgreSQL is reached', () => {
    const objects = render('prod');
    const caFile = find(objects, 'ConfigMap', 'think-tank-config')!.data!.PGSSLROOTCERT;
    for (const name of ['think-tank-api', 'think-tank-worker', 'think-tank-migrate']) {
      const spec = (objects.find((o) => o.metadata.name === name) as Loose).spec.template.spec;
      const mount = spec.containers[0].volumeMounts.find((m: { name: string }) => m.name === 'db-ca');
      expect(caFile.startsWith(`${mount.mountPath}/`), name).toBe(true);
      expect(spec.volumes).toContainEqual({
        name: 'db-ca',
        secret: { secretName: 'think-tank-db-ca', optional: true },
      });
    }
  });
});

describe('the Gateway API overlay (prod-gateway)', () => {
  const objects = render('prod-gateway');
  const route = find(objects, 'HTTPRoute', 'think-tank')!;
  const prodIngress = find(render('prod'), 'Ingress', 'think-tank')!;

  it('replaces the Ingress with an HTTPRoute that passes the Gateway API schema', () => {
    expect(find(objects, 'Ingress')).toBeUndefined();
    for (const o of objects) expect(() => validate(o), `${o.kind}/${o.metadata.name}`).not.toThrow();
    expect(() => validate({ ...route, spec: { ...route.spec, hostnames: ['Not A Host'] } })).toThrow();
  });

  it('routes every path the Ingress routes, to the same Service and port, each with its timeout', () => {
    const services = objects.filter((o) => o.kind === 'Service') as Loose[];
    const port = (name: string, portName: string) =>
      services
        .find((s) => s.metadata.name === name)!
        .spec.ports.find((p: { name: string }) => p.name === portName).port;
    const routed = new Map<string, string>();
    for (const rule of route.spec.rules) {
      expect(rule.timeouts?.request, JSON.stringify(rule.matches)).toMatch(/^\d+s$/);
      for (const m of rule.matches)
        routed.set(m.path.value, `${rule.backendRefs[0].name}:${rule.backendRefs[0].port}`);
    }
    for (const path of prodIngress.spec.rules[0].http.paths) {
      const backend = path.backend.service;
      expect(routed.get(path.path), path.path).toBe(
        `${backend.name}:${port(backend.name, backend.port.name)}`,
      );
    }
    // Sockets live for hours: no request timeout on them.
    const sockets = route.spec.rules.find((r: { matches: { path: { value: string } }[] }) =>
      r.matches.some((m) => m.path.value === '/socket.io'),
    );
    expect(sockets.timeouts.request).toBe('0s');
  });

  it('lets the Gateway’s data plane reach the API', () => {
    const policy = find(objects, 'NetworkPolicy', 'think-tank-api-ingress')!;
    const namespaces = JSON.stringify(policy.spec.ingress[0].from);
    expect(namespaces).toContain(`"kubernetes.io/metadata.name":"${route.spec.parentRefs[0].namespace}"`);
    expect(namespaces).not.toContain('ingress-nginx');
  });
});

describe('the client’s address (contract §12: limits per client, not per site)', () => {
  it('believes X-Forwarded-For from the one edge in front only, the API’s one outside peer', () => {
    for (const overlay of ['dev', 'prod', 'prod-cnpg', 'prod-gateway', 'prod-keda']) {
      const objects = render(overlay);
      expect(find(objects, 'ConfigMap', 'think-tank-config')!.data!.TRUST_PROXY, overlay).toBe('1');
      const policy = find(objects, 'NetworkPolicy', 'think-tank-api-ingress')!;
      const peers = policy.spec.ingress.flatMap((rule: { from: Loose[] }) => rule.from);
      // The web pods, one edge namespace and Prometheus's: no address range, no selector that admits everyone.
      expect(
        peers.some((p: Loose) => p.ipBlock || Object.keys(p).length === 0),
        overlay,
      ).toBe(false);
      const namespaces = peers.map(
        (p: { namespaceSelector?: { matchLabels?: Record<string, string> } }) =>
          p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'],
      );
      expect(namespaces.filter(Boolean).sort(), overlay).toEqual(
        [overlay === 'prod-gateway' ? 'gateway-system' : 'ingress-nginx', 'monitoring'].sort(),
      );
    }
  });

  it('has the edge keep each client’s own address, in the cluster and on a laptop', () => {
    const values = parseDocument(read('k8s/edge/ingress-nginx.values.yaml')).toJS() as {
      controller: { service: Record<string, string>; config: Record<string, string> };
    };
    expect(values.controller.service.externalTrafficPolicy).toBe('Local');
    expect(values.controller.config['use-forwarded-headers']).toBe('false');
    const compose = parseDocument(read('docker/compose.yml')).toJS() as {
      'x-api-env': Record<string, string>;
      services: Record<string, { ports?: unknown }>;
    };
    expect(compose['x-api-env'].TRUST_PROXY).toBe('1');
    // The API is reached through the web container's nginx only.
    expect(compose.services.api.ports).toBeUndefined();
  });
});
