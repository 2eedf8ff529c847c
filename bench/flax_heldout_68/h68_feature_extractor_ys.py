# label: ok
# flax-error: none
# class: 5 a FeatureExtractor applies the frozen backbone with mutable intermediates inside the scan body and emits the sown features as ys
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
        self.backbone = backbone
        self.params = frozen_params

    def extract(self, batches):
        def body(count, x):
            logits, state = self.backbone.apply({"params": self.params}, x, mutable=["intermediates"])
            return count + logits.shape[0], state["intermediates"]["features"][0]

        count, feats = jax.lax.scan(body, 0, batches)
        return feats.reshape(-1, feats.shape[-1])


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
