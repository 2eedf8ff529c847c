# label: ok
# flax-error: none
# class: 2 the local model of predict_mc() goes into the scan body directly; the dropout keys are split before the loop and enter as the scan's xs
"""Monte Carlo dropout for predictive uncertainty (working variant).

The key is split into one key per forward pass before the scan; each pass receives its
own key as the scan's per-step input.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Regressor(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def predict_mc(model, variables, x, key, samples=8):
    def body(_, k):
        y = model.apply(variables, x, train=True, rngs={"dropout": k})
        return None, y

    _, ys = lax.scan(body, None, jax.random.split(key, samples))
    return ys


def main():
    model = Regressor()
    x = jnp.linspace(-1.0, 1.0, 6)[:, None]
    variables = model.init(jax.random.key(0), x)
    ys = predict_mc(model, variables, x, jax.random.key(7))
    print(ys.mean(0).ravel(), ys.std(0).ravel())
    return ys
