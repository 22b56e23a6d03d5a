/**
 * The OpenAPI 3.1 document, generated from the endpoint table with zod's own JSON Schema output
 * (docs/decisions/0006-endpoint-table.md). Served at GET /api/openapi.json.
 */
import type { FastifyInstance } from 'fastify';
import { toJSONSchema } from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import { Header, toRoutePattern, type EndpointDef, type Schema } from '../../contracts/endpoint';
import { ErrorBodySchema } from '../../contracts/error-catalogue';
import { endpoints } from '../../contracts/endpoints';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: Schema, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

function parametersOf(schema: Schema, location: 'path' | 'query' | 'header'): JsonSchema[] {
  const json = toSchema(schema, 'input');
  const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

function operationOf(name: string, def: EndpointDef): JsonSchema {
  const hasBody = !safeParse(def.body, undefined).success;
  const parameters = [
    ...parametersOf(def.params, 'path'),
    ...parametersOf(def.query, 'query'),
    ...(def.headers ? parametersOf(def.headers, 'header') : []),
    ...(def.public || def.path === '/api/getAuthInfo' || def.file !== undefined
      ? []
      : [{ name: Header.SessionToken, in: 'header', required: true, schema: { type: 'string' } }]),
    ...(def.idempotent ? [{ name: Header.RequestKey, in: 'header', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' } }] : []),
  ];
  return {
    operationId: name,
    summary: def.summary,
    'x-retry': def.retry,
    'x-idempotent': def.idempotent === true,
    ...(def.public ? { security: [] } : {}),
    parameters,
    ...(hasBody ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(def.body, 'input') } } } } : {}),
    responses: {
      '200': {
        description: '成功',
        content:
          def.file === undefined
            ? { 'application/json': { schema: toSchema(def.response, 'output') } }
            : { [def.file.contentType]: { schema: { type: 'string', format: 'binary' } } },
      },
      '400': errorResponse('入力内容の誤り（A0400）'),
      ...(def.public ? {} : { '401': errorResponse('未ログイン・セッション切れ（A0401）'), '403': errorResponse('他のお客さまの情報（A0403）') }),
      ...(def.idempotent ? { '409': errorResponse('同じリクエストキーを処理中（A0409）'), '422': errorResponse('同じリクエストキーで異なる内容（A0422）') } : {}),
      '429': errorResponse('アクセス集中（W0010）'),
      '500': errorResponse('処理が正常に完了しなかった（errorCodeなし）'),
    },
  };
}

/** @param isServed whether the running server answers an entry; entries it does not answer are left out. */
export function buildOpenApiDocument(isServed: (def: EndpointDef) => boolean): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    if (!isServed(def)) continue;
    const entry = (paths[def.path] ??= {});
    entry[def.method.toLowerCase()] = operationOf(name, def);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'お客さまポータル API', version: '0.1.0' },
    paths,
    components: {
      schemas: { ErrorBody: toSchema(ErrorBodySchema, 'output') },
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'portal_sid' },
      },
    },
    security: [{ sessionCookie: [] }],
  };
}

export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: JsonSchema | undefined;
  app.get('/api/openapi.json', async (_request, reply) => {
    // Built on first use, when every plugin has registered its routes.
    document ??= buildOpenApiDocument((def) => app.hasRoute({ method: def.method, url: toRoutePattern(def.path) }));
    return reply.header('cache-control', 'no-cache').send(document);
  });
}
