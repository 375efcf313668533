package demo

import (
	"fmt"
	"sort"
	"strconv"
	"time"
)

// Sizes of the generated tables (clients, categories and employees follow
// from the lists in words.go).
const (
	productsPerClient = 20
	numCustomers      = 300
	numOrders         = 4000
)

// Dates are handled as whole days since epoch, the first day of the store's
// history. lastDay (2025-12-31) is the day the data is "as of": recent orders
// are still pending or in transit, older ones have been delivered.
var epoch = time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)

const lastDay = 730

func dateText(day int) string {
	return epoch.AddDate(0, 0, day).Format(time.DateOnly)
}

func dateTimeText(day, sec int) string {
	return epoch.AddDate(0, 0, day).Add(time.Duration(sec) * time.Second).Format(time.DateTime)
}

// months are the 24 calendar months from epoch, as day ranges.
var months = func() []struct{ start, days int } {
	const day = 24 * time.Hour
	var ms []struct{ start, days int }
	for m := 0; m < 24; m++ {
		from := time.Date(2024, time.January+time.Month(m), 1, 0, 0, 0, 0, time.UTC)
		to := from.AddDate(0, 1, 0)
		ms = append(ms, struct{ start, days int }{int(from.Sub(epoch) / day), int(to.Sub(from) / day)})
	}
	return ms
}()

// seasonality weighs order volume by calendar month (January first): a
// post-holiday dip, a quiet summer and a November–December peak, so monthly
// reports have a shape worth looking at.
var seasonality = [12]int{80, 75, 90, 95, 100, 95, 90, 95, 100, 110, 150, 170}

const (
	statusPending   = "pending"
	statusShipped   = "shipped"
	statusDelivered = "delivered"
	statusCancelled = "cancelled"
	statusReturned  = "returned"
)

var paymentMethods = []string{"card", "paypal", "bank_transfer", "gift_card"}

type product struct {
	id, client, category int
	name                 string
	cents                int
	popularity           int // relative chance of being in an order
}

type customer struct {
	id, client    int
	first, last   string
	email         string
	city, country string
	day, sec      int // created_at
	activity      int // relative chance of placing an order
}

type employee struct {
	id, client  int
	first, last string
	title       string
	hireDay     int
	manager     int // 0 for the top of a client's chart
	salary      int
}

type order struct {
	id, client, customer int
	day                  int
	status               string
	items                []orderItem
	payments             []payment
	totalCents           int
}

type orderItem struct {
	product, quantity, cents int
}

type payment struct {
	day, sec int
	cents    int
	method   string
}

// generator holds the rows as typed Go values while they are built; money is
// kept in integer cents so that order totals are exact sums of their items.
type generator struct {
	seed      int64
	products  []product
	customers []customer
	employees []employee
	orders    []order

	// byClient lists each client's customers (index into customers) in
	// creation order, with their creation days and running activity totals,
	// so an order can pick among those who already had an account.
	byClient [][]int
	created  [][]int
	cumAct   [][]int
}

// Generate builds the demo dataset for seed. The same seed always yields the
// same Dataset, on any platform and Go version, because every random choice
// comes from this package's own generator and integer arithmetic.
func Generate(seed int64) *Dataset {
	g := &generator{seed: seed}
	g.genProducts()
	g.genCustomers()
	g.genEmployees()
	g.genOrders()
	return g.dataset()
}

func clientWeights() []int {
	w := make([]int, len(tenants))
	for i, t := range tenants {
		w[i] = t.weight
	}
	return w
}

func (g *generator) genProducts() {
	r := newRNG(g.seed, "products")
	for ci, t := range tenants {
		// Every client draws names from its own shuffled pools so that its
		// product names are unique within the client.
		pools := make([][]item, len(categories))
		for k, cat := range categories {
			for _, v := range cat.variants {
				for _, it := range cat.items {
					pools[k] = append(pools[k], item{fmt.Sprintf(cat.layout, v, it.name), it.lo, it.hi})
				}
			}
			p := pools[k]
			r.shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		}
		weights := make([]int, len(categories))
		for k := range weights {
			weights[k] = 1
		}
		for _, f := range t.focus {
			weights[categoryIndex(f)] = 5
		}
		for n := 0; n < productsPerClient; n++ {
			// Each client first gets one product in each focus category; the
			// focus lists together cover every category, so none is empty.
			var k int
			if n < len(t.focus) {
				k = categoryIndex(t.focus[n])
			} else {
				k = r.pick(weights)
			}
			for len(pools[k]) == 0 {
				k = (k + 1) % len(categories)
			}
			it := pools[k][len(pools[k])-1]
			pools[k] = pools[k][:len(pools[k])-1]
			// Shop prices: whole amounts ending in .99, .49, .95 or .00.
			cents := r.between(it.lo, it.hi)*100 - []int{1, 1, 51, 5, 0}[r.intn(5)]
			g.products = append(g.products, product{
				id:         len(g.products) + 1,
				client:     ci + 1,
				category:   k + 1,
				name:       it.name,
				cents:      cents,
				popularity: r.between(1, 10) * r.between(1, 10),
			})
		}
	}
}

