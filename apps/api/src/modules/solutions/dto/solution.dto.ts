import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  LIBRARY_INDUSTRIES,
  SEARCH_COUNT_CAP,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  SOLUTION_HTML_MAX,
  SOLUTION_NAME_MAX,
  SOLUTION_TEXT_MAX,
  type LibraryIndustry,
  type SearchResponse,
  type SearchSort,
  type SolutionInput,
  type SolutionListItem,
} from '@think-tank/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  Max,
  Min,
  ValidateBy,
} from 'class-validator';
import { invalid, required } from '../../../core/errors/validation-pipe';

/**
 * Pages end where counting does (contract §10): `page × pageSize` may not exceed 1,000 + `pageSize`, so no request
 * makes the database step over the whole library. `pageSize` is already capped when this runs (transforms first).
 */
const WithinCountCap = () =>
  ValidateBy(
    {
      name: 'withinCountCap',
      validator: {
        validate: (page: number, args) => {
          const { pageSize } = args!.object as SearchQueryDto;
          // A bad pageSize is its own field's error.
          return !Number.isInteger(pageSize) || (page - 1) * pageSize <= SEARCH_COUNT_CAP;
        },
      },
    },
    invalid,
  );

export class SearchQueryDto {
  @ApiPropertyOptional({
    description: 'white-space separated terms; every term must occur (blank: all, newest first)',
  })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(200, invalid)
  query?: string;

  @ApiPropertyOptional({
    default: 1,
    minimum: 1,
    description:
      'page × pageSize may not exceed 1,000 + pageSize (the count cap): 400 VALIDATION_FAILED beyond',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @WithinCountCap()
  page: number = 1;

  @ApiPropertyOptional({
    default: SEARCH_PAGE_SIZE,
    minimum: 1,
    maximum: SEARCH_MAX_PAGE_SIZE,
    description: 'capped at 50',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Transform(({ value }) => (typeof value === 'number' ? Math.min(value, SEARCH_MAX_PAGE_SIZE) : value), {
    toClassOnly: true,
  })
  pageSize: number = SEARCH_PAGE_SIZE;

  @ApiPropertyOptional({
    description: `comma-separated industry keys of the library (${LIBRARY_INDUSTRIES.join(', ')}): only solutions of these`,
  })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? [
          ...new Set(
            value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          ),
        ]
      : value,
  )
  @IsArray(invalid)
  @ArrayMaxSize(LIBRARY_INDUSTRIES.length, invalid)
  @IsIn(LIBRARY_INDUSTRIES, { ...invalid, each: true })
  categories?: LibraryIndustry[];

  @ApiPropertyOptional({
    enum: SEARCH_SORTS,
    default: 'newest',
    description:
      'relevance: the counted matches, those naming the terms first, then those whose requirements hold them; a blank query and one with more than 1,000 matches stay newest first (the answer’s sort says which)',
  })
  @IsOptional()
  @IsIn(SEARCH_SORTS, invalid)
  sort?: SearchSort;

  @ApiPropertyOptional({ description: 'accepted and ignored (contract §11): the library has no tags' })
  @IsOptional()
  @IsString(invalid)
  @MaxLength(500, invalid)
  tags?: string;
}

export class SolutionListItemBody implements SolutionListItem {
  @ApiProperty() _id!: string;
  @ApiProperty() projectName!: string;
  @ApiProperty() projectRequirements!: string;
  @ApiProperty() projectRequirementsDetails!: string;
}

export class SearchBody implements SearchResponse {
  @ApiProperty({ type: [SolutionListItemBody] }) list!: SolutionListItem[];
  @ApiProperty({ description: 'exact up to 1,000' }) totalCount!: number;
  @ApiProperty() page!: number;
  @ApiProperty() pageSize!: number;
  @ApiPropertyOptional({ description: 'true when there are more than 1,000 matches' })
  totalCountCapped?: boolean;
  @ApiProperty({ enum: SEARCH_SORTS, description: 'the order the list is in' }) sort!: SearchSort;
  @ApiProperty({
    enum: ['terms', 'words'],
    description:
      'terms: each term as written; words: a Chinese term that matched nothing whole, read as its words',
  })
  matchedBy!: 'terms' | 'words';
  @ApiPropertyOptional({ type: [String], description: 'the words, for matchedBy words' })
  words?: string[];
}

export class SearchMissesQueryDto {
  @ApiPropertyOptional({ default: 30, minimum: 1, maximum: 90 })
  @IsOptional()
  @Type(() => Number)
  @IsInt(invalid)
  @Min(1, invalid)
  @Max(90, invalid)
  days?: number;
}

export class SolutionInputDto implements SolutionInput {
  @ApiProperty({ maxLength: SOLUTION_NAME_MAX })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(SOLUTION_NAME_MAX, invalid)
  projectName!: string;

  @ApiProperty()
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(SOLUTION_TEXT_MAX, invalid)
  projectRequirements!: string;

  @ApiProperty()
  @IsString(invalid)
  @MaxLength(SOLUTION_TEXT_MAX, invalid)
  projectRequirementsDetails!: string;

  @ApiPropertyOptional({ enum: LIBRARY_INDUSTRIES, nullable: true, description: 'its library industry' })
  @IsOptional()
  @IsIn(LIBRARY_INDUSTRIES, invalid)
  industry?: LibraryIndustry | null;

  @ApiProperty({ description: 'the HTML document; served sandboxed, never with the app origin' })
  @IsNotEmpty(required)
  @IsString(invalid)
  @MaxLength(SOLUTION_HTML_MAX, invalid)
  html!: string;
}
