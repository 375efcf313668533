package offline

// demonyms map the adjective of a country, as general English writes it,
// to the names a database may store the country under: "Bangladeshi
// artists" are the artists whose country is Bangladesh. Several names are
// tried in turn ("United States", "USA", "US").
var demonyms = map[string][]string{
	"american": {"united states", "usa", "us"}, "british": {"united kingdom", "uk"}, "english": {"england"},
	"scottish": {"scotland"}, "welsh": {"wales"}, "irish": {"ireland"}, "french": {"france"},
	"german": {"germany"}, "italian": {"italy"}, "spanish": {"spain"}, "portuguese": {"portugal"},
	"dutch": {"netherlands"}, "belgian": {"belgium"}, "swiss": {"switzerland"}, "austrian": {"austria"},
	"swedish": {"sweden"}, "norwegian": {"norway"}, "danish": {"denmark"}, "finnish": {"finland"},
	"polish": {"poland"}, "czech": {"czech republic", "czechia"}, "hungarian": {"hungary"},
	"greek": {"greece"}, "turkish": {"turkey"}, "russian": {"russia"}, "ukrainian": {"ukraine"},
	"canadian": {"canada"}, "mexican": {"mexico"}, "brazilian": {"brazil"}, "argentine": {"argentina"},
	"argentinian": {"argentina"}, "chilean": {"chile"}, "colombian": {"colombia"}, "peruvian": {"peru"},
	"chinese": {"china"}, "japanese": {"japan"}, "korean": {"korea", "south korea"}, "indian": {"india"},
	"pakistani": {"pakistan"}, "bangladeshi": {"bangladesh"}, "thai": {"thailand"}, "vietnamese": {"vietnam"},
	"indonesian": {"indonesia"}, "filipino": {"philippines"}, "malaysian": {"malaysia"},
	"australian": {"australia"}, "egyptian": {"egypt"}, "nigerian": {"nigeria"}, "kenyan": {"kenya"},
	"israeli": {"israel"}, "iranian": {"iran"}, "iraqi": {"iraq"}, "saudi": {"saudi arabia"},
}

// demonym links a capitalised country adjective that links to nothing
// else to the country's name as a sampled value ("Bangladeshi artists" are
// those whose country is Bangladesh). The value links as any other stored
// value does: where several columns hold it, the tables the question names
// choose, or the planner asks.
func (lx *lexicon) demonym(toks []token, i int) (mention, bool) {
	t := toks[i]
	names, ok := demonyms[t.text]
	if t.kind != tokWord || !ok || t.raw == t.text {
		return mention{}, false
	}
	if i+1 < len(toks) && toks[i+1].kind == tokWord && toks[i+1].raw != toks[i+1].text {
		// "American Airlines", "Australian Grand Prix": the adjective
		// begins a proper name, not a country condition.
		return mention{}, false
	}
	for _, n := range names {
		vals := lx.values[n]
		if len(vals) == 0 {
			continue
		}
		return mention{kind: mValue, vals: vals}, true
	}
	return mention{}, false
}
