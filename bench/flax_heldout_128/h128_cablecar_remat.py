# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 an nn.remat-wrapped RopeSpanBlock built in setup is called in the scan body of RopeInspector.inspect; train mode, apply without mutable batch_stats
"""Cable car haul-rope inspection: magnetic flux signatures scanned span by span.

Each span block is rematerialised to save memory on long ropes; the inspector walks the
spans with a raw scan.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RopeSpanBlock(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, flux, train):
        h = nn.Dense(self.features)(flux)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.relu(h)


class RopeInspector(nn.Module):
    train: bool = True

    def setup(self):
        self.block = nn.remat(RopeSpanBlock, static_argnums=(2,))()
        self.head = nn.Dense(1)

    def score_span(self, flux):
        return self.head(self.block(flux, self.train))[..., 0]

    def inspect(self, spans):
        def body(worst, flux):
            damage = jax.nn.sigmoid(self.score_span(flux))
            return jnp.maximum(worst, damage.max()), damage

        return lax.scan(body, jnp.zeros(()), spans)


def main():
    spans = jax.random.normal(jax.random.key(2), (7, 20, 8))  # 7 spans, 20 sensor rings, 8 coils
    inspector = RopeInspector(train=True)
    variables = inspector.init(jax.random.key(0), spans[0], method=RopeInspector.score_span)
    worst, per_span = inspector.apply(variables, spans, method=RopeInspector.inspect)
    print(float(worst), per_span.shape)
    return None
