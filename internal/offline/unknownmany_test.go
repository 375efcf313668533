package offline_test

import (
	"testing"

	"querent/internal/offline"
)

// Words set aside compose: each unknown word is judged with the others
// read as what their own rule makes them, so a filler after the head noun
// of a column compound ("pet policy actually") or between a verb and its
// subject ("lodgings really supervised by …"), or a word for rows before
// a verb ("lodging items supervised by …"), no longer blocks the other
// word's rule. Two words that need each other set aside ("pet policy
// adopted by …": the compound's head needs the verb gone, the verb needs
// a subject past the head) are each judged with the other set aside.
func TestUnknownWordsCompose(t *testing.T) {
	runAnswers(t, lodgingSchema(), []answerCase{
		{`Show the average price range of lodgings for each pet policy actually.`, `{"from":{"table":"lodging"},"group_by":[{"col":"lodging.pets_allowed_yn"}],"select":[{"expr":{"col":"lodging.pets_allowed_yn"}},{"expr":{"agg":"avg","arg":{"col":"lodging.price_range"}}}]}`},
		{`List the names of lodging items supervised by the supplier 'Acme'.`, `{"from":{"table":"lodging"},"joins":[{"table":"supplier","on":[{"left":"lodging.manager","right":"supplier.id"}],"type":"inner"}],"select":[{"expr":{"col":"lodging.lodging_name"}}],"where":{"left":{"col":"supplier.supplier_name"},"op":"=","right":{"value":"Acme"}}}`},
		{`Show the average price range of lodgings for each pet policy adopted by the supplier 'Acme'.`, `{"from":{"table":"lodging"},"group_by":[{"col":"lodging.pets_allowed_yn"}],"joins":[{"table":"supplier","on":[{"left":"lodging.manager","right":"supplier.id"}],"type":"inner"}],"select":[{"expr":{"col":"lodging.pets_allowed_yn"}},{"expr":{"agg":"avg","arg":{"col":"lodging.price_range"}}}],"where":{"left":{"col":"supplier.supplier_name"},"op":"=","right":{"value":"Acme"}}}`},
		{`List the names of lodgings really supervised by the supplier 'Acme'.`, `{"from":{"table":"lodging"},"joins":[{"table":"supplier","on":[{"left":"lodging.manager","right":"supplier.id"}],"type":"inner"}],"select":[{"expr":{"col":"lodging.lodging_name"}}],"where":{"left":{"col":"supplier.supplier_name"},"op":"=","right":{"value":"Acme"}}}`},
	})
}

// When any one unknown word is not accounted for, the question is refused
// as before, even though another word would be set aside.
func TestUnknownWordsOneUnread(t *testing.T) {
	runRefusals(t, lodgingSchema(), []string{
		`List the names of lodgings, actually with a favourite colour.`,
		`Show the average price range for each pet policy colour.`,
		`List the names of lodgings really supervised by famous suppliers.`,
	})
	p := offline.New(lodgingSchema(), offline.Options{Today: today})
	r := p.Plan(`Show the average price range for each pet policy colour actually.`)
	if r.CannotAnswer == "" {
		t.Fatalf("answered, want a refusal: %s", describeReply(r))
	}
}

// A slip in a fixed pair of function words is repaired: "hom many" is
// "how many", "ore more" is "or more". A word one edit from no pair word,
// away from the pair's second word, or one the schema knows, keeps
// refusing.
func TestPairSlips(t *testing.T) {
	runAnswers(t, lodgingSchema(), []answerCase{
		{`Hw many lodgings are there?`, `{"from":{"table":"lodging"},"select":[{"expr":{"agg":"count"}}]}`},
		{`Which lodgings have 3 ore more bedrooms? List their names.`, `{"from":{"table":"lodging"},"select":[{"expr":{"col":"lodging.lodging_name"}}],"where":{"left":{"col":"lodging.bedroom_count"},"op":">=","right":{"value":3}}}`},
	})
	runRefusals(t, lodgingSchema(), []string{
		`Hxyz many lodgings are there?`,
		`Hw lodgings are there?`,
		// "Hom" names home_port in part: not a word to repair.
		`Hom many lodgings are there?`,
	})
}
