/**
 * Published teams of the season and players of the year of the four Wyscout 2017/18 leagues: the
 * football facts `npm run bench:judgment` and the Best XI tests hold the engine's judgments against
 * (docs/methodology/bestxi.md#measured-against-published-teams). Names as the sources spell them;
 * each is resolved in the dataset by name, so a player missing from it counts as no match.
 */

/** A published team of the season: its players, or the part of them the source shows. */
export interface PublishedTeam {
  /** A short name for tables ("PFA", "SPON11"). */
  label: string;
  names: readonly string[];
  source: string;
}

/** One league's published facts. */
export interface PublishedSeason {
  /** The player of the year (an outfield player in all four leagues). */
  playerOfYear: string;
  playerOfYearSource: string;
  /** Every published team of the season that could be verified, the first the league's main one. */
  teams: readonly PublishedTeam[];
}

export const PUBLISHED: Record<'pl' | 'laliga' | 'bundesliga' | 'ligue1', PublishedSeason> = {
  pl: {
    playerOfYear: 'Mohamed Salah',
    playerOfYearSource: 'PFA Players’ Player of the Year 2017/18 (PFA awards, April 2018)',
    teams: [
      {
        label: 'PFA',
        // As announced by @PFA on 18 April 2018:
        // http://www.offthepost.info/blog/2018/04/5-man-city-players-3-spurs-players-marcos-alonso-david-de-gea-mo-salah-make-pfa-team-year/
        names: [
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
        source:
          'PFA Team of the Year 2017/18, offthepost.info "5 Man City players, 3 Spurs players … make PFA team of the year" (2018-04)',
      },
    ],
  },
  ligue1: {
    playerOfYear: 'Neymar',
    playerOfYearSource:
      'Trophées UNFP 2018, meilleur joueur de Ligue 1 (https://www.unfp.org/2018/05/neymar-jr-marque-son-territoire/)',
    teams: [
      {
        label: 'UNFP',
        names: [
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
        source:
          'UNFP équipe type de Ligue 1 2017/18, https://www.pressafrik.com/Ligue-1-les-laureats-des-trophees-UNFP-sont-connus_a183048.html (2018-05)',
      },
    ],
  },
  laliga: {
    playerOfYear: 'Lionel Messi',
    playerOfYearSource:
      'Trofeo Di Stéfano 2017/18 (Premios Marca), https://www.estadiodeportivo.com/noticias-futbol/2018/11/12/messi-pichichi-liga-18-lleva/193443.html',
    teams: [
      {
        label: 'Furia Liga',
        // The source's excerpt shows nine of its eleven (the last two forwards were not verified).
        names: [
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
        source:
          '¡Furia Liga! "Le XI de la saison 2017-2018 de Liga" (editors’ vote), https://www.furialiga.fr/2018/06/02/le-xi-de-la-saison-de-liga/',
      },
    ],
  },
  bundesliga: {
    playerOfYear: 'Robert Lewandowski',
    // The full-season vote of 2017/18 was not found; the kicker survey of 219 Bundesliga players
    // named him best outfield player of the season's first half.
    playerOfYearSource:
      'kicker Profi-Umfrage, best outfield player of the 2017/18 first half, https://kurier.at/sport/fussball/fussball-lewandowski-fuer-liga-kollegen-bester-feldspieler-der-hinrunde/305.531.204',
    teams: [
      {
        label: 'Bundesliga',
        // The league's own Team of the Season, voted by users of bundesliga.com from 28 April to 13 May
        // 2018 among three candidates per position (six for centre-backs, central midfielders and
        // forwards): Hrádecký; Wendell, Naldo, Hummels, Kimmich; Bailey, Goretzka, James, Müller;
        // Lewandowski, Batshuayi. Two sources agree: bundesliga.com's own page and Football Tribe's report.
        names: [
          'Lukáš Hrádecký',
          'Wendell',
          'Naldo',
          'Mats Hummels',
          'Joshua Kimmich',
          'Leon Bailey',
          'Leon Goretzka',
          'James Rodríguez',
          'Thomas Müller',
          'Robert Lewandowski',
          'Michy Batshuayi',
        ],
        source:
          'Bundesliga Team of the Season 2017/18 (bundesliga.com users’ vote), https://www.bundesliga.com/jp/news/bundesliga-jp-team-of-the-season-201718.jsp and https://football-tribe.com/japan/2018/05/19/49724 (2018-05-18)',
      },
      {
        label: 'SPON11',
        // SPIEGEL ONLINE's "SPON11" of the season, the best player per position by its SPIX index of
        // match data (part one: Zieler; Rafinha, Hummels, Süle, Alaba; Brandt, Bailey; part two: Vidal,
        // Lewandowski, Philipp). The eleventh, part two's playmaker, was not verified.
        names: [
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
        source:
          'SPIEGEL ONLINE, "Bundesliga-Noten: Die Top-Elf der Saison 2017/2018" part one (http://www.spiegel.de/sport/fussball/bundesliga-noten-die-top-elf-der-saison-2017-2018-teil-eins-a-1208090.html) and part two (http://www.spiegel.de/sport/fussball/bundesliga-noten-die-besten-spieler-der-saison-teil-2-a-1208314.html), May 2018',
      },
    ],
  },
};