func (g *generator) genCustomers() {
	r := newRNG(g.seed, "customers")
	clientW := clientWeights()
	for i := 0; i < numCustomers; i++ {
		// The first customer of each client is fixed to exist from day one and
		// to buy, so that every seed gives every client orders to draw.
		founding := i < len(tenants)
		ci := i
		if !founding {
			ci = r.pick(clientW)
		}
		countryW := make([]int, len(countries))
		for k, c := range countries {
			countryW[k] = c.weight
		}
		countryW[countryIndex(tenants[ci].country)] += 8
		c := countries[r.pick(countryW)]
		// About a third of accounts were migrated in on the day the store
		// opened, so the first orders have customers to come from; the rest
		// sign up steadily, some too late to have ordered yet.
		day := 0
		if !r.chance(30) && !founding {
			day = r.intn(lastDay + 1)
		}
		// Most customers order now and then, a few are regulars, and some
		// never buy anything (which gives LEFT JOIN questions an answer).
		activity := r.between(2, 12)
		switch {
		case r.chance(8) && !founding:
			activity = 0
		case r.chance(8):
			activity += r.between(10, 25)
		}
		g.customers = append(g.customers, customer{
			client:   ci + 1,
			first:    c.first[r.intn(len(c.first))],
			last:     c.last[r.intn(len(c.last))],
			city:     c.cities[r.intn(len(c.cities))],
			country:  c.name,
			day:      day,
			sec:      r.intn(24 * 3600),
			activity: activity,
		})
	}
	// Ids follow sign-up order, as they would in a real store.
	sort.SliceStable(g.customers, func(i, j int) bool {
		a, b := g.customers[i], g.customers[j]
		return a.day < b.day || a.day == b.day && a.sec < b.sec
	})
	used := map[string]bool{}
	g.byClient = make([][]int, len(tenants))
	g.created = make([][]int, len(tenants))
	g.cumAct = make([][]int, len(tenants))
	for i := range g.customers {
		c := &g.customers[i]
		c.id = i + 1
		c.email = uniqueEmail(r, used, c.first, c.last)
		ci := c.client - 1
		total := c.activity
		if n := len(g.cumAct[ci]); n > 0 {
			total += g.cumAct[ci][n-1]
		}
		g.byClient[ci] = append(g.byClient[ci], i)
		g.created[ci] = append(g.created[ci], c.day)
		g.cumAct[ci] = append(g.cumAct[ci], total)
	}
}

func uniqueEmail(r *rng, used map[string]bool, first, last string) string {
	f, l := emailPart(first), emailPart(last)
	var local string
	switch r.intn(5) {
	case 0:
		local = f + l
	case 1:
		local = f[:1] + "." + l
	case 2:
		local = f + "_" + l
	case 3:
		local = f + "." + l + strconv.Itoa(r.between(10, 99))
	default:
		local = f + "." + l
	}
	domain := "@" + emailDomains[r.intn(len(emailDomains))]
	addr := local + domain
	for n := 2; used[addr]; n++ {
		addr = local + strconv.Itoa(n) + domain
	}
	used[addr] = true
	return addr
}

func (g *generator) genEmployees() {
	r := newRNG(g.seed, "employees")
	for ci, t := range tenants {
		c := countries[countryIndex(t.country)]
		top := len(g.employees) // this client's chart starts here
		names := map[string]bool{}
		for k := 0; k < t.staff; k++ {
			ro := orgChart[k]
			var first, last string
			for {
				first, last = c.first[r.intn(len(c.first))], c.last[r.intn(len(c.last))]
				if !names[first+" "+last] {
					break
				}
			}
			names[first+" "+last] = true
			e := employee{
				id:     len(g.employees) + 1,
				client: ci + 1,
				first:  first,
				last:   last,
				title:  ro.title,
				salary: r.between(ro.minPay*2, ro.maxPay*2) * 500,
			}
			if ro.manager < 0 {
				e.hireDay = r.between(-3300, -2600) // founded around 2015–2016
			} else {
				// People are hired after their manager, and before the data ends.
				m := g.employees[top+ro.manager]
				e.manager = m.id
				lo, hi := m.hireDay+90, min(m.hireDay+1800, lastDay-30)
				e.hireDay = r.between(min(lo, hi), hi)
			}
			g.employees = append(g.employees, e)
		}
	}
}

