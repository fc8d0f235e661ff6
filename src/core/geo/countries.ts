/**
 * ISO 3166-1: all 249 officially assigned country codes. Shipping info is validated against
 * this table (country and callingCodeCountry are alpha-2 codes, callingCode a dialling code)
 * and the countries table is seeded from it. User-assigned codes such as XK (Kosovo) are not
 * ISO-assigned and deliberately absent.
 *
 * Where the columns come from:
 * - alpha2/alpha3/numeric/enName: ISO 3166-1 as published by Debian iso-codes 4.15; enName is
 *   the ISO English short name without ISO's "(the)" suffixes.
 * - localName: CLDR 48's name in the territory's main language, corrected by hand where CLDR
 *   picks a minority language or a descriptive form (e.g. 香港 rather than 中國香港特別行政區);
 *   English where the language has no CLDR data.
 * - callingCode: the ITU-T E.164 country code. Every NANP member (US, CA, PR, JM…) is '1'
 *   because several have more than one area code, so the area code belongs to the national
 *   number. Territories without a telephone service of their own (AQ, BV, GS, HM, PN, TF,
 *   UM) carry the code conventionally listed for them.
 * - area: the GeoNames continent code (Russia EU, Türkiye AS, Timor-Leste OC, the
 *   sub-Antarctic islands AN).
 */

/** AF Africa, AN Antarctica, AS Asia, EU Europe, NA North America, OC Oceania, SA South America. */
export type CountryArea = 'AF' | 'AN' | 'AS' | 'EU' | 'NA' | 'OC' | 'SA';

interface CountryRow {
  readonly alpha2: string;
  readonly alpha3: string;
  /** Three digits with leading zeros, e.g. '004'. */
  readonly numeric: string;
  readonly enName: string;
  readonly localName: string;
  /** Without '+'. */
  readonly callingCode: string;
  readonly area: CountryArea;
}

