// An MCP server over Streamable HTTP whose tool arguments are verified by formgate from
// the raw request bytes, before the MCP SDK parses anything.
//
//   node examples/mcp-server.js           # listens on 127.0.0.1:8080/mcp (PORT, HOST)
//
// How: POST /mcp is gated by formgate/express with one form over the whole JSON-RPC
// body. It admits any JSON-RPC message object, and when the method is "tools/call" it
// also requires the call to name this server's tool and its `arguments` to conform to
// the tool's schema (additionalProperties false, exact numbers, no duplicate names at
// any depth, as formgate reads bytes). The verified value, never re-parsed, is handed to
// the SDK as the parsed body (`transport.handleRequest(req, res, body)`), so the SDK's
// own JSON.parse never runs. A refused body is answered with an RFC 9457 problem (400
// not strict JSON, 422 not admitted, 413 too large, 415 not JSON) and the tool never
// runs. JSON-RPC batches (arrays) are refused: MCP no longer has them (2025-06-18).
//
// The tool's `inputSchema` in tools/list is the published form of the same schema, so
// what the client is told is what the server enforces. The low-level `Server` of the
// SDK is used for that reason: `McpServer.registerTool` takes a zod schema and would
// publish its own rendering of it.
//
// Stateless: a new server and transport for each request, as the SDK's stateless mode
// wants; JSON responses rather than SSE streams.
'use strict';

const express = require('express');
const { Form } = require('formgate');
const { formgate } = require('formgate/express');
const { Server } = require('@modelcontextprotocol/sdk/server/index.js');
const { StreamableHTTPServerTransport } = require('@modelcontextprotocol/sdk/server/streamableHttp.js');
const { CallToolRequestSchema, ListToolsRequestSchema } = require('@modelcontextprotocol/sdk/types.js');

/** The tool's name. */
const TOOL = 'forecast';

/** The schema of the tool's arguments. */
const ARGUMENTS = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, maxLength: 80 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    units: { enum: ['metric', 'imperial'] },
  },
  required: ['city', 'days'],
  additionalProperties: false,
};

/**
 * The form of a whole POST body: a JSON-RPC message; a tools/call must call TOOL with
 * arguments that conform to ARGUMENTS. An `anyOf` rather than `if`/`then`, its
 * tools/call branch last: formgate names the last branch's failure, so a refusal points
 * at the offending argument (`/params/arguments/admin`, `additionalProperties`) rather
 * than at the whole body.
 */
const ENVELOPE = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $defs: { arguments: ARGUMENTS },
  type: 'object',
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string' },
  },
  required: ['jsonrpc'],
  anyOf: [
    { properties: { method: { not: { const: 'tools/call' } } } },
    {
      properties: {
        method: { const: 'tools/call' },
        params: {
          type: 'object',
          properties: {
            name: { const: TOOL },
            arguments: { $ref: '#/$defs/arguments' },
            _meta: { type: 'object' },
          },
          required: ['name', 'arguments'],
          additionalProperties: false,
        },
      },
      required: ['method', 'id', 'params'],
    },
  ],
};

/**
 * The tool itself: a made-up forecast, from verified arguments only.
 * @param {{city: string, days: number, units?: string}} args
 * @returns {string}
 */
function forecast(args) {
  const units = args.units ?? 'metric';
  const degree = units === 'metric' ? '°C' : '°F';
  const base = units === 'metric' ? 18 : 64;
  const days = Array.from({ length: args.days }, (_, i) => `day ${i + 1}: ${base + (i % 3)}${degree}`);
  return `Forecast for ${args.city}: ${days.join(', ')}`;
}

/**
 * An MCP server with the one tool; a new one serves each request (stateless).
 * @param {(args: object) => void} onCall told of each call that runs the tool
 * @param {object} inputSchema the published schema of the arguments
 * @returns {Server}
 */
function mcpServer(onCall, inputSchema) {
  const server = new Server({ name: 'formgate-forecast', version: '0.1.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: TOOL, description: 'A weather forecast for a city, 1 to 7 days.', inputSchema }],
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    // formgate admitted the whole body: the name is TOOL and the arguments conform.
    const args = request.params.arguments;
    onCall(args);
    return { content: [{ type: 'text', text: forecast(args) }] };
  });
  return server;
}

/**
 * The MCP server's Express app: POST /mcp; GET and DELETE /mcp are 405 (stateless, no
 * streams to resume, no sessions to end).
 * @param {object} [options]
 * @param {(args: object) => void} [options.onCall] told of each tool run
 * @param {(line: string) => void} [options.log] where refusals are logged (default stderr)
 * @returns {import('express').Express}
 */
function createApp(options = {}) {
  const { onCall = () => {}, log = (line) => process.stderr.write(`${line}\n`) } = options;
  const envelope = new Form(JSON.stringify(ENVELOPE), { maxBytes: 64 * 1024 });
  const inputSchema = JSON.parse(new Form(JSON.stringify(ARGUMENTS)).schemaJson);
  const app = express();
  app.disable('x-powered-by');
  app.post(
    '/mcp',
    formgate(envelope, {
      mode: 'problem',
      // Plain numbers: the SDK's own checks (zod) expect JSON.parse's values.
      into: { numbers: 'number' },
      onRejection: (rejection) => log(`mcp verdict=reject ${JSON.stringify(rejection.toJSON())}`),
    }),
    async (req, res, next) => {
      const server = mcpServer(onCall, inputSchema);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        transport.close();
        server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req, res, req.body);
      } catch (e) {
        next(e);
      }
    },
  );
  const notAllowed = (req, res) => {
    res.status(405).set('allow', 'POST').json({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this server is stateless, POST only.' },
      id: null,
    });
  };
  app.get('/mcp', notAllowed);
  app.delete('/mcp', notAllowed);
  return app;
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = createApp().listen(port, host, () => {
    const { address: at, port: bound } = server.address();
    console.log(`mcp-server: listening on http://${at}:${bound}/mcp`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = { createApp, ARGUMENTS, ENVELOPE, TOOL };
