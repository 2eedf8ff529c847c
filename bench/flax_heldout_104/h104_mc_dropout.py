# label: same-values
# flax-error: none
# class: 5 the dropout key is bound into a functools.partial of model.apply outside the scan; the body calls the partial
"""MC dropout (Bayesian dropout) predictive: keep dropout on at test time and average T
stochastic forward passes, collected with lax.scan. Returns the T predictions."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    hidden: int = 64
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def mc_predict(model, params, x, key, n_samples=8):
    forward = functools.partial(model.apply, {'params': params}, deterministic=False,
                                rngs={'dropout': key})

    def body(carry, _):
        return carry, forward(x)

    _, preds = jax.lax.scan(body, None, None, length=n_samples)
    return preds


def main():
    model = Regressor()
    x = jnp.linspace(-2, 2, 16)[:, None]
    params = model.init(jax.random.key(0), x, deterministic=True)['params']
    preds = mc_predict(model, params, x, jax.random.key(1))
    print("predictive std", float(preds.std(0).mean()))
    return preds
