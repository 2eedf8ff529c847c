# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a FeatureExtractor around a frozen nnx backbone caches the features it computes inside the scan body on a Python list read after the loop
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
        self._cache.append(feats)
        return feats

    def collected(self):
        return jnp.concatenate(self._cache, axis=0)


def probe_pass(extractor, head, batches):
    def body(total, x):
        logits = head(extractor(x))
        return total + logits.mean(), None

    jax.lax.scan(body, jnp.zeros(()), batches)
    return extractor.collected()


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    extractor = FeatureExtractor(Backbone(rngs=rngs))
    head = nnx.Linear(16, 3, rngs=rngs)
    batches = jax.random.normal(jax.random.key(2), (4, 5, 6))
    feats = probe_pass(extractor, head, batches)
    jnp.mean(feats, axis=0)
    return None
