import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ValidationMessage, type ValidationMessageKey } from '@think-tank/contracts';
import { AppError, type ValidationDetail } from './app-error';

function isMessageKey(message: string): message is ValidationMessageKey {
  return Object.prototype.hasOwnProperty.call(ValidationMessage, message);
}

/** Flattens class-validator errors to one detail per field: the first rule it breaks, as a message key. */
export function validationDetails(errors: ValidationError[], parent = ''): ValidationDetail[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const constraints = Object.entries(e.constraints ?? {});
    const own: ValidationDetail[] = [];
    if (constraints.length) {
      const [rule, message] = constraints[constraints.length - 1];
      const key: ValidationMessageKey =
        rule === 'whitelistValidation' ? 'fieldUnknown' : isMessageKey(message) ? message : 'fieldInvalid';
      own.push({ field, key });
    }
    return [...own, ...validationDetails(e.children ?? [], field)];
  });
}

/** Whitelisting, refusing unknown fields, 400 VALIDATION_FAILED with details (contract §1). */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
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
