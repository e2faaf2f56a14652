/**
 * Name pools per naming culture, written for the demo universe: common given names and family
 * names of each culture, combined at random into invented people. Pools avoid the family names of
 * the best-known players, and a short block list rejects famous combinations that could still arise.
 */
import type { Rng } from './rng.js';
import { wordList as w } from './word-list.js';

/** How one naming culture builds a footballer's name. */
interface NameCulture {
  given: readonly string[];
  family: readonly string[];
  /** Family name first ("Kim Min-jun"), as the culture writes it. */
  familyFirst?: boolean;
  /** Share of players with two family names ("García Navarro", "Souza Lima"). */
  doubleFamilyRate?: number;
  /** Particles placed before a second family name ("da", "dos", "de"). */
  particles?: readonly string[];
  /** Share of players who play under a single name (`known_as`). */
  knownAsRate?: number;
  /** Nicknames used as `known_as`; the given name itself is the other source. */
  nicknames?: readonly string[];
}

/** Every naming culture, keyed by id. Underscores in the lists stand for spaces inside one name. */
export const CULTURES: Record<string, NameCulture> = {
  english: {
    given: w(`Jack Harry George Oliver Charlie Thomas James Joe Alfie Freddie Archie Lewis Callum Ryan Connor Jordan
      Kieran Liam Mason Ethan Tyler Reece Jamie Ben Sam Danny Luke Nathan Aaron Kyle Owen Rhys Declan Jake Max Toby
      Elliot Josh Marcus Dominic Aidan Finley Louis Theo Rory Ollie Harvey Leon Curtis Dexter Ellis Tom Sonny Morgan`),
    family:
      w(`Ashworth Barlow Bentley Bradshaw Carver Cartwright Cooper Crowther Dawson Ellison Fletcher Garside Goodwin
      Hartley Hayward Holloway Kershaw Lambert Marsden Norris Pickering Radcliffe Rowley Sutcliffe Thorne Walsh Whitaker
      Wainwright Yates Atherton Brennan Chadwick Denham Farrow Greaves Hollis Ingram Jepson Kingsley Latham Mellor Naylor
      Oakley Prentice Quayle Royle Sheard Tindall Varley Whitlock Allsop Birtles Clegg Dorsett Entwistle Fairbrother
      Gledhill Hebden Lumb Moorcroft Pennington Riley Swindells Tattersall Upton Wragg Ackroyd Beckford Okafor Blackwood
      Harding Pryce Osei-Bonsu Fairclough Hammond Stanton Wilde Redfern`),
  },
  scottish: {
    given: w(`Callum Euan Fraser Ross Lewis Kieran Ryan Scott Craig Grant Hamish Angus Lachlan Murray Calum Finlay Kyle
      Stuart Robbie Jamie Andrew Greg Blair Gordon Ewan`),
    family:
      w(`MacLeod McKenzie Fraser Sinclair Buchanan Munro Drummond Kerr Lennox Baird Gillespie Lockhart Moffat Ogilvie
      Rennie Strachan Tulloch Urquhart Wishart Crawford Cairns McInnes McAllister Galbraith Guthrie Haldane Imrie Jardine
      Kinnear Laidlaw Mathieson McCrae`),
  },
  spanish: {
    given:
      w(`Alejandro Pablo Álvaro Javier Sergio Daniel Adrián Diego Iker Raúl Rubén Marcos Hugo Mario Carlos Jorge Óscar
      Víctor Iván Alberto Andrés Gonzalo Fernando Manuel Ignacio Joaquín Borja Unai Aitor Mikel Jon Ander Íñigo Samuel
      Rodrigo Álex Martín Nicolás Bruno Héctor Lucas Tomás Julen Asier Eneko Pau Jordi Arnau Marc Oriol Gerard Xavier`),
    family: w(`García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Martín Jiménez Ruiz Hernández Díaz
      Moreno Muñoz Álvarez Romero Navarro Torres Domínguez Vázquez Gil Serrano Blanco Molina Morales Ortega Delgado Castro
      Ortiz Rubio Marín Sanz Iglesias Medina Garrido Cortés Castillo Santos Lozano Guerrero Cano Prieto Méndez Cruz Calvo
      Gallego Vidal León Herrera Márquez Peña Flores Cabrera Campos Vega Fuentes Carrasco Díez Caballero Reyes Nieto
      Aguilar Pascual Santana Herrero Lorenzo Montero Hidalgo Giménez Ibáñez Ferrer Durán Benítez Vargas Mora Vicente
      Arias Carmona Crespo Román Pastor Soto Sáez Velasco Moya Soler Parra Esteban Bravo Gallardo Rojas Echeverría
      Aranburu Goikoetxea Etxeberria Larrañaga Olaizola Puig Casals Vilanova Roig Ferrán`),
    doubleFamilyRate: 0.2,
    knownAsRate: 0.06,
    nicknames: w(
      `Chema Kiko Lolo Juanma Josemi Pitu Txema Manu Rafa Quini Nando Fran Isma Jony Chus Toni Lucho Pepelu Guti Javito`,
    ),
  },
  latam: {
    given: w(`Facundo Matías Franco Nahuel Thiago Agustín Santiago Emiliano Maximiliano Joaquín Ezequiel Gastón Leandro
      Germán Cristian Brian Kevin Jhon Yerson Wílmar Andrés Jhojan Édgar Luis Jesús Héctor Rodrigo Sebastián Gonzalo Mauro
      Bruno Nicolás Fabián Walter Néstor Rubén Ulises Alexis Jonathan Braian Juan_Pablo Juan_Manuel José_Luis`),
    family:
      w(`Benítez Acosta Aguirre Cáceres Villalba Ayala Sosa Figueroa Paredes Cardozo Giménez Ledesma Quiroga Ojeda Ríos
      Valdez Quintero Mosquera Palacios Valencia Arboleda Angulo Cuero Preciado Zambrano Salazar Escobar Montoya Cárdenas
      Villegas Correa Benavides Olmedo Barrios Ortigoza Núñez Cabrera Vera Duarte Arévalo Ocampo Bustos Godoy Peralta
      Maidana Rivero Sarmiento Zárate González Rodríguez Martínez Gómez Pérez Fernández Ramírez Castro Herrera Medina
      Torres Romero Suárez Ortiz Chávez Morales Rojas`),
    doubleFamilyRate: 0.12,
    knownAsRate: 0.05,
    nicknames: w(`Chino Pulga Toto Cuti Pity Chucky Colo Tucu Pocho Wilo Chiqui Negro`),
  },
  portuguese: {
    given:
      w(`João Tiago Diogo Rúben Gonçalo Rafael Bernardo André Pedro Miguel Francisco Nuno Rui Vítor Hugo Duarte Tomás
      Martim Afonso Guilherme Filipe Ricardo Fábio Sérgio Leonardo Henrique Simão Gil Renato Rodrigo Paulo`),
    family:
      w(`Ferreira Pereira Oliveira Rodrigues Martins Sousa Fernandes Gonçalves Gomes Lopes Marques Alves Almeida Ribeiro
      Pinto Carvalho Teixeira Moreira Correia Mendes Nunes Soares Vieira Monteiro Cardoso Rocha Neves Coelho Cruz Cunha
      Pires Reis Simões Antunes Matos Fonseca Machado Araújo Barbosa Tavares Lourenço Castro Figueiredo Azevedo Freitas
      Magalhães Valente Brandão Sequeira Vasconcelos Couto Faria Barros Fontes Leite Sampaio`),
    doubleFamilyRate: 0.3,
    particles: ['da', 'dos', 'de'],
    knownAsRate: 0.08,
    nicknames: w(`Zé Tó Quim Chico Nelinho Tozé Pepa Vitinha Jota Rafa`),
  },
  brazilian: {
    given: w(`Gabriel Lucas Matheus Pedro Guilherme Gustavo Rafael Felipe Bruno Thiago Caio Igor Diego Rodrigo Leonardo
      Eduardo Vitor Arthur Davi Wesley Wellington Éverton Marcos Luan Jean Kaio Yuri Danilo Douglas Renan Murilo Samuel
      Heitor Enzo Carlos_Eduardo João_Victor Luiz_Felipe Paulo_Henrique`),
    family: w(`Souza Santos Oliveira Pereira Lima Carvalho Ferreira Rodrigues Almeida Gomes Martins Araújo Melo Barbosa
      Ribeiro Cardoso Rocha Dias Nascimento Andrade Moreira Nunes Mendes Freitas Batista Teixeira Vieira Cavalcanti Moura
      Campos Cunha Pinheiro Siqueira Macedo Brito Rezende Queiroz Farias Medeiros Bezerra Aguiar Sampaio Paiva Prado Tavares`),
    doubleFamilyRate: 0.35,
    particles: ['da', 'dos', 'de'],
    knownAsRate: 0.45,
    nicknames:
      w(`Tiquinho Dudu Juninho Pedrinho Zezinho Léo Gabi Netinho Biel Rafinha Luizão Tonhão Fabinho Dodô Kaio_Jr Nenê
      Serginho Ronaldão Marcão Vitinho Guga Digão Pablinho Caíque Wendel Lelê Bruninho Xandão Thiaguinho Matheuzinho`),
  },
  caboverdean: {
    given: w(
      `Kevin Dylan Willy Sidny Logan Bryan Steven Jamiro Deroy Nuno Hélio Patrick Roberto Ianique Jair Edu Kenny`,
    ),
    family:
      w(`Cabral Tavares Semedo Lopes Monteiro Fortes Rodrigues Varela Gomes Duarte Andrade Moreira Évora Spencer Borges
      Pina Mendes Brito Fernandes Rocha Delgado Silva_Santos`),
    knownAsRate: 0.12,
    nicknames: w(`Djaniny Kuca Zezinho Nenass Babanco Tchiki Djodje Platini Kiki`),
  },
  italian: {
    given: w(`Lorenzo Alessandro Matteo Leonardo Francesco Andrea Gabriele Riccardo Tommaso Edoardo Davide Federico
      Giuseppe Antonio Marco Luca Simone Stefano Nicolò Daniele Filippo Pietro Giacomo Emanuele Samuele Manuel Mattia
      Alberto Cristian Gianluca Michele Fabio Raffaele Salvatore Vincenzo Giorgio Jacopo Diego Christian Gianmarco Mirko`),
    family:
      w(`Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo De_Luca Mancini Giordano
      Rizzo Lombardi Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara Galli Martini Leone Longo Gentile
      Martinelli Vitale Lombardo Serra Coppola De_Santis D'Angelo Marchetti Parisi Ferraro Ferri Fabbri Bianco Marini
      Grasso Valentini Messina Sala De_Angelis Gatti Pellegrini Palumbo Sanna Farina Rizzi Monti Cattaneo Morelli Amato
      Silvestri Mazza Testa Grassi Pellegrino Carbone Giuliani Benedetti Barone Rossetti Montanari Guerra Palmieri
      Bernardi Martino Fiore De_Rosa Ferretti Bellini Basile Riva Donati Piras Vitali Battaglia Sartori Neri Costantini
      Milani Pagano Ruggiero Sorrentino D'Amico Orlando Negri Lo_Russo Dell'Orco`),
  },
  german: {
    given:
      w(`Lukas Leon Finn Jonas Luca Tim Niklas Jan Felix Maximilian Paul Julian Moritz Florian Tobias Philipp Sebastian
      Dominik Kevin Marvin Nico Jannik Lennart Malte Jonathan Fabian Robin Marcel Dennis Benedikt Matthias Christoph Lars
      Henrik Simon Till Yannick Nils Thilo Joshua Jannis Hendrik Mika Ole Bastian Kilian Luis Linus`),
    family: w(`Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch Bauer Richter Klein Wolf
      Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann Lange Schmitt Schmitz Krause Meier Schmid Schulze
      Maier Köhler Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert Vogel
      Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke Albrecht Schuster Ludwig Böhm Winter
      Kraus Schumacher Krämer Vogt Stein Jäger Otto Groß Seidel Heinrich Brandt Haas Schreiber Graf Schulte Dietrich
      Ziegler Kühn Pohl Engel Horn Busch Bergmann Voigt Sauer Arnold Wolff Pfeiffer von_Bergen von_Hausen Özkan Yıldız`),
  },
  austrian: {
    given:
      w(`Florian Stefan Christoph Patrick Manuel Andreas Lukas Raphael Valentin Michael Dominik Philipp Marco Matthias
      Maximilian Alexander Julian Kevin Nicolas Leopold`),
    family: w(`Gruber Huber Pichler Steiner Moser Hofer Leitner Eder Reiter Mayr Wimmer Egger Brunner Baumgartner Auer
      Binder Lechner Wallner Aigner Ebner Koller Lehner Haider Fellner Strasser Holzer Riegler Schwaiger Kofler Posch`),
  },
  french: {
    given:
      w(`Lucas Hugo Théo Nathan Mathis Enzo Louis Tom Clément Maxime Baptiste Alexandre Quentin Romain Julien Adrien
      Valentin Florian Corentin Benjamin Mathéo Noé Raphaël Axel Yanis Rayan Bastien Jérémy Loïc Rémi Killian Wesley
      Jean-Baptiste Pierre-Louis Jean-Clair Anthony Kévin Dylan`),
    family:
      w(`Martin Bernard Dubois Robert Richard Petit Durand Leroy Moreau Laurent Lefebvre Michel Bertrand Roux Vincent
      Fournier Morel Girard André Lefèvre Mercier Dupont Lambert Bonnet François Legrand Garnier Faure Rousseau Blanc
      Guérin Roussel Perrin Morin Mathieu Gauthier Dumont Fontaine Chevalier Masson Boyer Lemaire Duval Joly Gautier Roche
      Meunier Marchand Dufour Blanchard Barbier Brun Dumas Brunet Leroux Colin Renard Arnaud Rolland Caron Aubert Giraud
      Leclerc Bourgeois Renaud Lemoine Picard Gaillard Lacroix Fabre Dupuis Hubert Guillot Rivière Le_Gall Ménard Fleury
      Carpentier Benoît Maillard Aubry Vasseur Le_Roux Prévost Poirier Charpentier Carré Rémy Perrot Guyot Cousin`),
  },
  dutch: {
    given:
      w(`Daan Sem Lucas Levi Finn Milan Jesse Bram Thijs Ruben Stijn Jens Tim Rick Joey Kevin Niels Bas Wout Jurriën
      Teun Sven Koen Mees Siem Lars Jasper Tijn Jorrit Dirk Maarten Pieter Floris Gijs Sander Thom Jelle Ruud`),
    family: w(`Jansen Janssen de_Vries van_den_Berg Bakker Visser Smit Meijer de_Boer Mulder de_Groot Bos Vos Hendriks
      van_Leeuwen Dekker Brouwer de_Wit Dijkstra Smits de_Graaf van_der_Meer van_der_Linden Kok Jacobs de_Haan Vermeulen
      van_den_Heuvel van_der_Veen van_den_Broek de_Bruijn van_der_Heijden Schouten van_Beek Willems van_Vliet Hoekstra
      Maas Verhoeven Koster van_Dam van_der_Wal Prins Blom Huisman Peeters Kuipers Veenstra Kramer van_den_Bosch Postma
      Timmermans Wolters Verbeek Scholten Groen Boersma Dijkman Zwart Janssens Maes Claes Goossens Wouters De_Smet
      Verstraeten Van_Damme Vandenberghe De_Clercq Vermeersch`),
  },
  nordic: {
    given:
      w(`Mathias Jonas Emil Magnus Kristian Sander Henrik Tobias Elias Aksel Håkon Sindre Eirik Ola Vegard Jørgen Sigurd
      Ole Andreas Fredrik Kasper Rasmus Mikkel Frederik Anders Søren Nikolaj Oscar Jakob Mads Jeppe`),
    family: w(`Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Karlsen Johnsen Pettersen Berg
      Haugen Hagen Johannessen Andreassen Jacobsen Dahl Jørgensen Halvorsen Henriksen Lund Sørensen Jakobsen Moen
      Gundersen Iversen Strand Solberg Svendsen Eide Knutsen Martinsen Paulsen Bakke Kristensen Mathisen Lie Amundsen
      Rasmussen Madsen Christensen Thomsen Poulsen Møller Mortensen Frederiksen Østergaard Nygaard Holm Skov Bruun`),
  },
  croatian: {
    given:
      w(`Ivan Marko Josip Ante Mateo Petar Filip Karlo Dario Domagoj Mario Nikola Tomislav Bruno Duje Lovro Toni Stipe
      Mislav Borna Jakov Dominik Kristijan Marin Hrvoje Igor Matej Roko`),
    family: w(`Horvat Kovačević Babić Marić Jurić Novak Knežević Vuković Marković Petrović Matić Tomić Pavlović Božić
      Blažević Grgić Pavić Radić Perić Šarić Lovrić Vidović Barišić Jukić Pranjić Bilić Čorić Rukavina Šimić Mikulić
      Galić Katić Filipović Barić Brkić Bašić Šimunović Pejić Zovko Bošnjak Jelić Mandić Ćosić Žužul Čović Tadić`),
  },
  ukrainian: {
    given:
      w(`Oleksandr Andriy Mykola Vitaliy Dmytro Serhiy Yevhen Artem Bohdan Taras Volodymyr Maksym Ruslan Yaroslav Denys
      Vladyslav Roman Ihor Oleh Viktor Illia Heorhiy Mykhailo Yuriy Anatoliy`),
    family:
      w(`Kovalenko Bondarenko Tkachenko Kravchenko Oliynyk Shevchuk Koval Polishchuk Bondar Marchenko Moroz Lysenko
      Rudenko Savchenko Petrenko Klymenko Pavlenko Levchenko Kuzmenko Ponomarenko Kharchenko Sydorenko Yakovenko Romanenko
      Melnyk Boyko Kravets Tkachuk Hnatyuk Doroshenko Fedorenko Nazarenko Hrytsenko Ostapenko Vasylenko Karpenko`),
  },
  turkish: {
    given:
      w(`Mehmet Mustafa Ahmet Ali Hüseyin Hasan İbrahim Emre Burak Kaan Berkay Ozan Cenk Serdar Yusuf Eren Kerem Oğuz
      Furkan Barış Can Mert Umut Onur Tolga Selçuk Oğuzhan Enes Halil Doğukan Yunus Batuhan Alper Efe Çağlar`),
    family:
      w(`Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç Aslan Çetin Kara Koç
      Kurt Özkan Şimşek Polat Özcan Korkmaz Çakır Erdoğan Yavuz Acar Aksoy Güneş Tekin Aktaş Bulut Keskin Ünal Taş Sarı
      Işık Uysal Avcı Bozkurt Çiftçi Karaca Ateş Akın Ekinci Tunç Duman Başaran Akgün Erdem Tuncer Karakaya Sönmez`),
  },
  maghreb: {
    given:
      w(`Mohamed Youssef Amine Hamza Ilias Ayoub Sofiane Yassine Mehdi Karim Walid Anas Bilal Zakaria Nabil Adel Islam
      Omar Ahmed Ismaël Abdelkader Houssem Fares Rayan Nassim Aymen Oussama Saad`),
    family: w(`El_Amrani Benali Ben_Salah Bouzid Haddad Mansouri El_Idrissi Ait_Lahcen Bennani Cherif Belkacem Boudiaf
      Mebarki Zerrouki Hamdaoui Tahiri Ouali Saidi Lahmar Guerfi Khelifi Ferhat Meziane Chaouchi Benyahia Tounsi Jaziri
      Ben_Youssef Trabelsi Chaabani Dridi Gharbi Jebali Mejri Sassi Hannachi Ben_Amor El_Fassi Azzouzi Bouhaddou`),
  },
  mashriq: {
    given:
      w(`Mohamed Ahmed Mahmoud Khaled Tarek Ibrahim Ali Hassan Hussein Abdullah Saud Fahad Faisal Salem Nasser Saleh
      Majed Rami Mostafa Ziad Yazan Mousa Hamdi Amir Seif Omar Yousef Abdulrahman Sultan Hamad`),
    family: w(`Abdelrahman El_Sayed Farouk Mansour Ashour Fathy Gaber Shalaby Radwan Zaki Nasser Al-Dosari Al-Shehri
      Al-Qahtani Al-Harbi Al-Ghamdi Al-Otaibi Al-Mutairi Al-Zahrani Al-Rashidi Al-Hajri Al-Marri Al-Kuwari Al-Naimi
      Al-Hashemi Haddad Khalil Saleh Abu_Zaid Al-Amiri Al-Rawashdeh Jaber Kadhim Al-Saadi Abdul-Amir Rasheed`),
  },
  senegalese: {
    given: w(`Ibrahima Moussa Mamadou Cheikh Ousmane Abdoulaye Pape Idrissa Lamine Seydou Souleymane Boubacar Alioune
      Babacar Modou Malick Saliou Ismaïla Pape_Alassane`),
    family: w(`Diallo Ndiaye Diop Sarr Fall Gueye Sow Cissé Faye Ba Mbaye Sy Seck Kouyaté Diatta Mendy Niang Dieng Thiam
      Ndoye Sané Badji Camara Ciss Diédhiou`),
  },
  ivorian: {
    given: w(`Yves Serge Franck Wilfried Jean-Philippe Cédric Hervé Junior Arnaud Souleymane Ibrahim Seko Jérémie Evann
      Simon Christian Oumar Hamed`),
    family: w(`Koné Traoré Coulibaly Touré Bamba Kouassi Yao Konan Kouamé Doumbia Zadi Kessié_Yao Gnahoré Tiéné Séri Aké
      Diomandé Fofana Kamara Sangaré Gbohouo Boli Kodjia Ouattara`),
  },
  ghanaian: {
    given: w(`Kwame Kofi Yaw Kwabena Kwasi Emmanuel Daniel Samuel Joseph Isaac Prince Jonathan Richmond Ebenezer Nana
      Kojo Felix Benjamin Ransford`),
    family: w(`Mensah Owusu Asante Osei Appiah Addo Amoah Ofori Agyeman Darko Badu Quaye Antwi Boakye Frimpong Tetteh
      Adjei Acheampong Nkansah Sarpong Opoku Asamoah Amankwah Danso`),
  },
  congolese: {
    given: w(`Chancel Merveille Glody Exaucé Grâce Dieumerci Jonathan Yannick Cédric Gaël Arthur Joël Héritier Fiston
      Trésor Samuel Nathan Elia`),
    family:
      w(`Kabongo Mukendi Kalonji Tshibangu Ilunga Mbuyi Kasongo Kazadi Nsimba Bolingi Makiese Mbala Lusamba Tshimanga
      Kanda Bakambu_Ilunga Nzuzi Mputu Lokonda Kabamba Mavinga Lumbala`),
  },
  southafrican: {
    given: w(`Thabo Sipho Themba Lebo Kagiso Mandla Teboho Bongani Siyabonga Lucky Percy Keagan Bradley Ethan Ronwen
      Mihlali Lyle Thulani Sphelele Tshepo Katlego Relebohile`),
    family: w(`Mokoena Dlamini Nkosi Ndlovu Khumalo Mthembu Zungu Mabaso Mahlangu Sithole Ngcobo Zulu Shabalala Mothiba
      Modise Van_Wyk Williams Jacobs Petersen Coetzee Maluleke Mkhize Mabena Hlongwane`),
  },
  japanese: {
    given:
      w(`Haruto Yuto Sota Ren Kaito Riku Daiki Kenta Shota Ryota Yuki Kota Hiroki Takuma Sho Kazuki Tsubasa Koki Yuma
      Ayumu Naoki Keito Shunsuke Kosuke Genki Daichi`),
    family:
      w(`Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto Nakamura Kobayashi Kato Yamada Sasaki Yamaguchi Matsumoto
      Inoue Kimura Hayashi Shimizu Yamazaki Mori Abe Ikeda Hashimoto Ishikawa Ogawa Fujita Okada Goto Hasegawa Murakami
      Kondo Ishii Sakamoto Aoki Fujii Nishimura Fukuda Ota Miura Okamoto Matsuda Nakagawa Harada Ono Tamura`),
  },
  korean: {
    given: w(`Min-jun Seo-jun Do-yun Ji-ho Joon-woo Hyun-woo Jun-seo Woo-jin Ji-hoon Sung-min Dong-hyun Tae-yang Jae-won
      Seung-ho Young-woo Kyung-min Chan-woo Jin-su Hyeon-jun Sang-hoon`),
    family: w(`Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song Jeon Hong Yoo Ko Moon
      Yang Bae Baek Heo Nam`),
    familyFirst: true,
  },
  persian: {
    given: w(`Mehdi Ali Reza Amir Mohammad Hossein Saeid Milad Alireza Saman Morteza Ehsan Omid Vahid Karim Majid Arash
      Payam Roozbeh Shahab Farshad Hamed Ramin Kaveh`),
    family:
      w(`Ahmadi Hosseini Rezaei Mohammadi Karimi Moradi Jafari Rahimi Ghasemi Hashemi Sadeghi Mousavi Taheri Nazari
      Abbasi Jalali Ebrahimi Shirazi Tehrani Bagheri Kazemi Soltani Gholami Zamani Asadi Safari Nouri Farahani Salimi
      Kamali Norouzi Pourali Azizi Rostami`),
  },
  uzbek: {
    given: w(`Jasur Otabek Sardor Eldor Jaloliddin Abbosbek Odiljon Khojimat Dostonbek Azizbek Shohruh Islom Sherzod
      Rustam Bekzod Javokhir Ulugbek Farrukh Akmal Timur Sanjar Diyor`),
    family: w(`Karimov Rakhimov Yusupov Tursunov Nazarov Abdullaev Ergashev Saidov Mirzaev Rashidov Umarov Khamraev
      Alimov Aliqulov Ismoilov Sobirov Juraev Khodjaev Normatov Usmonov Hasanov Qodirov Fayzullaev Mamatov Askarov`),
  },
  haitian: {
    given: w(`Jean-Baptiste Wilner Ricardo Steeven Derrick Mikaël Garven Danley Fabrice Josué Wilson Carlens Bryan Jimmy
      Lesly Fritzson Woodensky Jean-Marc Kervens`),
    family: w(`Pierre Jean-Louis Joseph Étienne Saint-Louis Charles Belfort Bazile Jean-Jacques Désir Noël Augustin
      Florival Thélusma Cadet Guerrier Delva Alcindor Lamour Placide Jeanty Dorsainvil Célestin Valcourt`),
  },
  curacaoan: {
    given: w(`Gino Tahith Sherel Kenji Jearl Roshon Brandley Jurgen Shurandy Ayrton Godfried Jeremy Quenten Ruenn
      Richairo Gervane Rangelo Dion Shanon Elson`),
    family:
      w(`Martina Maria Rosaria Isenia Felida Wawoe Cicilia Statia Pieternella Doran Celestina Monte Koeiman Zievinger
      Mathilda Elisabeth Bernabela Provence Frans Angela Winklaar Sulvaran`),
  },
};

