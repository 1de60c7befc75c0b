//! Matchings in a small general graph (Edmonds' blossoms): which axes of
//! a candidate turn pair up as a departure and its arrival.

/// A matching of `n` vertices covering every vertex of `needed`, if one
/// exists: `mate[v]` is `v`'s partner. The graph is doubled, each vertex
/// that may stay single joined to its copy: a perfect matching of the
/// double, kept to the original, covers the needed vertices, and one
/// exists exactly when such a matching does.
pub(crate) fn cover(
    n: usize,
    edges: &[(usize, usize)],
    needed: &[usize],
) -> Option<Vec<Option<usize>>> {
    let mut doubled: Vec<(usize, usize)> = Vec::with_capacity(2 * edges.len() + n);
    for &(a, b) in edges {
        doubled.push((a, b));
        doubled.push((a + n, b + n));
    }
    let mut may_stay = vec![true; n];
    for &v in needed {
        if let Some(m) = may_stay.get_mut(v) {
            *m = false;
        }
    }
    for (v, &free) in may_stay.iter().enumerate() {
        if free {
            doubled.push((v, v + n));
        }
    }
    let mut g = Graph::new(2 * n, &doubled);
    let order: Vec<usize> = needed.iter().copied().chain(0..2 * n).collect();
    for v in order {
        if g.mate[v].is_none() && !g.augment(v) {
            return None;
        }
    }
    Some((0..n).map(|v| g.mate[v].filter(|&m| m < n)).collect())
}

struct Graph {
    /// Each vertex's neighbours, in the order their edges came:
    /// `neighbours[first[v]..first[v + 1]]` (one list for all, not a list
    /// a vertex: a turn's graph is made for every point the search takes).
    neighbours: Vec<usize>,
    first: Vec<usize>,
    mate: Vec<Option<usize>>,
    parent: Vec<Option<usize>>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    /// The vertices whose `used`, `parent` or `base` the last path search
    /// changed: the next one resets only those. A turn's graph has a
    /// vertex for each of hundreds of axes (twice over), and most searches
    /// end at the root's first neighbour, so resetting every vertex each
    /// time cost more than the searches (a sixth of a count to 1,000 in a
    /// position of 99 timelines).
    touched: Vec<usize>,
}

impl Graph {
    fn new(n: usize, edges: &[(usize, usize)]) -> Graph {
        let kept = || edges.iter().filter(|&&(a, b)| a != b && a < n && b < n);
        let mut first = vec![0; n + 1];
        for &(a, b) in kept() {
            first[a + 1] += 1;
            first[b + 1] += 1;
        }
        for v in 0..n {
            first[v + 1] += first[v];
        }
        let mut next = first.clone();
        let mut neighbours = vec![0; first[n]];
        for &(a, b) in kept() {
            neighbours[next[a]] = b;
            next[a] += 1;
            neighbours[next[b]] = a;
            next[b] += 1;
        }
        Graph {
            neighbours,
            first,
            mate: vec![None; n],
            parent: vec![None; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            touched: Vec::new(),
        }
    }

    /// The lowest common ancestor of `a` and `b` in the alternating tree.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.mate.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            match self.mate[a].and_then(|m| self.parent[m]) {
                Some(next) => a = next,
                None => break,
            }
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            match self.mate[b].and_then(|m| self.parent[m]) {
                Some(next) => b = next,
                None => return b,
            }
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            let Some(m) = self.mate[v] else { return };
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[m]] = true;
            self.parent[v] = Some(child);
            self.touched.push(v);
            child = m;
            match self.parent[m] {
                Some(p) => v = p,
                None => return,
            }
        }
    }

    /// An exposed vertex reached from `root` by an augmenting path.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.mate.len();
        let mut touched = std::mem::take(&mut self.touched);
        for &v in &touched {
            self.used[v] = false;
            self.parent[v] = None;
            self.base[v] = v;
        }
        touched.clear();
        self.touched = touched;
        self.used[root] = true;
        self.touched.push(root);
        let mut queue = vec![root];
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for k in self.first[v]..self.first[v + 1] {
                let to = self.neighbours[k];
                if self.base[v] == self.base[to] || self.mate[v] == Some(to) {
                    continue;
                }
                if to == root || self.mate[to].is_some_and(|m| self.parent[m].is_some()) {
                    let cur = self.lca(v, to);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            self.touched.push(i);
                            if !self.used[i] {
                                self.used[i] = true;
                                queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to].is_none() {
                    self.parent[to] = Some(v);
                    self.touched.push(to);
                    match self.mate[to] {
                        None => return Some(to),
                        Some(m) => {
                            self.used[m] = true;
                            self.touched.push(m);
                            queue.push(m);
                        }
                    }
                }
            }
        }
        None
    }

    fn augment(&mut self, root: usize) -> bool {
        let Some(mut v) = self.find_path(root) else {
            return false;
        };
        loop {
            let Some(pv) = self.parent[v] else {
                return true;
            };
            let ppv = self.mate[pv];
            self.mate[v] = Some(pv);
            self.mate[pv] = Some(v);
            match ppv {
                Some(next) => v = next,
                None => return true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::cover;

    /// Every matching of a small graph, by brute force.
    fn coverable(n: usize, edges: &[(usize, usize)], needed: &[usize]) -> bool {
        (0u32..1 << edges.len()).any(|mask| {
            let mut used = vec![false; n];
            for (i, &(a, b)) in edges.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    if used[a] || used[b] {
                        return false;
                    }
                    used[a] = true;
                    used[b] = true;
                }
            }
            needed.iter().all(|&v| used[v])
        })
    }

    #[test]
    fn covers_exactly_when_brute_force_does() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..2000 {
            let n = 2 + (next() % 7) as usize;
            let edges: Vec<(usize, usize)> = (0..(next() % 10))
                .map(|_| ((next() % n as u64) as usize, (next() % n as u64) as usize))
                .filter(|(a, b)| a != b)
                .collect();
            let needed: Vec<usize> = (0..n).filter(|_| next() % 2 == 0).collect();
            let got = cover(n, &edges, &needed);
            assert_eq!(
                got.is_some(),
                coverable(n, &edges, &needed),
                "{n} {edges:?} {needed:?}"
            );
            if let Some(mate) = got {
                for &v in &needed {
                    let m = mate[v].unwrap();
                    assert_eq!(mate[m], Some(v));
                    assert!(edges.contains(&(v, m)) || edges.contains(&(m, v)));
                }
            }
        }
    }
}
