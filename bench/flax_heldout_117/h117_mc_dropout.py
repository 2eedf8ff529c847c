# label: same-values
# flax-error: none
# class: 1 BayesRegressor.predict_samples runs lax.scan over MC samples and calls its own Dropout submodule (make_rng inside) in the body
"""Bayesian (MC) dropout: draw several stochastic forward passes to get a predictive spread.

Shape of the reports: "all my MC-dropout samples are identical" when the sampling loop is a raw
lax.scan inside a module method and the dropout rng is drawn inside the body.
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

        def sample(carry, _):
            hd = self.drop(h, deterministic=False)
            return carry, self.out(hd)

        _, ys = lax.scan(sample, None, None, length=num_samples)
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