func (g *generator) genOrders() {
	r := newRNG(g.seed, "orders")
	clientW := clientWeights()
	monthW := make([]int, len(months))
	for m := range months {
		monthW[m] = seasonality[m%12] * (100 + 4*m) // the store grows ~4% a month
	}
	for i := 0; i < numOrders; i++ {
		ci := r.pick(clientW)
		// Draw a day, then a customer who had an account by then; draw again
		// in the unlikely case that no one who orders had signed up yet. The
		// founding customers make sure the loop ends.
		cum := g.cumAct[ci]
		var day, eligible int
		for eligible == 0 || cum[eligible-1] == 0 {
			m := months[r.pick(monthW)]
			day = m.start + r.intn(m.days)
			eligible = sort.Search(len(g.created[ci]), func(k int) bool { return g.created[ci][k] > day })
		}
		x := r.intn(cum[eligible-1])
		k := sort.Search(eligible, func(k int) bool { return cum[k] > x })
		g.orders = append(g.orders, order{
			client:   ci + 1,
			customer: g.customers[g.byClient[ci][k]].id,
			day:      day,
		})
	}
	// Ids follow order dates.
	sort.SliceStable(g.orders, func(i, j int) bool { return g.orders[i].day < g.orders[j].day })

	byClient := make([][]int, len(tenants)) // index into products
	for i, p := range g.products {
		byClient[p.client-1] = append(byClient[p.client-1], i)
	}
	for i := range g.orders {
		o := &g.orders[i]
		o.id = i + 1
		o.status = orderStatus(r, lastDay-o.day)
		prods := byClient[o.client-1]
		weights := make([]int, len(prods))
		for j, p := range prods {
			weights[j] = g.products[p].popularity
		}
		for n := r.pick([]int{45, 30, 15, 10}) + 1; n > 0; n-- {
			j := r.pick(weights)
			weights[j] = 0 // a product appears at most once per order
			p := g.products[prods[j]]
			cents := p.cents
			if r.chance(12) {
				// A promotion: the line is sold below list price.
				off := []int{10, 15, 20, 25}[r.intn(4)]
				cents = (cents*(100-off) + 50) / 100
			}
			qty := r.pick([]int{62, 24, 8, 4, 2}) + 1
			o.items = append(o.items, orderItem{product: p.id, quantity: qty, cents: cents})
			o.totalCents += qty * cents
		}
		if o.status != statusPending && o.status != statusCancelled {
			o.payments = orderPayments(r, o.day, o.totalCents)
		}
	}
}

// orderStatus picks a status for an order placed age days before the end of
// the data: recent orders are mostly pending or in transit, older ones are
// mostly delivered, with some cancelled and returned.
func orderStatus(r *rng, age int) string {
	type choice struct {
		status string
		weight int
	}
	var cs []choice
	switch {
	case age <= 3:
		cs = []choice{{statusPending, 55}, {statusShipped, 40}, {statusCancelled, 5}}
	case age <= 14:
		cs = []choice{{statusPending, 8}, {statusShipped, 60}, {statusDelivered, 27}, {statusCancelled, 5}}
	default:
		cs = []choice{{statusDelivered, 84}, {statusCancelled, 7}, {statusReturned, 7}, {statusShipped, 1}, {statusPending, 1}}
	}
	w := make([]int, len(cs))
	for i, c := range cs {
		w[i] = c.weight
	}
	return cs[r.pick(w)].status
}

// orderPayments pays an order at checkout. Bank transfers arrive a few days
// later, and a few card orders are partly paid with a gift card, so that
// "sum of payments per order" is a query with something to find.
func orderPayments(r *rng, day, total int) []payment {
	method := paymentMethods[r.pick([]int{60, 22, 10, 8})]
	sec := r.between(7*3600, 23*3600-1)
	if method == "bank_transfer" {
		day = min(day+r.between(1, 3), lastDay)
	}
	if method == "card" && total > 3000 && r.chance(5) {
		var cards []int
		for _, c := range []int{1000, 2500, 5000} {
			if c < total {
				cards = append(cards, c)
			}
		}
		gift := cards[r.intn(len(cards))]
		return []payment{
			{day: day, sec: sec, cents: gift, method: "gift_card"},
			{day: day, sec: sec + r.between(5, 90), cents: total - gift, method: "card"},
		}
	}
	return []payment{{day: day, sec: sec, cents: total, method: method}}
}

