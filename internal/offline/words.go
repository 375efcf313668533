package offline

// The planner's English. Everything here is generic: no word list names a
// table, column or value of any particular database. Words are matched
// lower-case, as written (keywords, stop words) or as stems (schema names).

// kwKind is what a keyword does in a question.
type kwKind uint8

const (
	kwNone     kwKind = iota
	kwCount           // how many, number of, count
	kwSum             // total, sum
	kwAvg             // average, mean
	kwMax             // highest, largest, maximum, most: an extreme, descending
	kwMin             // lowest, smallest, minimum, least: an extreme, ascending
	kwTop             // top N
	kwBottom          // bottom N
	kwGroup           // per, for each, in each, grouped by
	kwBy              // by: grouping, a ranking key or a plain preposition
	kwSort            // sorted by, ordered by
	kwAsc             // ascending
	kwDesc            // descending
	kwDistinct        // distinct, different, unique
	kwCmp             // more than, under, at least, =: Op holds the operator
	kwDateCmp         // before, after, since: Op holds the operator
	kwAnd             // and
	kwOr              // or
	kwComma           // a comma between list items
	kwNot             // negation, which this planner does not attempt
	kwBoth            // both / either / neither: "both" and "either" before values; others refused
	kwThan            // "than" outside a comparison it understands
	kwWrite           // a verb asking to change data
	kwRelDate         // this year, last month, today
	kwAdj             // an adjective that implies an ordering: most expensive, latest
	kwWh              // when, why: questions this planner does not answer
	kwStop            // a multi-word phrase that carries no meaning ("in total")
	kwCommon          // most common, most popular: the value with the most rows
	kwBetween         // between N and M
	kwBut             // but: "and" in contrast; "but not" before a value takes rows away
	kwLike            // contains the word, starts with: a text pattern; op says where it sits
)

// adjKind is the kind of column an ordering adjective refers to.
type adjKind uint8

const (
	adjPrice   adjKind = iota + 1 // expensive, cheap: a price or cost column
	adjRecency                    // latest, earliest: the table's one date column
	adjAge                        // oldest, youngest: an age, else a birth date
)

// relKind is a date period relative to the reference date.
type relKind uint8

const (
	relThisYear relKind = iota + 1
	relLastYear
	relThisMonth
	relLastMonth
	relToday
	relYesterday
)

// keyword is the meaning of one keyword phrase.
//
// It is copied into every mention (link.go), so the string comes first
// and the one-byte fields after it pack without padding.
type keyword struct {
	op   string // kwCmp, kwDateCmp: the comparison operator
	kind kwKind
	desc bool    // kwAdj, kwAsc/kwDesc: descending
	adj  adjKind // kwAdj
	// age marks "older than" and "younger than": a comparison of the
	// question's age column, which is not named.
	age bool
	// alpha marks alphabetical order: with no key named, the key is the
	// one text column the question shows.
	alpha bool
	rel   relKind // kwRelDate
	// imperative marks write verbs that are ordinary words elsewhere ("set",
	// "change", "add"): they mean a write only as the question's first verb.
	imperative bool
}

