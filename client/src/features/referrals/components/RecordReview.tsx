import { Suspense, useId } from 'react'
import { useT } from '../../../lib/i18n'
import type { HealthRecordImport as ImportResult } from '../api/import-health-record'

type Props = { result: ImportResult; includeRaceEthnicity: boolean; onIncludeRaceEthnicity: (include: boolean) => void }

/**
 * After a health record filled the form (a file or an EHR launch): the
 * record's race and ethnicity, offered but not filled unless the referrer
 * includes them, and who sees the referral's details, before and after a home
 * unlocks it (the masking of marketplace/referral-view.ts: the masked card's
 * allow-list, and the full record once unlocked or invited).
 */
export function RecordReview(props: Props) {
  // Its own boundary: the catalog loads the first time a record is read, without hiding the form meanwhile.
  return (
    <Suspense fallback={null}>
      <Review {...props} />
    </Suspense>
  )
}

function Review({ result, includeRaceEthnicity, onIncludeRaceEthnicity }: Props) {
  const t = useT('referrals')
  const id = useId()
  // A launch's draft kept from before race and ethnicity were set apart has none to offer.
  const { client_race: race, client_ethnicity: ethnicity } = result.race_ethnicity ?? {}
  return (
    <div className="space-y-3" data-testid="record-review">
      {(race || ethnicity) && (
        <fieldset className="space-y-2 rounded-md border border-slate-200 bg-white p-3 text-sm" aria-describedby={`${id}-found`}>
          <legend className="px-1 font-medium text-slate-900">{t('import.raceEthnicity.title')}</legend>
          <p id={`${id}-found`} className="text-slate-700">
            {t('import.raceEthnicity.found')}
          </p>
          <ul className="list-disc pl-5 text-slate-700">
            {race && <li>{t('import.raceEthnicity.race', { value: race })}</li>}
            {ethnicity && <li>{t('import.raceEthnicity.ethnicity', { value: ethnicity })}</li>}
          </ul>
          <label className="flex items-start gap-2 text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-brand-700"
              checked={includeRaceEthnicity}
              onChange={(e) => onIncludeRaceEthnicity(e.target.checked)}
            />
            <span>{t('import.raceEthnicity.include')}</span>
          </label>
        </fieldset>
      )}
      <section aria-labelledby={`${id}-visibility`} className="space-y-1 rounded-md border border-slate-200 bg-white p-3 text-sm text-slate-700">
        <h3 id={`${id}-visibility`} className="font-medium text-slate-900">
          {t('import.visibility.title')}
        </h3>
        <p>{t('import.visibility.before')}</p>
        <p>{t('import.visibility.after')}</p>
      </section>
    </div>
  )
}
