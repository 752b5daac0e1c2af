import { Body, Controller, HttpCode, HttpStatus, Module, Post } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { VITAL_NAMES, VITAL_ROUTES, type VitalName, type VitalReport } from '@think-tank/contracts';
import { IsIn, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { Histogram } from 'prom-client';
import { invalid } from '../errors/validation-pipe';
import { ClientIp } from '../http/client-ip.decorator';
import { Public } from '../http/public.decorator';
import { RateLimiter } from '../redis/rate-limiter.service';
import { MetricsService } from './metrics.service';

/** Reports per client address a minute: a page sends at most three. */
const REPORTS = { max: 30, windowSeconds: 60 };

export class VitalReportDto implements Omit<VitalReport, 'route'> {
  @ApiProperty({ enum: VITAL_NAMES })
  @IsIn(VITAL_NAMES, invalid)
  name!: VitalName;

  @ApiProperty({ description: 'LCP and INP in seconds, CLS as its score' })
  @IsNumber({ allowNaN: false, allowInfinity: false }, invalid)
  @Min(0, invalid)
  @Max(600, invalid)
  value!: number;

  @ApiProperty({ description: 'the route pattern the page landed on; one not in the list counts as "other"' })
  @IsString(invalid)
  @MaxLength(100, invalid)
  route!: string;
}

/**
 * Real-user vitals (issue 38): anonymous, sampled by the browser, rate-limited, and kept nowhere but in these
 * histograms (GET /metrics; the dashboard's "Real users" row). The route is a pattern of a fixed list, so the
 * labels stay few whatever a client sends.
 */
@ApiTags('site')
@Controller('vitals')
export class VitalsController {
  private readonly histograms: Record<VitalName, Histogram>;

  constructor(
    metrics: MetricsService,
    private readonly limiter: RateLimiter,
  ) {
    const registers = [metrics.registry];
    this.histograms = {
      LCP: new Histogram({
        name: 'web_vitals_lcp_seconds',
        help: 'Largest contentful paint of real users, by route',
        labelNames: ['route'],
        buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
        registers,
      }),
      INP: new Histogram({
        name: 'web_vitals_inp_seconds',
        help: 'Interaction to next paint of real users, by route',
        labelNames: ['route'],
        buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
        registers,
      }),
      CLS: new Histogram({
        name: 'web_vitals_cls',
        help: 'Cumulative layout shift of real users, by route',
        labelNames: ['route'],
        buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
        registers,
      }),
    };
  }

  @Public()
  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({
    summary:
      'One vital of a sampled page load, {name, value, route}: into the histograms only; 30 a minute per address',
  })
  async report(@Body() dto: VitalReportDto, @ClientIp() ip: string): Promise<void> {
    await this.limiter.take({ key: `vitals:${ip}`, ...REPORTS });
    const route = (VITAL_ROUTES as readonly string[]).includes(dto.route) ? dto.route : 'other';
    this.histograms[dto.name].observe({ route }, dto.value);
  }
}

@Module({ controllers: [VitalsController] })
export class VitalsModule {}