// keywords maps each keyword phrase (lower-case words separated by one
// space) to its meaning. Longer phrases win over shorter ones in the
// question ("how many" before "many", "at least" before "least").
var keywords = map[string]keyword{
	// Counting. "total number of" is a count, not a sum.
	"how many": {kind: kwCount}, "number of": {kind: kwCount}, "count": {kind: kwCount},
	"total number of": {kind: kwCount}, "total count of": {kind: kwCount}, "the number of": {kind: kwCount}, "counts": {kind: kwCount},
	"count the number of": {kind: kwCount}, "count the total number of": {kind: kwCount},

	// Aggregates. Single words, so that one that is also a column's name
	// ("total") can be weighed as either.
	"total": {kind: kwSum}, "sum": {kind: kwSum}, "combined": {kind: kwSum}, // "the combined salary"
	"average": {kind: kwAvg}, "avg": {kind: kwAvg}, "mean": {kind: kwAvg},

	// Extremes: an aggregate (max, min) or a ranking, decided by position.
	"highest": {kind: kwMax}, "largest": {kind: kwMax}, "biggest": {kind: kwMax}, "greatest": {kind: kwMax},
	"maximum": {kind: kwMax}, "max": {kind: kwMax}, "most": {kind: kwMax},
	"lowest": {kind: kwMin}, "smallest": {kind: kwMin}, "minimum": {kind: kwMin}, "min": {kind: kwMin},
	"least": {kind: kwMin}, "fewest": {kind: kwMin},
	"top": {kind: kwTop}, "bottom": {kind: kwBottom},

	// Ordering adjectives. "oldest" and "youngest" rank by a column called
	// age, else by a birth date (reversed); a table with neither is refused,
	// since for things they would mean a creation date.
	"oldest": {kind: kwAdj, adj: adjAge, desc: true}, "youngest": {kind: kwAdj, adj: adjAge},
	"most expensive": {kind: kwAdj, adj: adjPrice, desc: true}, "priciest": {kind: kwAdj, adj: adjPrice, desc: true},
	"costliest": {kind: kwAdj, adj: adjPrice, desc: true}, "most costly": {kind: kwAdj, adj: adjPrice, desc: true},
	"cheapest": {kind: kwAdj, adj: adjPrice}, "least expensive": {kind: kwAdj, adj: adjPrice},
	"latest": {kind: kwAdj, adj: adjRecency, desc: true}, "newest": {kind: kwAdj, adj: adjRecency, desc: true},
	"most recent": {kind: kwAdj, adj: adjRecency, desc: true}, "earliest": {kind: kwAdj, adj: adjRecency},
	"least recent": {kind: kwAdj, adj: adjRecency},
	// "the race held most recently": the adverb, after its verb.
	"most recently": {kind: kwAdj, adj: adjRecency, desc: true}, "least recently": {kind: kwAdj, adj: adjRecency},

	// Grouping and ordering.
	"per": {kind: kwGroup}, "for each": {kind: kwGroup}, "in each": {kind: kwGroup}, "for every": {kind: kwGroup},
	"each": {kind: kwGroup}, "grouped by": {kind: kwGroup}, "group by": {kind: kwGroup},
	"broken down by": {kind: kwGroup}, "for different": {kind: kwGroup}, "for each different": {kind: kwGroup}, "by each": {kind: kwGroup}, "of each": {kind: kwGroup},
	"by":        {kind: kwBy},
	"sorted by": {kind: kwSort}, "ordered by": {kind: kwSort}, "order by": {kind: kwSort}, "sort by": {kind: kwSort},
	"ranked by": {kind: kwSort}, "in order of": {kind: kwSort}, "arranged by": {kind: kwSort},
	"ascending": {kind: kwAsc}, "in ascending order": {kind: kwAsc}, "from lowest to highest": {kind: kwAsc},
	"from smallest to largest": {kind: kwAsc}, "low to high": {kind: kwAsc}, "increasing": {kind: kwAsc},
	"descending": {kind: kwDesc, desc: true}, "in descending order": {kind: kwDesc, desc: true},
	"from highest to lowest": {kind: kwDesc, desc: true}, "from largest to smallest": {kind: kwDesc, desc: true},
	"high to low": {kind: kwDesc, desc: true}, "decreasing": {kind: kwDesc, desc: true},
	"in the order of": {kind: kwSort}, "by order of": {kind: kwSort}, "in order by": {kind: kwSort},
	"sorted using": {kind: kwSort},
	// A sort asked in a second sentence or clause: "Sort them by price",
	// "order the results by age".
	"sort them by": {kind: kwSort}, "order them by": {kind: kwSort}, "rank them by": {kind: kwSort},
	"sort the results by": {kind: kwSort}, "sort the result by": {kind: kwSort}, "sort the list by": {kind: kwSort},
	"order the results by": {kind: kwSort}, "order the result by": {kind: kwSort}, "order the list by": {kind: kwSort},
	"sorted the results by": {kind: kwSort}, "ordered the results by": {kind: kwSort},
	// "sorted in descending order of height", "sort them in alphabetical
	// order": the order phrase after them says how.
	"sorted in": {kind: kwStop}, "ordered in": {kind: kwStop}, "sort in": {kind: kwStop}, "sort them in": {kind: kwStop},
	"order them in": {kind: kwStop}, "sort the results in": {kind: kwStop}, "sort the result in": {kind: kwStop},
	"order the results in": {kind: kwStop}, "order the result in": {kind: kwStop}, "sort the list in": {kind: kwStop},
	"alphabetically ordered": {kind: kwAsc, alpha: true}, "alphabetically sorted": {kind: kwAsc, alpha: true},
	// "the names of technicians by ascending order of age": "by" is the
	// sort, its direction named.
	"by ascending order of": {kind: kwAsc}, "by descending order of": {kind: kwDesc, desc: true},
	"by ascending": {kind: kwAsc}, "by descending": {kind: kwDesc, desc: true},
	"ascending order": {kind: kwAsc}, "increasing order": {kind: kwAsc},
	"descending order": {kind: kwDesc, desc: true}, "decreasing order": {kind: kwDesc, desc: true},
	"ordered ascending by": {kind: kwAsc}, "sorted ascending by": {kind: kwAsc}, "sorted ascending": {kind: kwAsc},
	"ordered descending by": {kind: kwDesc, desc: true}, "sorted descending by": {kind: kwDesc, desc: true},
	"sorted descending": {kind: kwDesc, desc: true}, "ordered descending": {kind: kwDesc, desc: true},
	// Alphabetical order: ascending, by the one text column shown unless a
	// key follows ("in alphabetical order of name").
	"alphabetically": {kind: kwAsc, alpha: true}, "alphabetical order": {kind: kwAsc, alpha: true},
	"in alphabetical order": {kind: kwAsc, alpha: true}, "ordered alphabetically": {kind: kwAsc, alpha: true},
	"sorted alphabetically": {kind: kwAsc, alpha: true}, "alphabetic order": {kind: kwAsc, alpha: true},
	"ascending alphabetical order": {kind: kwAsc, alpha: true}, "alphabetical": {kind: kwAsc, alpha: true},
	"lexicographic order": {kind: kwAsc, alpha: true}, "lexicographically": {kind: kwAsc, alpha: true},
	"most common": {kind: kwCommon, desc: true}, "most popular": {kind: kwCommon, desc: true},
	"most frequent": {kind: kwCommon, desc: true}, "most frequently": {kind: kwCommon, desc: true},
	// "the most used instrument": the value with the most rows, as "most common".
	"most used": {kind: kwCommon, desc: true}, "least used": {kind: kwCommon},
	"least common": {kind: kwCommon}, "least popular": {kind: kwCommon}, "least frequent": {kind: kwCommon},
	// "the most times", "the greatest number of times": the value with the
	// most rows, as "most common".
	"most times": {kind: kwCommon, desc: true}, "most number of times": {kind: kwCommon, desc: true},
	"greatest number of times": {kind: kwCommon, desc: true}, "largest number of times": {kind: kwCommon, desc: true},
	"highest number of times": {kind: kwCommon, desc: true}, "most often": {kind: kwCommon, desc: true},
	"fewest times": {kind: kwCommon}, "least number of times": {kind: kwCommon}, "fewest number of times": {kind: kwCommon},
	"smallest number of times": {kind: kwCommon}, "lowest number of times": {kind: kwCommon}, "least often": {kind: kwCommon},
	"distinct": {kind: kwDistinct}, "different": {kind: kwDistinct}, "unique": {kind: kwDistinct},

	// Comparisons with a literal.
	"older than": {kind: kwCmp, op: ">", age: true}, "younger than": {kind: kwCmp, op: "<", age: true},
	"more than": {kind: kwCmp, op: ">"}, "greater than": {kind: kwCmp, op: ">"}, "higher than": {kind: kwCmp, op: ">"},
	"larger than": {kind: kwCmp, op: ">"}, "bigger than": {kind: kwCmp, op: ">"}, "over": {kind: kwCmp, op: ">"},
	"above": {kind: kwCmp, op: ">"}, "exceeding": {kind: kwCmp, op: ">"},
	"at least": {kind: kwCmp, op: ">="}, "no less than": {kind: kwCmp, op: ">="},
	"less than": {kind: kwCmp, op: "<"}, "lower than": {kind: kwCmp, op: "<"}, "smaller than": {kind: kwCmp, op: "<"},
	"fewer than": {kind: kwCmp, op: "<"}, "under": {kind: kwCmp, op: "<"}, "below": {kind: kwCmp, op: "<"},
	"at most": {kind: kwCmp, op: "<="}, "no more than": {kind: kwCmp, op: "<="},
	"equal to": {kind: kwCmp, op: "="}, "equals": {kind: kwCmp, op: "="}, "exactly": {kind: kwCmp, op: "="},
	"=": {kind: kwCmp, op: "="}, ">": {kind: kwCmp, op: ">"}, ">=": {kind: kwCmp, op: ">="},
	"<": {kind: kwCmp, op: "<"}, "<=": {kind: kwCmp, op: "<="},
	"between": {kind: kwBetween},
	"before":  {kind: kwDateCmp, op: "<"}, "prior to": {kind: kwDateCmp, op: "<"},
	"after": {kind: kwDateCmp, op: ">"}, "since": {kind: kwDateCmp, op: ">="},

	// Connectives.
	"and": {kind: kwAnd}, "as well as": {kind: kwAnd}, "but": {kind: kwBut}, ",": {kind: kwComma}, "or": {kind: kwOr},

	// Shapes this version refuses.
	"not": {kind: kwNot}, "no": {kind: kwNot}, "never": {kind: kwNot}, "without": {kind: kwNot},
	"except": {kind: kwNot}, "excluding": {kind: kwNot}, "exclude": {kind: kwNot}, "other than": {kind: kwNot},
	"none": {kind: kwNot}, "nor": {kind: kwNot}, "!=": {kind: kwNot}, "<>": {kind: kwNot},
	"both": {kind: kwBoth}, "either": {kind: kwBoth}, "neither": {kind: kwBoth},
	// "the status shared by cities over 1500 and cities under 500": the
	// values in common, as "both".
	"shared by": {kind: kwBoth},
	"than":      {kind: kwThan},
	"when":      {kind: kwWh}, "why": {kind: kwWh},

	// Relative dates, resolved against Options.Today.
	"this year": {kind: kwRelDate, rel: relThisYear}, "current year": {kind: kwRelDate, rel: relThisYear},
	"last year": {kind: kwRelDate, rel: relLastYear}, "previous year": {kind: kwRelDate, rel: relLastYear},
	"this month": {kind: kwRelDate, rel: relThisMonth}, "current month": {kind: kwRelDate, rel: relThisMonth},
	"last month": {kind: kwRelDate, rel: relLastMonth}, "previous month": {kind: kwRelDate, rel: relLastMonth},
	"today": {kind: kwRelDate, rel: relToday}, "yesterday": {kind: kwRelDate, rel: relYesterday},

	// Writes. querent only reads; these are refused whatever follows.
	"delete": {kind: kwWrite}, "drop": {kind: kwWrite}, "update": {kind: kwWrite}, "insert": {kind: kwWrite},
	"remove": {kind: kwWrite}, "truncate": {kind: kwWrite}, "alter": {kind: kwWrite}, "modify": {kind: kwWrite},
	"erase": {kind: kwWrite}, "purge": {kind: kwWrite}, "wipe": {kind: kwWrite}, "overwrite": {kind: kwWrite},
	"set": {kind: kwWrite, imperative: true}, "change": {kind: kwWrite, imperative: true},
	"add": {kind: kwWrite, imperative: true}, "create": {kind: kwWrite, imperative: true},
	"replace": {kind: kwWrite, imperative: true}, "rename": {kind: kwWrite, imperative: true},
	"grant": {kind: kwWrite, imperative: true}, "revoke": {kind: kwWrite, imperative: true},
	"merge": {kind: kwWrite, imperative: true}, "edit": {kind: kwWrite, imperative: true},
	"increase": {kind: kwWrite, imperative: true}, "decrease": {kind: kwWrite, imperative: true},
	"raise": {kind: kwWrite, imperative: true}, "reset": {kind: kwWrite, imperative: true},
	"cancel": {kind: kwWrite, imperative: true}, "assign": {kind: kwWrite, imperative: true},

	// Text patterns (likes.go): where the text sits in the column's value.
	// A verb alone ("contains") is a pattern only before a literal.
	"the word": {kind: kwLike, op: likeContains}, "word": {kind: kwLike, op: likeContains},
	"the words": {kind: kwLike, op: likeContains}, "the phrase": {kind: kwLike, op: likeContains},
	"the substring": {kind: kwLike, op: likeContains}, "substring": {kind: kwLike, op: likeContains},
	"a substring": {kind: kwLike, op: likeContains}, "the string": {kind: kwLike, op: likeContains},
	"the letter": {kind: kwLike, op: likeContains}, "letter": {kind: kwLike, op: likeContains},
	"contain": {kind: kwLike, op: likeContains}, "contains": {kind: kwLike, op: likeContains},
	"containing": {kind: kwLike, op: likeContains}, "include": {kind: kwLike, op: likeContains},
	"includes": {kind: kwLike, op: likeContains}, "including": {kind: kwLike, op: likeContains},
	"start with": {kind: kwLike, op: likeStarts}, "starts with": {kind: kwLike, op: likeStarts},
	"starting with": {kind: kwLike, op: likeStarts}, "begin with": {kind: kwLike, op: likeStarts},
	"begins with": {kind: kwLike, op: likeStarts}, "beginning with": {kind: kwLike, op: likeStarts},
	"end with": {kind: kwLike, op: likeEnds}, "ends with": {kind: kwLike, op: likeEnds},
	"ending with": {kind: kwLike, op: likeEnds},
	// Only before quoted text (settleLikes): "starting from 2000" is a bound.
	"start from": {kind: kwLike, op: likeStarts}, "starts from": {kind: kwLike, op: likeStarts},
	"starting from": {kind: kwLike, op: likeStarts},

	// Phrases that carry nothing once their words are read together.
	"in total": {kind: kwStop}, "all together": {kind: kwStop}, "altogether": {kind: kwStop},
	"a list of": {kind: kwStop}, "the list of": {kind: kwStop}, "so far": {kind: kwStop},
	"at all": {kind: kwStop}, "right now": {kind: kwStop},
	"in the past": {kind: kwStop},
	// "a salary in the range of 8000 and 12000": between.
	"in the range of": {kind: kwBetween}, "within the range of": {kind: kwBetween}, "in the range": {kind: kwBetween},
	// "tracks that are part of the rock genre": belonging, which the join
	// already says.
	"are part of": {kind: kwStop}, "is part of": {kind: kwStop},
	// "students 18 years old": an age, read with the number before it.
	"years old": {kind: kwStop}, "year old": {kind: kwStop}, "years of age": {kind: kwStop},
	// "his or her name": one person, whichever pronoun; no condition.
	"his or her": {kind: kwStop}, "he or she": {kind: kwStop}, "him or her": {kind: kwStop},
}

