// The names people read for a resource's specification type (the stored codes are oas2, oas3…).
// Proper names, the same in every locale; an unknown code shows as it is.
const NAMES: Record<string, string> = {
  oas2: 'OpenAPI 2.0', oas3: 'OpenAPI 3.0', 'oas3.1': 'OpenAPI 3.1', asyncapi: 'AsyncAPI', graphql: 'GraphQL', wsdl: 'WSDL', protobuf: 'Protobuf',
};

export function resourceTypeName(type: string | null | undefined): string {
  return type ? (NAMES[type] ?? type) : '';
}
