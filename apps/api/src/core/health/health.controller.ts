import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error';
import { API_VERSION } from '../http/api-version';
import { Public } from '../http/public.decorator';
import { HealthService, type Check } from './health.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health/live')
  @ApiOperation({ summary: 'The process is up' })
  live() {
    return { status: 'ok' };
  }

  /**
   * The shared services, for alerts and the console. Not a probe: an orchestrator that took replicas out on its
   * answer would take every one out at once in an outage. Probes ask GET /ready (create-app.ts). `health/ready` is
   * the contract's older name for the same check.
   */
  @Get(['health/deps', 'health/ready'])
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'PostgreSQL and Redis answer (503 otherwise); probes use GET /ready instead' })
  async dependencies() {
    const checks = await this.health.checks();
    if (checks.database === 'down' || checks.redis === 'down')
      throw new AppError('SERVICE_UNAVAILABLE', { checks });
    return { status: 'ok', checks };
  }

  /** The workshop's diagnostic page (contract §8): what a support engineer asks first, on one small page. */
  @Get('minimal-test/view')
  @ApiProduces('text/html')
  @ApiOperation({
    summary: 'A small HTML diagnostic page: server version, uptime, PostgreSQL and Redis status',
  })
  async minimalTest(@Res() reply: FastifyReply) {
    const { database, redis } = await this.health.checks();
    const row = (name: string, value: string) => `<tr><th>${name}</th><td>${value}</td></tr>`;
    const state = (c: Check) => `<span class="${c}">${c === 'up' ? '正常 up' : '异常 down'}</span>`;
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>智库 诊断</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#212529}th{text-align:left;padding:4px 16px 4px 0;color:#6c757d}
.up{color:#198754}.down{color:#dc3545}</style></head><body><h1>智库 诊断 / Diagnostics</h1><table>
${row('版本 Version', API_VERSION)}${row('Node.js', process.version)}
${row('运行时间 Uptime', `${Math.floor(process.uptime())} s`)}${row('PostgreSQL', state(database))}${row('Redis', state(redis))}
${row('时间 Time', new Date().toISOString())}</table></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  }
}
