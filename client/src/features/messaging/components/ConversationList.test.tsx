import { setUpDom } from '../../../../test/dom'
import { expect, test } from 'bun:test'
import { renderPage } from '../../../../test/render'
import { loadAllCatalogs } from '../../../lib/i18n'
import type { Conversation } from '../api/messaging'
import { ConversationList } from './ConversationList'

setUpDom()

const CONVERSATION = {
  id: 'c-1',
  referral_id: 'ref-1',
  referral_label: 'J. D.',
  referral_status: 'pending',
  counterpart_name: 'Sunrise Care',
  my_role: 'referrer',
  unread_count: 2,
  last_message_at: new Date(2026, 11, 7, 15, 5).toISOString(),
  last_message_preview: null,
} as unknown as Conversation

test('the conversation list reads in the language being read: English as the specification writes it, Spanish for families', async () => {
  const en = renderPage(<ConversationList conversations={[CONVERSATION]} selectedId={null} onSelect={() => {}} />)
  expect(await en.page.findByRole('list', { name: 'Conversations' })).toBeTruthy()
  expect(en.page.getByText('Referral: J. D.')).toBeTruthy()
  expect(en.page.getByText('No messages yet')).toBeTruthy()
  expect(en.page.getByLabelText('2 unread')).toBeTruthy()
  en.unmount()
  // The server loads every catalog of a language before it renders; so does this test.
  await loadAllCatalogs('es')
  const es = renderPage(<ConversationList conversations={[CONVERSATION]} selectedId={null} onSelect={() => {}} />, { locale: 'es' })
  expect(await es.page.findByRole('list', { name: 'Conversaciones' })).toBeTruthy()
  expect(es.page.getByText('Referencia: J. D.')).toBeTruthy()
  expect(es.page.getByText('Todavía no hay mensajes')).toBeTruthy()
  expect(es.page.getByLabelText('2 sin leer')).toBeTruthy()
  expect(es.page.getByText('7 de dic, 15:05')).toBeTruthy()
  es.unmount()
})