// maxKeywordWords is the length of the longest keyword phrase, in words.
const maxKeywordWords = 4

// hardStops are function words: they never link to a schema name or value
// (a column called "from" is not what "orders from Germany" means).
var hardStops = setOf(
	"a", "an", "the", "of", "in", "on", "at", "to", "for", "from", "with", "within", "into", "onto",
	"as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "done",
	"have", "has", "had", "having", "there", "here", "what", "which", "who", "whom", "whose", "how",
	"where", "that", "this", "these", "those", "it", "its", "they", "them", "their", "theirs",
	"he", "him", "his", "she", "her", "hers", "we", "our", "ours", "us", "i", "me", "my", "mine",
	"you", "your", "yours", "please", "can", "could", "would", "will", "shall", "should", "may",
	"might", "must", "let", "lets", "all", "any", "some", "every", "also", "just", "only", "so",
	"such", "then", "about", "whether", "kindly", "thanks", "thank", "currently", "now", "ever",
	"whole", "entire", "overall", "respectively", "one", "ones",
)

// softStops are words that usually carry no meaning in a question but can
// name something in a schema (a table called "records", a column "type"):
// a schema name wins over them, except that a leading verb ("show me …")
// is always a verb.
var softStops = setOf(
	"show", "list", "display", "give", "get", "find", "tell", "return", "fetch", "retrieve",
	"see", "know", "want", "need", "like", "provide", "print", "output", "bring", "pull", "look",
	"up", "report", "data", "record", "records", "row", "rows", "entry", "entries", "detail",
	"details", "info", "information", "table", "tables", "column", "columns", "field", "fields",
	"database", "value", "values", "result", "results", "everything", "exist", "exists",
	"existing", "available", "stored", "recorded", "present", "placed", "made", "called", "listed",
	"located", "situated", "across", "correspond", "corresponds",
	"containing", "contained", "belonging", "belong", "belongs", "associated", "related",
	"corresponding", "respective", "along", "together", "including", "include", "includes",
	// "the most common type among apartments with …": the rows the
	// question is about, as "of" would say.
	"among",
	// "got" as "has": the candidate who got the lowest rate.
	"got", "gotten", "gets", "getting",
	// Events that happened are the rows themselves ("the stadium where the
	// most accidents occurred"); "based" is "located".
	"occur", "occurs", "occurred", "happen", "happens", "happened", "based",
	"regarding", "concerning", "showing",
	// "drivers who once had a lap time under 93000": ever. After a bound
	// ("more than once") the tokenizer has made it a number already.
	"once",
)