/** Famous real combinations that random pairing could produce; they are redrawn. */
const BLOCKED_NAMES: ReadonlySet<string> = new Set(
  w(`giuseppe_rossi marco_rossi daniel_carvajal pedro_rodríguez raúl_garcía sergio_garcía marcos_alonso
    juan_pablo_sorín lucas_hernández theo_hernández alex_sandro nico_williams jonathan_tah felix_brych
    ali_ahmadi mohamed_abdelrahman`),
);

/** A generated person's names. */
export interface PersonName {
  name: string;
  knownAs: string | null;
}

/**
 * Draws a name of `culture`; `taken` counts full names already used so repeats stay rare (a few
 * remain on purpose: real leagues have namesakes, and name resolution must cope with them).
 * @example drawName(new Rng(1), 'korean', new Map()).name.split(' ').length // => 2
 */
export function drawName(rng: Rng, cultureId: string, taken: Map<string, number>): PersonName {
  const c = CULTURES[cultureId];
  for (let attempt = 0; ; attempt++) {
    const given = rng.pick(c.given);
    let family = rng.pick(c.family);
    if (c.doubleFamilyRate && rng.chance(c.doubleFamilyRate)) {
      let second = rng.pick(c.family);
      if (second !== family) {
        if (c.particles && rng.chance(0.4)) second = `${rng.pick(c.particles)} ${second}`;
        family = `${family} ${second}`;
      }
    }
    const name = c.familyFirst ? `${family} ${given}` : `${given} ${family}`;
    const key = name.toLowerCase();
    if (BLOCKED_NAMES.has(key)) continue;
    const seen = taken.get(key) ?? 0;
    // Two tries per allowed repeat keeps namesakes at well under one percent.
    if (seen > 0 && attempt < 6) continue;
    taken.set(key, seen + 1);
    let knownAs: string | null = null;
    if (c.knownAsRate && rng.chance(c.knownAsRate)) {
      knownAs = c.nicknames && rng.chance(0.6) ? rng.pick(c.nicknames) : given.split(' ')[0];
    }
    return { name, knownAs };
  }
}
