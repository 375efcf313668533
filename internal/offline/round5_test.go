package offline_test

import (
	"testing"

	"querent/internal/schema"
)

// abbrevSchema abbreviates its names (lat, inst, acc_bal, enrolment) and
// has count, rank and details columns stored as they are.
func abbrevSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("station", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Alpha"), col("lat", "REAL"), col("long", "REAL")}),
		table("inst", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "MIT"), col("country", "TEXT", "USA")}),
		table("customer", []schema.Column{col("id", "INTEGER"), col("cust_name", "TEXT", "Ann"), col("acc_bal", "REAL")}),
		table("course", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Spanish"), col("date_of_enrolment", "DATE")}),
		table("mountain", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Everest"), col("height", "REAL")}),
		table("report", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Daily")}),
		table("county", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Kent"), col("police_officers", "INTEGER")}),
		table("city", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Dover"), col("county_id", "INTEGER")}, fk("county_id", "county")),
		table("player", []schema.Column{col("id", "INTEGER"), col("player_name", "TEXT", "Ole"), col("votes", "INTEGER"), col("city_id", "INTEGER")}, fk("city_id", "city")),
		table("pilot", []schema.Column{col("id", "INTEGER"), col("pilot_name", "TEXT", "Amelia"), col("rank", "INTEGER"), col("join_year", "INTEGER")}),
		table("product", []schema.Column{col("id", "INTEGER"), col("product_name", "TEXT", "Chair"), col("product_details", "TEXT", "Vincent"), col("price", "REAL")}),
	}}
}

// Names abbreviated in the schema link to the words they abbreviate; a
// count stored as a column ranks as it is; the highest rank is rank 1;
// "details" of a table with a details column is that column.
func TestAbbreviationsRanksAndDetails(t *testing.T) {
	runAnswers(t, abbrevSchema(), []answerCase{
		{`names of stations with latitude lower than 37.5`, `{"select":[{"expr":{"col":"station.name"}}],"from":{"table":"station"},"where":{"op":"<","left":{"col":"station.lat"},"right":{"value":37.5}}}`},
		{`the highest latitude of all stations`, `{"select":[{"expr":{"agg":"max","arg":{"col":"station.lat"}}}],"from":{"table":"station"}}`},
		{`the countries of all institutions`, `{"select":[{"expr":{"col":"inst.country"}}],"from":{"table":"inst"}}`},
		{`names of customers ordered by account balance`, `{"select":[{"expr":{"col":"customer.cust_name"}}],"from":{"table":"customer"},"order_by":[{"expr":{"col":"customer.acc_bal"}}]}`},
		{`the customer with the highest balance`, `{"select":[{"expr":{"col":"customer.cust_name"}}],"from":{"table":"customer"},"order_by":[{"expr":{"col":"customer.acc_bal"},"desc":true}],"limit":1}`},
		{`the date of enrollment of the course titled Spanish`, `{"select":[{"expr":{"col":"course.date_of_enrolment"}}],"from":{"table":"course"},"where":{"op":"=","left":{"col":"course.title"},"right":{"value":"Spanish"}}}`},
		{`the name of the player with the largest number of votes`, `{"select":[{"expr":{"col":"player.player_name"}}],"from":{"table":"player"},"order_by":[{"expr":{"col":"player.votes"},"desc":true}],"limit":1}`},
		{`the join year of the pilot with the highest rank`, `{"select":[{"expr":{"col":"pilot.join_year"}}],"from":{"table":"pilot"},"order_by":[{"expr":{"col":"pilot.rank"}}],"limit":1}`},
		{`the lowest rank of all pilots`, `{"select":[{"expr":{"agg":"max","arg":{"col":"pilot.rank"}}}],"from":{"table":"pilot"}}`},
		{`the details of all products`, `{"select":[{"expr":{"col":"product.product_details"}}],"from":{"table":"product"}}`},
		{`the details of the three most expensive products`, `{"select":[{"expr":{"col":"product.product_details"}}],"from":{"table":"product"},"order_by":[{"expr":{"col":"product.price"},"desc":true}],"limit":3}`},
	})
	runRefusals(t, abbrevSchema(), []string{
		`how many mountaineers are there?`,                            // a mountaineer is no mountain
		`how many reporters are there?`,                               // nor a reporter a report
		`names of cities in the county with the most police officers`, // the limit picks a county, not a city
	})
}

// setSchema has rows whose conditions "both" and "or" combine.
func setSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("member", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("address", "TEXT", "Oslo"), col("age", "INTEGER")}),
		table("representative", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), complete(col("party", "TEXT", "Red", "Blue")),
			complete(col("state", "TEXT", "New York", "Pennsylvania")), complete(col("gender", "TEXT", "M", "F"))}),
		table("mountain", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Everest"), col("height", "REAL"), col("prominence", "REAL"),
			complete(col("range", "TEXT", "Alps", "Andes"))}),
	}}
}