// relationVerbs say how the rows of two tables relate ("students who
// took a course", "songs produced by artists"). The foreign keys between
// the tables the question names already say how; the verb adds nothing a
// join does not, so it is read like a soft stop word (a schema name wins).
// "Shared" is not one of them: "the cities shared by A and B" asks for an
// intersection.
var relationVerbs = setOf(
	"use", "uses", "used", "using", "produce", "produces", "produced", "hold", "holds", "held",
	"involve", "involves", "involved", "participate", "participates", "participated", "participating",
	"teach", "teaches", "taught", "teaching", "offer", "offers", "offered", "assign", "assigned",
	"take", "takes", "took", "taken", "taking", "enroll", "enrolls", "enrolled", "enrol", "enrolled",
	"publish", "published", "direct", "directed", "attend", "attends", "attended", "receive", "receives",
	"received", "register", "registered", "own", "owns", "owned",
	"buy", "bought", "purchase", "purchased", "write", "writes", "wrote", "written", "perform",
	"performs", "performed", "play", "plays", "played", "playing", "review", "reviewed", "work",
	"works", "worked", "working", "serve", "serves", "served", "serving", "live", "lives", "lived",
	"living", "provide", "provides", "provided", "host", "hosts", "hosted", "visit", "visits", "visited",
	"handle", "handles", "handled", "manage", "manages", "managed", "contain", "contains", "contained",
	"appear", "appears", "appeared", "feature", "featured", "features", "star", "starred", "compose", "composed",
	"sell", "sells", "sold", "supply", "supplies", "supplied", "ship", "shipped", "deliver", "delivered",
	"affect", "affects", "affected", "employ", "employs", "employed", "study", "studies", "studied",
	"share", "shares", "shared", "release", "releases", "released",
	"operate", "operates", "operated", "possess", "possesses", "possessed",
	"cause", "causes", "caused", "go", "goes", "went", "come", "comes", "came",
)

