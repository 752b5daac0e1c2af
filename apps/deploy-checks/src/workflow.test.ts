/** The GitHub side: the CI workflow (schema, shells, services, images, Node versions) and Dependabot. */
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { API_VERSION } from '../../api/src/core/http/api-version';
import { read } from './files';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  with?: Record<string, string | boolean>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  services?: Record<string, object>;
  strategy?: { matrix?: { node?: number[] } };
  permissions?: Record<string, string>;
  steps: Step[];
}
const text = read('.github/workflows/ci.yml');
const workflow = parseDocument(text).toJS() as {
  on: { push: { tags?: string[] } };
  env: Record<string, string>;
  defaults?: { run?: { shell?: string } };
  jobs: Record<string, Job>;
};
const pkg = JSON.parse(read('package.json')) as { version: string; engines: { node: string } };
const kustomization = parseDocument(read('k8s/base/kustomization.yaml')).toJS() as {
  images: { name: string; newName: string; newTag: string }[];
};

describe('.github/workflows/ci.yml', () => {
  it('is a workflow by GitHub’s schema (SchemaStore’s, through action-validator), which a broken one is not', () => {
    expect(validateWorkflow(text).errors).toEqual([]);
    const broken = text.replace('runs-on: ubuntu-24.04', 'runs_on: ubuntu-24.04');
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it('runs every shell step with pipefail (an explicit bash is bash -eo pipefail)', () => {
    for (const job of Object.values(workflow.jobs))
      for (const step of job.steps.filter((s) => s.run))
        expect(step.shell ?? workflow.defaults?.run?.shell, step.run).toBe('bash');
  });

  it('gives the browser tests PostgreSQL and Redis, and no snap-wrapped chromium', () => {
    const test = workflow.jobs.test;
    expect(Object.keys(test.services ?? {})).toContain('postgres');
    const installs = test.steps.map((s) => s.run ?? '').filter((r) => r.includes('apt-get install'));
    expect(installs.join('\n')).toMatch(/redis-server/);
    expect(installs.join('\n')).not.toMatch(/\bchromium\b/);
  });

  it('tests on both supported Node LTS lines, which engines allow beside the local Node 20, and the images run one', () => {
    const matrix = workflow.jobs.test.strategy?.matrix?.node ?? [];
    expect(matrix).toEqual([22, 24]);
    expect(
      workflow.jobs.test.steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with,
    ).toMatchObject({
      'node-version': '${{ matrix.node }}',
    });
    for (const major of [20, ...matrix]) expect(pkg.engines.node).toMatch(new RegExp(`\\^${major}\\.`));
    for (const file of ['docker/Dockerfile', 'docker/Dockerfile.web']) {
      const major = Number(/^ARG NODE_IMAGE=node:(\d+)\./m.exec(read(file))?.[1]);
      expect(matrix, file).toContain(major);
    }
  });

  it('builds, runs and pushes the images kustomize deploys: the commit on main, the version on its tag', () => {
    const images = workflow.jobs.images;
    expect(images.needs).toBe('test');
    expect(images.permissions).toMatchObject({ packages: 'write' });
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    // The owner's registry, lower-cased, set before any step reads it; this repository's owner is think-tank.
    expect(images.steps[0].run).toBe('echo "REGISTRY=ghcr.io/${GITHUB_REPOSITORY_OWNER,,}" >> "$GITHUB_ENV"');
    expect(text).not.toMatch(/ghcr\.io\/think-tank/);
    const metadata = images.steps.filter((s) => s.uses?.startsWith('docker/metadata-action'));
    const names = metadata.map((s) =>
      String(s.with?.images).replace('${{ env.REGISTRY }}', 'ghcr.io/think-tank'),
    );
    expect(names.sort()).toEqual(kustomization.images.map((i) => i.newName).sort());
    for (const s of metadata)
      expect(s.with?.tags).toMatch(/type=sha,format=long\s+type=semver,pattern=\{\{version\}\}/);
    // kustomize deploys the version that a v<version> tag publishes, and the API reports it.
    for (const image of kustomization.images) expect(image.newTag).toBe(pkg.version);
    expect(API_VERSION).toBe(pkg.version);
    const builds = images.steps.filter((s) => s.uses?.startsWith('docker/build-push-action'));
    expect(builds.map((s) => s.with?.file).sort()).toEqual(['docker/Dockerfile', 'docker/Dockerfile.web']);
    // Run before pushed: compose up --wait on those very images, then ready, a search, the plans, the web root
    // and the admin's sign-in answer.
    const upAt = images.steps.findIndex((s) => /up --no-build[^\n]*--wait/.test(s.run ?? ''));
    const up = images.steps[upAt];
    expect(up.env).toMatchObject({
      API_IMAGE: '${{ env.REGISTRY }}/api:sha-${{ github.sha }}',
      WEB_IMAGE: '${{ env.REGISTRY }}/web:sha-${{ github.sha }}',
    });
    for (const path of [
      '/api/health/ready',
      '/api/solutions/search?',
      '/api/users/subscriptions/plans',
      '/api/auth/login',
      'localhost:8080/ ',
    ])
      expect(up.run).toContain(path);
    const pushAt = images.steps.findIndex((s) => /docker push --all-tags/.test(s.run ?? ''));
    expect(pushAt).toBeGreaterThan(upAt);
    expect(images.steps[pushAt].if).toBe("github.event_name == 'push'");
  });

  it('cancels a superseded run for pull requests only: a push to main or a tag is never cut off mid-push', () => {
    expect((workflow as unknown as { concurrency: object }).concurrency).toEqual({
      group: 'ci-${{ github.ref }}',
      'cancel-in-progress': "${{ github.event_name == 'pull_request' }}",
    });
  });

  it('gives the deploy checks promtool, which they require under CI', () => {
    const step = workflow.jobs.test.steps.find((s) => s.name === 'promtool');
    expect(step?.run).toMatch(/apt-get download prometheus && dpkg-deb -x/);
    expect(step?.run).toContain('PROMTOOL=');
  });

  it('checks out the history, which the previous-release check reads its sources from', () => {
    const checkout = workflow.jobs.test.steps.find((s) => s.uses?.startsWith('actions/checkout'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });
});

describe('.github/dependabot.yml', () => {
  it('keeps npm packages, the base images and the actions current', () => {
    const config = parseDocument(read('.github/dependabot.yml')).toJS() as {
      version: number;
      updates: { 'package-ecosystem': string; directory: string; schedule: { interval: string } }[];
    };
    expect(config.version).toBe(2);
    const covered = config.updates.map((u) => `${u['package-ecosystem']} ${u.directory}`);
    expect(covered).toEqual(
      expect.arrayContaining(['npm /', 'docker /docker', 'docker-compose /docker', 'github-actions /']),
    );
    for (const u of config.updates) expect(['daily', 'weekly', 'monthly']).toContain(u.schedule.interval);
  });
});
