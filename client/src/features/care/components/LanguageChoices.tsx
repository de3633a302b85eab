import type { UseFormRegisterReturn } from 'react-hook-form'
import { SPOKEN_LANGUAGES } from '@server/features/care/care-extras.constants'
import { useSay, useT } from '../../../lib/i18n'
import { useLanguageNames } from '../lib/language-names'
import { ChoiceCheckboxes } from './ChoiceCheckboxes'

/**
 * "Languages spoken" on the Add/Edit Property form: one native checkbox per
 * language of SPOKEN_LANGUAGES inside a fieldset with its legend (ChoiceCheckboxes),
 * so it is reached with Tab, toggled with Space and announced as a group. The
 * names are in the reader's language; a server message (an unknown code) is said in it too.
 */
export function LanguageChoices({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  const t = useT('care')
  const say = useSay()
  const names = useLanguageNames()
  return (
    <ChoiceCheckboxes
      legend={t('care.languages.spoken')}
      hint={t('care.languages.hint')}
      values={SPOKEN_LANGUAGES}
      labels={names}
      register={register}
      error={say(error)}
    />
  )
}
