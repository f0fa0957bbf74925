// Imported first by the runners: dates are read in UTC whatever the machine's zone, as in the tests
// (node re-reads TZ when it changes), so that daily notes' ages and the results never vary.
process.env.TZ = "UTC";
