package offline_test

import (
	"maps"
	"strings"
	"testing"

	"querent/internal/offline"
	"querent/internal/schema"
)

// usageThesaurus is fakeThesaurus with the concordance counts of
// internal/wordnet's Tagged: how often each word was seen as a noun, a
// verb and an adjective.
type usageThesaurus struct {
	fakeThesaurus
	offline.UsageCounts
}

// verbUsage holds counts of the system WordNet for the words tested.
var verbUsage = usageThesaurus{UsageCounts: offline.UsageCounts{
	"make":      {1, 29, 0},
	"pay":       {1, 9, 0},
	"treat":     {0, 5, 0},
	"treats":    {0, 5, 0}, // Tagged reads a word's base forms
	"help":      {4, 5, 0},
	"grow":      {0, 9, 0},
	"lead":      {6, 13, 0},
	"branch":    {3, 0, 0},
	"incur":     {0, 1, 0},
	"originate": {0, 2, 0},
}}

// moreUsage is verbUsage with more counts, and the thesaurus th.
func moreUsage(th fakeThesaurus, more offline.UsageCounts) usageThesaurus {
	u := usageThesaurus{th, maps.Clone(verbUsage.UsageCounts)}
	maps.Copy(u.UsageCounts, more)
	return u
}

func linkVerbSchema() *schema.Schema {
	return &schema.Schema{Engine: "sqlite", Tables: []schema.Table{
		table("company", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Acme", "Sony"), col("city", "TEXT", "Tokyo", "Paris")}),
		table("product", []schema.Column{col("id", "INTEGER"), complete(col("name", "TEXT", "DVD drive", "Mouse")), col("price", "REAL"), col("company_id", "INTEGER")},
			fk("company_id", "company")),
		table("customer", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Ann", "Bo"), complete(col("payment_method", "TEXT", "Cash", "Visa"))}),
		table("physician", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "John Wen", "Ada Li")}),
		table("patient", []schema.Column{col("id", "INTEGER"), col("name", "TEXT", "Kim", "Lee"), col("physician_id", "INTEGER")},
			fk("physician_id", "physician")),
	}}
}

// TestLinkVerbsSetAside: a word WordNet uses mostly as a verb, which the
// schema does not know, is set aside when it only relates a subject and
// an object the question names, and the plan's reason says so.
func TestLinkVerbsSetAside(t *testing.T) {
	s := linkVerbSchema()
	p := offline.New(s, offline.Options{Today: today, WordNet: verbUsage})
	for _, c := range []struct{ question, col, reason string }{
		{"names of companies that do not make DVD drive", "product.company_id", `set aside "make": it only relates companies and DVD drive`},
		{"how many companies make a product with a price above 100", "product.price", `set aside "make"`},
		{"names of companies that make more than 2 products", "product.company_id", `set aside "make"`},
		{"find the names of customers who did not pay with Cash", "customer.payment_method", `set aside "pay"`},
		{"physicians who help patients named Kim", "patient.name", `set aside "help": it only relates physicians and patients`},
		{"how many patients does each physician treat", "patient.physician_id", `set aside "treat": it only relates physician and patients`},
		{"how many different cities do the companies originate from", "company.city", `set aside "originate": it only relates companies and cities`},
		{"for each physician, the number of patients he or she treats", "patient.physician_id", `it only relates he or she and patients`},
	} {
		t.Run(c.question, func(t *testing.T) {
			r := planned(t, p, s, c.question)
			if !strings.Contains(r.Plan.String(), `"`+c.col+`"`) { // subqueries included
				t.Errorf("plan does not use %s: %s", c.col, r.Plan)
			}
			if !strings.Contains(r.Plan.Reason, c.reason) {
				t.Errorf("reason %q lacks %q", r.Plan.Reason, c.reason)
			}
			// A verb set aside is named once, as set aside, not also
			// among the ignored fillers.
			if strings.Contains(r.Plan.Reason, "ignored") {
				t.Errorf("reason %q also lists the verb as ignored", r.Plan.Reason)
			}
		})
	}
}

// TestLinkVerbsKept: the word stays unknown, and the question refused,
// when WordNet uses it mostly as a noun, when the grammar around it does
// not make it a verb relating two named things, or when it carries a
// condition of its own. Some of these the parser would refuse even with
// the verb set aside ("never", a comparison with nothing to compare);
// TestLinkVerbGates (relverbs3_internal_test.go) checks each gate alone,
// on the mentions.
func TestLinkVerbsKept(t *testing.T) {
	p := offline.New(linkVerbSchema(), offline.Options{Today: today, WordNet: verbUsage})
	for _, q := range []string{
		"companies with the most branches",          // a noun in WordNet
		"companies that never make DVD drive",       // a negation do-support does not carry
		"companies that can make 100 products",      // a capability before a number
		"companies that have lead products",         // a modifier of the table after it
		"which companies grow",                      // nothing after the verb to relate
		"how many products make",                    // no subject before it
		"names of companies that do not makes Sony", // an -s form after do-support
		"companies that make more than the average", // the verb names what is compared (countedName)
		"companies that make the most in Tokyo",     // likewise
	} {
		t.Run(q, func(t *testing.T) {
			if r, tr := p.PlanWithTrace(q); r.Plan != nil {
				t.Fatalf("planned %s\n%s", r.Plan, tr)
			}
		})
	}
	// A thesaurus that cannot say how a word is used sets no verb aside.
	plain := offline.New(linkVerbSchema(), offline.Options{Today: today, WordNet: fakeThesaurus{}})
	if r := plain.Plan("names of companies that do not make DVD drive"); r.Plan != nil {
		t.Errorf("without usage counts: planned %s", r.Plan)
	}
}