const COUNTRY_ROWS = [
  { alpha2: 'AD', alpha3: 'AND', numeric: '020', enName: 'Andorra', localName: 'Andorra', callingCode: '376', area: 'EU' },
  { alpha2: 'AE', alpha3: 'ARE', numeric: '784', enName: 'United Arab Emirates', localName: 'الإمارات العربية المتحدة', callingCode: '971', area: 'AS' },
  { alpha2: 'AF', alpha3: 'AFG', numeric: '004', enName: 'Afghanistan', localName: 'افغانستان', callingCode: '93', area: 'AS' },
  { alpha2: 'AG', alpha3: 'ATG', numeric: '028', enName: 'Antigua and Barbuda', localName: 'Antigua and Barbuda', callingCode: '1', area: 'NA' },
  { alpha2: 'AI', alpha3: 'AIA', numeric: '660', enName: 'Anguilla', localName: 'Anguilla', callingCode: '1', area: 'NA' },
  { alpha2: 'AL', alpha3: 'ALB', numeric: '008', enName: 'Albania', localName: 'Shqipëri', callingCode: '355', area: 'EU' },
  { alpha2: 'AM', alpha3: 'ARM', numeric: '051', enName: 'Armenia', localName: 'Հայաստան', callingCode: '374', area: 'AS' },
  { alpha2: 'AO', alpha3: 'AGO', numeric: '024', enName: 'Angola', localName: 'Angola', callingCode: '244', area: 'AF' },
  { alpha2: 'AQ', alpha3: 'ATA', numeric: '010', enName: 'Antarctica', localName: 'Antarctica', callingCode: '672', area: 'AN' },
  { alpha2: 'AR', alpha3: 'ARG', numeric: '032', enName: 'Argentina', localName: 'Argentina', callingCode: '54', area: 'SA' },
  { alpha2: 'AS', alpha3: 'ASM', numeric: '016', enName: 'American Samoa', localName: 'American Samoa', callingCode: '1', area: 'OC' },
  { alpha2: 'AT', alpha3: 'AUT', numeric: '040', enName: 'Austria', localName: 'Österreich', callingCode: '43', area: 'EU' },
  { alpha2: 'AU', alpha3: 'AUS', numeric: '036', enName: 'Australia', localName: 'Australia', callingCode: '61', area: 'OC' },
  { alpha2: 'AW', alpha3: 'ABW', numeric: '533', enName: 'Aruba', localName: 'Aruba', callingCode: '297', area: 'NA' },
  { alpha2: 'AX', alpha3: 'ALA', numeric: '248', enName: 'Åland Islands', localName: 'Åland', callingCode: '358', area: 'EU' },
  { alpha2: 'AZ', alpha3: 'AZE', numeric: '031', enName: 'Azerbaijan', localName: 'Azərbaycan', callingCode: '994', area: 'AS' },
  { alpha2: 'BA', alpha3: 'BIH', numeric: '070', enName: 'Bosnia and Herzegovina', localName: 'Bosna i Hercegovina', callingCode: '387', area: 'EU' },
  { alpha2: 'BB', alpha3: 'BRB', numeric: '052', enName: 'Barbados', localName: 'Barbados', callingCode: '1', area: 'NA' },
  { alpha2: 'BD', alpha3: 'BGD', numeric: '050', enName: 'Bangladesh', localName: 'বাংলাদেশ', callingCode: '880', area: 'AS' },
  { alpha2: 'BE', alpha3: 'BEL', numeric: '056', enName: 'Belgium', localName: 'België', callingCode: '32', area: 'EU' },
  { alpha2: 'BF', alpha3: 'BFA', numeric: '854', enName: 'Burkina Faso', localName: 'Burkina Faso', callingCode: '226', area: 'AF' },
  { alpha2: 'BG', alpha3: 'BGR', numeric: '100', enName: 'Bulgaria', localName: 'България', callingCode: '359', area: 'EU' },
  { alpha2: 'BH', alpha3: 'BHR', numeric: '048', enName: 'Bahrain', localName: 'البحرين', callingCode: '973', area: 'AS' },
  { alpha2: 'BI', alpha3: 'BDI', numeric: '108', enName: 'Burundi', localName: 'Uburundi', callingCode: '257', area: 'AF' },
  { alpha2: 'BJ', alpha3: 'BEN', numeric: '204', enName: 'Benin', localName: 'Bénin', callingCode: '229', area: 'AF' },
  { alpha2: 'BL', alpha3: 'BLM', numeric: '652', enName: 'Saint Barthélemy', localName: 'Saint-Barthélemy', callingCode: '590', area: 'NA' },
  { alpha2: 'BM', alpha3: 'BMU', numeric: '060', enName: 'Bermuda', localName: 'Bermuda', callingCode: '1', area: 'NA' },
  { alpha2: 'BN', alpha3: 'BRN', numeric: '096', enName: 'Brunei Darussalam', localName: 'Brunei', callingCode: '673', area: 'AS' },
  { alpha2: 'BO', alpha3: 'BOL', numeric: '068', enName: 'Bolivia, Plurinational State of', localName: 'Bolivia', callingCode: '591', area: 'SA' },
  { alpha2: 'BQ', alpha3: 'BES', numeric: '535', enName: 'Bonaire, Sint Eustatius and Saba', localName: 'Caribisch Nederland', callingCode: '599', area: 'NA' },
  { alpha2: 'BR', alpha3: 'BRA', numeric: '076', enName: 'Brazil', localName: 'Brasil', callingCode: '55', area: 'SA' },
  { alpha2: 'BS', alpha3: 'BHS', numeric: '044', enName: 'Bahamas', localName: 'Bahamas', callingCode: '1', area: 'NA' },
  { alpha2: 'BT', alpha3: 'BTN', numeric: '064', enName: 'Bhutan', localName: 'འབྲུག', callingCode: '975', area: 'AS' },
  { alpha2: 'BV', alpha3: 'BVT', numeric: '074', enName: 'Bouvet Island', localName: 'Bouvetøya', callingCode: '47', area: 'AN' },
  { alpha2: 'BW', alpha3: 'BWA', numeric: '072', enName: 'Botswana', localName: 'Botswana', callingCode: '267', area: 'AF' },
  { alpha2: 'BY', alpha3: 'BLR', numeric: '112', enName: 'Belarus', localName: 'Беларусь', callingCode: '375', area: 'EU' },
  { alpha2: 'BZ', alpha3: 'BLZ', numeric: '084', enName: 'Belize', localName: 'Belize', callingCode: '501', area: 'NA' },
  { alpha2: 'CA', alpha3: 'CAN', numeric: '124', enName: 'Canada', localName: 'Canada', callingCode: '1', area: 'NA' },
  { alpha2: 'CC', alpha3: 'CCK', numeric: '166', enName: 'Cocos (Keeling) Islands', localName: 'Cocos (Keeling) Islands', callingCode: '61', area: 'AS' },
  { alpha2: 'CD', alpha3: 'COD', numeric: '180', enName: 'Congo, The Democratic Republic of the', localName: 'République démocratique du Congo', callingCode: '243', area: 'AF' },
  { alpha2: 'CF', alpha3: 'CAF', numeric: '140', enName: 'Central African Republic', localName: 'Ködörösêse tî Bêafrîka', callingCode: '236', area: 'AF' },
  { alpha2: 'CG', alpha3: 'COG', numeric: '178', enName: 'Congo', localName: 'République du Congo', callingCode: '242', area: 'AF' },
  { alpha2: 'CH', alpha3: 'CHE', numeric: '756', enName: 'Switzerland', localName: 'Schweiz', callingCode: '41', area: 'EU' },
  { alpha2: 'CI', alpha3: 'CIV', numeric: '384', enName: "Côte d'Ivoire", localName: 'Côte d’Ivoire', callingCode: '225', area: 'AF' },
  { alpha2: 'CK', alpha3: 'COK', numeric: '184', enName: 'Cook Islands', localName: 'Cook Islands', callingCode: '682', area: 'OC' },
  { alpha2: 'CL', alpha3: 'CHL', numeric: '152', enName: 'Chile', localName: 'Chile', callingCode: '56', area: 'SA' },
  { alpha2: 'CM', alpha3: 'CMR', numeric: '120', enName: 'Cameroon', localName: 'Cameroun', callingCode: '237', area: 'AF' },
  { alpha2: 'CN', alpha3: 'CHN', numeric: '156', enName: 'China', localName: '中国', callingCode: '86', area: 'AS' },
  { alpha2: 'CO', alpha3: 'COL', numeric: '170', enName: 'Colombia', localName: 'Colombia', callingCode: '57', area: 'SA' },
  { alpha2: 'CR', alpha3: 'CRI', numeric: '188', enName: 'Costa Rica', localName: 'Costa Rica', callingCode: '506', area: 'NA' },
  { alpha2: 'CU', alpha3: 'CUB', numeric: '192', enName: 'Cuba', localName: 'Cuba', callingCode: '53', area: 'NA' },
  { alpha2: 'CV', alpha3: 'CPV', numeric: '132', enName: 'Cabo Verde', localName: 'Cabo Verde', callingCode: '238', area: 'AF' },
  { alpha2: 'CW', alpha3: 'CUW', numeric: '531', enName: 'Curaçao', localName: 'Curaçao', callingCode: '599', area: 'NA' },
  { alpha2: 'CX', alpha3: 'CXR', numeric: '162', enName: 'Christmas Island', localName: 'Christmas Island', callingCode: '61', area: 'AS' },
  { alpha2: 'CY', alpha3: 'CYP', numeric: '196', enName: 'Cyprus', localName: 'Κύπρος', callingCode: '357', area: 'EU' },
  { alpha2: 'CZ', alpha3: 'CZE', numeric: '203', enName: 'Czechia', localName: 'Česko', callingCode: '420', area: 'EU' },
  { alpha2: 'DE', alpha3: 'DEU', numeric: '276', enName: 'Germany', localName: 'Deutschland', callingCode: '49', area: 'EU' },
  { alpha2: 'DJ', alpha3: 'DJI', numeric: '262', enName: 'Djibouti', localName: 'Djibouti', callingCode: '253', area: 'AF' },
  { alpha2: 'DK', alpha3: 'DNK', numeric: '208', enName: 'Denmark', localName: 'Danmark', callingCode: '45', area: 'EU' },
  { alpha2: 'DM', alpha3: 'DMA', numeric: '212', enName: 'Dominica', localName: 'Dominica', callingCode: '1', area: 'NA' },
  { alpha2: 'DO', alpha3: 'DOM', numeric: '214', enName: 'Dominican Republic', localName: 'República Dominicana', callingCode: '1', area: 'NA' },
  { alpha2: 'DZ', alpha3: 'DZA', numeric: '012', enName: 'Algeria', localName: 'الجزائر', callingCode: '213', area: 'AF' },
  { alpha2: 'EC', alpha3: 'ECU', numeric: '218', enName: 'Ecuador', localName: 'Ecuador', callingCode: '593', area: 'SA' },
  { alpha2: 'EE', alpha3: 'EST', numeric: '233', enName: 'Estonia', localName: 'Eesti', callingCode: '372', area: 'EU' },
  { alpha2: 'EG', alpha3: 'EGY', numeric: '818', enName: 'Egypt', localName: 'مصر', callingCode: '20', area: 'AF' },
  { alpha2: 'EH', alpha3: 'ESH', numeric: '732', enName: 'Western Sahara', localName: 'الصحراء الغربية', callingCode: '212', area: 'AF' },
  { alpha2: 'ER', alpha3: 'ERI', numeric: '232', enName: 'Eritrea', localName: 'ኤርትራ', callingCode: '291', area: 'AF' },
  { alpha2: 'ES', alpha3: 'ESP', numeric: '724', enName: 'Spain', localName: 'España', callingCode: '34', area: 'EU' },
  { alpha2: 'ET', alpha3: 'ETH', numeric: '231', enName: 'Ethiopia', localName: 'ኢትዮጵያ', callingCode: '251', area: 'AF' },
  { alpha2: 'FI', alpha3: 'FIN', numeric: '246', enName: 'Finland', localName: 'Suomi', callingCode: '358', area: 'EU' },
  { alpha2: 'FJ', alpha3: 'FJI', numeric: '242', enName: 'Fiji', localName: 'Fiji', callingCode: '679', area: 'OC' },
  { alpha2: 'FK', alpha3: 'FLK', numeric: '238', enName: 'Falkland Islands (Malvinas)', localName: 'Falkland Islands', callingCode: '500', area: 'SA' },
  { alpha2: 'FM', alpha3: 'FSM', numeric: '583', enName: 'Micronesia, Federated States of', localName: 'Micronesia', callingCode: '691', area: 'OC' },
  { alpha2: 'FO', alpha3: 'FRO', numeric: '234', enName: 'Faroe Islands', localName: 'Føroyar', callingCode: '298', area: 'EU' },
  { alpha2: 'FR', alpha3: 'FRA', numeric: '250', enName: 'France', localName: 'France', callingCode: '33', area: 'EU' },
  { alpha2: 'GA', alpha3: 'GAB', numeric: '266', enName: 'Gabon', localName: 'Gabon', callingCode: '241', area: 'AF' },
  { alpha2: 'GB', alpha3: 'GBR', numeric: '826', enName: 'United Kingdom', localName: 'United Kingdom', callingCode: '44', area: 'EU' },
  { alpha2: 'GD', alpha3: 'GRD', numeric: '308', enName: 'Grenada', localName: 'Grenada', callingCode: '1', area: 'NA' },
  { alpha2: 'GE', alpha3: 'GEO', numeric: '268', enName: 'Georgia', localName: 'საქართველო', callingCode: '995', area: 'AS' },
  { alpha2: 'GF', alpha3: 'GUF', numeric: '254', enName: 'French Guiana', localName: 'Guyane française', callingCode: '594', area: 'SA' },
  { alpha2: 'GG', alpha3: 'GGY', numeric: '831', enName: 'Guernsey', localName: 'Guernsey', callingCode: '44', area: 'EU' },
  { alpha2: 'GH', alpha3: 'GHA', numeric: '288', enName: 'Ghana', localName: 'Ghana', callingCode: '233', area: 'AF' },
  { alpha2: 'GI', alpha3: 'GIB', numeric: '292', enName: 'Gibraltar', localName: 'Gibraltar', callingCode: '350', area: 'EU' },
  { alpha2: 'GL', alpha3: 'GRL', numeric: '304', enName: 'Greenland', localName: 'Kalaallit Nunaat', callingCode: '299', area: 'NA' },
  { alpha2: 'GM', alpha3: 'GMB', numeric: '270', enName: 'Gambia', localName: 'Gambia', callingCode: '220', area: 'AF' },
  { alpha2: 'GN', alpha3: 'GIN', numeric: '324', enName: 'Guinea', localName: 'Guinée', callingCode: '224', area: 'AF' },
  { alpha2: 'GP', alpha3: 'GLP', numeric: '312', enName: 'Guadeloupe', localName: 'Guadeloupe', callingCode: '590', area: 'NA' },
  { alpha2: 'GQ', alpha3: 'GNQ', numeric: '226', enName: 'Equatorial Guinea', localName: 'Guinea Ecuatorial', callingCode: '240', area: 'AF' },
  { alpha2: 'GR', alpha3: 'GRC', numeric: '300', enName: 'Greece', localName: 'Ελλάδα', callingCode: '30', area: 'EU' },
  { alpha2: 'GS', alpha3: 'SGS', numeric: '239', enName: 'South Georgia and the South Sandwich Islands', localName: 'South Georgia and the South Sandwich Islands', callingCode: '500', area: 'AN' },
  { alpha2: 'GT', alpha3: 'GTM', numeric: '320', enName: 'Guatemala', localName: 'Guatemala', callingCode: '502', area: 'NA' },
  { alpha2: 'GU', alpha3: 'GUM', numeric: '316', enName: 'Guam', localName: 'Guam', callingCode: '1', area: 'OC' },
  { alpha2: 'GW', alpha3: 'GNB', numeric: '624', enName: 'Guinea-Bissau', localName: 'Guiné-Bissau', callingCode: '245', area: 'AF' },
  { alpha2: 'GY', alpha3: 'GUY', numeric: '328', enName: 'Guyana', localName: 'Guyana', callingCode: '592', area: 'SA' },
  { alpha2: 'HK', alpha3: 'HKG', numeric: '344', enName: 'Hong Kong', localName: '香港', callingCode: '852', area: 'AS' },
  { alpha2: 'HM', alpha3: 'HMD', numeric: '334', enName: 'Heard Island and McDonald Islands', localName: 'Heard Island and McDonald Islands', callingCode: '672', area: 'AN' },
  { alpha2: 'HN', alpha3: 'HND', numeric: '340', enName: 'Honduras', localName: 'Honduras', callingCode: '504', area: 'NA' },
  { alpha2: 'HR', alpha3: 'HRV', numeric: '191', enName: 'Croatia', localName: 'Hrvatska', callingCode: '385', area: 'EU' },
  { alpha2: 'HT', alpha3: 'HTI', numeric: '332', enName: 'Haiti', localName: 'Haïti', callingCode: '509', area: 'NA' },
  { alpha2: 'HU', alpha3: 'HUN', numeric: '348', enName: 'Hungary', localName: 'Magyarország', callingCode: '36', area: 'EU' },
  { alpha2: 'ID', alpha3: 'IDN', numeric: '360', enName: 'Indonesia', localName: 'Indonesia', callingCode: '62', area: 'AS' },
  { alpha2: 'IE', alpha3: 'IRL', numeric: '372', enName: 'Ireland', localName: 'Ireland', callingCode: '353', area: 'EU' },
  { alpha2: 'IL', alpha3: 'ISR', numeric: '376', enName: 'Israel', localName: 'ישראל', callingCode: '972', area: 'AS' },
  { alpha2: 'IM', alpha3: 'IMN', numeric: '833', enName: 'Isle of Man', localName: 'Isle of Man', callingCode: '44', area: 'EU' },
  { alpha2: 'IN', alpha3: 'IND', numeric: '356', enName: 'India', localName: 'भारत', callingCode: '91', area: 'AS' },
  { alpha2: 'IO', alpha3: 'IOT', numeric: '086', enName: 'British Indian Ocean Territory', localName: 'British Indian Ocean Territory', callingCode: '246', area: 'AS' },
  { alpha2: 'IQ', alpha3: 'IRQ', numeric: '368', enName: 'Iraq', localName: 'العراق', callingCode: '964', area: 'AS' },
  { alpha2: 'IR', alpha3: 'IRN', numeric: '364', enName: 'Iran, Islamic Republic of', localName: 'ایران', callingCode: '98', area: 'AS' },
  { alpha2: 'IS', alpha3: 'ISL', numeric: '352', enName: 'Iceland', localName: 'Ísland', callingCode: '354', area: 'EU' },
  { alpha2: 'IT', alpha3: 'ITA', numeric: '380', enName: 'Italy', localName: 'Italia', callingCode: '39', area: 'EU' },
  { alpha2: 'JE', alpha3: 'JEY', numeric: '832', enName: 'Jersey', localName: 'Jersey', callingCode: '44', area: 'EU' },
  { alpha2: 'JM', alpha3: 'JAM', numeric: '388', enName: 'Jamaica', localName: 'Jamaica', callingCode: '1', area: 'NA' },
  { alpha2: 'JO', alpha3: 'JOR', numeric: '400', enName: 'Jordan', localName: 'الأردن', callingCode: '962', area: 'AS' },
  { alpha2: 'JP', alpha3: 'JPN', numeric: '392', enName: 'Japan', localName: '日本', callingCode: '81', area: 'AS' },
  { alpha2: 'KE', alpha3: 'KEN', numeric: '404', enName: 'Kenya', localName: 'Kenya', callingCode: '254', area: 'AF' },
  { alpha2: 'KG', alpha3: 'KGZ', numeric: '417', enName: 'Kyrgyzstan', localName: 'Кыргызстан', callingCode: '996', area: 'AS' },
  { alpha2: 'KH', alpha3: 'KHM', numeric: '116', enName: 'Cambodia', localName: 'កម្ពុជា', callingCode: '855', area: 'AS' },
  { alpha2: 'KI', alpha3: 'KIR', numeric: '296', enName: 'Kiribati', localName: 'Kiribati', callingCode: '686', area: 'OC' },
  { alpha2: 'KM', alpha3: 'COM', numeric: '174', enName: 'Comoros', localName: 'Komori', callingCode: '269', area: 'AF' },
  { alpha2: 'KN', alpha3: 'KNA', numeric: '659', enName: 'Saint Kitts and Nevis', localName: 'Saint Kitts and Nevis', callingCode: '1', area: 'NA' },
  { alpha2: 'KP', alpha3: 'PRK', numeric: '408', enName: "Korea, Democratic People's Republic of", localName: '조선', callingCode: '850', area: 'AS' },
  { alpha2: 'KR', alpha3: 'KOR', numeric: '410', enName: 'Korea, Republic of', localName: '대한민국', callingCode: '82', area: 'AS' },
  { alpha2: 'KW', alpha3: 'KWT', numeric: '414', enName: 'Kuwait', localName: 'الكويت', callingCode: '965', area: 'AS' },
  { alpha2: 'KY', alpha3: 'CYM', numeric: '136', enName: 'Cayman Islands', localName: 'Cayman Islands', callingCode: '1', area: 'NA' },
  { alpha2: 'KZ', alpha3: 'KAZ', numeric: '398', enName: 'Kazakhstan', localName: 'Қазақстан', callingCode: '7', area: 'AS' },
  { alpha2: 'LA', alpha3: 'LAO', numeric: '418', enName: "Lao People's Democratic Republic", localName: 'ລາວ', callingCode: '856', area: 'AS' },
  { alpha2: 'LB', alpha3: 'LBN', numeric: '422', enName: 'Lebanon', localName: 'لبنان', callingCode: '961', area: 'AS' },
  { alpha2: 'LC', alpha3: 'LCA', numeric: '662', enName: 'Saint Lucia', localName: 'Saint Lucia', callingCode: '1', area: 'NA' },
  { alpha2: 'LI', alpha3: 'LIE', numeric: '438', enName: 'Liechtenstein', localName: 'Liechtenstein', callingCode: '423', area: 'EU' },
  { alpha2: 'LK', alpha3: 'LKA', numeric: '144', enName: 'Sri Lanka', localName: 'ශ්‍රී ලංකාව', callingCode: '94', area: 'AS' },
  { alpha2: 'LR', alpha3: 'LBR', numeric: '430', enName: 'Liberia', localName: 'Liberia', callingCode: '231', area: 'AF' },
  { alpha2: 'LS', alpha3: 'LSO', numeric: '426', enName: 'Lesotho', localName: 'Lesotho', callingCode: '266', area: 'AF' },
  { alpha2: 'LT', alpha3: 'LTU', numeric: '440', enName: 'Lithuania', localName: 'Lietuva', callingCode: '370', area: 'EU' },
  { alpha2: 'LU', alpha3: 'LUX', numeric: '442', enName: 'Luxembourg', localName: 'Lëtzebuerg', callingCode: '352', area: 'EU' },
  { alpha2: 'LV', alpha3: 'LVA', numeric: '428', enName: 'Latvia', localName: 'Latvija', callingCode: '371', area: 'EU' },
  { alpha2: 'LY', alpha3: 'LBY', numeric: '434', enName: 'Libya', localName: 'ليبيا', callingCode: '218', area: 'AF' },
  { alpha2: 'MA', alpha3: 'MAR', numeric: '504', enName: 'Morocco', localName: 'المغرب', callingCode: '212', area: 'AF' },
  { alpha2: 'MC', alpha3: 'MCO', numeric: '492', enName: 'Monaco', localName: 'Monaco', callingCode: '377', area: 'EU' },
  { alpha2: 'MD', alpha3: 'MDA', numeric: '498', enName: 'Moldova, Republic of', localName: 'Republica Moldova', callingCode: '373', area: 'EU' },
  { alpha2: 'ME', alpha3: 'MNE', numeric: '499', enName: 'Montenegro', localName: 'Crna Gora', callingCode: '382', area: 'EU' },
  { alpha2: 'MF', alpha3: 'MAF', numeric: '663', enName: 'Saint Martin (French part)', localName: 'Saint-Martin', callingCode: '590', area: 'NA' },
  { alpha2: 'MG', alpha3: 'MDG', numeric: '450', enName: 'Madagascar', localName: 'Madagasikara', callingCode: '261', area: 'AF' },
  { alpha2: 'MH', alpha3: 'MHL', numeric: '584', enName: 'Marshall Islands', localName: 'Marshall Islands', callingCode: '692', area: 'OC' },
  { alpha2: 'MK', alpha3: 'MKD', numeric: '807', enName: 'North Macedonia', localName: 'Северна Македонија', callingCode: '389', area: 'EU' },
  { alpha2: 'ML', alpha3: 'MLI', numeric: '466', enName: 'Mali', localName: 'Mali', callingCode: '223', area: 'AF' },
  { alpha2: 'MM', alpha3: 'MMR', numeric: '104', enName: 'Myanmar', localName: 'မြန်မာ', callingCode: '95', area: 'AS' },
  { alpha2: 'MN', alpha3: 'MNG', numeric: '496', enName: 'Mongolia', localName: 'Монгол', callingCode: '976', area: 'AS' },
  { alpha2: 'MO', alpha3: 'MAC', numeric: '446', enName: 'Macao', localName: '澳門', callingCode: '853', area: 'AS' },
  { alpha2: 'MP', alpha3: 'MNP', numeric: '580', enName: 'Northern Mariana Islands', localName: 'Northern Mariana Islands', callingCode: '1', area: 'OC' },
  { alpha2: 'MQ', alpha3: 'MTQ', numeric: '474', enName: 'Martinique', localName: 'Martinique', callingCode: '596', area: 'NA' },
  { alpha2: 'MR', alpha3: 'MRT', numeric: '478', enName: 'Mauritania', localName: 'موريتانيا', callingCode: '222', area: 'AF' },
  { alpha2: 'MS', alpha3: 'MSR', numeric: '500', enName: 'Montserrat', localName: 'Montserrat', callingCode: '1', area: 'NA' },
  { alpha2: 'MT', alpha3: 'MLT', numeric: '470', enName: 'Malta', localName: 'Malta', callingCode: '356', area: 'EU' },
  { alpha2: 'MU', alpha3: 'MUS', numeric: '480', enName: 'Mauritius', localName: 'Maurice', callingCode: '230', area: 'AF' },
  { alpha2: 'MV', alpha3: 'MDV', numeric: '462', enName: 'Maldives', localName: 'Maldives', callingCode: '960', area: 'AS' },
  { alpha2: 'MW', alpha3: 'MWI', numeric: '454', enName: 'Malawi', localName: 'Malawi', callingCode: '265', area: 'AF' },
  { alpha2: 'MX', alpha3: 'MEX', numeric: '484', enName: 'Mexico', localName: 'México', callingCode: '52', area: 'NA' },
  { alpha2: 'MY', alpha3: 'MYS', numeric: '458', enName: 'Malaysia', localName: 'Malaysia', callingCode: '60', area: 'AS' },
  { alpha2: 'MZ', alpha3: 'MOZ', numeric: '508', enName: 'Mozambique', localName: 'Moçambique', callingCode: '258', area: 'AF' },
  { alpha2: 'NA', alpha3: 'NAM', numeric: '516', enName: 'Namibia', localName: 'Namibia', callingCode: '264', area: 'AF' },
  { alpha2: 'NC', alpha3: 'NCL', numeric: '540', enName: 'New Caledonia', localName: 'Nouvelle-Calédonie', callingCode: '687', area: 'OC' },
  { alpha2: 'NE', alpha3: 'NER', numeric: '562', enName: 'Niger', localName: 'Niger', callingCode: '227', area: 'AF' },
  { alpha2: 'NF', alpha3: 'NFK', numeric: '574', enName: 'Norfolk Island', localName: 'Norfolk Island', callingCode: '672', area: 'OC' },
  { alpha2: 'NG', alpha3: 'NGA', numeric: '566', enName: 'Nigeria', localName: 'Nigeria', callingCode: '234', area: 'AF' },
  { alpha2: 'NI', alpha3: 'NIC', numeric: '558', enName: 'Nicaragua', localName: 'Nicaragua', callingCode: '505', area: 'NA' },
  { alpha2: 'NL', alpha3: 'NLD', numeric: '528', enName: 'Netherlands', localName: 'Nederland', callingCode: '31', area: 'EU' },
  { alpha2: 'NO', alpha3: 'NOR', numeric: '578', enName: 'Norway', localName: 'Norge', callingCode: '47', area: 'EU' },
  { alpha2: 'NP', alpha3: 'NPL', numeric: '524', enName: 'Nepal', localName: 'नेपाल', callingCode: '977', area: 'AS' },
  { alpha2: 'NR', alpha3: 'NRU', numeric: '520', enName: 'Nauru', localName: 'Nauru', callingCode: '674', area: 'OC' },
  { alpha2: 'NU', alpha3: 'NIU', numeric: '570', enName: 'Niue', localName: 'Niue', callingCode: '683', area: 'OC' },
  { alpha2: 'NZ', alpha3: 'NZL', numeric: '554', enName: 'New Zealand', localName: 'New Zealand', callingCode: '64', area: 'OC' },
  { alpha2: 'OM', alpha3: 'OMN', numeric: '512', enName: 'Oman', localName: 'عُمان', callingCode: '968', area: 'AS' },
  { alpha2: 'PA', alpha3: 'PAN', numeric: '591', enName: 'Panama', localName: 'Panamá', callingCode: '507', area: 'NA' },
  { alpha2: 'PE', alpha3: 'PER', numeric: '604', enName: 'Peru', localName: 'Perú', callingCode: '51', area: 'SA' },
  { alpha2: 'PF', alpha3: 'PYF', numeric: '258', enName: 'French Polynesia', localName: 'Polynésie française', callingCode: '689', area: 'OC' },
  { alpha2: 'PG', alpha3: 'PNG', numeric: '598', enName: 'Papua New Guinea', localName: 'Papua Niugini', callingCode: '675', area: 'OC' },
  { alpha2: 'PH', alpha3: 'PHL', numeric: '608', enName: 'Philippines', localName: 'Pilipinas', callingCode: '63', area: 'AS' },
  { alpha2: 'PK', alpha3: 'PAK', numeric: '586', enName: 'Pakistan', localName: 'پاکستان', callingCode: '92', area: 'AS' },
  { alpha2: 'PL', alpha3: 'POL', numeric: '616', enName: 'Poland', localName: 'Polska', callingCode: '48', area: 'EU' },
  { alpha2: 'PM', alpha3: 'SPM', numeric: '666', enName: 'Saint Pierre and Miquelon', localName: 'Saint-Pierre-et-Miquelon', callingCode: '508', area: 'NA' },
  { alpha2: 'PN', alpha3: 'PCN', numeric: '612', enName: 'Pitcairn', localName: 'Pitcairn Islands', callingCode: '64', area: 'OC' },
  { alpha2: 'PR', alpha3: 'PRI', numeric: '630', enName: 'Puerto Rico', localName: 'Puerto Rico', callingCode: '1', area: 'NA' },
  { alpha2: 'PS', alpha3: 'PSE', numeric: '275', enName: 'Palestine, State of', localName: 'فلسطين', callingCode: '970', area: 'AS' },
  { alpha2: 'PT', alpha3: 'PRT', numeric: '620', enName: 'Portugal', localName: 'Portugal', callingCode: '351', area: 'EU' },
  { alpha2: 'PW', alpha3: 'PLW', numeric: '585', enName: 'Palau', localName: 'Palau', callingCode: '680', area: 'OC' },
  { alpha2: 'PY', alpha3: 'PRY', numeric: '600', enName: 'Paraguay', localName: 'Paraguay', callingCode: '595', area: 'SA' },
  { alpha2: 'QA', alpha3: 'QAT', numeric: '634', enName: 'Qatar', localName: 'قطر', callingCode: '974', area: 'AS' },
  { alpha2: 'RE', alpha3: 'REU', numeric: '638', enName: 'Réunion', localName: 'La Réunion', callingCode: '262', area: 'AF' },
  { alpha2: 'RO', alpha3: 'ROU', numeric: '642', enName: 'Romania', localName: 'România', callingCode: '40', area: 'EU' },
  { alpha2: 'RS', alpha3: 'SRB', numeric: '688', enName: 'Serbia', localName: 'Србија', callingCode: '381', area: 'EU' },
  { alpha2: 'RU', alpha3: 'RUS', numeric: '643', enName: 'Russian Federation', localName: 'Россия', callingCode: '7', area: 'EU' },
  { alpha2: 'RW', alpha3: 'RWA', numeric: '646', enName: 'Rwanda', localName: 'Rwanda', callingCode: '250', area: 'AF' },
  { alpha2: 'SA', alpha3: 'SAU', numeric: '682', enName: 'Saudi Arabia', localName: 'المملكة العربية السعودية', callingCode: '966', area: 'AS' },
  { alpha2: 'SB', alpha3: 'SLB', numeric: '090', enName: 'Solomon Islands', localName: 'Solomon Islands', callingCode: '677', area: 'OC' },
  { alpha2: 'SC', alpha3: 'SYC', numeric: '690', enName: 'Seychelles', localName: 'Seychelles', callingCode: '248', area: 'AF' },
  { alpha2: 'SD', alpha3: 'SDN', numeric: '729', enName: 'Sudan', localName: 'السودان', callingCode: '249', area: 'AF' },
  { alpha2: 'SE', alpha3: 'SWE', numeric: '752', enName: 'Sweden', localName: 'Sverige', callingCode: '46', area: 'EU' },
  { alpha2: 'SG', alpha3: 'SGP', numeric: '702', enName: 'Singapore', localName: 'Singapore', callingCode: '65', area: 'AS' },
  { alpha2: 'SH', alpha3: 'SHN', numeric: '654', enName: 'Saint Helena, Ascension and Tristan da Cunha', localName: 'Saint Helena, Ascension and Tristan da Cunha', callingCode: '290', area: 'AF' },
  { alpha2: 'SI', alpha3: 'SVN', numeric: '705', enName: 'Slovenia', localName: 'Slovenija', callingCode: '386', area: 'EU' },
  { alpha2: 'SJ', alpha3: 'SJM', numeric: '744', enName: 'Svalbard and Jan Mayen', localName: 'Svalbard og Jan Mayen', callingCode: '47', area: 'EU' },
  { alpha2: 'SK', alpha3: 'SVK', numeric: '703', enName: 'Slovakia', localName: 'Slovensko', callingCode: '421', area: 'EU' },
  { alpha2: 'SL', alpha3: 'SLE', numeric: '694', enName: 'Sierra Leone', localName: 'Sierra Leone', callingCode: '232', area: 'AF' },
  { alpha2: 'SM', alpha3: 'SMR', numeric: '674', enName: 'San Marino', localName: 'San Marino', callingCode: '378', area: 'EU' },
  { alpha2: 'SN', alpha3: 'SEN', numeric: '686', enName: 'Senegal', localName: 'Sénégal', callingCode: '221', area: 'AF' },
  { alpha2: 'SO', alpha3: 'SOM', numeric: '706', enName: 'Somalia', localName: 'Soomaaliya', callingCode: '252', area: 'AF' },
  { alpha2: 'SR', alpha3: 'SUR', numeric: '740', enName: 'Suriname', localName: 'Suriname', callingCode: '597', area: 'SA' },
  { alpha2: 'SS', alpha3: 'SSD', numeric: '728', enName: 'South Sudan', localName: 'South Sudan', callingCode: '211', area: 'AF' },
  { alpha2: 'ST', alpha3: 'STP', numeric: '678', enName: 'Sao Tome and Principe', localName: 'São Tomé e Príncipe', callingCode: '239', area: 'AF' },
  { alpha2: 'SV', alpha3: 'SLV', numeric: '222', enName: 'El Salvador', localName: 'El Salvador', callingCode: '503', area: 'NA' },
  { alpha2: 'SX', alpha3: 'SXM', numeric: '534', enName: 'Sint Maarten (Dutch part)', localName: 'Sint Maarten', callingCode: '1', area: 'NA' },
  { alpha2: 'SY', alpha3: 'SYR', numeric: '760', enName: 'Syrian Arab Republic', localName: 'سوريا', callingCode: '963', area: 'AS' },
  { alpha2: 'SZ', alpha3: 'SWZ', numeric: '748', enName: 'Eswatini', localName: 'Eswatini', callingCode: '268', area: 'AF' },
  { alpha2: 'TC', alpha3: 'TCA', numeric: '796', enName: 'Turks and Caicos Islands', localName: 'Turks and Caicos Islands', callingCode: '1', area: 'NA' },
  { alpha2: 'TD', alpha3: 'TCD', numeric: '148', enName: 'Chad', localName: 'Tchad', callingCode: '235', area: 'AF' },
  { alpha2: 'TF', alpha3: 'ATF', numeric: '260', enName: 'French Southern Territories', localName: 'Terres australes françaises', callingCode: '262', area: 'AN' },
  { alpha2: 'TG', alpha3: 'TGO', numeric: '768', enName: 'Togo', localName: 'Togo', callingCode: '228', area: 'AF' },
  { alpha2: 'TH', alpha3: 'THA', numeric: '764', enName: 'Thailand', localName: 'ไทย', callingCode: '66', area: 'AS' },
  { alpha2: 'TJ', alpha3: 'TJK', numeric: '762', enName: 'Tajikistan', localName: 'Тоҷикистон', callingCode: '992', area: 'AS' },
  { alpha2: 'TK', alpha3: 'TKL', numeric: '772', enName: 'Tokelau', localName: 'Tokelau', callingCode: '690', area: 'OC' },
  { alpha2: 'TL', alpha3: 'TLS', numeric: '626', enName: 'Timor-Leste', localName: 'Timor-Leste', callingCode: '670', area: 'OC' },
  { alpha2: 'TM', alpha3: 'TKM', numeric: '795', enName: 'Turkmenistan', localName: 'Türkmenistan', callingCode: '993', area: 'AS' },
  { alpha2: 'TN', alpha3: 'TUN', numeric: '788', enName: 'Tunisia', localName: 'تونس', callingCode: '216', area: 'AF' },
  { alpha2: 'TO', alpha3: 'TON', numeric: '776', enName: 'Tonga', localName: 'Tonga', callingCode: '676', area: 'OC' },
  { alpha2: 'TR', alpha3: 'TUR', numeric: '792', enName: 'Türkiye', localName: 'Türkiye', callingCode: '90', area: 'AS' },
  { alpha2: 'TT', alpha3: 'TTO', numeric: '780', enName: 'Trinidad and Tobago', localName: 'Trinidad and Tobago', callingCode: '1', area: 'NA' },
  { alpha2: 'TV', alpha3: 'TUV', numeric: '798', enName: 'Tuvalu', localName: 'Tuvalu', callingCode: '688', area: 'OC' },
  { alpha2: 'TW', alpha3: 'TWN', numeric: '158', enName: 'Taiwan, Province of China', localName: '台灣', callingCode: '886', area: 'AS' },
  { alpha2: 'TZ', alpha3: 'TZA', numeric: '834', enName: 'Tanzania, United Republic of', localName: 'Tanzania', callingCode: '255', area: 'AF' },
  { alpha2: 'UA', alpha3: 'UKR', numeric: '804', enName: 'Ukraine', localName: 'Україна', callingCode: '380', area: 'EU' },
  { alpha2: 'UG', alpha3: 'UGA', numeric: '800', enName: 'Uganda', localName: 'Uganda', callingCode: '256', area: 'AF' },
  { alpha2: 'UM', alpha3: 'UMI', numeric: '581', enName: 'United States Minor Outlying Islands', localName: 'United States Minor Outlying Islands', callingCode: '1', area: 'OC' },
  { alpha2: 'US', alpha3: 'USA', numeric: '840', enName: 'United States', localName: 'United States', callingCode: '1', area: 'NA' },
  { alpha2: 'UY', alpha3: 'URY', numeric: '858', enName: 'Uruguay', localName: 'Uruguay', callingCode: '598', area: 'SA' },
  { alpha2: 'UZ', alpha3: 'UZB', numeric: '860', enName: 'Uzbekistan', localName: 'Oʻzbekiston', callingCode: '998', area: 'AS' },
  { alpha2: 'VA', alpha3: 'VAT', numeric: '336', enName: 'Holy See (Vatican City State)', localName: 'Città del Vaticano', callingCode: '39', area: 'EU' },
  { alpha2: 'VC', alpha3: 'VCT', numeric: '670', enName: 'Saint Vincent and the Grenadines', localName: 'Saint Vincent and the Grenadines', callingCode: '1', area: 'NA' },
  { alpha2: 'VE', alpha3: 'VEN', numeric: '862', enName: 'Venezuela, Bolivarian Republic of', localName: 'Venezuela', callingCode: '58', area: 'SA' },
  { alpha2: 'VG', alpha3: 'VGB', numeric: '092', enName: 'Virgin Islands, British', localName: 'British Virgin Islands', callingCode: '1', area: 'NA' },
  { alpha2: 'VI', alpha3: 'VIR', numeric: '850', enName: 'Virgin Islands, U.S.', localName: 'United States Virgin Islands', callingCode: '1', area: 'NA' },
  { alpha2: 'VN', alpha3: 'VNM', numeric: '704', enName: 'Viet Nam', localName: 'Việt Nam', callingCode: '84', area: 'AS' },
  { alpha2: 'VU', alpha3: 'VUT', numeric: '548', enName: 'Vanuatu', localName: 'Vanuatu', callingCode: '678', area: 'OC' },
  { alpha2: 'WF', alpha3: 'WLF', numeric: '876', enName: 'Wallis and Futuna', localName: 'Wallis-et-Futuna', callingCode: '681', area: 'OC' },
  { alpha2: 'WS', alpha3: 'WSM', numeric: '882', enName: 'Samoa', localName: 'Samoa', callingCode: '685', area: 'OC' },
  { alpha2: 'YE', alpha3: 'YEM', numeric: '887', enName: 'Yemen', localName: 'اليمن', callingCode: '967', area: 'AS' },
  { alpha2: 'YT', alpha3: 'MYT', numeric: '175', enName: 'Mayotte', localName: 'Mayotte', callingCode: '262', area: 'AF' },
  { alpha2: 'ZA', alpha3: 'ZAF', numeric: '710', enName: 'South Africa', localName: 'South Africa', callingCode: '27', area: 'AF' },
  { alpha2: 'ZM', alpha3: 'ZMB', numeric: '894', enName: 'Zambia', localName: 'Zambia', callingCode: '260', area: 'AF' },
  { alpha2: 'ZW', alpha3: 'ZWE', numeric: '716', enName: 'Zimbabwe', localName: 'Zimbabwe', callingCode: '263', area: 'AF' },
] as const satisfies readonly CountryRow[];

export type CountryAlpha2 = (typeof COUNTRY_ROWS)[number]['alpha2'];

export interface Country extends CountryRow {
  readonly alpha2: CountryAlpha2;
}

/** Sorted by alpha-2 code. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS;

const COUNTRIES_BY_ALPHA2 = new Map<string, Country>(COUNTRIES.map((country) => [country.alpha2, country]));

const CALLING_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.callingCode));

/** Case-insensitive: `cn` and `CN` both find China. */
export function countryByAlpha2(code: string): Country | undefined {
  // ASCII only: toUpperCase turns 'ß' into 'SS' (South Sudan).
  return /^[a-z]{2}$/i.test(code) ? COUNTRIES_BY_ALPHA2.get(code.toUpperCase()) : undefined;
}

/** Exact, upper-case match only: this guards what gets stored, and stored codes are upper case. */
export function isCountryAlpha2(code: string): code is CountryAlpha2 {
  return COUNTRIES_BY_ALPHA2.has(code);
}

/** A country calling code from the table, with or without a leading '+' ('86', '+86'). */
export function isCallingCode(code: string): boolean {
  return CALLING_CODES.has(code.startsWith('+') ? code.slice(1) : code);
}
