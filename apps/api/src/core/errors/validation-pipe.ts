import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidationMessage, type ValidationMessageKey } from '@think-tank/contracts';
import { getMetadataStorage, type ValidatorOptions } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { AppError, type ValidationDetail } from './app-error';

function isMessageKey(message: string): message is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(ValidationMessage, message);
}

const ordered = new WeakSet<ValidationMetadata[]>();
let classesOrdered = 0;

/**
 * class-validator checks a property's rules in the order they were registered, which for stacked decorators is
 * bottom-up. We read them top-down: the first rule written is checked first, and with `stopAtFirstError` the
 * first one broken ends the field's validation, so a length limit written above a pattern keeps an over-long
 * value away from it. Each class's list is put in that order once, the first time it is validated.
 */
function checkRulesTopDown(): void {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<unknown, ValidationMetadata[]>;
  };
  // A class's rules are all registered when it is defined: only a new class needs ordering.
  if (storage.validationMetadatas.size === classesOrdered) return;
  classesOrdered = storage.validationMetadatas.size;
  for (const list of storage.validationMetadatas.values()) {
    if (ordered.has(list)) continue;
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const m of list) byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
    list.splice(0, list.length, ...[...byProperty.values()].flatMap((rules) => rules.reverse()));
    ordered.add(list);
  }
}

class TopDownValidationPipe extends ValidationPipe {
  /** An empty query parameter is an absent one (contract §11): `?stage=&status=` lists everything. */
  override transform(value: unknown, metadata: ArgumentMetadata) {
    const query =
      metadata.type === 'query' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).filter(([, v]) => v !== ''))
        : value;
    return super.transform(query, metadata);
  }

  protected override validate(object: object, options?: ValidatorOptions) {
    checkRulesTopDown();
    return super.validate(object, options);
  }
}

/** Flattens class-validator errors to one detail per field: the rule it broke, as a message key. */
export function validationDetails(errors: ValidationError[], parent = ''): ValidationDetail[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const constraints = Object.entries(e.constraints ?? {});
    const own: ValidationDetail[] = [];
    if (constraints.length) {
      // One constraint per field (stopAtFirstError): the first rule, top-down, that it breaks.
      const [rule, message] = constraints[0];
      const key: ValidationMessageKey =
        rule === 'whitelistValidation' ? 'fieldUnknown' : isMessageKey(message) ? message : 'fieldInvalid';
      own.push({ field, key });
    }
    return [...own, ...validationDetails(e.children ?? [], field)];
  });
}

/** Whitelisting, refusing unknown fields, 400 VALIDATION_FAILED with details (contract §1). */
export function createValidationPipe(): ValidationPipe {
  checkRulesTopDown(); // for pipes of class-validator's own, such as ParseArrayPipe's, too
  return new TopDownValidationPipe({
    whitelist: true,
    stopAtFirstError: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    // Unknown fields last, so the message names a rule of a real field first.
    exceptionFactory: (errors) =>
      AppError.validation(
        validationDetails(errors).sort(
          (a, b) => Number(a.key === 'fieldUnknown') - Number(b.key === 'fieldUnknown'),
        ),
      ),
  });
}

/** The message keys of a DTO's constraints: a value is missing, or it is there but not acceptable. */
export const required = { message: 'fieldRequired' } as const satisfies { message: ValidationMessageKey };
export const invalid = { message: 'fieldInvalid' } as const satisfies { message: ValidationMessageKey };

/** A rule's message: a key of the shared catalogue, which the pipe reports and the client localizes. */
export const m = (key: ValidationMessageKey) => ({ message: key });
/** Trims a string field before its rules run. */
export const trim = Transform(({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value,
);
