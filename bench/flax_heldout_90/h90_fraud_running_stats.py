# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 StreamingDetector writes the "stats" collection returned by model.apply into its RunningStatsStore from inside the scan body
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

    def _score_window(self, window):
        scores, updates = self.model.apply(
            {"params": self.params, **self.store.snapshot()}, window, mutable=["stats"]
        )
        self.store.stats = updates["stats"]
        return scores

    def process_stream(self, windows):
        def body(n_alerts, window):
            scores = self._score_window(window)
            return n_alerts + (scores > self.threshold).sum(), scores

        return jax.lax.scan(body, 0, windows)


def main():
    model = TxnScorer()
    windows = jax.random.normal(jax.random.PRNGKey(1), (6, 16, 5))
    variables = model.init(jax.random.PRNGKey(0), windows[0])
    detector = StreamingDetector(model, variables)
    detector.process_stream(windows)
    detector.process_stream(windows)
    return None
