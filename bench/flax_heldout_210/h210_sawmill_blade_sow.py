# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BladeMonitor.__call__ runs the scan itself and sows each cut's vibration features into "intermediates" from inside the body; the diagnostics report reads them back
"""Sawmill band saw: track blade condition over a log's cuts and report intermediate features."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BladeMonitor(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, cuts):
        encode = nn.Dense(self.features, name="encode")
        wear = nn.Dense(1, name="wear")
        condition = jnp.tanh(encode(cuts[0]))
        baseline = wear(condition)[0]

        def cut(condition, spectrum):
            feats = jnp.tanh(encode(spectrum) + condition)
            self.sow("intermediates", "vibration", feats)
            return feats, wear(feats)[0] - baseline

        _, wear_per_cut = lax.scan(cut, condition, cuts)
        return wear_per_cut


class DiagnosticsReport:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def run(self, cuts):
        wear, state = self.model.apply({"params": self.params}, cuts, mutable=["intermediates"])
        vibration = state["intermediates"]["vibration"]
        energy = jnp.stack([jnp.sum(v ** 2) for v in vibration])
        return {"wear": wear, "energy": energy}


def main():
    cuts = jax.random.normal(jax.random.key(11), (14, 16))  # cuts x spectrum bins
    model = BladeMonitor()
    params = model.init(jax.random.key(12), cuts)["params"]
    DiagnosticsReport(model, params).run(cuts)
    return None