// money converts cents to the decimal amount. A single division is correctly
// rounded, so the float is the closest one to the two-decimal value.
func money(cents int) float64 {
	return float64(cents) / 100
}

func idCol() Column {
	return Column{Name: "id", Type: TypeInteger, PrimaryKey: true, NotNull: true}
}

func col(name, typ string) Column {
	return Column{Name: name, Type: typ, NotNull: true}
}

func ref(name, target string) Column {
	return Column{Name: name, Type: TypeInteger, NotNull: true, References: target}
}

func (g *generator) dataset() *Dataset {
	clients := Table{
		Name:    "clients",
		Columns: []Column{idCol(), col("name", TypeText), col("country", TypeText)},
	}
	for i, t := range tenants {
		clients.Rows = append(clients.Rows, []any{int64(i + 1), t.name, t.country})
	}

	customers := Table{
		Name: "customers",
		Columns: []Column{
			idCol(), ref("client_id", "clients.id"),
			col("first_name", TypeText), col("last_name", TypeText), col("email", TypeText),
			col("city", TypeText), col("country", TypeText), col("created_at", TypeDateTime),
		},
	}
	for _, c := range g.customers {
		customers.Rows = append(customers.Rows, []any{
			int64(c.id), int64(c.client), c.first, c.last, c.email, c.city, c.country, dateTimeText(c.day, c.sec),
		})
	}

	cats := Table{Name: "categories", Columns: []Column{idCol(), col("name", TypeText)}}
	for i, c := range categories {
		cats.Rows = append(cats.Rows, []any{int64(i + 1), c.name})
	}

	products := Table{
		Name: "products",
		Columns: []Column{
			idCol(), ref("client_id", "clients.id"), ref("category_id", "categories.id"),
			col("name", TypeText), col("unit_price", TypeReal),
		},
	}
	for _, p := range g.products {
		products.Rows = append(products.Rows, []any{int64(p.id), int64(p.client), int64(p.category), p.name, money(p.cents)})
	}

	orders := Table{
		Name: "orders",
		Columns: []Column{
			idCol(), ref("client_id", "clients.id"), ref("customer_id", "customers.id"),
			col("order_date", TypeDate), col("status", TypeText), col("total_amount", TypeReal),
		},
		Indexes: []Index{
			{Name: "idx_orders_customer_id", Columns: []string{"customer_id"}},
			{Name: "idx_orders_order_date", Columns: []string{"order_date"}},
		},
	}
	items := Table{
		Name: "order_items",
		Columns: []Column{
			idCol(), ref("order_id", "orders.id"), ref("product_id", "products.id"),
			col("quantity", TypeInteger), col("unit_price", TypeReal),
		},
		Indexes: []Index{{Name: "idx_order_items_order_id", Columns: []string{"order_id"}}},
	}
	payments := Table{
		Name: "payments",
		Columns: []Column{
			idCol(), ref("order_id", "orders.id"),
			col("paid_at", TypeDateTime), col("amount", TypeReal), col("method", TypeText),
		},
		Indexes: []Index{{Name: "idx_payments_order_id", Columns: []string{"order_id"}}},
	}
	for _, o := range g.orders {
		orders.Rows = append(orders.Rows, []any{
			int64(o.id), int64(o.client), int64(o.customer), dateText(o.day), o.status, money(o.totalCents),
		})
		for _, it := range o.items {
			items.Rows = append(items.Rows, []any{
				int64(len(items.Rows) + 1), int64(o.id), int64(it.product), int64(it.quantity), money(it.cents),
			})
		}
		for _, p := range o.payments {
			payments.Rows = append(payments.Rows, []any{
				int64(len(payments.Rows) + 1), int64(o.id), dateTimeText(p.day, p.sec), money(p.cents), p.method,
			})
		}
	}

	employees := Table{
		Name: "employees",
		Columns: []Column{
			idCol(), ref("client_id", "clients.id"),
			col("first_name", TypeText), col("last_name", TypeText), col("title", TypeText),
			col("hire_date", TypeDate),
			{Name: "manager_id", Type: TypeInteger, References: "employees.id"},
			col("salary", TypeReal),
		},
	}
	for _, e := range g.employees {
		var manager any // NULL at the top of each client's chart
		if e.manager != 0 {
			manager = int64(e.manager)
		}
		employees.Rows = append(employees.Rows, []any{
			int64(e.id), int64(e.client), e.first, e.last, e.title, dateText(e.hireDay), manager, float64(e.salary),
		})
	}

	return &Dataset{Tables: []Table{clients, customers, cats, products, orders, items, payments, employees}}
}
