//! Percentiles and the sequential depth of a request log.

use wlo_standin::LogEntry;

/// Nearest-rank percentile (`p` in 0..=100) of unsorted samples; `None` when empty.
pub fn percentile(samples: &[f64], p: f64) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let mut v = samples.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    if (p - 50.0).abs() < f64::EPSILON {
        // The usual median (mean of the two middle values for even counts).
        let n = v.len();
        return Some(if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        });
    }
    let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
    Some(v[rank.clamp(1, v.len()) - 1])
}

pub fn median(samples: &[f64]) -> Option<f64> {
    percentile(samples, 50.0)
}

/// The observed sequential depth of one tool call's upstream requests: the
/// number of requests on the longest chain r1 → r2 → … → rk in which every
/// request *started after the previous one had ended* (`start_j ≥ end_i`).
/// Requests that overlap in time are parallel and never on one chain, so a
/// fully parallel fan-out has depth 1, "listing, then one read per child"
/// depth 2, and so on. Computed exactly as the longest path in that DAG
/// (requests sorted by start time; O(n²), n is at most a few hundred).
pub fn depth(log: &[LogEntry]) -> usize {
    let mut reqs: Vec<(u64, u64)> = log.iter().map(|e| (e.start_us, e.end_us.max(e.start_us))).collect();
    reqs.sort();
    let mut longest = vec![1usize; reqs.len()];
    for j in 0..reqs.len() {
        for i in 0..j {
            if reqs[j].0 >= reqs[i].1 && longest[i] + 1 > longest[j] {
                longest[j] = longest[i] + 1;
            }
        }
    }
    longest.into_iter().max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(start_us: u64, end_us: u64) -> LogEntry {
        LogEntry {
            route: "children".into(),
            start_us,
            end_us,
            status: 200,
        }
    }

    #[test]
    fn depth_of_waves() {
        assert_eq!(depth(&[]), 0);
        assert_eq!(depth(&[e(0, 100), e(1, 101), e(2, 99)]), 1);
        // Two waves, then a third request that only follows the faster one.
        assert_eq!(depth(&[e(0, 100), e(5, 110), e(101, 200), e(150, 260)]), 2);
        assert_eq!(depth(&[e(0, 100), e(101, 200), e(201, 300), e(50, 60)]), 3);
    }

    #[test]
    fn percentiles() {
        let v = [5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(median(&v), Some(3.0));
        assert_eq!(median(&[1.0, 2.0]), Some(1.5));
        assert_eq!(percentile(&v, 95.0), Some(5.0));
        assert_eq!(percentile(&[], 95.0), None);
    }
}