// everythingWords ask for whole rows rather than what the rows are called;
// "all columns" and "all fields" of rows are their every column.
var everythingWords = setOf("information", "info", "details", "detail", "everything", "data", "record", "records",
	"columns", "fields")

// memberWords after a table named for a group ("faculty members", "staff
// member") name the same rows, when the schema has no table of members.
var memberWords = setOf("member", "members")

// rankWords end the names of columns where 1 is best: "the highest rank"
// is the lowest number.
var rankWords = setOf("rank", "ranking")

// detailWords, of everythingWords, also end the names of free-text columns
// (product_details) that a question using them may mean.
var detailWords = setOf("details", "detail")

// leadingVerbs are the list verbs that open a request ("show me …"). In that
// position they are verbs even when a table shares their name.
var leadingVerbs = setOf("show", "list", "display", "give", "get", "find", "tell", "return",
	"fetch", "retrieve", "print", "provide", "report", "sort", "order", "rank",
	"compute", "calculate", "select", "identify", "determine", "enumerate", "output")

// articles come before nouns, so a pronoun after one is a name ("the us").
var articles = setOf("the", "a", "an")

// nounLike are function words that are also common names ("US", "IT").
var nounLike = setOf("us", "it")

// whWords open a question; after "and" they open a second one.
var whWords = setOf("what", "which", "who", "whom", "whose", "how", "where", "when", "why")

