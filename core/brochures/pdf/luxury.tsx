import { Page, Text, View } from '@react-pdf/renderer'
import { afterCaption, formatPreparedOn, stagedLabel } from './content.ts'
import { ContactLines, Logo, Notes, OriginalsLink, pageNumber, Photo, SmallPrint } from './parts.tsx'
import { PAGE, type Template } from './template.ts'

const spaced = (text: string) => text.toUpperCase()

/** Luxury: near-black pages, full-bleed photography, spaced capitals and the accent as gold. */
export const luxury: Template = {
	Cover({ content, theme }) {
		const hero = content.rooms[0]?.after
		return (
			<Page {...PAGE} style={{ fontFamily: theme.font, backgroundColor: theme.paper, color: '#ffffff' }}>
				{/* The photo sits in a box pinned to the page's edges: sized by the page, it never spills onto a second one. */}
				<View style={{ position: 'absolute', top: 0, left: 0, right: 0, bottom: 0 }}>
					{hero ? <Photo data={hero} label={stagedLabel(content, content.rooms[0])} /> : null}
				</View>
				<View
					style={{
						position: 'absolute',
						top: 0,
						left: 0,
						right: 0,
						bottom: 0,
						backgroundColor: '#000000',
						opacity: 0.5,
					}}
				/>
				<View style={{ flex: 1, padding: 48, justifyContent: 'space-between', alignItems: 'center' }}>
					{content.brand.logo ? (
						<View style={{ backgroundColor: '#ffffff', padding: 8 }}>
							<Logo logo={content.brand.logo} height={30} />
						</View>
					) : (
						<Text style={{ fontSize: 11, letterSpacing: 5 }}>{spaced(content.brand.companyName)}</Text>
					)}
					<View style={{ alignItems: 'center' }}>
						<View style={{ width: 80, height: 1, backgroundColor: theme.accent, marginBottom: 18 }} />
						<Text style={{ fontSize: 30, letterSpacing: 4, textAlign: 'center', lineHeight: 1.3 }}>
							{spaced(content.address)}
						</Text>
						<View style={{ width: 80, height: 1, backgroundColor: theme.accent, marginTop: 18 }} />
						<Text style={{ fontSize: 10, letterSpacing: 3, color: theme.accent, marginTop: 18 }}>
							{spaced(`A private presentation for ${content.buyerName}`)}
						</Text>
					</View>
					<Text style={{ fontSize: 9, letterSpacing: 3 }}>
						{spaced(`${content.styleLabel} · ${formatPreparedOn(content.preparedOn)}`)}
					</Text>
				</View>
			</Page>
		)
	},

	Room({ content, theme, room, index }) {
		return (
			<Page {...PAGE} style={{ fontFamily: theme.font, backgroundColor: theme.paper, color: theme.ink }}>
				<View style={{ flexDirection: 'row', flex: 1 }}>
					{[
						{ data: room.before, disclosure: null, label: 'Original photo' },
						{
							data: room.after,
							disclosure: stagedLabel(content, room),
							label: afterCaption(room, `After · ${room.styleLabel}`),
						},
					].map((photo, i) => (
						<View key={photo.label} style={{ flex: 1, marginLeft: i ? 3 : 0 }}>
							<Photo data={photo.data} label={photo.disclosure} />
							<Text
								// At the top: the label takes the staged photo's bottom-left corner.
								style={{ position: 'absolute', top: 14, left: 16, fontSize: 8, letterSpacing: 3, color: '#ffffff' }}
							>
								{spaced(photo.label)}
							</Text>
						</View>
					))}
				</View>
				<View
					style={{
						flexDirection: 'row',
						alignItems: 'center',
						justifyContent: 'space-between',
						paddingHorizontal: 36,
						height: 90,
					}}
				>
					<View style={{ flexDirection: 'row', alignItems: 'center' }}>
						<Text style={{ fontSize: 9, letterSpacing: 3, color: theme.accent, marginRight: 16 }}>
							{pageNumber(index)}
						</Text>
						<View>
							<Text style={{ fontSize: 18, letterSpacing: 3 }}>{spaced(room.name)}</Text>
							<Text style={{ fontSize: 8, letterSpacing: 3, color: theme.accent, marginTop: 3 }}>
								{spaced(room.styleLabel)}
							</Text>
						</View>
					</View>
					<View style={{ flexDirection: 'row', alignItems: 'center' }}>
						<Text style={{ fontSize: 8, letterSpacing: 2, color: theme.muted, marginRight: 20 }}>
							{spaced(content.brand.companyName)}
						</Text>
						<OriginalsLink room={room} color={theme.ink} align="right" />
					</View>
				</View>
			</Page>
		)
	},

	Closing({ content, theme }) {
		return (
			<Page
				{...PAGE}
				style={{
					fontFamily: theme.font,
					backgroundColor: theme.paper,
					color: theme.ink,
					padding: 60,
					alignItems: 'center',
					justifyContent: 'center',
				}}
			>
				<Text style={{ fontSize: 9, letterSpacing: 4, color: theme.accent }}>{spaced('With our compliments')}</Text>
				<Text style={{ fontSize: 28, letterSpacing: 3, textAlign: 'center', marginTop: 14 }}>
					{spaced(`Thank you, ${content.buyerName}`)}
				</Text>
				<Text style={{ fontSize: 11, color: theme.muted, textAlign: 'center', marginTop: 8 }}>
					for viewing {content.address}
				</Text>
				<View style={{ width: 80, height: 1, backgroundColor: theme.accent, marginVertical: 22 }} />
				<ContactLines brand={content.brand} color={theme.ink} linkColor={theme.accent} align="center" />
				<View style={{ width: 420 }}>
					<Notes notes={content.notes} color={theme.ink} label={theme.accent} align="center" />
				</View>
				{content.brand.logo ? (
					<View style={{ backgroundColor: '#ffffff', padding: 6, marginTop: 20 }}>
						<Logo logo={content.brand.logo} height={24} />
					</View>
				) : null}
				<View style={{ position: 'absolute', bottom: 36, left: 90, right: 90 }}>
					<SmallPrint content={content} color={theme.muted} align="center" />
				</View>
			</Page>
		)
	},
}
