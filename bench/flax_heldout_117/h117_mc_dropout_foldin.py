# label: ok
# flax-error: none
# class: 1 BayesRegressor.predict_samples runs lax.scan over MC samples; one make_rng outside the body, fold_in(step) passed to its Dropout as rng=
"""Bayesian (MC) dropout: draw several stochastic forward passes to get a predictive spread.

Twin of h117_mc_dropout: the dropout key is drawn once before the scan and folded with the
sample index inside the body, so every sample gets its own mask.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BayesRegressor(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    def setup(self):
        self.body = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate)
        self.out = nn.Dense(1)

    def __call__(self, x, train: bool = False):
        h = nn.relu(self.body(x))
        h = self.drop(h, deterministic=not train)
        return self.out(h)

    def predict_samples(self, x, num_samples: int = 8):
        h = nn.relu(self.body(x))
        base = self.make_rng("dropout")

        def sample(carry, i):
            hd = self.drop(h, deterministic=False, rng=jax.random.fold_in(base, i))
            return carry, self.out(hd)

        _, ys = lax.scan(sample, None, jnp.arange(num_samples))
        return ys


def main():
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    model = BayesRegressor()
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(
        variables, x, 8, method=BayesRegressor.predict_samples, rngs={"dropout": jax.random.key(1)}
    )
    mean, std = samples.mean(0), samples.std(0)
    print("predictive std", float(std.mean()), float(mean.mean()))
    return samples[:, :, 0]
