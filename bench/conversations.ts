/**
 * Bench data: referrer/operator pairs, each with a referral the referrer
 * invited the operator to and their conversation, written straight through
 * the services' database in one unit of work (bench/sse.ts, bench/writes.ts).
 * Call with the benchmark's environment already in process.env (DATA_DIR,
 * DATABASE_URL): it boots the database, writes, and closes it.
 */
export type Account = { id: string; cookie: string }
export type Pair = { referrer: Account; operator: Account; conversationId: string }

export async function createPairs(names: readonly string[]): Promise<Pair[]> {
  const { boot } = await import('../server/boot')
  const { closeDatabase } = await import('../server/db/client')
  const { transaction } = await import('../server/db/unit-of-work')
  const schema = await import('../server/db/schema')
  const { createSession, SESSION_COOKIE } = await import('../server/features/auth/session')
  const { openConversation } = await import('../server/features/messaging/open-conversation')
  const { database } = await boot()
  const hash = await Bun.password.hash('bench-password', { algorithm: 'argon2id' })

  type Tx = import('../server/db/client').Tx
  const account = async (tx: Tx, n: string, role: 'referrer' | 'operator'): Promise<Account> => {
    const email = `bench-${role}-${n}@homeward.test`
    const [user] = await tx.insert(schema.users).values({ email, password_hash: hash, email_verified_at: new Date() }).returning({ id: schema.users.id })
    await tx.insert(schema.profiles).values({ id: user!.id, email, first_name: 'Bench', last_name: `${role} ${n}` })
    await tx.insert(schema.user_roles).values({ user_id: user!.id, role })
    await tx.insert(schema.operator_subscriptions).values({ user_id: user!.id })
    const { token } = await createSession(tx, { userId: user!.id, isAdmin: false })
    return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` }
  }
  const pairOf = async (tx: Tx, n: string): Promise<Pair> => {
    const referrer = await account(tx, n, 'referrer')
    const operator = await account(tx, n, 'operator')
    const [referral] = await tx
      .insert(schema.referrals)
      .values({
        referrer_user_id: referrer.id,
        referrer_name: 'Bench Referrer',
        referrer_relationship: 'case-manager',
        referrer_email: `bench-referrer-${n}@homeward.test`,
        referrer_phone: '(555) 010-0100',
        client_first_name: 'Client',
        client_last_name: n,
        client_dob: '1950-01-01',
        client_gender: 'female',
        preferred_state: 'TX',
        budget_range: '$3,000-$4,000',
      })
      .returning({ id: schema.referrals.id })
    await tx.insert(schema.invitations).values({ referral_id: referral!.id, operator_id: operator.id, invited_by: referrer.id })
    const conversation = await openConversation(tx, { referral_id: referral!.id, operator_id: operator.id, opened_by: 'invitation' })
    return { referrer, operator, conversationId: conversation.id }
  }

  const pairs = await transaction(database, async (tx) => {
    const out: Pair[] = []
    for (const n of names) out.push(await pairOf(tx, n))
    return out
  })
  await closeDatabase()
  return pairs
}