// relWords open a relative clause or attribute after a table: a column
// named there without a value is a condition this planner cannot read
// ("customers with an email", "mills that are built").
var relWords = setOf("with", "having", "has", "have", "had", "whose", "that", "who", "which", "where")

// politeness may come before a question's first verb without changing it.
var politeness = setOf("please", "can", "could", "would", "will", "you", "kindly", "i", "we",
	"want", "to", "like", "need", "let", "lets", "me", "us", "just")

// yearPreps are the prepositions that make a following four-digit number a
// year: "in 2024", "during 2023".
var yearPreps = setOf("in", "during", "for", "of", "from", "on")

// timePreps are the prepositions of time that keep a number away from a
// non-date column named before them: "payments per method in 2024".
var timePreps = setOf("in", "during", "for", "from", "on")

// numerals are read as numbers as digits would be (numerals.go); "one"
// only in a ranking or after a comparison ("top one", "more than one").
var numerals = map[string]int64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
	"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
	"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
	"eighty": 80, "ninety": 90,
}

// equivalents are groups of interchangeable words in schema names: common
// abbreviations (qty for quantity) and a few generic synonyms (town for
// city). The first member is the canonical form. A name reached through a
// member other than its own words is a synonym link, weaker than an exact
// one. Only general English belongs here, never a domain's jargon.
var equivalents = []struct {
	words    []string
	synonyms bool // true: different words that mean the same; false: spellings of one word
}{
	{[]string{"quantity", "qty"}, false},
	{[]string{"number", "num", "nbr", "no"}, false},
	{[]string{"amount", "amt"}, false},
	{[]string{"description", "desc", "descr"}, false},
	{[]string{"address", "addr"}, false},
	{[]string{"telephone", "tel", "phone"}, false},
	{[]string{"customer", "cust"}, false},
	{[]string{"employee", "emp"}, false},
	{[]string{"department", "dept"}, false},
	{[]string{"manager", "mgr"}, false},
	{[]string{"average", "avg"}, false},
	// "maximum temperature" is max_temperature_f, "minimum salary" min_salary.
	{[]string{"maximum", "max"}, false},
	{[]string{"minimum", "min"}, false},
	{[]string{"count", "cnt"}, false},
	{[]string{"year", "yr"}, false},
	{[]string{"date", "dt"}, false},
	{[]string{"percent", "pct", "percentage"}, false},
	{[]string{"information", "info"}, false},
	{[]string{"id", "identifier"}, false},
	{[]string{"email", "e mail", "mail"}, false},
	{[]string{"first name", "fname", "firstname", "forename", "given name"}, false},
	{[]string{"last name", "lname", "lastname", "surname", "family name"}, false},
	{[]string{"birth date", "dob", "date of birth", "birthdate", "birthday"}, false},
	{[]string{"colour", "color"}, false},
	{[]string{"organisation", "organization", "org"}, false},
	{[]string{"city", "town"}, true},
	{[]string{"country", "nation"}, true},
	{[]string{"price", "cost"}, true},
	{[]string{"salary", "wage"}, true},
	{[]string{"gender", "sex"}, true},
	// Common nouns a paraphrase swaps for the schema's own.
	{[]string{"product", "goods", "item"}, true},
	{[]string{"customer", "client"}, true},
	{[]string{"employee", "staff", "worker"}, true},
	{[]string{"department", "division"}, true},
	{[]string{"company", "enterprise", "firm", "manufacturer", "business"}, true},
	{[]string{"document", "file"}, true},
	{[]string{"movie", "film"}, true},
	{[]string{"instructor", "teacher", "professor", "lecturer", "tutor"}, true},
	{[]string{"airport", "aerodrome"}, true},
	{[]string{"ship", "vessel"}, true},
	{[]string{"aircraft", "airplane", "plane"}, true},
	{[]string{"course", "curriculum"}, true},
	{[]string{"job", "occupation", "profession"}, true},
	{[]string{"dorm", "dormitory"}, true},
	{[]string{"catalog", "catalogue"}, false},
	{[]string{"category", "kind"}, true},
	{[]string{"physician", "doctor"}, true},
	{[]string{"zip", "postal"}, true},
	{[]string{"headquarter", "head office"}, true},
	// Everyday synonyms a paraphrase uses for common column and table words.
	{[]string{"location", "place", "venue", "site"}, true},
	{[]string{"address", "location"}, true},
	{[]string{"university", "college"}, true},
	{[]string{"participant", "attendee", "entrant"}, true},
	{[]string{"representative", "delegate"}, true},
	{[]string{"pilot", "aviator"}, true},
	{[]string{"driver", "chauffeur"}, true},
	{[]string{"author", "writer"}, true},
	{[]string{"advisor", "adviser"}, false},
	{[]string{"population", "populace", "inhabitants"}, true},
	{[]string{"elevation", "altitude"}, true},
	{[]string{"artist", "performer", "musician", "singer"}, true},
	{[]string{"date", "day"}, true},
	{[]string{"revenue", "income", "earnings"}, true},
	{[]string{"salary", "pay", "paid", "earnings"}, true},
	{[]string{"rating", "score"}, true},
	{[]string{"length", "duration"}, true},
	{[]string{"age", "old", "aged"}, true},
	{[]string{"birth", "born"}, true},
	{[]string{"residence", "home"}, true},
	{[]string{"equipment", "gear"}, true},
	{[]string{"program", "programme"}, false},
	{[]string{"theater", "theatre"}, false},
	{[]string{"center", "centre"}, false},
	{[]string{"meter", "metre"}, false},
	{[]string{"storm", "windstorm"}, true},
	{[]string{"entrepreneur", "enterpriser"}, true},
	{[]string{"topic", "subject", "theme"}, true},
	{[]string{"feature", "characteristic"}, true},
	{[]string{"patient", "sick person"}, true},
	{[]string{"athlete", "sportsperson"}, true},
	{[]string{"reservation", "booking"}, true},
	{[]string{"district", "region"}, true},
	{[]string{"postcode", "zip code", "post code", "postal code", "zipcode"}, true},
	{[]string{"person", "individual", "human"}, true},
	{[]string{"store", "shop", "outlet"}, true},
	{[]string{"vehicle", "car", "automobile"}, true},
}