// "Both" before two conditions no one row meets reads as two sets; "or"
// between two conditions is either.
func TestBothSetsAndOr(t *testing.T) {
	runAnswers(t, setSchema(), []answerCase{
		{`which address has both members younger than 30 and members older than 40?`, `{"select":[{"expr":{"col":"member.address"}}],"from":{"table":"member"},"where":{"op":"<","left":{"col":"member.age"},"right":{"value":30}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"member.address"}}],"from":{"table":"member"},"where":{"op":">","left":{"col":"member.age"},"right":{"value":40}}}}}`},
		{`parties that have both representatives in New York state and representatives in Pennsylvania state`, `{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.state"},"right":{"value":"New York"}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.state"},"right":{"value":"Pennsylvania"}}}}}`},
		{`parties that have both a representative of gender "M" and a representative of gender "F"`, `{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.gender"},"right":{"value":"M"}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.gender"},"right":{"value":"F"}}}}}`},
		{`names of mountains with height more than 5000 or prominence more than 1000`, `{"select":[{"expr":{"col":"mountain.name"}}],"from":{"table":"mountain"},"where":{"or":[{"op":">","left":{"col":"mountain.height"},"right":{"value":5000}},{"op":">","left":{"col":"mountain.prominence"},"right":{"value":1000}}]}}`},
		{`how many mountains are in either the Alps range or the Andes range?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"mountain"},"where":{"or":[{"op":"=","left":{"col":"mountain.range"},"right":{"value":"Alps"}},{"op":"=","left":{"col":"mountain.range"},"right":{"value":"Andes"}}]}}`},
		{`names of mountains with height bigger than 8000 or smaller than 1000`, `{"select":[{"expr":{"col":"mountain.name"}}],"from":{"table":"mountain"},"where":{"or":[{"op":">","left":{"col":"mountain.height"},"right":{"value":8000}},{"op":"<","left":{"col":"mountain.height"},"right":{"value":1000}}]}}`},
		{`names of representatives whose state is New York or whose party is Red`, `{"select":[{"expr":{"col":"representative.name"}}],"from":{"table":"representative"},"where":{"or":[{"op":"=","left":{"col":"representative.state"},"right":{"value":"New York"}},{"op":"=","left":{"col":"representative.party"},"right":{"value":"Red"}}]}}`},
	})
	runRefusals(t, setSchema(), []string{
		`names of mountains either in range Alps or in range Andes with height more than 5000`, // which conditions does "or" group?
		`parties that have both representatives in New York and older than 40`,                 // nothing contradicts: not two sets
	})
}

// memberSchema has tables named for groups, and a details column.
func memberSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("faculty", []schema.Column{col("id", "INTEGER"), col("fname", "TEXT", "Ann"), complete(col("sex", "TEXT", "F", "M")), col("rank", "TEXT", "Professor")}),
		table("staff", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Bo"), col("other_details", "TEXT", "Vincent")}),
	}}
}

