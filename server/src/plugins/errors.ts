import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { ApiError, type ErrorItem } from '../errors.ts';

/** Turns every failure into { errors: [...] }. A client can never cause a 5xx by what it sends:
 * validation errors name the parameter; anything unexpected is logged and answered with 500. */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send({ errors: [error.toItem()] });
    if (error.validation) {
      const errors: ErrorItem[] = error.validation.map((v) => {
        const where = error.validationContext ?? 'body';
        const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
        const extra = (v.params as { additionalProperty?: string } | undefined)?.additionalProperty;
        const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const parameter = [path, missing ?? extra].filter(Boolean).join('.') || where;
        const detail = extra ? `${parameter} is not allowed` : `${parameter} ${v.message ?? 'is invalid'}`;
        return { status: 400, title: 'Bad Request', detail, source: { parameter } };
      });
      return reply.status(400).send({ errors });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const detail = status === 500 ? 'Something went wrong on our side.' : error.message;
    return reply.status(status).send({ errors: [{ status, title: status === 500 ? 'Internal Server Error' : 'Bad Request', detail }] });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ errors: [{ status: 404, title: 'Not Found', detail: `No route ${request.method} ${request.url.split('?')[0]}` }] });
  });
}, { name: 'errors' });
