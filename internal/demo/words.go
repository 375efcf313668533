package demo

import "strings"

// The lists below were written for this package. They are short on purpose:
// a few hundred customers need only a dozen names per country to look real,
// and small lists keep the data easy to eyeball.

// country is a customer or staff location with names that fit it. Some names
// carry accents or apostrophes on purpose, so the demo exercises text that is
// not plain ASCII and literals that need quoting.
type country struct {
	name   string
	weight int // how common customers from here are, before a client's home bonus
	cities []string
	first  []string
	last   []string
}

var countries = []country{
	{
		name: "USA", weight: 5,
		cities: []string{"New York", "Chicago", "Austin", "Seattle", "Denver", "Boston", "San Diego"},
		first:  []string{"James", "Emily", "Michael", "Olivia", "Daniel", "Ashley", "Ryan", "Madison", "Tyler", "Hannah", "Brandon", "Jessica"},
		last:   []string{"Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Garcia", "Wilson", "Anderson", "Taylor", "Moore"},
	},
	{
		name: "United Kingdom", weight: 3,
		cities: []string{"London", "Manchester", "Birmingham", "Leeds", "Glasgow", "Bristol", "Edinburgh"},
		first:  []string{"Oliver", "Amelia", "Harry", "Isla", "George", "Emily", "Jack", "Poppy", "Charlie", "Grace", "Thomas", "Freya"},
		last:   []string{"Taylor", "Evans", "Davies", "Wright", "Walker", "Roberts", "Thompson", "Hughes", "Clarke", "Patel", "O'Neill", "Campbell"},
	},
	{
		name: "Germany", weight: 3,
		cities: []string{"Berlin", "Hamburg", "Munich", "Cologne", "Frankfurt", "Stuttgart", "Leipzig"},
		first:  []string{"Lukas", "Anna", "Jonas", "Lena", "Felix", "Marie", "Maximilian", "Sophie", "Paul", "Hannah", "Tobias", "Katharina"},
		last:   []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Wolf"},
	},
	{
		name: "France", weight: 3,
		cities: []string{"Paris", "Lyon", "Marseille", "Toulouse", "Bordeaux", "Lille", "Nantes"},
		first:  []string{"Camille", "Louis", "Chloé", "Hugo", "Léa", "Mathieu", "Juliette", "Antoine", "Manon", "Théo", "Élise", "Nicolas"},
		last:   []string{"Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Lefèvre", "Girard"},
	},
	{
		name: "Spain", weight: 2,
		cities: []string{"Madrid", "Barcelona", "Valencia", "Seville", "Bilbao", "Málaga", "Zaragoza"},
		first:  []string{"Lucía", "Alejandro", "Sofía", "Pablo", "Carmen", "Javier", "Elena", "Diego", "Marta", "Sergio", "Paula", "Álvaro"},
		last:   []string{"García", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez", "Ruiz", "Díaz", "Moreno", "Navarro", "Romero"},
	},
	{
		name: "Italy", weight: 2,
		cities: []string{"Rome", "Milan", "Naples", "Turin", "Florence", "Bologna", "Venice"},
		first:  []string{"Giulia", "Marco", "Francesca", "Luca", "Chiara", "Alessandro", "Martina", "Matteo", "Sara", "Lorenzo", "Elena", "Davide"},
		last:   []string{"Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Conti"},
	},
	{
		name: "Canada", weight: 2,
		cities: []string{"Toronto", "Montreal", "Vancouver", "Calgary", "Ottawa", "Halifax", "Winnipeg"},
		first:  []string{"Liam", "Emma", "Noah", "Charlotte", "Ethan", "Ava", "Logan", "Chloe", "Owen", "Mia", "Nathan", "Gabriel"},
		last:   []string{"Tremblay", "Gagnon", "Roy", "Côté", "Bouchard", "MacDonald", "Campbell", "Wilson", "Leblanc", "Stewart", "Martin", "Young"},
	},
	{
		name: "Brazil", weight: 2,
		cities: []string{"São Paulo", "Rio de Janeiro", "Belo Horizonte", "Salvador", "Curitiba", "Porto Alegre", "Recife"},
		first:  []string{"João", "Maria", "Pedro", "Ana", "Lucas", "Beatriz", "Gabriel", "Juliana", "Rafael", "Larissa", "Thiago", "Fernanda"},
		last:   []string{"Silva", "Santos", "Oliveira", "Souza", "Costa", "Pereira", "Almeida", "Ferreira", "Rodrigues", "Carvalho", "Lima", "Gomes"},
	},
	{
		name: "Japan", weight: 2,
		cities: []string{"Tokyo", "Osaka", "Kyoto", "Yokohama", "Sapporo", "Fukuoka", "Nagoya"},
		first:  []string{"Haruto", "Yui", "Sota", "Aoi", "Ren", "Hina", "Yuto", "Sakura", "Kaito", "Mei", "Riku", "Yuna"},
		last:   []string{"Sato", "Suzuki", "Takahashi", "Tanaka", "Watanabe", "Ito", "Yamamoto", "Nakamura", "Kobayashi", "Kato", "Yoshida", "Yamada"},
	},
	{
		name: "Australia", weight: 2,
		cities: []string{"Sydney", "Melbourne", "Brisbane", "Perth", "Adelaide", "Hobart", "Canberra"},
		first:  []string{"Jack", "Charlotte", "William", "Olivia", "Lachlan", "Matilda", "Cooper", "Zoe", "Mitchell", "Isabella", "Harrison", "Ruby"},
		last:   []string{"Smith", "Jones", "Williams", "Brown", "Wilson", "Nguyen", "Kelly", "Ryan", "Mitchell", "Walsh", "Harris", "King"},
	},
}

func countryIndex(name string) int {
	for i, c := range countries {
		if c.name == name {
			return i
		}
	}
	panic("demo: unknown country " + name)
}

// category is a product category and what its products are called and cost.
// Product names are fmt.Sprintf(layout, variant, item), so most categories
// read "Summit Trekking Poles" and books read "Salt and Smoke (Paperback)".
type category struct {
	name     string
	layout   string
	variants []string
	items    []item
}

// item is a kind of product with a plausible list-price range, in whole
// currency units.
type item struct {
	name   string
	lo, hi int
}

var categories = []category{
	{
		name: "Apparel", layout: "%s %s",
		variants: []string{"Classic", "Everyday", "Coastal", "Heritage"},
		items: []item{
			{"Merino Crew Sweater", 60, 140}, {"Linen Button Shirt", 35, 90}, {"Organic Cotton Tee", 15, 40},
			{"Fleece Half-Zip", 40, 95}, {"Chino Trousers", 35, 85}, {"Wool Beanie", 15, 35}, {"Quilted Vest", 50, 120},
		},
	},
	{
		name: "Footwear", layout: "%s %s",
		variants: []string{"Ridge", "Harbor", "Meadow"},
		items: []item{
			{"Trail Running Shoe", 80, 160}, {"Leather Chelsea Boot", 110, 220}, {"Canvas Sneaker", 40, 80},
			{"Hiking Boot", 110, 210}, {"Wool Slipper", 30, 70}, {"Sport Sandal", 30, 80},
		},
	},
	{
		name: "Outdoor Gear", layout: "%s %s",
		variants: []string{"Summit", "Nordic", "Basecamp"},
		items: []item{
			{"Two-Person Tent", 150, 420}, {"Down Sleeping Bag", 120, 350}, {"Trekking Poles", 40, 120},
			{"Daypack 24L", 50, 130}, {"Camp Stove", 35, 110}, {"Headlamp", 20, 60},
			{"Insulated Bottle", 20, 45}, {"Rain Shell Jacket", 90, 260},
		},
	},
	{
		name: "Home & Kitchen", layout: "%s %s",
		variants: []string{"Hearth", "Larder", "Willow"},
		items: []item{
			{"Cast Iron Skillet", 30, 80}, {"Chef's Knife", 40, 160}, {"French Press", 20, 50},
			{"Linen Napkin Set", 20, 45}, {"Ceramic Mug Set", 25, 55}, {"Bamboo Cutting Board", 15, 40},
			{"Dutch Oven", 60, 180}, {"Pour-Over Kettle", 30, 75},
		},
	},
	{
		name: "Electronics", layout: "%s %s",
		variants: []string{"Pulse", "Nova", "Volta"},
		items: []item{
			{"Wireless Earbuds", 40, 180}, {"Bluetooth Speaker", 35, 150}, {"E-Reader", 90, 220},
			{"Smart Plug", 12, 30}, {"USB-C Charger", 15, 45}, {"Noise-Cancelling Headphones", 120, 350},
			{"Action Camera", 150, 420}, {"Power Bank", 25, 70},
		},
	},
	{
		name: "Books", layout: "%[2]s (%[1]s)",
		variants: []string{"Hardcover", "Paperback"},
		items: []item{
			{"The Quiet Cartographer", 10, 32}, {"Salt and Smoke", 12, 35}, {"A Year of Bread", 15, 38},
			{"Rivers of the North", 10, 30}, {"The Patient Gardener", 12, 32}, {"Stars over Lisbon", 9, 28},
			{"Counting Sheep in Wales", 9, 25}, {"The Clockmaker's Apprentice", 10, 30},
		},
	},
	{
		name: "Toys & Games", layout: "%s %s",
		variants: []string{"Tinker", "Junior", "Family"},
		items: []item{
			{"Wooden Train Set", 35, 90}, {"Strategy Board Game", 30, 70}, {"1000-Piece Puzzle", 15, 30},
			{"Building Blocks Kit", 25, 80}, {"Plush Fox", 15, 35}, {"Card Game", 10, 25},
			{"Stunt Kite", 25, 60}, {"Marble Run", 30, 75},
		},
	},
	{
		name: "Beauty", layout: "%s %s",
		variants: []string{"Bloom", "Tidal", "Botanica"},
		items: []item{
			{"Rosehip Face Oil", 15, 40}, {"Shea Hand Cream", 8, 20}, {"Clay Face Mask", 12, 30},
			{"Lavender Soap Bar", 5, 12}, {"Vitamin C Serum", 20, 55}, {"Lip Balm Trio", 8, 16},
			{"Bamboo Hairbrush", 10, 25}, {"Sea Salt Shampoo", 9, 22},
		},
	},
}

func categoryIndex(name string) int {
	for i, c := range categories {
		if c.name == name {
			return i
		}
	}
	panic("demo: unknown category " + name)
}

// tenant describes one client (tenant) of the store platform.
type tenant struct {
	name    string
	country string   // home market: more customers there, staff named from there
	focus   []string // categories the client mostly sells
	weight  int      // relative share of customers and orders
	staff   int      // employees, a prefix of orgChart
}

var tenants = []tenant{
	{name: "Harborline Outfitters", country: "USA", focus: []string{"Apparel", "Footwear", "Outdoor Gear"}, weight: 45, staff: 12},
	{name: "Kestrel & Finch Home", country: "United Kingdom", focus: []string{"Home & Kitchen", "Electronics", "Beauty"}, weight: 35, staff: 10},
	{name: "Alpenrose Books & Games", country: "Germany", focus: []string{"Books", "Toys & Games"}, weight: 20, staff: 8},
}

// role is a position in a client's org chart. Every prefix of orgChart is a
// valid tree (a role's manager comes before it), so smaller clients simply
// take fewer roles; the chain CEO → Head of Operations → Customer Support
// Manager → Support Agent gives recursive queries four levels to walk.
type role struct {
	title          string
	manager        int // index into orgChart, -1 for the top of the client
	minPay, maxPay int // yearly salary band, in thousands
}

var orgChart = []role{
	{"Chief Executive Officer", -1, 150, 190},
	{"Head of Operations", 0, 95, 120},
	{"Head of Sales & Marketing", 0, 90, 115},
	{"Customer Support Manager", 1, 60, 75},
	{"Warehouse Lead", 1, 50, 62},
	{"Marketing Specialist", 2, 52, 66},
	{"Support Agent", 3, 38, 46},
	{"Warehouse Associate", 4, 33, 40},
	{"Account Executive", 2, 55, 70},
	{"Support Agent", 3, 38, 46},
	{"Data Analyst", 2, 62, 78},
	{"Warehouse Associate", 4, 33, 40},
}

// emailFold spells accented letters in ASCII for e-mail local parts.
var emailFold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n", "ß", "ss",
)

// emailPart turns a name into the lower-case ASCII letters of an address.
func emailPart(name string) string {
	s := emailFold.Replace(strings.ToLower(name))
	var b strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// emailDomains are reserved for examples (RFC 2606), so no generated address
// can belong to a real person.
var emailDomains = []string{"example.com", "example.net", "example.org"}
