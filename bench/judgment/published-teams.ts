/**
 * Published teams of the season and players of the year of the four Wyscout 2017/18 leagues: the
 * football facts `npm run bench:judgment` and the Best XI tests hold the engine's judgments against
 * (docs/methodology/bestxi.md#measured-against-published-teams). Names as the sources spell them;
 * each is resolved in the dataset by name, so a player missing from it counts as no match.
 */

/** One league's published facts; `team` null when no published team could be verified. */
export interface PublishedSeason {
  /** The player of the year (an outfield player in all four leagues). */
  playerOfYear: string;
  playerOfYearSource: string;
  /** The published team of the season, or the part of it the source shows; null when not verified. */
  team: readonly string[] | null;
  teamSource: string;
}

export const PUBLISHED: Record<'pl' | 'laliga' | 'bundesliga' | 'ligue1', PublishedSeason> = {
  pl: {
    playerOfYear: 'Mohamed Salah',
    playerOfYearSource: 'PFA Players’ Player of the Year 2017/18 (PFA awards, April 2018)',
    // PFA Premier League Team of the Year 2017/18, as announced by @PFA on 18 April 2018:
    // http://www.offthepost.info/blog/2018/04/5-man-city-players-3-spurs-players-marcos-alonso-david-de-gea-mo-salah-make-pfa-team-year/
    team: [
      'David de Gea',
      'Kyle Walker',
      'Nicolás Otamendi',
      'Jan Vertonghen',
      'Marcos Alonso',
      'Kevin De Bruyne',
      'David Silva',
      'Christian Eriksen',
      'Mohamed Salah',
      'Harry Kane',
      'Sergio Agüero',
    ],
    teamSource:
      'PFA Team of the Year 2017/18, offthepost.info "5 Man City players, 3 Spurs players … make PFA team of the year" (2018-04)',
  },
  ligue1: {
    playerOfYear: 'Neymar',
    playerOfYearSource:
      'Trophées UNFP 2018, meilleur joueur de Ligue 1 (https://www.unfp.org/2018/05/neymar-jr-marque-son-territoire/)',
    team: [
      'Steve Mandanda',
      'Ferland Mendy',
      'Marquinhos',
      'Thiago Silva',
      'Dani Alves',
      'Nabil Fekir',
      'Luiz Gustavo',
      'Marco Verratti',
      'Neymar',
      'Edinson Cavani',
      'Kylian Mbappé',
    ],
    teamSource:
      'UNFP équipe type de Ligue 1 2017/18, https://www.pressafrik.com/Ligue-1-les-laureats-des-trophees-UNFP-sont-connus_a183048.html (2018-05)',
  },
  laliga: {
    playerOfYear: 'Lionel Messi',
    playerOfYearSource:
      'Trofeo Di Stéfano 2017/18 (Premios Marca), https://www.estadiodeportivo.com/noticias-futbol/2018/11/12/messi-pichichi-liga-18-lleva/193443.html',
    // The source's excerpt shows nine of its eleven (the last two forwards were not verified).
    team: [
      'Jan Oblak',
      'Jordi Alba',
      'Samuel Umtiti',
      'Djené',
      'Daniel Carvajal',
      'Sergio Busquets',
      'Rodri',
      'Geoffrey Kondogbia',
      'Lionel Messi',
    ],
    teamSource:
      '¡Furia Liga! "Le XI de la saison 2017-2018 de Liga" (editors’ vote), https://www.furialiga.fr/2018/06/02/le-xi-de-la-saison-de-liga/',
  },
  bundesliga: {
    playerOfYear: 'Robert Lewandowski',
    // The full-season vote of 2017/18 was not found; the kicker survey of 219 Bundesliga players
    // named him best outfield player of the season's first half.
    playerOfYearSource:
      'kicker Profi-Umfrage, best outfield player of the 2017/18 first half, https://kurier.at/sport/fussball/fussball-lewandowski-fuer-liga-kollegen-bester-feldspieler-der-hinrunde/305.531.204',
    // SPIEGEL ONLINE's "SPON11" of the season, the best player per position by its SPIX index of
    // match data (part one: Zieler; Rafinha, Hummels, Süle, Alaba; Brandt, Bailey; part two: Vidal,
    // Lewandowski, Philipp). The eleventh, part two's playmaker, was not verified.
    team: [
      'Ron-Robert Zieler',
      'Rafinha',
      'Mats Hummels',
      'Niklas Süle',
      'David Alaba',
      'Arturo Vidal',
      'Julian Brandt',
      'Leon Bailey',
      'Maximilian Philipp',
      'Robert Lewandowski',
    ],
    teamSource:
      'SPIEGEL ONLINE, "Bundesliga-Noten: Die Top-Elf der Saison 2017/2018" part one (http://www.spiegel.de/sport/fussball/bundesliga-noten-die-top-elf-der-saison-2017-2018-teil-eins-a-1208090.html) and part two (http://www.spiegel.de/sport/fussball/bundesliga-noten-die-besten-spieler-der-saison-teil-2-a-1208314.html), May 2018',
  },
};
