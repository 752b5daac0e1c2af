import { NotFoundException } from '@nestjs/common';
import { AppError } from './app-error';
import { toErrorBody } from './error-body';

describe('toErrorBody', () => {
  it('localises a domain error and keeps its documented extras', () => {
    const err = new AppError('EMAIL_NOT_VERIFIED', { email: 'a@b.cn' });
    expect(toErrorBody(err, 'en', 'r1')).toEqual({
      statusCode: 401,
      code: 'EMAIL_NOT_VERIFIED',
      error: 'EMAIL_NOT_VERIFIED',
      message: 'Your e-mail address is not verified yet.',
      email: 'a@b.cn',
    });
  });

  it('uses the first field message as the message of a validation error', () => {
    const body = toErrorBody(AppError.validation([{ field: 'email', key: 'emailInvalid' }]), 'zh', 'r1');
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: '邮箱格式不正确' });
    expect(body.details).toEqual([{ field: 'email', message: '邮箱格式不正确' }]);
  });

  it('maps framework errors by status and hides the cause of a 500', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/x'), 'zh', 'r').code).toBe('NOT_FOUND');
    expect(toErrorBody(Object.assign(new Error('too big'), { statusCode: 413 }), 'en', 'r').code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    const body = toErrorBody(new Error('secret stack detail'), 'en', 'req-42');
    expect(body).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      error: 'INTERNAL_ERROR',
      message: 'Internal server error, please try again later.',
      requestId: 'req-42',
    });
  });

  it('answers 503 SERVICE_UNAVAILABLE when PostgreSQL or Redis is unreachable, not 500', () => {
    const outages = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
        name: 'MaxRetriesPerRequestError',
      }),
      new Error('Connection is closed.'),
      Object.assign(new Error('query failed'), {
        driverError: { code: '57P01', message: 'terminating connection due to administrator command' },
      }),
      new Error('Connection terminated unexpectedly'),
    ];
    for (const err of outages)
      expect(toErrorBody(err, 'en', 'r')).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(
      toErrorBody(Object.assign(new Error('duplicate key'), { code: '23505' }), 'en', 'r').statusCode,
    ).toBe(500);
  });
});