// "Members" after a table named for a group are its rows; "details" is a
// details column shown beside others, or filtered on before a value.
func TestMembersAndDetails(t *testing.T) {
	runAnswers(t, memberSchema(), []answerCase{
		{`how many faculty members are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"faculty"}}`},
		{`first names of all the female faculty members`, `{"select":[{"expr":{"col":"faculty.fname"}}],"from":{"table":"faculty"},"where":{"op":"=","left":{"col":"faculty.sex"},"right":{"value":"F"}}}`},
		{`the names and details of all the staff members`, `{"select":[{"expr":{"col":"staff.name"}},{"expr":{"col":"staff.other_details"}}],"from":{"table":"staff"}}`},
		{`names of the staff whose details are "Vincent"`, `{"select":[{"expr":{"col":"staff.name"}}],"from":{"table":"staff"},"where":{"op":"=","left":{"col":"staff.other_details"},"right":{"value":"Vincent"}}}`},
	})
	runRefusals(t, memberSchema(), []string{
		`how many members are there?`, // members of what: no table is named
	})
}

// claimSchema names columns measure first (amount_claimed), as questions
// also say them the other way round.
func claimSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("claim", []schema.Column{col("id", "INTEGER"), col("amount_claimed", "INTEGER"), col("amount_settled", "INTEGER"), complete(col("status", "TEXT", "Open", "Closed"))}),
		table("payment", []schema.Column{col("id", "INTEGER"), col("amount_payment", "INTEGER"), col("claim_id", "INTEGER")}, fk("claim_id", "claim")),
		table("club", []schema.Column{col("id", "INTEGER"), col("club_name", "TEXT", "Reds")}),
		table("coach", []schema.Column{col("id", "INTEGER"), col("coach_name", "TEXT", "Joe"), col("club_id", "INTEGER"), col("major", "INTEGER")}, fk("club_id", "club")),
	}}
}

// Two-word names read swapped or joined by "of"; leading verbs such as
// "compute" and "select" are orders; an aggregate asked twice is one.
func TestReorderedNamesAndRepeats(t *testing.T) {
	runAnswers(t, claimSchema(), []answerCase{
		{`the ids of claims with the largest claimed amount`, `{"select":[{"expr":{"col":"claim.id"}}],"from":{"table":"claim"},"order_by":[{"expr":{"col":"claim.amount_claimed"},"desc":true}],"limit":1}`},
		{`Compute the total amount of payment.`, `{"select":[{"expr":{"agg":"sum","arg":{"col":"payment.amount_payment"}}}],"from":{"table":"payment"}}`},
		{`Select the ids of claims ordered by settled amount.`, `{"select":[{"expr":{"col":"claim.id"}}],"from":{"table":"claim"},"order_by":[{"expr":{"col":"claim.amount_settled"}}]}`},
		{`What is the average claimed amount per status? List the status and the average claimed amount.`, `{"select":[{"expr":{"col":"claim.status"}},{"expr":{"agg":"avg","arg":{"col":"claim.amount_claimed"}}}],"from":{"table":"claim"},"group_by":[{"col":"claim.status"}]}`},
		{`How many coaches does each club correspond to? List the club id and the number of coaches.`, `{"select":[{"expr":{"col":"coach.club_id"}},{"expr":{"agg":"count"}}],"from":{"table":"coach"},"joins":[{"type":"inner","table":"club","on":[{"left":"coach.club_id","right":"club.id"}]}],"group_by":[{"col":"coach.club_id"}]}`},
	})
	runRefusals(t, claimSchema(), []string{
		`which major has between 2 and 30 coaches?`, // a count in a range, not the major
		`what is the amount of all claims?`,         // claimed or settled?
		`the average claimed amount and the average settled amount per status and the total`,
	})
}

// bySchema has columns a passive verb names ("managed by", "owned by").
func bySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("building", []schema.Column{col("id", "INTEGER"), col("building_short_name", "TEXT", "Tower"), col("building_manager", "TEXT", "Emma"), col("floors", "INTEGER")}),
		table("channel", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "One"), col("owner", "TEXT", "CCTV")}),
	}}
}

// "by" before a value is the agent of a passive verb; before a direction,
// the sort.
func TestByValueAndDirection(t *testing.T) {
	runAnswers(t, bySchema(), []answerCase{
		{`Show the short names of the buildings managed by "Emma".`, `{"select":[{"expr":{"col":"building.building_short_name"}}],"from":{"table":"building"},"where":{"op":"=","left":{"col":"building.building_manager"},"right":{"value":"Emma"}}}`},
		{`names of channels owned by "CCTV"`, `{"select":[{"expr":{"col":"channel.name"}}],"from":{"table":"channel"},"where":{"op":"=","left":{"col":"channel.owner"},"right":{"value":"CCTV"}}}`},
		{`the short names of buildings by descending order of floors`, `{"select":[{"expr":{"col":"building.building_short_name"}}],"from":{"table":"building"},"order_by":[{"expr":{"col":"building.floors"},"desc":true}]}`},
	})
	runRefusals(t, bySchema(), []string{
		`names of channels owned by "Nobody Known"`, // a value no column holds
	})
}

