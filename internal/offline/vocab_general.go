package offline

import (
	"slices"
	"strings"
)

// Round thirteen: a general lexicon. The paraphrases of
// vocab_paraphrase.go were learned from the questions that failed on the
// databases we had, and a database we have never seen names other things.
// generalWords lists, domain by domain, the everyday words people use for
// what databases store: people and their roles, organisations, places,
// time, commerce, things and measures. Like every synonym they are
// consulted only when the literal word links to nothing, and a word that
// so reaches two schema names is ambiguous, not a guess.
//
// A word with several everyday senses ("state", "class", "party",
// "record", "title", "group") is not a two-way member: at most it is a
// one-way name of one schema word, so that it never makes a schema's own
// word mean something else.

// generalWords are [wordGroup]s of general English, read as
// [paraphrases] are. Two-way groups are words any of which may name the
// same thing; a one-way group's first word is the schema's and the others
// are more general or looser words a question may use for it. Irregular
// plurals are no synonyms: [singular] reads them.
var generalWords = []wordGroup{
	// People and their roles.
	{words: []string{"person", "someone", "somebody"}, oneWay: true},
	{words: []string{"employee", "personnel", "staff member", "staffer"}},
	{words: []string{"customer", "buyer", "purchaser", "shopper", "consumer", "user"}, oneWay: true},
	{words: []string{"buyer", "purchaser"}},
	{words: []string{"seller", "vendor", "merchant"}},
	{words: []string{"supplier", "vendor"}},
	{words: []string{"supplier", "provider"}, oneWay: true},
	{words: []string{"student", "pupil", "learner", "schoolchild", "schoolboy", "schoolgirl", "undergraduate"}, oneWay: true},
	{words: []string{"teacher", "educator", "schoolteacher"}},
	{words: []string{"coach", "trainer", "instructor"}, oneWay: true},
	{words: []string{"player", "gamer", "participant", "competitor", "contestant"}, oneWay: true},
	{words: []string{"participant", "participator", "contestant"}},
	{words: []string{"gymnast", "athlete"}, oneWay: true},
	{words: []string{"swimmer", "athlete"}, oneWay: true},
	{words: []string{"runner", "athlete"}, oneWay: true},
	{words: []string{"wrestler", "athlete", "fighter"}, oneWay: true},
	{words: []string{"cyclist", "rider", "biker"}, oneWay: true},
	{words: []string{"jockey", "rider"}, oneWay: true},
	{words: []string{"musician", "instrumentalist"}, oneWay: true},
	{words: []string{"singer", "vocalist"}},
	{words: []string{"actor", "actress"}, oneWay: true},
	{words: []string{"director", "filmmaker"}, oneWay: true},
	{words: []string{"owner", "proprietor"}},
	{words: []string{"manager", "supervisor"}},
	{words: []string{"founder", "establisher", "originator"}},
	{words: []string{"creator", "originator"}},
	{words: []string{"organizer", "organiser"}},
	{words: []string{"resident", "inhabitant", "dweller"}},
	{words: []string{"guest", "visitor"}},
	{words: []string{"visitor", "tourist"}, oneWay: true},
	{words: []string{"tourist", "traveller", "traveler"}},
	{words: []string{"passenger", "traveller", "traveler"}},
	{words: []string{"child", "kid", "offspring"}},
	{words: []string{"adult", "grown up", "grownup"}},
	{words: []string{"friend", "buddy", "pal"}},
	{words: []string{"spouse", "husband or wife"}, oneWay: true},
	{words: []string{"winner", "champion"}},
	{words: []string{"candidate", "nominee"}},
	{words: []string{"applicant", "candidate"}, oneWay: true},
	{words: []string{"scientist", "researcher"}},
	{words: []string{"critic", "reviewer"}},
	{words: []string{"editor", "redactor"}},
	{words: []string{"chairman", "chairperson", "chairwoman"}},
	{words: []string{"president", "chairman", "chairperson"}, oneWay: true},
	{words: []string{"captain", "skipper"}},
	{words: []string{"referee", "umpire"}},
	{words: []string{"volunteer", "helper"}, oneWay: true},
	{words: []string{"mechanic", "technician", "repairman"}, oneWay: true},
	{words: []string{"technician", "engineer"}, oneWay: true},
	{words: []string{"nurse", "caregiver"}, oneWay: true},
	{words: []string{"doctor", "medic"}, oneWay: true},
	{words: []string{"lawyer", "attorney", "solicitor", "counsel"}},
	{words: []string{"police officer", "policeman", "cop"}},
	{words: []string{"politician", "statesman"}, oneWay: true},
	{words: []string{"member", "affiliate"}, oneWay: true},
	{words: []string{"patron", "customer"}, oneWay: true},
	{words: []string{"victim", "casualty"}},
	{words: []string{"perpetrator", "offender", "culprit", "criminal"}},
	{words: []string{"suspect", "accused"}, oneWay: true},
	{words: []string{"inventor", "creator"}, oneWay: true},
	{words: []string{"host", "presenter"}, oneWay: true},
	{words: []string{"audience", "attendee", "spectator", "viewer", "onlooker"}, oneWay: true},
	{words: []string{"spectator", "onlooker", "viewer"}},
	{words: []string{"sponsor", "backer", "funder"}},
	{words: []string{"investor", "shareholder", "stakeholder"}, oneWay: true},
	{words: []string{"shareholder", "stockholder"}},
	{words: []string{"agent", "broker"}, oneWay: true},
	{words: []string{"tenant", "renter", "lessee"}},
	{words: []string{"landlord", "lessor"}},
	{words: []string{"recipient", "receiver", "beneficiary"}, oneWay: true},
	{words: []string{"sender", "dispatcher"}, oneWay: true},
	{words: []string{"teammate", "team mate"}},
	{words: []string{"author", "novelist", "poet"}, oneWay: true},
	{words: []string{"composer", "songwriter"}, oneWay: true},
	{words: []string{"architect", "designer"}, oneWay: true},
	{words: []string{"driver", "motorist"}, oneWay: true},
	{words: []string{"professor", "prof"}},
	{words: []string{"ceo", "chief executive", "chief executive officer"}},
	{words: []string{"cfo", "chief financial officer"}},
	{words: []string{"vice president", "vp"}},
	{words: []string{"baby", "infant"}},
	{words: []string{"teenager", "adolescent", "teen"}},
	{words: []string{"father", "dad"}},
	{words: []string{"mother", "mom", "mum"}},
	{words: []string{"parent", "guardian"}, oneWay: true},
	{words: []string{"neighbor", "neighbour"}},
	{words: []string{"colleague", "coworker", "co worker"}},
	{words: []string{"intern", "trainee", "apprentice"}},
	{words: []string{"advisor", "mentor", "counselor", "counsellor"}, oneWay: true},
	{words: []string{"counselor", "counsellor"}},
	{words: []string{"pharmacist", "druggist"}},
	{words: []string{"soldier", "serviceman", "servicewoman"}, oneWay: true},
	{words: []string{"ruler", "monarch", "sovereign"}, oneWay: true},
	{words: []string{"king", "monarch"}, oneWay: true},
	{words: []string{"queen", "monarch"}, oneWay: true},

	// Organisations.
	{words: []string{"company", "corporation", "corp"}},
	{words: []string{"manufacturer", "maker", "producer"}, oneWay: true},
	{words: []string{"club", "society"}, oneWay: true},
	{words: []string{"team", "squad"}},
	{words: []string{"school", "academy"}, oneWay: true},
	{words: []string{"college", "school"}, oneWay: true},
	{words: []string{"university", "varsity"}},
	{words: []string{"agency", "bureau"}},
	{words: []string{"association", "society"}, oneWay: true},
	{words: []string{"restaurant", "eatery", "diner"}},
	{words: []string{"hotel", "inn", "motel", "lodge"}, oneWay: true},
	{words: []string{"cinema", "movie theater", "movie house", "theater"}, oneWay: true},
	{words: []string{"airline", "air carrier", "carrier"}, oneWay: true},
	{words: []string{"publisher", "publishing house"}},
	{words: []string{"hospital", "infirmary"}},
	{words: []string{"church", "chapel"}, oneWay: true},
	{words: []string{"band", "music group"}},
	{words: []string{"orchestra", "ensemble"}, oneWay: true},
	{words: []string{"government", "administration"}, oneWay: true},
	{words: []string{"ministry", "government department"}, oneWay: true},
	{words: []string{"charity", "nonprofit", "non profit"}},
	{words: []string{"bank", "lender"}, oneWay: true},
	{words: []string{"factory", "manufactory", "plant"}, oneWay: true},
	{words: []string{"supermarket", "grocery store", "grocery"}},
	{words: []string{"pharmacy", "drugstore"}},
	{words: []string{"gym", "gymnasium", "fitness center", "fitness centre"}},
	{words: []string{"clinic", "medical center", "medical centre"}, oneWay: true},
	{words: []string{"prison", "jail", "penitentiary"}},
	{words: []string{"court", "tribunal"}, oneWay: true},
	{words: []string{"airport", "airfield"}, oneWay: true},
	{words: []string{"record label", "record company", "music label"}},

	// Places.
	{words: []string{"city", "municipality", "metropolis"}, oneWay: true},
	{words: []string{"district", "county", "borough"}, oneWay: true},
	{words: []string{"state", "province"}, oneWay: true},
	{words: []string{"province", "region"}, oneWay: true},
	{words: []string{"nationality", "citizenship"}},
	{words: []string{"country", "nationality"}},
	{words: []string{"street", "road", "avenue"}, oneWay: true},
	{words: []string{"hometown", "home town", "birthplace", "birth place", "place of birth", "native town"}, oneWay: true},
	{words: []string{"birth place", "birthplace", "place of birth"}},
	{words: []string{"origin", "starting point", "point of origin", "departure point", "place of departure", "departure city", "city of departure", "source"}, oneWay: true},
	{words: []string{"source", "origin"}, oneWay: true},
	{words: []string{"destination", "end point", "endpoint", "arrival point", "terminus", "place of arrival", "arrival city", "city of arrival"}, oneWay: true},
	{words: []string{"building", "edifice"}, oneWay: true},
	{words: []string{"room", "chamber"}, oneWay: true},
	{words: []string{"bedroom", "bedchamber", "sleeping room"}},
	{words: []string{"bathroom", "washroom", "restroom", "lavatory", "toilet"}},
	{words: []string{"classroom", "schoolroom", "lecture room", "lecture hall"}},
	{words: []string{"floor", "storey"}},
	{words: []string{"story", "floor", "storey"}, oneWay: true},
	{words: []string{"apartment", "flat"}, oneWay: true},
	{words: []string{"neighborhood", "neighbourhood"}},
	{words: []string{"stadium", "arena"}},
	{words: []string{"port", "harbour", "harbor"}, oneWay: true},
	{words: []string{"harbour", "harbor"}},
	{words: []string{"residence", "habitation", "dwelling", "abode"}},
	{words: []string{"house", "dwelling"}, oneWay: true},
	{words: []string{"headquarter", "hq", "main office"}},
	{words: []string{"continent", "landmass"}, oneWay: true},
	{words: []string{"lake", "reservoir"}, oneWay: true},
	{words: []string{"park", "garden"}, oneWay: true},
	{words: []string{"shop", "boutique"}, oneWay: true},
	{words: []string{"warehouse", "depot", "storehouse"}},
	{words: []string{"track", "racetrack", "race track", "circuit"}, oneWay: true},
	{words: []string{"circuit", "racetrack", "race track"}, oneWay: true},
	{words: []string{"gallery", "exhibition hall"}, oneWay: true},
	{words: []string{"capital", "capital city"}},
	{words: []string{"village", "hamlet"}, oneWay: true},
	{words: []string{"island", "isle"}},
	{words: []string{"river", "waterway"}, oneWay: true},
	{words: []string{"road", "highway", "motorway", "freeway"}, oneWay: true},
	{words: []string{"highway", "motorway", "freeway", "expressway"}},
	{words: []string{"border", "frontier", "boundary"}},
	{words: []string{"country", "country of origin", "nation of origin", "homeland", "motherland"}, oneWay: true},

	// Time.
	{words: []string{"start", "commence", "beginning", "commencement", "onset"}},
	{words: []string{"end", "finish", "conclusion", "completion"}},
	{words: []string{"founded", "established"}},
	{words: []string{"built", "constructed", "erected"}}, // "buildings constructed before 1900": year_built
	{words: []string{"foundation", "establishment"}},
	{words: []string{"creation", "establishment", "foundation"}, oneWay: true},
	{words: []string{"release", "launch"}},
	{words: []string{"semester", "academic term", "academic session", "term"}, oneWay: true},
	{words: []string{"deadline", "due date"}},
	{words: []string{"lifespan", "lifetime", "life span"}},
	{words: []string{"anniversary", "jubilee"}, oneWay: true},
	{words: []string{"schedule", "timetable"}},
	{words: []string{"duration", "time span", "timespan"}, oneWay: true},
	{words: []string{"frequency", "how often"}, oneWay: true},
	{words: []string{"fiscal year", "financial year"}},
	{words: []string{"timestamp", "time stamp"}},

	// Commerce and money.
	{words: []string{"payment", "remittance"}},
	{words: []string{"transaction", "deal"}, oneWay: true},
	{words: []string{"invoice", "bill"}},
	{words: []string{"receipt", "proof of payment"}, oneWay: true},
	{words: []string{"order", "purchase"}, oneWay: true},
	{words: []string{"purchase", "acquisition"}, oneWay: true},
	{words: []string{"sale", "selling"}, oneWay: true},
	{words: []string{"discount", "reduction", "rebate"}},
	{words: []string{"profit", "gain"}, oneWay: true},
	{words: []string{"loss", "deficit"}, oneWay: true},
	{words: []string{"budget", "funding", "allocation"}, oneWay: true},
	{words: []string{"funding", "financing"}},
	{words: []string{"debt", "liability"}, oneWay: true},
	{words: []string{"balance", "remaining amount"}, oneWay: true},
	{words: []string{"tax", "levy"}, oneWay: true},
	{words: []string{"stock", "inventory"}},
	{words: []string{"shipment", "consignment", "delivery"}, oneWay: true},
	{words: []string{"merchandise", "goods", "wares"}},
	{words: []string{"brand", "label", "marque"}, oneWay: true},
	{words: []string{"contract", "agreement"}},
	{words: []string{"account", "profile"}, oneWay: true},
	{words: []string{"subscription", "membership"}, oneWay: true},
	{words: []string{"reward", "prize", "award"}, oneWay: true},
	{words: []string{"award", "prize", "honor", "honour", "accolade"}},
	{words: []string{"donation", "contribution", "gift"}, oneWay: true},
	{words: []string{"rent", "rental"}},
	{words: []string{"money", "cash", "funds"}, oneWay: true},
	{words: []string{"currency", "money"}, oneWay: true},
	{words: []string{"insurance", "coverage"}, oneWay: true},
	{words: []string{"refund", "reimbursement", "repayment"}},
	{words: []string{"expense", "expenditure", "spending", "outlay"}},
	{words: []string{"premium", "insurance premium"}, oneWay: true},
	{words: []string{"deposit", "down payment"}, oneWay: true},
	{words: []string{"stock price", "share price"}},
	{words: []string{"coupon", "voucher"}},

	// Things.
	{words: []string{"car", "motorcar", "auto"}, oneWay: true},
	{words: []string{"bike", "bicycle"}},
	{words: []string{"motorcycle", "motorbike"}},
	{words: []string{"truck", "lorry"}},
	{words: []string{"ship", "boat"}, oneWay: true},
	{words: []string{"train", "locomotive"}, oneWay: true},
	{words: []string{"aircraft", "aeroplane", "airliner", "jet"}, oneWay: true},
	{words: []string{"metro", "subway"}},
	{words: []string{"tram", "streetcar"}},
	{words: []string{"engine", "motor"}},
	{words: []string{"tire", "tyre"}},
	{words: []string{"luggage", "baggage"}},
	{words: []string{"parcel", "package"}, oneWay: true},
	{words: []string{"sofa", "couch"}},
	{words: []string{"television", "tv"}},
	{words: []string{"tv show", "television show", "tv program", "tv series", "television series"}},
	{words: []string{"laptop", "notebook computer"}, oneWay: true},
	{words: []string{"webpage", "web page"}},
	{words: []string{"password", "passcode"}},
	{words: []string{"username", "user name"}},
	{words: []string{"login name", "username", "user name"}, oneWay: true},
	{words: []string{"folder", "directory"}},
	{words: []string{"artwork", "work of art", "art piece", "piece of art", "artpiece"}},
	{words: []string{"sculpture", "statue"}},
	{words: []string{"exhibition", "exhibit"}, oneWay: true},
	{words: []string{"concert", "gig"}, oneWay: true},
	{words: []string{"cartoon", "animation", "animated film"}, oneWay: true},
	{words: []string{"novel", "book"}, oneWay: true},
	{words: []string{"poem", "verse"}, oneWay: true},
	{words: []string{"vegetable", "veggie"}},
	{words: []string{"cuisine", "food type", "type of food"}, oneWay: true},
	{words: []string{"device", "gadget", "appliance"}, oneWay: true},
	{words: []string{"equipment", "apparatus"}, oneWay: true},
	{words: []string{"oil", "petroleum"}, oneWay: true},
	{words: []string{"blood type", "blood group"}},
	{words: []string{"vaccine", "vaccination", "immunization", "immunisation"}},
	{words: []string{"admission", "hospitalization", "hospitalisation"}, oneWay: true},
	{words: []string{"surgery", "operation"}, oneWay: true},
	{words: []string{"capacity", "number of seats", "seating capacity", "seat count", "seats"}, oneWay: true},
	{words: []string{"genre", "style", "kind", "type", "category"}, oneWay: true},
	{words: []string{"category", "classification"}},
	{words: []string{"position", "job", "post", "role"}, oneWay: true},
	{words: []string{"job", "employment", "vocation"}},
	{words: []string{"allergy", "hypersensitivity", "intolerance"}},
	{words: []string{"show", "programme", "program", "series"}, oneWay: true},
	{words: []string{"play", "drama", "stage play"}, oneWay: true},
	{words: []string{"episode", "instalment", "installment"}},
	{words: []string{"book", "volume", "publication"}, oneWay: true},
	{words: []string{"publication", "paper", "article"}, oneWay: true},
	{words: []string{"journal", "periodical", "magazine"}, oneWay: true},
	{words: []string{"song", "tune"}},
	{words: []string{"lyric", "words of the song"}, oneWay: true},
	{words: []string{"instrument", "musical instrument"}},
	{words: []string{"match", "game", "fixture", "bout"}, oneWay: true},
	{words: []string{"race", "competition", "contest"}, oneWay: true},
	{words: []string{"tournament", "championship", "competition"}, oneWay: true},
	{words: []string{"event", "occasion"}, oneWay: true},
	{words: []string{"incident", "event", "occurrence"}, oneWay: true},
	{words: []string{"accident", "crash", "collision"}, oneWay: true},
	{words: []string{"injured", "wounded", "hurt"}},
	{words: []string{"injury", "wound"}},
	{words: []string{"killed", "dead"}, oneWay: true},
	{words: []string{"death", "fatality"}},
	{words: []string{"detention", "detainment", "custody"}},
	{words: []string{"interaction", "interplay"}},
	{words: []string{"part", "component", "spare part"}, oneWay: true},
	{words: []string{"component", "constituent"}},
	{words: []string{"certificate", "certification", "credential", "license", "licence"}, oneWay: true},
	{words: []string{"license", "licence"}},
	{words: []string{"lesson", "class"}, oneWay: true},
	{words: []string{"course", "module"}, oneWay: true},
	{words: []string{"exam", "examination", "test"}, oneWay: true},
	{words: []string{"degree", "diploma", "qualification"}, oneWay: true},
	{words: []string{"visit", "tour"}, oneWay: true},
	{words: []string{"task", "assignment", "chore"}},
	{words: []string{"project", "undertaking"}, oneWay: true},
	{words: []string{"problem", "issue", "fault"}, oneWay: true},
	{words: []string{"fault", "defect", "malfunction"}},
	{words: []string{"complaint", "grievance"}},
	{words: []string{"review", "critique", "evaluation"}, oneWay: true},
	{words: []string{"comment", "remark", "note"}},
	{words: []string{"message", "note"}, oneWay: true},
	{words: []string{"email", "e mail"}, oneWay: true},
	{words: []string{"computer", "pc", "machine"}, oneWay: true},
	{words: []string{"software", "program", "application"}, oneWay: true},
	{words: []string{"app", "application"}},
	{words: []string{"website", "web site", "site"}, oneWay: true},
	{words: []string{"phone", "handset"}, oneWay: true},
	{words: []string{"telephone", "handset"}, oneWay: true},
	{words: []string{"photo", "snapshot"}, oneWay: true},
	{words: []string{"drug", "medicine", "medication"}},
	{words: []string{"treatment", "therapy"}},
	{words: []string{"disease", "illness", "sickness", "ailment"}},
	{words: []string{"food", "dish", "meal"}, oneWay: true},
	{words: []string{"dish", "meal", "course"}, oneWay: true},
	{words: []string{"drink", "beverage"}},
	{words: []string{"wine", "vino"}},
	{words: []string{"clothing", "apparel", "garment"}},
	{words: []string{"animal", "creature"}, oneWay: true},
	{words: []string{"pet", "animal"}, oneWay: true},
	{words: []string{"dog", "canine"}},
	{words: []string{"cat", "feline"}},
	{words: []string{"plant", "vegetation"}, oneWay: true},
	{words: []string{"tree", "plant"}, oneWay: true},
	{words: []string{"language", "tongue"}, oneWay: true},
	{words: []string{"religion", "faith", "belief"}, oneWay: true},
	{words: []string{"ethnicity", "ethnic group", "race"}, oneWay: true},
	{words: []string{"white", "caucasian"}, oneWay: true},
	{words: []string{"black", "african american"}, oneWay: true},
	{words: []string{"hobby", "pastime"}, oneWay: true},
	{words: []string{"activity", "pastime", "hobby"}, oneWay: true},
	{words: []string{"sport", "athletic activity", "physical exercise"}, oneWay: true},
	{words: []string{"skill", "ability", "expertise"}, oneWay: true},
	{words: []string{"feedback", "response"}, oneWay: true},
	{words: []string{"vote", "ballot"}},
	{words: []string{"election", "poll"}, oneWay: true},
	{words: []string{"poll", "survey"}, oneWay: true},
	{words: []string{"policy", "rule", "regulation"}, oneWay: true},
	{words: []string{"rule", "regulation"}},
	{words: []string{"document", "paperwork"}, oneWay: true},
	{words: []string{"tag", "label", "keyword"}, oneWay: true},
	{words: []string{"keyword", "key word", "search term"}, oneWay: true},
	{words: []string{"question", "query"}},
	{words: []string{"answer", "reply", "response"}},
	{words: []string{"video", "clip"}, oneWay: true},
	{words: []string{"movie", "motion picture"}, oneWay: true},
	{words: []string{"channel", "station", "network"}, oneWay: true},
	{words: []string{"broadcast", "transmission"}, oneWay: true},
	{words: []string{"newspaper", "paper"}, oneWay: true},
	{words: []string{"storm", "hurricane", "cyclone", "typhoon"}, oneWay: true},
	{words: []string{"weather", "climate"}, oneWay: true},
	{words: []string{"mission", "operation", "assignment"}, oneWay: true},
	{words: []string{"battle", "combat", "fight"}, oneWay: true},
	{words: []string{"war", "conflict"}, oneWay: true},
	{words: []string{"repair", "fix", "mend"}, oneWay: true},
	{words: []string{"maintenance", "upkeep", "servicing"}},
	{words: []string{"asset", "possession"}, oneWay: true},
	{words: []string{"property", "real estate", "estate"}, oneWay: true},
	{words: []string{"account", "bank account"}, oneWay: true},
	{words: []string{"gas", "fuel", "petrol", "gasoline"}, oneWay: true},
	{words: []string{"electricity", "power"}, oneWay: true},
	{words: []string{"address", "residence"}, oneWay: true},
	{words: []string{"nickname", "alias", "pseudonym", "moniker", "monicker"}},
	{words: []string{"feature", "attribute"}, oneWay: true},
	{words: []string{"status", "condition"}, oneWay: true},
	{words: []string{"description", "summary", "overview"}, oneWay: true},
	{words: []string{"reason", "cause", "motive"}},
	{words: []string{"outcome", "consequence"}, oneWay: true},
	{words: []string{"method", "mode"}, oneWay: true},

	// Measures.
	{words: []string{"speed", "velocity", "pace"}},
	{words: []string{"temperature", "celsius", "fahrenheit", "celsius degree", "degree celsius", "degree fahrenheit"}, oneWay: true},
	{words: []string{"weight", "mass", "heaviness"}},
	{words: []string{"size", "dimension"}, oneWay: true},
	{words: []string{"capacity", "volume"}, oneWay: true},
	{words: []string{"memory", "storage", "storage space"}, oneWay: true},
	{words: []string{"height", "tallness"}},
	{words: []string{"width", "breadth"}},
	{words: []string{"depth", "deepness"}},
	{words: []string{"area", "surface area", "surface"}, oneWay: true},
	{words: []string{"rating", "grade"}, oneWay: true},
	{words: []string{"price", "fare"}, oneWay: true},
	{words: []string{"fare", "ticket price"}},
	{words: []string{"salary", "remuneration", "compensation"}},
	{words: []string{"quantity", "amount"}, oneWay: true},
	{words: []string{"percent", "proportion"}, oneWay: true},
	{words: []string{"distance", "mileage"}, oneWay: true},
	{words: []string{"mileage", "miles driven"}},
	{words: []string{"horsepower", "hp", "engine power"}},
	{words: []string{"power", "wattage"}, oneWay: true},
	{words: []string{"voltage", "volts"}},
	{words: []string{"density", "concentration"}, oneWay: true},
	{words: []string{"intensity", "strength"}, oneWay: true},
	{words: []string{"enrollment", "enrolment", "registration"}},
	{words: []string{"attendance", "turnout", "number of spectators", "crowd"}, oneWay: true},
	{words: []string{"revenue", "turnover", "sales"}, oneWay: true},
	{words: []string{"popularity", "fame"}, oneWay: true},
	{words: []string{"level", "tier", "grade"}, oneWay: true},
	{words: []string{"duration", "running time", "runtime"}, oneWay: true},
	{words: []string{"length", "running time", "runtime"}, oneWay: true},
	// Abbreviations schema names use that words.go does not spell out:
	// a question writes the word in full ("destination airport" for
	// dst_apid).
	{words: []string{"destination", "dst", "dest"}},
	{words: []string{"source", "src"}},
	{words: []string{"account", "acct"}},
	{words: []string{"temperature", "temp"}},
	{words: []string{"university", "univ"}},
	{words: []string{"government", "govt"}},
	{words: []string{"international", "intl"}},
	{words: []string{"management", "mgmt"}},
	{words: []string{"building", "bldg"}},
	{words: []string{"transaction", "txn"}},
	{words: []string{"document", "doc"}},
	{words: []string{"picture", "pic"}},
	{words: []string{"language", "lang"}},
	{words: []string{"location", "loc"}},
	{words: []string{"message", "msg"}},
	{words: []string{"minute", "mins"}},
	{words: []string{"distance", "dist"}},
	{words: []string{"reservation", "resv"}},

	// Round nineteen: general words the paraphrased questions use for a
	// schema's own. An organisation is what a schema may call an
	// institution, a group a team, a mobile a phone, the residents a
	// population, a scheduled thing a planned one, a leaving a departure,
	// a publishing a release, a chapter or a part a section, a rent a
	// hire, a start an opening, and OS an operating system; the adjective
	// of a measure names it ("how tall" the height). Words with other
	// senses ("group", "part", "start", "rent") are one way, so that a
	// schema's own group or part keeps its meaning.
	{words: []string{"institution", "organization", "organisation"}, oneWay: true},
	{words: []string{"team", "group"}, oneWay: true},
	{words: []string{"telephone", "mobile"}, oneWay: true},
	{words: []string{"population", "residents"}, oneWay: true},
	{words: []string{"planned", "scheduled"}},
	{words: []string{"departure", "leaving"}, oneWay: true},
	{words: []string{"release", "publish"}, oneWay: true},
	{words: []string{"section", "chapter", "part"}, oneWay: true},
	{words: []string{"hire", "rent"}, oneWay: true},
	{words: []string{"open", "start"}, oneWay: true},
	{words: []string{"operating system", "os"}},
	{words: []string{"height", "tall"}, oneWay: true},
	{words: []string{"width", "wide"}, oneWay: true},
	{words: []string{"weight", "heavy"}, oneWay: true},

	// Round twenty-one: what typical databases store, domain by domain,
	// in the other everyday words a question may use. Each entity and its
	// common attributes were gone through from general English, not from
	// the questions that failed. A word with another common sense ("side",
	// "charge", "line", "class") is left out or one way.

	// Sports: a club for a team, a fixture for a game, a venue for a
	// stadium, a sportsman for a player, a defeat for a loss. Not a team
	// for a club: a club's team may be one of its columns.
	{words: []string{"team", "club"}, oneWay: true},
	{words: []string{"game", "match", "fixture"}, oneWay: true},
	{words: []string{"stadium", "venue", "ballpark", "sports ground"}, oneWay: true},
	{words: []string{"player", "sportsman", "sportswoman", "sportsperson"}, oneWay: true},
	{words: []string{"athlete", "sportsman", "sportswoman"}, oneWay: true},
	{words: []string{"win", "victory"}},
	{words: []string{"loss", "defeat"}, oneWay: true},
	{words: []string{"rank", "standing", "placing", "placement"}, oneWay: true},

	// Music and media: a record album for an album, a painter for an
	// artist, a motion picture for a film, a cast member for an actor.
	{words: []string{"album", "record album"}, oneWay: true},
	{words: []string{"artist", "painter", "sculptor"}, oneWay: true},
	{words: []string{"film", "motion picture", "feature film"}, oneWay: true},
	{words: []string{"actor", "cast member", "thespian"}, oneWay: true},
	{words: []string{"channel", "tv channel", "television channel"}, oneWay: true},
	{words: []string{"publisher", "publishing company", "publishing firm"}, oneWay: true},
	{words: []string{"playlist", "play list"}},
	{words: []string{"writer", "screenwriter", "scriptwriter"}, oneWay: true},

	// Education: a subject for a course, a mark for a grade, a field of
	// study for a major.
	{words: []string{"course", "subject"}, oneWay: true},
	{words: []string{"grade", "mark"}, oneWay: true},
	{words: []string{"enroll", "enrol"}},
	{words: []string{"teacher", "schoolmaster", "schoolmistress"}, oneWay: true},
	{words: []string{"tuition", "tuition fee", "school fee"}, oneWay: true},
	{words: []string{"gpa", "grade point average"}},
	{words: []string{"credit", "credit hour"}, oneWay: true},
	{words: []string{"dorm", "hall of residence", "residence hall"}, oneWay: true},
	{words: []string{"major", "field of study", "specialization", "specialisation"}, oneWay: true},

	// Business: an office for a branch, a distributor for a supplier, a
	// fee for a price, the headcount for the number of employees, the
	// valuation for a market value.
	{words: []string{"branch", "office"}, oneWay: true},
	{words: []string{"supplier", "distributor", "wholesaler"}, oneWay: true},
	{words: []string{"price", "fee"}, oneWay: true},
	{words: []string{"number of employees", "headcount", "head count", "workforce", "staff size"}, oneWay: true},
	{words: []string{"profit", "net income"}, oneWay: true},
	{words: []string{"market value", "valuation", "market capitalization", "market capitalisation", "market cap"}, oneWay: true},
	{words: []string{"founded", "formed", "incorporated"}, oneWay: true},

	// Transport: an itinerary for a route, a ride for a trip, a landing
	// for an arrival.
	{words: []string{"route", "itinerary"}, oneWay: true},
	{words: []string{"trip", "ride", "voyage"}, oneWay: true},
	{words: []string{"arrival", "landing"}, oneWay: true},
	{words: []string{"departure", "takeoff", "take off"}, oneWay: true},
	{words: []string{"delay", "lateness"}, oneWay: true},

	// Healthcare: a practitioner for a doctor, a clinic for a hospital, a
	// consultation for an appointment.
	{words: []string{"doctor", "practitioner", "medical practitioner"}, oneWay: true},
	{words: []string{"hospital", "clinic"}, oneWay: true},
	{words: []string{"appointment", "consultation"}, oneWay: true},

	// Government and politics: a lawmaker for a representative, an
	// elector for a voter, a shire for a county.
	{words: []string{"representative", "congressman", "congresswoman", "lawmaker", "legislator"}, oneWay: true},
	{words: []string{"senator", "legislator"}, oneWay: true},
	{words: []string{"voter", "elector"}},
	{words: []string{"county", "shire"}, oneWay: true},
	{words: []string{"district", "constituency"}, oneWay: true},
	{words: []string{"law", "legislation", "statute"}, oneWay: true},

	// Geography: a peak for a mountain, a stream for a river, a territory
	// for a region, a shore for a coast.
	{words: []string{"mountain", "peak", "mount"}, oneWay: true},
	{words: []string{"river", "stream"}, oneWay: true},
	{words: []string{"region", "zone", "territory"}, oneWay: true},
	{words: []string{"coast", "coastline", "shore"}, oneWay: true},

	// Technology: an edition for a version, a display for a screen, a
	// programmer for a developer.
	{words: []string{"version", "edition"}, oneWay: true},
	{words: []string{"screen", "display"}, oneWay: true},
	{words: []string{"processor", "cpu", "chip"}, oneWay: true},
	{words: []string{"developer", "programmer", "coder"}, oneWay: true},

	// Housing and events: a carnival for a festival, a convention for a
	// conference, a gathering for a meeting, a facility for an amenity.
	{words: []string{"festival", "fest", "carnival"}, oneWay: true},
	{words: []string{"conference", "convention", "symposium"}, oneWay: true},
	{words: []string{"meeting", "gathering"}, oneWay: true},
	{words: []string{"amenity", "facility"}, oneWay: true},
	{words: []string{"room", "suite"}, oneWay: true},
	{words: []string{"capacity", "occupancy", "maximum occupancy"}, oneWay: true},
	{words: []string{"wedding", "marriage"}},
	{words: []string{"workshop", "seminar"}, oneWay: true},

	// Occupations a schema names by one word and a question by another.
	{words: []string{"chef", "cook"}},
	{words: []string{"conductor", "maestro"}, oneWay: true},
	{words: []string{"farmer", "grower"}, oneWay: true},
	{words: []string{"astronaut", "cosmonaut", "spaceman"}, oneWay: true},
	{words: []string{"judge", "justice"}, oneWay: true},
	{words: []string{"engineer", "technician"}, oneWay: true},

	// Money and accounts: a trade for a transaction, a borrowing for a
	// loan, a homepage for a website.
	{words: []string{"transaction", "trade"}, oneWay: true},
	{words: []string{"loan", "borrowing"}, oneWay: true},
	{words: []string{"saving", "savings account"}, oneWay: true},
	{words: []string{"checking", "checking account", "current account"}, oneWay: true},
	{words: []string{"interest rate", "rate of interest"}},
	{words: []string{"website", "homepage", "home page", "url"}, oneWay: true},

	// Social media, software and wine.
	{words: []string{"tweet", "post"}, oneWay: true},
	{words: []string{"follower", "subscriber"}, oneWay: true},
	{words: []string{"problem", "bug", "glitch"}, oneWay: true},
	{words: []string{"winery", "vineyard", "wine maker", "winemaker"}, oneWay: true},
	{words: []string{"grape", "grape variety", "varietal"}, oneWay: true},
	{words: []string{"series", "serial"}, oneWay: true},
	{words: []string{"transcript", "academic record"}, oneWay: true},

	// General words a question uses for a more particular thing: a show
	// for a cartoon or a series, a paper for a submission. Not "event" for
	// a competition: a question's events are as often the rows that host
	// or hold one.
	{words: []string{"cartoon", "show"}, oneWay: true},
	{words: []string{"series", "show"}, oneWay: true},
	{words: []string{"submission", "paper"}, oneWay: true},
	{words: []string{"tryout", "trial", "audition"}, oneWay: true},
	{words: []string{"assessment", "evaluation", "appraisal"}, oneWay: true},

	// Attributes of the things above a question names in other words:
	// the box office for a film's gross, a shirt number for a jersey
	// number, the tempo for the beats per minute.
	{words: []string{"gross", "box office", "takings"}, oneWay: true},
	{words: []string{"jersey number", "shirt number", "squad number", "uniform number"}, oneWay: true},
	{words: []string{"draw", "tie"}, oneWay: true},
	{words: []string{"bpm", "beats per minute", "tempo"}, oneWay: true},
	{words: []string{"life expectancy", "expected lifespan", "average lifespan"}, oneWay: true},
	{words: []string{"square footage", "square feet", "floor area", "sq ft"}, oneWay: true},
	{words: []string{"dosage", "dose"}},
}

