/**
 * Well-known universities per destination, as "Name|City|approximate world ranking" (0: unranked).
 * Rankings are rounded demo figures, not an official table.
 */
export const UNIVERSITIES: Record<string, string[]> = {
  Australia: [
    'University of Melbourne|Melbourne|13', 'University of Sydney|Sydney|18', 'University of New South Wales|Sydney|19', 'Australian National University|Canberra|30',
    'Monash University|Melbourne|37', 'University of Queensland|Brisbane|40', 'University of Western Australia|Perth|77', 'University of Adelaide|Adelaide|82',
    'University of Technology Sydney|Sydney|88', 'Macquarie University|Sydney|130', 'RMIT University|Melbourne|123', 'University of Wollongong|Wollongong|167',
    'University of Newcastle|Newcastle|179', 'Curtin University|Perth|174', 'Queensland University of Technology|Brisbane|213', 'Deakin University|Geelong|197',
    'Griffith University|Gold Coast|243', 'La Trobe University|Melbourne|217', 'University of Tasmania|Hobart|293', 'Western Sydney University|Sydney|382',
    'Swinburne University of Technology|Melbourne|291', 'Flinders University|Adelaide|415', 'Charles Darwin University|Darwin|501', 'James Cook University|Townsville|398',
    'Victoria University|Melbourne|721', 'Federation University Australia|Melbourne|0', 'Torrens University Australia|Adelaide|0', 'Southern Cross University|Gold Coast|0',
    'Charles Sturt University|Sydney|0', 'Central Queensland University|Brisbane|0',
  ],
  'United Kingdom': [
    'University of Oxford|Oxford|3', 'University of Cambridge|Cambridge|5', 'Imperial College London|London|2', 'University College London|London|9',
    'University of Edinburgh|Edinburgh|27', 'University of Manchester|Manchester|34', "King's College London|London|40", 'London School of Economics|London|50',
    'University of Bristol|Bristol|54', 'University of Warwick|Coventry|69', 'University of Glasgow|Glasgow|78', 'University of Birmingham|Birmingham|80',
    'University of Leeds|Leeds|82', 'University of Sheffield|Sheffield|105', 'University of Nottingham|Nottingham|108', 'University of Liverpool|Liverpool|165',
    'Newcastle University|Newcastle upon Tyne|129', 'Cardiff University|Cardiff|186', 'Queen Mary University of London|London|145', 'University of Leicester|Leicester|258',
    'Coventry University|Coventry|532', 'University of Hertfordshire|Hatfield|0', 'University of Greenwich|London|0', 'Middlesex University|London|0',
    'University of East London|London|0', 'Anglia Ruskin University|Cambridge|0', 'University of Bedfordshire|Luton|0', 'Ulster University|Belfast|0',
    'Teesside University|Middlesbrough|0', 'London Metropolitan University|London|0',
  ],
  USA: [
    'Massachusetts Institute of Technology|Cambridge|1', 'Harvard University|Cambridge|4', 'Stanford University|Stanford|6', 'California Institute of Technology|Pasadena|10',
    'University of Chicago|Chicago|21', 'University of Pennsylvania|Philadelphia|11', 'Cornell University|Ithaca|16', 'Columbia University|New York|34',
    'University of Michigan|Ann Arbor|44', 'New York University|New York|43', 'University of Texas at Austin|Austin|66', 'University of Illinois Urbana-Champaign|Champaign|70',
    'Purdue University|West Lafayette|89', 'University of Washington|Seattle|81', 'Georgia Institute of Technology|Atlanta|123', 'Arizona State University|Phoenix|200',
    'Texas A&M University|College Station|154', 'University of Texas at Dallas|Dallas|580', 'University of Houston|Houston|0', 'Kent State University|Kent|0',
    'University of South Florida|Tampa|0', 'Wichita State University|Wichita|0', 'University of North Texas|Denton|0', 'Southeast Missouri State University|Cape Girardeau|0',
    'Troy University|Troy|0', 'University of Louisiana at Monroe|Monroe|0', 'Youngstown State University|Youngstown|0', 'University of Central Missouri|Warrensburg|0',
    'Northeastern University|Boston|54', 'Boston University|Boston|108',
  ],
  Canada: [
    'University of Toronto|Toronto|25', 'McGill University|Montreal|29', 'University of British Columbia|Vancouver|38', 'University of Alberta|Edmonton|96',
    'University of Waterloo|Waterloo|115', 'Western University|London|120', 'McMaster University|Hamilton|176', "Queen's University|Kingston|193",
    'University of Ottawa|Ottawa|189', 'University of Calgary|Calgary|182', 'Dalhousie University|Halifax|298', 'Simon Fraser University|Vancouver|298',
    'University of Manitoba|Winnipeg|672', 'York University|Toronto|353', 'Concordia University|Montreal|440', 'Carleton University|Ottawa|621',
    'University of Windsor|Windsor|0', 'Toronto Metropolitan University|Toronto|0', 'Seneca Polytechnic|Toronto|0', 'Humber Polytechnic|Toronto|0',
    'Conestoga College|Kitchener|0', 'Centennial College|Toronto|0', 'George Brown College|Toronto|0', 'Fanshawe College|London|0',
    'Douglas College|Vancouver|0', 'Langara College|Vancouver|0',
  ],
  Japan: [
    'University of Tokyo|Tokyo|32', 'Kyoto University|Kyoto|50', 'Tokyo Institute of Technology|Tokyo|84', 'Osaka University|Osaka|86',
    'Tohoku University|Sendai|107', 'Nagoya University|Nagoya|152', 'Kyushu University|Fukuoka|164', 'Hokkaido University|Sapporo|174',
    'Keio University|Tokyo|214', 'Waseda University|Tokyo|199', 'Kobe University|Kobe|0', 'Hiroshima University|Hiroshima|0',
    'Ritsumeikan Asia Pacific University|Beppu|0', 'Sophia University|Tokyo|0', 'Tokyo International University|Tokyo|0', 'Kanda Institute of Foreign Languages|Tokyo|0',
    'ISI Japanese Language School|Tokyo|0', 'Osaka YMCA International School|Osaka|0', 'Fukuoka Japanese Language School|Fukuoka|0', 'Yokohama Design College|Yokohama|0',
  ],
  Germany: [
    'Technical University of Munich|Munich|28', 'Ludwig Maximilian University of Munich|Munich|59', 'Heidelberg University|Heidelberg|84', 'Free University of Berlin|Berlin|97',
    'Humboldt University of Berlin|Berlin|126', 'RWTH Aachen University|Aachen|99', 'Karlsruhe Institute of Technology|Karlsruhe|102', 'Technical University of Berlin|Berlin|147',
    'University of Hamburg|Hamburg|193', 'TU Dresden|Dresden|246', 'University of Freiburg|Freiburg|192', 'University of Stuttgart|Stuttgart|314',
    'Goethe University Frankfurt|Frankfurt|0', 'University of Cologne|Cologne|0', 'University of Bonn|Bonn|0', 'Leipzig University|Leipzig|0',
    'IU International University of Applied Sciences|Berlin|0', 'SRH University Heidelberg|Heidelberg|0', 'Berlin School of Business and Innovation|Berlin|0', 'GISMA University of Applied Sciences|Potsdam|0',
  ],
  'New Zealand': [
    'University of Auckland|Auckland|65', 'University of Otago|Dunedin|214', 'Victoria University of Wellington|Wellington|244', 'University of Canterbury|Christchurch|261',
    'Massey University|Palmerston North|239', 'University of Waikato|Hamilton|250', 'Lincoln University|Lincoln|371', 'Auckland University of Technology|Auckland|407',
    'Unitec Institute of Technology|Auckland|0', 'Otago Polytechnic|Dunedin|0', 'Ara Institute of Canterbury|Christchurch|0', 'Wintec|Hamilton|0',
    'Manukau Institute of Technology|Auckland|0', 'Whitireia and WelTec|Wellington|0',
  ],
  'South Korea': [
    'Seoul National University|Seoul|31', 'KAIST|Daejeon|53', 'Yonsei University|Seoul|56', 'Korea University|Seoul|67',
    'POSTECH|Pohang|98', 'Sungkyunkwan University|Suwon|123', 'Hanyang University|Seoul|162', 'Kyung Hee University|Seoul|332',
    'Ewha Womans University|Seoul|0', 'Pusan National University|Busan|0', 'Chung-Ang University|Seoul|0', 'Sejong University|Seoul|0',
    'Inha University|Incheon|0', 'Kyungpook National University|Daegu|0', 'Chonnam National University|Gwangju|0', 'Sogang University|Seoul|0',
  ],
  Ireland: [
    'Trinity College Dublin|Dublin|87', 'University College Dublin|Dublin|126', 'University of Galway|Galway|289', 'University College Cork|Cork|273',
    'Dublin City University|Dublin|436', 'University of Limerick|Limerick|426', 'Maynooth University|Maynooth|0', 'Technological University Dublin|Dublin|0',
    'Griffith College|Dublin|0', 'Dublin Business School|Dublin|0', 'South East Technological University|Waterford|0', 'Atlantic Technological University|Galway|0',
  ],
  France: [
    'Université PSL|Paris|24', 'Institut Polytechnique de Paris|Paris|46', 'Sorbonne University|Paris|63', 'Université Paris-Saclay|Paris|70',
    'Sciences Po|Paris|0', 'Université Grenoble Alpes|Grenoble|0', 'Université de Lyon|Lyon|0', 'Toulouse School of Economics|Toulouse|0',
    'SKEMA Business School|Lille|0', 'NEOMA Business School|Paris|0', 'EM Normandie Business School|Paris|0', 'ESSEC Business School|Paris|0',
    'Paris School of Business|Paris|0', 'IÉSEG School of Management|Lille|0',
  ],
  Netherlands: [
    'Delft University of Technology|Delft|49', 'University of Amsterdam|Amsterdam|53', 'Utrecht University|Utrecht|107', 'Leiden University|Leiden|126',
    'Eindhoven University of Technology|Eindhoven|124', 'Erasmus University Rotterdam|Rotterdam|176', 'University of Groningen|Groningen|139', 'Wageningen University & Research|Wageningen|151',
    'Maastricht University|Maastricht|239', 'University of Twente|Enschede|189', 'Tilburg University|Tilburg|0', 'Vrije Universiteit Amsterdam|Amsterdam|0',
    'Hanze University of Applied Sciences|Groningen|0', 'Saxion University of Applied Sciences|Enschede|0',
  ],
  Denmark: [
    'University of Copenhagen|Copenhagen|101', 'Technical University of Denmark|Lyngby|109', 'Aarhus University|Aarhus|131', 'Aalborg University|Aalborg|331',
    'University of Southern Denmark|Odense|0', 'Copenhagen Business School|Copenhagen|0', 'Roskilde University|Roskilde|0', 'IT University of Copenhagen|Copenhagen|0',
    'VIA University College|Aarhus|0', 'Business Academy Aarhus|Aarhus|0', 'UCL University College|Odense|0',
  ],
  Finland: [
    'University of Helsinki|Helsinki|107', 'Aalto University|Espoo|109', 'University of Turku|Turku|301', 'University of Oulu|Oulu|326',
    'Tampere University|Tampere|415', 'University of Jyväskylä|Jyvaskyla|0', 'LUT University|Lappeenranta|0', 'University of Vaasa|Vaasa|0',
    'Metropolia University of Applied Sciences|Helsinki|0', 'Haaga-Helia University of Applied Sciences|Helsinki|0', 'Laurea University of Applied Sciences|Espoo|0', 'Turku University of Applied Sciences|Turku|0',
  ],
  Sweden: [
    'Lund University|Lund|75', 'KTH Royal Institute of Technology|Stockholm|74', 'Uppsala University|Uppsala|103', 'Stockholm University|Stockholm|128',
    'Chalmers University of Technology|Gothenburg|129', 'University of Gothenburg|Gothenburg|187', 'Linköping University|Linkoping|0', 'Umeå University|Umea|0',
    'Karolinska Institutet|Stockholm|0', 'Malmö University|Malmo|0', 'Jönköping University|Jonkoping|0', 'Mälardalen University|Vasteras|0',
  ],
  'Dubai (UAE)': [
    'Khalifa University|Abu Dhabi|202', 'United Arab Emirates University|Abu Dhabi|261', 'American University of Sharjah|Sharjah|0', 'University of Sharjah|Sharjah|0',
    'Heriot-Watt University Dubai|Dubai|0', 'University of Wollongong in Dubai|Dubai|0', 'Middlesex University Dubai|Dubai|0', 'Amity University Dubai|Dubai|0',
    'Curtin University Dubai|Dubai|0', 'Murdoch University Dubai|Dubai|0', 'Canadian University Dubai|Dubai|0', 'Ajman University|Ajman|0',
  ],
  Cyprus: [
    'University of Cyprus|Nicosia|0', 'Cyprus University of Technology|Limassol|0', 'European University Cyprus|Nicosia|0', 'University of Nicosia|Nicosia|0',
    'Frederick University|Nicosia|0', 'Neapolis University Pafos|Paphos|0', 'Cyprus College|Nicosia|0', 'CTL Eurocollege|Limassol|0',
  ],
};
