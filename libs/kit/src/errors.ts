/** AppError is the one error type that crosses module boundaries; the gateway renders it as the error envelope. */
export interface FieldError {
  field: string;
  message: string;
  code: string;
}

export interface AppErrorInit {
  code: string;
  status: number;
  message: string;
  errors?: FieldError[];
  suggestion?: string;
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly suggestion?: string;
  readonly details?: Record<string, unknown>;

  constructor(init: AppErrorInit) {
    super(init.message);
    this.name = 'AppError';
    this.code = init.code;
    this.status = init.status;
    this.errors = init.errors;
    this.suggestion = init.suggestion;
    this.details = init.details;
  }

  toJSON(): AppErrorInit {
    return { code: this.code, status: this.status, message: this.message, errors: this.errors, suggestion: this.suggestion, details: this.details };
  }
}

export const badRequest = (message: string, suggestion?: string) => new AppError({ code: 'BAD_REQUEST', status: 400, message, suggestion });

export const validationError = (errors: FieldError[], suggestion?: string) =>
  new AppError({
    code: 'VALIDATION_ERROR',
    status: 422,
    message: errors.length === 1 ? `Invalid ${errors[0].field}: ${errors[0].message}` : 'Request validation failed',
    errors,
    suggestion: suggestion ?? 'Fix the fields listed in errors and send the request again.',
  });

export const notFound = (resource: string, code = 'NOT_FOUND') =>
  new AppError({ code, status: 404, message: `${resource} not found`, suggestion: `Check the ${resource.toLowerCase()} id; it must belong to this project.` });

export const conflict = (message: string, suggestion?: string) => new AppError({ code: 'CONFLICT', status: 409, message, suggestion });

export const forbidden = (message: string, code = 'FORBIDDEN', suggestion?: string) => new AppError({ code, status: 403, message, suggestion });

export const unauthorized = (message: string, code = 'UNAUTHORIZED', suggestion?: string) => new AppError({ code, status: 401, message, suggestion });

export const unavailable = (message: string) =>
  new AppError({ code: 'SERVICE_UNAVAILABLE', status: 503, message, suggestion: 'A Herald service is not reachable; retry shortly.' });

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

/** An AppError as the gRPC message `herald.common.v1.Error` carries it (a batch item's `error`). */
export interface ErrorMessage {
  code: string;
  status: number;
  message: string;
  errors: FieldError[];
  suggestion?: string;
  /** Free-form details as JSON; empty: none. */
  details_json: string;
}

/** An item's error inside a batch reply: the AppError itself, anything else as a 500. */
export function errorMessageOf(err: unknown): ErrorMessage {
  if (!isAppError(err)) return { code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'Internal server error', errors: [], details_json: '' };
  return {
    code: err.code,
    status: err.status,
    message: err.message,
    errors: err.errors ?? [],
    ...(err.suggestion !== undefined ? { suggestion: err.suggestion } : {}),
    details_json: err.details ? JSON.stringify(err.details) : '',
  };
}

/** The AppError of a batch reply's `error`; a missing one (no result, no error) is a 500. */
export function errorFromMessage(m: ErrorMessage | null | undefined): AppError {
  if (!m) return new AppError({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: 'The service returned no result for this item' });
  return new AppError({
    code: m.code,
    status: m.status,
    message: m.message,
    ...(m.errors.length ? { errors: m.errors.map((e) => ({ field: e.field, message: e.message, code: e.code })) } : {}),
    ...(m.suggestion != null ? { suggestion: m.suggestion } : {}),
    ...(m.details_json ? { details: JSON.parse(m.details_json) } : {}),
  });
}
