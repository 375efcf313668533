package offline

import "slices"

// Round twenty-eight: more shapes of the verbs relverbs2.go sets aside,
// read with the same gates (WordNet's usage counts, one table at each
// end, the join between them unique or the question refused):
//
//   - the subject of an object relative clause may be a value: "products
//     that Sony makes" (objectRelative);
//   - a passive may be negated by its be, as a verb is by do-support:
//     "characteristics that are not found in any product" (a participle
//     after "is", "are", "was" or "were" and "not"; "never" still ends
//     the walk to the subject with none);
//   - a capability counts before a superlative and a column of its
//     subject's table, as it does before a name: "the aircraft that can
//     cover the maximum distance" (ownMeasureAfter); before a table ("can
//     hold the most students") it may be a capacity, and is not read;
//   - "How many X does each Y <verb>? List … and the count." is read by
//     countlist.go with such a verb where it reads "have": "How many
//     bookings did each customer make? List the customer id, first name,
//     and the count." (linkVerbWord; the serial comma before "and the
//     count" now goes with the count phrase);
//   - a verb whose family the schema knows only from a foreign key's name
//     ("win" beside match.winning_pilot, "treat" beside a treatment key)
//     names nothing a question can show: the key already says what the
//     verb says, as keyVerb (verbs.go) reads its past forms, so the verb
//     is set aside like any other (linkVerbWord): "pilots who did not
//     win the matches held in Australia". Where two keys join the tables
//     the join stays ambiguous, and keyverbs.go's choice is tried after.
//
// Shapes looked at and left refused, each for a reason outside the verb:
// "had 2 policies but did not file any claims" (the parser refuses "but"
// before a negation, and its "and" reading counts the policies without a
// claim, not the customers without one); "products which Sony does not
// make" (the parser reads no negation in an object relative clause, and a
// second reading's refusal does not replace the first's reason); "routes
// that start in China" (the verb is set aside, but routes reach airports
// by a source and a destination key, and no word of "start"'s family
// names either); "not found in any product" itself ("found" is not a
// form verbForm knows as a participle).
//
// Measured on the Spider training questions (a–r): +4 correct, no new
// wrong answer, on the questions as written and on their paraphrases.

// negatedPassive are the forms of be whose "not" a passive verb set aside
// may follow: "characteristics that are not found in any product" reads
// as the do-support negation does, no row of the object linked.
var negatedPassive = setOf("is", "are", "was", "were")

// ownMeasureAfter reports whether a capability at ms[i] ("can cover") is
// followed, behind an article and keywords such as a superlative, by a
// column name the subject's own table has: "the aircraft that can
// cover the maximum distance" ranks aircraft by their distance (a flight
// has one too), what the verb says. A table there ("rooms which can hold the most students") would
// count linked rows where the capability is a capacity the question does
// not name, and is not read.
func ownMeasureAfter(toks []token, ms []mention, i, subject int) bool {
	k := i + 1
	for k < len(ms) && (mentionWord(toks, ms[k]) == "the" || mentionWord(toks, ms[k]) == "a") {
		k++
	}
	for k < len(ms) && ms[k].kind == mKeyword {
		k++
	}
	if k >= len(ms) {
		return false
	}
	return slices.ContainsFunc(ms[k].cols, func(c nameRef) bool {
		return slices.ContainsFunc(ms[subject].tables, func(r nameRef) bool { return r.table == c.table })
	})
}
