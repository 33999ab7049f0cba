import { Page, Text, View } from '@react-pdf/renderer'
import { afterCaption, formatPreparedOn, stagedLabel } from './content.ts'
import { ContactLines, Logo, Notes, OriginalsLink, pageNumber, Photo, SmallPrint } from './parts.tsx'
import { PAGE, type Template } from './template.ts'

/** Modern: a photo beside a solid block of the primary colour, bold type, accent chips. */
export const modern: Template = {
	Cover({ content, theme }) {
		const hero = content.rooms[0]?.after
		return (
			<Page {...PAGE} style={{ fontFamily: theme.font, flexDirection: 'row', backgroundColor: theme.primary }}>
				<View style={{ width: '58%', height: '100%', backgroundColor: theme.accent }}>
					{hero ? <Photo data={hero} label={stagedLabel(content, content.rooms[0])} /> : null}
				</View>
				<View style={{ flex: 1, padding: 36, justifyContent: 'space-between', color: theme.onPrimary }}>
					<View style={{ flexDirection: 'row', alignItems: 'center' }}>
						{content.brand.logo ? (
							<View style={{ backgroundColor: '#ffffff', borderRadius: 6, padding: 8 }}>
								<Logo logo={content.brand.logo} height={34} />
							</View>
						) : (
							<Text style={{ fontSize: 14, fontWeight: 700 }}>{content.brand.companyName}</Text>
						)}
					</View>
					<View>
						<View style={{ width: 44, height: 5, backgroundColor: theme.accent, marginBottom: 16 }} />
						<Text style={{ fontSize: 9, letterSpacing: 2, marginBottom: 10 }}>POST-VIEWING BROCHURE</Text>
						<Text style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.2, marginBottom: 18 }}>{content.address}</Text>
						<Text style={{ fontSize: 13, marginBottom: 4 }}>Prepared for {content.buyerName}</Text>
						<Text style={{ fontSize: 11, opacity: 0.8 }}>Styled in {content.styleLabel}</Text>
					</View>
					<View>
						<Text style={{ fontSize: 11, fontWeight: 700 }}>{content.brand.companyName}</Text>
						<Text style={{ fontSize: 9, opacity: 0.8, marginTop: 3 }}>{formatPreparedOn(content.preparedOn)}</Text>
					</View>
				</View>
			</Page>
		)
	},

	Room({ content, theme, room, index }) {
		return (
			<Page {...PAGE} style={{ fontFamily: theme.font, backgroundColor: theme.paper, color: theme.ink, padding: 32 }}>
				<View
					style={{ flexDirection: 'row', justifyContent: 'space-between', alignItems: 'flex-end', marginBottom: 16 }}
				>
					<View style={{ flexDirection: 'row', alignItems: 'flex-end' }}>
						<Text style={{ fontSize: 26, fontWeight: 700, color: theme.accentOnPaper, marginRight: 12 }}>
							{pageNumber(index)}
						</Text>
						<Text style={{ fontSize: 22, fontWeight: 700 }}>{room.name}</Text>
					</View>
					<Text
						style={{
							fontSize: 10,
							fontWeight: 700,
							color: theme.onAccent,
							backgroundColor: theme.accent,
							paddingVertical: 5,
							paddingHorizontal: 12,
							borderRadius: 12,
						}}
					>
						{room.styleLabel}
					</Text>
				</View>
				<View style={{ flexDirection: 'row', flex: 1 }}>
					{[
						{ data: room.before, disclosure: null, label: 'ORIGINAL PHOTO', colour: '#1b1b1f', text: '#ffffff' },
						{
							data: room.after,
							disclosure: stagedLabel(content, room),
							label: afterCaption(room, `AFTER · ${room.styleLabel}`).toUpperCase(),
							colour: theme.accent,
							text: theme.onAccent,
						},
					].map((photo, i) => (
						<View key={photo.label} style={{ flex: 1, marginLeft: i ? 12 : 0, borderRadius: 8, overflow: 'hidden' }}>
							<Photo data={photo.data} label={photo.disclosure} />
							<Text
								style={{
									position: 'absolute',
									top: 12,
									left: 12,
									fontSize: 8,
									fontWeight: 700,
									letterSpacing: 1,
									color: photo.text,
									backgroundColor: photo.colour,
									paddingVertical: 4,
									paddingHorizontal: 8,
									borderRadius: 4,
								}}
							>
								{photo.label}
							</Text>
						</View>
					))}
				</View>
				<View
					style={{
						flexDirection: 'row',
						justifyContent: 'space-between',
						alignItems: 'center',
						marginTop: 14,
						paddingTop: 8,
						borderTopWidth: 2,
						borderTopColor: theme.primary,
						fontSize: 8,
						color: theme.muted,
					}}
				>
					{/* A third of the line each: a long address or name wraps within its third. */}
					<Text style={{ flex: 1 }}>{content.brand.companyName}</Text>
					<Text style={{ flex: 1, textAlign: 'center', marginHorizontal: 8 }}>{content.address}</Text>
					<Text style={{ flex: 1, textAlign: 'right' }}>Prepared for {content.buyerName}</Text>
					{/* Under the staged photo, right: where its original is online. */}
					<OriginalsLink room={room} color={theme.ink} align="right" style={{ marginLeft: 12 }} />
				</View>
			</Page>
		)
	},

	Closing({ content, theme }) {
		return (
			<Page
				{...PAGE}
				style={{ fontFamily: theme.font, flexDirection: 'row', backgroundColor: theme.paper, color: theme.ink }}
			>
				<View
					style={{
						width: '42%',
						backgroundColor: theme.primary,
						padding: 40,
						justifyContent: 'space-between',
						color: theme.onPrimary,
					}}
				>
					<View>
						<View style={{ width: 44, height: 5, backgroundColor: theme.accent, marginBottom: 16 }} />
						<Text style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>Thank you, {content.buyerName}</Text>
						<Text style={{ fontSize: 12, marginTop: 12, lineHeight: 1.5 }}>
							for viewing {content.address}. We hope these rooms help you picture life here.
						</Text>
					</View>
					{content.brand.logo ? (
						<View style={{ backgroundColor: '#ffffff', borderRadius: 6, padding: 8, alignSelf: 'flex-start' }}>
							<Logo logo={content.brand.logo} height={30} />
						</View>
					) : null}
				</View>
				<View style={{ flex: 1, padding: 48, justifyContent: 'space-between' }}>
					<View>
						<Text style={{ fontSize: 9, letterSpacing: 2, color: theme.accentOnPaper, marginBottom: 14 }}>
							YOUR AGENT
						</Text>
						<ContactLines brand={content.brand} color={theme.ink} linkColor={theme.accentOnPaper} />
						<Notes notes={content.notes} color={theme.ink} label={theme.muted} />
					</View>
					<SmallPrint content={content} color={theme.muted} />
				</View>
			</Page>
		)
	},
}
