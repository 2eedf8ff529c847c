# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a FeatureExtractor binds the frozen backbone with mutable intermediates; the scan body calls it and the sown features are read after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class Backbone(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.width)(x))
        self.sow("intermediates", "features", h)
        return nn.Dense(10)(h)


class FeatureExtractor:
    """Runs a frozen backbone and keeps its penultimate features for a linear probe."""

    def __init__(self, backbone, frozen_params):
        self.bound = backbone.bind({"params": frozen_params}, mutable=["intermediates"])

    def extract(self, batches):
        def body(count, x):
            logits = self.bound(x)
            return count + logits.shape[0], None

        count, _ = jax.lax.scan(body, 0, batches)
        _, state = self.bound.unbind()
        return jnp.concatenate(state["intermediates"]["features"], axis=0)


class LinearProbe(nn.Module):
    @nn.compact
    def __call__(self, f):
        return nn.Dense(3)(jax.lax.stop_gradient(f))


def main():
    backbone = Backbone()
    batches = jax.random.normal(jax.random.PRNGKey(0), (4, 6, 5))
    frozen = backbone.init(jax.random.PRNGKey(1), batches[0])["params"]
    feats = FeatureExtractor(backbone, frozen).extract(batches)
    probe = LinearProbe()
    probe.init(jax.random.PRNGKey(2), feats)
    return None
