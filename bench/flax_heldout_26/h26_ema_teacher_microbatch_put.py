# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "center" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 helper method calling put_variable('ema', ...) is invoked from the raw lax.scan body over microbatches in an apply without mutable
# modelled on: Documentation issue: batch_stats in batchnorm need to be marked as mutable even in test/inference (google/flax#3602)
"""Student encoder that tracks an EMA of its pooled features over microbatches."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    dim: int = 6
    decay: float = 0.99

    def setup(self):
        self.body = nn.Sequential([nn.Dense(12), nn.relu, nn.Dense(self.dim)])

    def _track(self, feats):
        old = self.get_variable("ema", "center", jnp.zeros((self.dim,)))
        self.put_variable("ema", "center", self.decay * old + (1 - self.decay) * feats.mean(0))

    def __call__(self, x):
        feats = self.body(x)
        if self.is_initializing():
            self.put_variable("ema", "center", jnp.zeros((self.dim,)))
        return feats

    def encode_microbatches(self, xs):
        def body(carry, x):
            feats = self(x)
            self._track(feats)
            return carry + feats.sum(), feats

        total, feats = jax.lax.scan(body, jnp.zeros(()), xs)
        return feats, total


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 4, 5))
    model = Encoder()
    variables = model.init(jax.random.key(1), xs[0])
    feats, total = model.apply(variables, xs, method=Encoder.encode_microbatches)
    center = variables["ema"]["center"]
    logits = (feats - center) / 0.1
    jax.block_until_ready(logits)
    return None
