package offline

// Round thirty-one, two shapes of the verbs relverbs2.go sets aside.
//
// First, "never" and "have not" negate a verb relverbs2.go sets
// aside as do-support's "not" does. "Customers who never ordered any
// product", "students who have never taken a course" and "physicians who
// have not treated any patient" say that no row of the object is linked,
// the negation the planner reads as a condition of its own (negation.go);
// the walk to the verb's subject passes over the negation, and the word
// before it is the auxiliary the verb's form must agree with ("have"
// before a participle, a relative pronoun before any finite form).
//
// A value, quoted text or number after the negation keeps it refused:
// "films that were never presented in China" would be read twice, as the
// films no row in China refers to and as a set difference taken away
// from all films (negatedCond), which denies the condition twice. Do-
// support's "not" reads such a value as a condition of its own
// (negatesValue), "never" does not.
//
// A capability stays refused: "cannot" is one word the walk stops at, and
// a modal before "never" or "not" ("can never hold") may negate a
// capacity the question does not name.
//
// Second, a ranking by a verb with nothing after it but a particle: "the
// physician that the most patients consult", "the physician that most of
// the patients consult with". The superlative stands before the subject of the
// object relative clause (objectRelative); the verb relates the ranked
// table and the counted one, and the ranking parser reads "the most
// patients" as it does without the verb. The join is resolved as for the
// other shapes: where two keys join the tables, the question stays
// refused unless keyverbs3.go's choice by the verb's WordNet relatives
// picks one.
//
// Measured on the Spider training questions (a–r, as written and
// paraphrased): no answer changed. The a–r questions of these shapes
// are refused for other reasons: a verb relverbs2.go does not read as
// one ("the most routes end at", "never filed a complaint"), a word that
// links to nothing ("user", "musician"), or a value after the negation
// ("films that were never presented in China"), which the gate above
// keeps refused.

// plainNegation reports whether the mention at j is a negation that is
// not do-support's and that relverbs2.go reads as it reads do-support's:
// "never" after anything but a modal, or "not" after a form of have.
func plainNegation(toks []token, ms []mention, j int) bool {
	if ms[j].kind != mStop && ms[j].kind != mKeyword {
		return false
	}
	prev := ""
	if j > 0 {
		prev = mentionWord(toks, ms[j-1])
	}
	switch mentionWord(toks, ms[j]) {
	case "never":
		return !capabilityModals[prev] && !conditionAfter(ms, j)
	case "not":
		return haveForms[prev] && !conditionAfter(ms, j)
	}
	return false
}

// conditionAfter reports whether a value, quoted text or number follows
// the mention at j: a condition the negation may deny on its own.
func conditionAfter(ms []mention, j int) bool {
	for _, m := range ms[j+1:] {
		if m.kind == mValue || m.kind == mQuoted || m.kind == mNumber {
			return true
		}
	}
	return false
}

// rankedSubjectStart passes back over the superlative before the subject
// of an object relative clause ("the airport that the most routes end
// at", "the city from which most of the routes start"): the verb relates
// the ranked table and the counted one. j is the mention before the
// subject; the result is the mention before the superlative, or j when
// there is none.
func rankedSubjectStart(toks []token, ms []mention, j int) int {
	k := j
	for k >= 0 && (mentionWord(toks, ms[k]) == "of" || mentionWord(toks, ms[k]) == "the") && ms[k].kind == mStop {
		k--
	}
	if k < 0 || ms[k].kind != mKeyword || ms[k].kw.kind != kwMax && ms[k].kw.kind != kwMin {
		return j
	}
	k--
	if k >= 0 && mentionWord(toks, ms[k]) == "the" {
		k--
	}
	return k
}
