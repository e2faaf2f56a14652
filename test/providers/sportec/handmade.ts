/*
 * A hand-made Sportec (DFL) match, written here, not copied from any feed: its match information
 * and its kick-off event, read by the bad-input tests and the metric-decisions test.
 */
/** Match information of a hand-made match: Home FC 1:0 Guest FC, one starter a side. */
export const META = `<PutDataRequest><MatchInformation>
<General MatchId="M-1" CompetitionName="Test League" CompetitionId="C-1" Season="2020/2021" SeasonId="S-1"
 KickoffTime="2020-09-01T18:00:00.000+02:00" HomeTeamId="T-H" GuestTeamId="T-G" Result="1:0"/>
<Teams>
<Team TeamId="T-H" TeamName="Home FC" Role="home"><Players><Player PersonId="P-1" Starting="true" PlayingPosition="TW"/></Players></Team>
<Team TeamId="T-G" TeamName="Guest FC" Role="guest"><Players><Player PersonId="P-2" Starting="true" PlayingPosition="STZ"/></Players></Team>
</Teams></MatchInformation></PutDataRequest>`;

/** The hand-made match's first-half kick-off: a pass by Home FC's keeper from the centre spot. */
export const KICK_OFF = `<Event MatchId="M-1" EventId="1" EventTime="2020-09-01T18:00:00.000+02:00" X-Position="52.50" Y-Position="34.00">
<KickOff GameSection="firstHalf" TeamLeft="T-H" TeamRight="T-G"><Play Team="T-H" Player="P-1" Evaluation="successful"><Pass/></Play></KickOff></Event>`;
