import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';

/** Which generated file a lab viewer's frame is to load. */
export class LabTicketDto {
  @ApiProperty({ maxLength: 100 })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(100, invalid)
  labName!: string;

  @ApiProperty({ maxLength: 500, example: 'indexp.html' })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(500, invalid)
  path!: string;
}
