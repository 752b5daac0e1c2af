import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
/** Marks a route as open to anyone; every other route needs a valid access token (fails closed). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