// keySchema keys its tables by a letter and "id" (aid, eid), as flight
// databases do, and stores ages.
func keySchema() *schema.Schema {
	s := &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("aircraft", []schema.Column{col("aid", "INTEGER"), col("name", "TEXT", "Boeing"), col("distance", "INTEGER")}),
		table("pilot", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Amelia"), col("age", "INTEGER")}),
	}}
	s.Tables[0].PrimaryKey = []string{"aid"}
	return s
}

// A key such as aid is "the id" of its table's rows; "N years old" is an
// age.
func TestLetterKeysAndYearsOld(t *testing.T) {
	runAnswers(t, keySchema(), []answerCase{
		{`the name and distance of the aircraft with id 12`, `{"select":[{"expr":{"col":"aircraft.name"}},{"expr":{"col":"aircraft.distance"}}],"from":{"table":"aircraft"},"where":{"op":"=","left":{"col":"aircraft.aid"},"right":{"value":12}}}`},
		{`names of pilots who are at least 25 years old`, `{"select":[{"expr":{"col":"pilot.name"}}],"from":{"table":"pilot"},"where":{"op":">=","left":{"col":"pilot.age"},"right":{"value":25}}}`},
		{`how many pilots are 30 years old?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"pilot"},"where":{"op":"=","left":{"col":"pilot.age"},"right":{"value":30}}}`},
	})
	runRefusals(t, keySchema(), []string{
		`names of aircraft over 20 years old`, // aircraft have no age column
	})
}

// "Shared by" reads as "both": the values held by rows of each condition.
func TestSharedBy(t *testing.T) {
	runAnswers(t, setSchema(), []answerCase{
		{`Show the addresses shared by members older than 40 and younger than 30.`, `{"select":[{"expr":{"col":"member.address"}}],"from":{"table":"member"},"where":{"op":">","left":{"col":"member.age"},"right":{"value":40}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"member.address"}}],"from":{"table":"member"},"where":{"op":"<","left":{"col":"member.age"},"right":{"value":30}}}}}`},
		{`the parties shared by representatives from state New York and Pennsylvania`, `{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.state"},"right":{"value":"New York"}},"set_op":{"op":"intersect","right":{"select":[{"expr":{"col":"representative.party"}}],"from":{"table":"representative"},"where":{"op":"=","left":{"col":"representative.state"},"right":{"value":"Pennsylvania"}}}}}`},
	})
	// "the addresses shared by at least two members" counts rows per
	// address, not two sets: havingrows_test.go.
}

// rankSchema has rows whose groups rank by an average or a total.
func rankSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("instructor", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann"), col("dept_name", "TEXT", "History"), col("salary", "REAL")}),
		table("item", []schema.Column{col("id", "INTEGER"), col("title", "TEXT", "Pen")}),
		table("review", []schema.Column{col("id", "INTEGER"), col("item_id", "INTEGER"), col("rating", "INTEGER")}, fk("item_id", "item")),
	}}
}

