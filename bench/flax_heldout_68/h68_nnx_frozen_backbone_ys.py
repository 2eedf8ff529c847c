# label: ok
# flax-error: none
# class: 3 a FeatureExtractor around a frozen nnx backbone returns the features, which the scan body emits as ys
import jax
import jax.numpy as jnp
from flax import nnx


class Backbone(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.norm(nnx.relu(self.l1(x))))


class FeatureExtractor:
    def __init__(self, backbone):
        self.backbone = backbone
        self.backbone.eval()
        self._cache = []

    def __call__(self, x):
        feats = jax.lax.stop_gradient(self.backbone(x))
        return feats


def probe_pass(extractor, head, batches):
    def body(total, x):
        feats = extractor(x)
        logits = head(feats)
        return total + logits.mean(), feats

    _, feats = jax.lax.scan(body, jnp.zeros(()), batches)
    return feats.reshape(-1, feats.shape[-1])


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    extractor = FeatureExtractor(Backbone(rngs=rngs))
    head = nnx.Linear(16, 3, rngs=rngs)
    batches = jax.random.normal(jax.random.key(2), (4, 5, 6))
    feats = probe_pass(extractor, head, batches)
    jnp.mean(feats, axis=0)
    return None
