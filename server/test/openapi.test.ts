import { describe, expect, test } from 'bun:test'
import { ERROR_CODES } from '../errors'
import { anonymous, setupTestDb } from './setup'

setupTestDb()

type Operation = { responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }> }
type Spec = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, any>; responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }
}

const spec = async () => (await anonymous().get('/api/openapi.json')).json as Spec
const operations = (s: Spec) =>
  Object.entries(s.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })))

/** The published contract describes the errors the API really sends (issue 18). */
describe('the OpenAPI document', () => {
  test('describes the one error shape, with the closed list of codes', async () => {
    const s = await spec()
    const error = s.components.schemas.Error
    expect(error.properties.error.required).toEqual(['code', 'message'])
    expect(error.properties.error.properties.code.enum).toEqual([...ERROR_CODES])
    for (const response of Object.values(s.components.responses)) {
      expect(response.content['application/json']!.schema.$ref).toBe('#/components/schemas/Error')
    }
  })

  test('every operation references its error responses, and none carries the validator library’s 400 shape', async () => {
    const s = await spec()
    const withoutErrors: string[] = []
    const foreign: string[] = []
    for (const { name, op } of operations(s)) {
      const errors = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) >= 400)
      if (errors.length === 0) withoutErrors.push(name)
      for (const [status, response] of errors) {
        if (!response.$ref?.startsWith('#/components/responses/')) foreign.push(`${name} ${status}`)
      }
    }
    expect(withoutErrors).toEqual([])
    expect(foreign).toEqual([])
    expect(JSON.stringify(s)).not.toContain('"success"')
  })
})