// "The X with the highest average Y" ranks the groups X by the average of
// Y over their rows, as "the most Y" ranks them by their count.
func TestRankByAggregate(t *testing.T) {
	runAnswers(t, rankSchema(), []answerCase{
		{`the department name with the highest total salary`, `{"select":[{"expr":{"col":"instructor.dept_name"}}],"from":{"table":"instructor"},"group_by":[{"col":"instructor.dept_name"}],"order_by":[{"expr":{"agg":"sum","arg":{"col":"instructor.salary"}},"desc":true}],"limit":1}`},
		{`Find the title of the item with the lowest average rating.`, `{"select":[{"expr":{"col":"item.title"}}],"from":{"table":"item"},"joins":[{"type":"inner","table":"review","on":[{"left":"item.id","right":"review.item_id"}]}],"group_by":[{"col":"item.id"}],"order_by":[{"expr":{"agg":"avg","arg":{"col":"review.rating"}}}],"limit":1}`},
	})
	runAnswers(t, rankSchema(), []answerCase{
		{`the department names whose average salary is above 42000`, `{"select":[{"expr":{"col":"instructor.dept_name"}}],"from":{"table":"instructor"},"group_by":[{"col":"instructor.dept_name"}],"having":{"op":">","left":{"agg":"avg","arg":{"col":"instructor.salary"}},"right":{"value":42000}}}`},
		{`titles of items with an average rating of over 3`, `{"select":[{"expr":{"col":"item.title"}}],"from":{"table":"item"},"joins":[{"type":"inner","table":"review","on":[{"left":"item.id","right":"review.item_id"}]}],"group_by":[{"col":"item.id"}],"having":{"op":">","left":{"agg":"avg","arg":{"col":"review.rating"}},"right":{"value":3}}}`},
	})
	runRefusals(t, rankSchema(), []string{
		`the highest average salary`,                             // no groups named to rank
		`the title with the highest average name`,                // a name is no number
		`department names whose average salary is above 42000.5`, // a fractional threshold is not built
		// "not above" is now read as "at most": TestNotBoundAnswers.
	})
}

// amenitySchema pairs dorms with amenities through a link table that a
// word for amenities also names.
func amenitySchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("dorm", []schema.Column{col("id", "INTEGER"), complete(col("dorm_name", "TEXT", "Smith Hall", "Jones Hall"))}),
		table("dorm_amenity", []schema.Column{col("id", "INTEGER"), col("amenity_name", "TEXT", "TV Lounge")}),
		table("has_amenity", []schema.Column{col("dorm_id", "INTEGER"), col("amenity_id", "INTEGER")}, fk("dorm_id", "dorm"), fk("amenity_id", "dorm_amenity")),
	}}
}

// A word naming both a table and a table that only links it to another
// means the first: the link table holds nothing of its own.
func TestLinkTablesYield(t *testing.T) {
	runAnswers(t, amenitySchema(), []answerCase{
		{`how many amenities are there?`, `{"select":[{"expr":{"agg":"count"}}],"from":{"table":"dorm_amenity"}}`},
		{`the names of the amenities of the dorm Smith Hall`, `{"select":[{"expr":{"col":"dorm_amenity.amenity_name"}}],"from":{"table":"dorm_amenity"},"where":{"op":"in","left":{"col":"dorm_amenity.id"},"subquery":{"select":[{"expr":{"col":"has_amenity.amenity_id"}}],"from":{"table":"has_amenity"},"joins":[{"type":"inner","table":"dorm","on":[{"left":"has_amenity.dorm_id","right":"dorm.id"}]}],"where":{"op":"=","left":{"col":"dorm.dorm_name"},"right":{"value":"Smith Hall"}}}}}`},
	})
	runRefusals(t, amenitySchema(), []string{
		`how many amenity dorms are there?`, // not a table either way
	})
}

// phoneSchema names a phone column without "number", and a coded kind.
func phoneSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("customer", []schema.Column{col("id", "INTEGER"), col("customer_name", "TEXT", "Ann"), col("customer_phone", "TEXT", "555")}),
		table("form", []schema.Column{col("id", "INTEGER"), col("form_name", "TEXT", "A1"), col("form_type_code", "TEXT", "Basic")}),
	}}
}

// "Phone numbers" are a phone column; "the types of forms" the forms' type
// code.
func TestPhoneNumbersAndCodedKinds(t *testing.T) {
	runAnswers(t, phoneSchema(), []answerCase{
		{`the names and phone numbers of all customers`, `{"select":[{"expr":{"col":"customer.customer_name"}},{"expr":{"col":"customer.customer_phone"}}],"from":{"table":"customer"}}`},
		{`What are the different types of forms?`, `{"distinct":true,"select":[{"expr":{"col":"form.form_type_code"}}],"from":{"table":"form"}}`},
	})
	runRefusals(t, phoneSchema(), []string{
		`the name of forms of customers`, // no key joins them
	})
}
