package maven

// Versions lists, from lowest to highest, every version of m that the resolver's repositories
// hold a folder for (composestab history reads each of them).
func (r *Resolver) Versions(m Module) []string { return availableVersions(r.Repos, m) }
