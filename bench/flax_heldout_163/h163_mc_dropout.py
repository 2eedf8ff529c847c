# label: same-values
# flax-error: none
# class: 5 a functools.partial of model.apply with the variables and a fixed dropout rng is called in the scan body
"""Monte-Carlo dropout uncertainty for a small regressor.

Dropout is kept on at test time and the network is sampled several times to
get a predictive mean and standard deviation. The sampler is a partial of
model.apply with train=True and a 'dropout' rng, called inside lax.scan.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class Regressor(nn.Module):
    hidden: int = 32
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def mc_predict(predict, x, n_samples):
    def body(carry, _):
        return carry, predict(x)

    _, samples = lax.scan(body, None, None, length=n_samples)
    return samples


def main():
    model = Regressor()
    x = jnp.linspace(-2.0, 2.0, 12)[:, None]
    variables = model.init(jax.random.key(0), x, train=False)
    predict = functools.partial(
        model.apply, variables, train=True, rngs={"dropout": jax.random.key(1)}
    )
    samples = mc_predict(predict, x, n_samples=8)
    print("predictive mean", samples.mean(0).ravel())
    print("predictive std", samples.std(0).ravel())
    return samples