// equivalent preprocesses a group into the form [lexicon.addVariants]
// reads.
func (g wordGroup) equivalent() equivalent {
	eq := equivalent{synonyms: true, oneWay: g.oneWay, canonical: stems(strings.Fields(g.words[0]))}
	for _, m := range g.words[1:] {
		eq.members = append(eq.members, stems(strings.Fields(m)))
	}
	return eq
}

// equivsByWord maps a stem to the indexes, ascending, of the equivalents
// with a source phrase beginning with it, so that indexing a name tries
// only the few groups that can match it, not every group of the lexicon.
var equivsByWord map[string][]int

// sources are the phrases of an equivalent that may appear in a schema
// name: its canonical words, and its members too unless it is one-way
// (abbreviations were rewritten to their canonical form already).
func (eq *equivalent) sources() [][]string {
	if eq.synonyms && !eq.oneWay {
		return append([][]string{eq.canonical}, eq.members...)
	}
	return [][]string{eq.canonical}
}

// indexEquivalents builds [equivsByWord] over all equivalents.
func indexEquivalents(eqs []equivalent) map[string][]int {
	idx := map[string][]int{}
	for i := range eqs {
		for _, src := range eqs[i].sources() {
			if len(src) == 0 {
				continue
			}
			if l := idx[src[0]]; len(l) == 0 || l[len(l)-1] != i {
				idx[src[0]] = append(l, i)
			}
		}
	}
	return idx
}

// equivalentsIn returns, ascending, the indexes of the equivalents that
// may substitute in a phrase: those with a source beginning with one of
// its stems.
func equivalentsIn(st []string) []int {
	if len(st) == 1 {
		return equivsByWord[st[0]]
	}
	var out []int
	for _, w := range st {
		out = append(out, equivsByWord[w]...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
