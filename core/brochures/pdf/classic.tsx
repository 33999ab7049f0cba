import { Page, Text, View } from '@react-pdf/renderer'
import { afterCaption, formatPreparedOn, stagedLabel } from './content.ts'
import { ContactLines, Logo, Notes, OriginalsLink, Photo, SmallPrint } from './parts.tsx'
import { PAGE, type Template } from './template.ts'
import type { Theme } from './theme.ts'

/** A double rule around the page, in the primary colour: the classic template's frame. */
function Frame({ theme }: { theme: Theme }) {
	return (
		<>
			<View
				fixed
				style={{
					position: 'absolute',
					top: 16,
					left: 16,
					right: 16,
					bottom: 16,
					borderWidth: 1.5,
					borderColor: theme.primary,
				}}
			/>
			<View
				fixed
				style={{
					position: 'absolute',
					top: 21,
					left: 21,
					right: 21,
					bottom: 21,
					borderWidth: 0.5,
					borderColor: theme.primary,
				}}
			/>
		</>
	)
}

function Rule({ theme, width = 70 }: { theme: Theme; width?: number }) {
	return (
		<View style={{ flexDirection: 'row', alignItems: 'center', justifyContent: 'center', marginVertical: 10 }}>
			<View style={{ width, height: 0.75, backgroundColor: theme.primary }} />
			<View
				style={{
					width: 6,
					height: 6,
					backgroundColor: theme.accentOnPaper,
					marginHorizontal: 8,
					transform: 'rotate(45deg)',
				}}
			/>
			<View style={{ width, height: 0.75, backgroundColor: theme.primary }} />
		</View>
	)
}

/** Classic: ivory paper, a framed page, centred lines with a diamond rule, captions in italics. */
export const classic: Template = {
	Cover({ content, theme }) {
		const hero = content.rooms[0]?.after
		return (
			<Page
				{...PAGE}
				style={{
					fontFamily: theme.font,
					backgroundColor: theme.paper,
					color: theme.ink,
					padding: 44,
					alignItems: 'center',
				}}
			>
				<Frame theme={theme} />
				{content.brand.logo ? <Logo logo={content.brand.logo} height={36} style={{ marginBottom: 6 }} /> : null}
				<Text style={{ fontSize: 10, letterSpacing: 3, color: theme.primary }}>
					{content.brand.companyName.toUpperCase()}
				</Text>
				<View style={{ flexDirection: 'row', flex: 1, marginTop: 18, width: '100%' }}>
					<View style={{ flex: 1.15, borderWidth: 1, borderColor: theme.primary, padding: 5 }}>
						{hero ? <Photo data={hero} label={stagedLabel(content, content.rooms[0])} /> : null}
					</View>
					<View style={{ flex: 1, paddingLeft: 30, justifyContent: 'center', alignItems: 'center' }}>
						<Text style={{ fontSize: 11, fontStyle: 'italic', color: theme.muted }}>A keepsake of your viewing</Text>
						<Rule theme={theme} width={40} />
						<Text style={{ fontSize: 24, textAlign: 'center', lineHeight: 1.3 }}>{content.address}</Text>
						<Rule theme={theme} width={40} />
						<Text style={{ fontSize: 13, fontStyle: 'italic', textAlign: 'center' }}>
							Prepared for {content.buyerName}
						</Text>
						<Text style={{ fontSize: 10, color: theme.muted, marginTop: 8 }}>
							{content.styleLabel} style · {formatPreparedOn(content.preparedOn)}
						</Text>
					</View>
				</View>
			</Page>
		)
	},

	Room({ content, theme, room }) {
		return (
			<Page
				{...PAGE}
				style={{
					fontFamily: theme.font,
					backgroundColor: theme.paper,
					color: theme.ink,
					paddingVertical: 40,
					paddingHorizontal: 48,
				}}
			>
				<Frame theme={theme} />
				<Text style={{ fontSize: 22, textAlign: 'center' }}>{room.name}</Text>
				<Text style={{ fontSize: 11, fontStyle: 'italic', textAlign: 'center', color: theme.muted, marginTop: 4 }}>
					Styled in {room.styleLabel}
				</Text>
				<Rule theme={theme} />
				<View style={{ flexDirection: 'row', flex: 1 }}>
					{[
						{ data: room.before, disclosure: null, caption: 'The original photo, as viewed' },
						{
							data: room.after,
							disclosure: stagedLabel(content, room),
							caption: afterCaption(room, `Staged in ${room.styleLabel}`),
						},
					].map((photo, i) => (
						<View key={photo.caption} style={{ flex: 1, marginLeft: i ? 20 : 0 }}>
							<View style={{ flex: 1, borderWidth: 1, borderColor: theme.primary, padding: 4 }}>
								<Photo data={photo.data} label={photo.disclosure} />
							</View>
							<Text style={{ fontSize: 10, fontStyle: 'italic', textAlign: 'center', marginTop: 6 }}>
								{photo.caption}
							</Text>
						</View>
					))}
				</View>
				<View style={{ flexDirection: 'row', alignItems: 'center', justifyContent: 'center', marginTop: 8 }}>
					<OriginalsLink room={room} color={theme.ink} style={{ marginRight: 24 }} />
					<Text style={{ fontSize: 8, textAlign: 'center', color: theme.muted, letterSpacing: 1 }}>
						{content.brand.companyName} · {content.address}
					</Text>
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
					padding: 56,
					alignItems: 'center',
					justifyContent: 'center',
				}}
			>
				<Frame theme={theme} />
				{content.brand.logo ? <Logo logo={content.brand.logo} height={40} style={{ marginBottom: 10 }} /> : null}
				<Text style={{ fontSize: 26, textAlign: 'center' }}>With thanks, {content.buyerName}</Text>
				<Text style={{ fontSize: 12, fontStyle: 'italic', textAlign: 'center', color: theme.muted, marginTop: 6 }}>
					for viewing {content.address}
				</Text>
				<Rule theme={theme} />
				<ContactLines brand={content.brand} color={theme.ink} linkColor={theme.primary} align="center" />
				<View style={{ width: 420 }}>
					<Notes notes={content.notes} color={theme.ink} label={theme.muted} align="center" />
				</View>
				<View style={{ position: 'absolute', bottom: 40, left: 80, right: 80 }}>
					<SmallPrint content={content} color={theme.muted} align="center" />
				</View>
			</Page>
		)
	},
}
