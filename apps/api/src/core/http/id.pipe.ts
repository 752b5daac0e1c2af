import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An object id from the path: anything that is not a UUID names nothing, so it is a 404 like an unknown one. */
@Injectable()
export class IdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new AppError('NOT_FOUND');
    return value.toLowerCase();
  }
}
