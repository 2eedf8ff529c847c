# label: same-values
# flax-error: none
# class: 5 a decorator-registered augmenter factory closes over a key drawn once from the pipeline's nnx.Rngs stream; the scan body applies the augmenter before calling the NNX model
"""Cold-chain reefer monitoring: test-time augmentation of container temperature traces (jitter
and sensor-drift views) averaged by an anomaly scorer."""
import jax
import jax.numpy as jnp
from flax import nnx

AUGMENTERS = {}


def augmenter(name):
    def register(factory):
        AUGMENTERS[name] = factory
        return factory
    return register


@augmenter("jitter_drift")
def make_jitter_drift(rngs: nnx.Rngs, scale: float = 0.4):
    key = rngs.augment()

    def apply(trace):
        k_jitter, k_drift = jax.random.split(key)
        drift = jax.random.normal(k_drift, ()) * jnp.linspace(0.0, 1.0, trace.shape[-1])
        return trace + scale * jax.random.normal(k_jitter, trace.shape) + drift
    return apply


class AnomalyScorer(nnx.Module):
    def __init__(self, length: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(5,), rngs=rngs)
        self.head = nnx.Linear(4 * length, 1, rngs=rngs)

    def __call__(self, trace):
        h = nnx.relu(self.conv(trace[:, :, None]))
        return jax.nn.sigmoid(self.head(h.reshape(trace.shape[0], -1)))[:, 0]


class TTAPipeline:
    def __init__(self, model, views: int, seed: int):
        self.model = model
        self.views = views
        self.augment = AUGMENTERS["jitter_drift"](nnx.Rngs(augment=seed))

    def scores_per_view(self, traces):
        def view(carry, _):
            return carry, self.model(self.augment(traces))

        _, scores = jax.lax.scan(view, 0, None, length=self.views)
        return scores


def main():
    length = 24
    traces = 4.0 + jnp.sin(jnp.linspace(0.0, 6.0, length))[None, :] * jnp.array([[0.5], [1.0], [2.5]])
    model = AnomalyScorer(length, rngs=nnx.Rngs(0))
    return TTAPipeline(model, views=5, seed=9).scores_per_view(traces)
