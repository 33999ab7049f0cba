import { settingLabel } from '#core/brochures/labels.ts'
import { roomTypeLabel, styleLabel } from '#core/studio/labels.ts'
import { AREAS, LIGHTING_PREFERENCES, PREFERENCE_STYLES, QUALITY_LEVELS } from '#core/preferences/preferences.schema.ts'

/** The select options of the preference forms, labelled for people. */
export const styleOptions = PREFERENCE_STYLES.map((value) => ({ value, label: styleLabel(value) }))
export const areaOptions = AREAS.map((value) => ({ value, label: roomTypeLabel(value) }))
export const qualityOptions = QUALITY_LEVELS.map((value) => ({ value, label: settingLabel(value) }))
export const lightingOptions = LIGHTING_PREFERENCES.map((value) => ({ value, label: settingLabel(value) }))
