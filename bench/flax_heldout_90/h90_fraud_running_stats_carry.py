# label: ok
# flax-error: none
# class: 3 StreamingDetector carries the "stats" collection through the scan and stores the final value in its RunningStatsStore after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class TxnScorer(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("stats", "var", jnp.ones, x.shape[-1:])
        if not self.is_initializing():
            m = self.momentum
            mean.value = m * mean.value + (1 - m) * x.mean(0)
            var.value = m * var.value + (1 - m) * x.var(0)
        z = (x - mean.value) / jnp.sqrt(var.value + 1e-6)
        return nn.sigmoid(nn.Dense(1)(z))[..., 0]


class RunningStatsStore:
    def __init__(self, stats):
        self.stats = stats

    def snapshot(self):
        return {"stats": self.stats}


class StreamingDetector:
    def __init__(self, model, variables, threshold=0.9):
        self.model = model
        self.params = variables["params"]
        self.store = RunningStatsStore(variables["stats"])
        self.threshold = threshold

    def _score_window(self, stats, window):
        scores, updates = self.model.apply(
            {"params": self.params, "stats": stats}, window, mutable=["stats"]
        )
        return updates["stats"], scores

    def process_stream(self, windows):
        def body(carry, window):
            stats, n_alerts = carry
            stats, scores = self._score_window(stats, window)
            return (stats, n_alerts + (scores > self.threshold).sum()), scores

        (stats, n_alerts), scores = jax.lax.scan(body, (self.store.stats, 0), windows)
        self.store.stats = stats
        return n_alerts, scores


def main():
    model = TxnScorer()
    windows = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 5))
    variables = model.init(jax.random.PRNGKey(0), windows[0])
    detector = StreamingDetector(model, variables)
    detector.process_stream(windows)
    detector.process_stream(windows)
    return None
