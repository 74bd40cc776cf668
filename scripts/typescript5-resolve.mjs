// The resolve half of scripts/typescript5-hook.mjs (hooks run in their own thread, so they live in
// a module of their own): 'typescript' imported from inside openapi-typescript → 'typescript5'.
export async function resolve(specifier, context, next) {
  if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/openapi-typescript/')) {
    return next('typescript5', context);
  }
  return next(specifier, context);
}
