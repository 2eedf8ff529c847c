# label: ok
# flax-error: none
# class: 3 self.make_rng is called once before the raw scan and the key is split in the carry every step
"""Bayesian optimisation inner loop with a Thompson-sampled Bayesian last layer; the key from
make_rng is drawn once and split in the scan carry. Returns the sampled weights of each step."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class ThompsonSurrogate(nn.Module):
    features: int = 8
    steps: int = 5

    @nn.compact
    def __call__(self, x0):
        feat = nn.Dense(self.features, name="features")
        mean_w = self.param("mean_w", nn.initializers.normal(0.1), (self.features,))
        log_std = self.param("log_std", nn.initializers.constant(-1.0), (self.features,))
        feat(x0)

        def refine(carry, _):
            x, key = carry
            key, sub = jax.random.split(key)
            eps = jax.random.normal(sub, (self.features,))
            w = mean_w + jnp.exp(log_std) * eps
            acq = lambda c: jnp.tanh(feat(c)) @ w
            x = x + 0.05 * jax.grad(lambda c: acq(c).sum())(x)
            return (x, key), w

        (x, _), ws = scan(refine, (x0, self.make_rng("sample")), None, length=self.steps)
        return x, ws


def main():
    model = ThompsonSurrogate()
    x0 = jnp.zeros((3, 2))
    params = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, x0)
    _, samples = model.apply(params, x0, rngs={"sample": jax.random.key(2)})
    return samples