// tablePrefixes begin table names by convention without naming the thing
// (ref_colors, tbl_orders, dim_product): the rest names the table too.
var tablePrefixes = setOf("ref", "tbl", "lu", "lookup", "dim")

// genericSuffixes end column names without naming the thing itself:
// hire_date is "the hire", created_at is "when created". A question word
// matching the rest of such a name links to the column ("hired in 2020").
var genericSuffixes = setOf("date", "at", "on", "time", "timestamp", "datetime", "day", "year", "dt", "ts")

// prefixSuffixes, like genericSuffixes, end column names whose other words
// name the column ("policy type" for policy_type_code), but alone they
// still name it too ("the code").
var prefixSuffixes = setOf("code", "cd")

// idWords mark key columns, which questions rarely mean by a partial name.
var idWords = setOf("id", "key", "pk", "fk", "uuid", "guid", "identifier")

// sumWords begin column names such as total_amount. Asked for without an
// aggregate ("the total amount of orders"), such a column is summed: a sum
// of totals is still a total. Averages and maxima of a column named
// average_x or max_x are not implied; the column is shown.
var sumWords = setOf("total", "sum")

// sexWords map the words for the sexes to the codes a sex or gender column
// may store them as.
var sexWords = map[string][]string{
	"female": {"f", "female"}, "females": {"f", "female"},
	"male": {"m", "male"}, "males": {"m", "male"},
	"woman": {"f", "female"}, "women": {"f", "female"},
	"man": {"m", "male"}, "men": {"m", "male"},
}

// priceWords are the name words of columns that "expensive" and "cheap" rank by.
var priceWords = setOf("price", "cost")

func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// partWords end the name of a table whose rows are the parts of another's
// (order_items, invoice_lines): such a table links its parts to other
// tables, but a row of it is not the whole ("products without orders" is
// not answered through order_items).
var partWords = setOf("item", "items", "line", "lines", "entry", "entries", "detail", "details", "part", "parts")
