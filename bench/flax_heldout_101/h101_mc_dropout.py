# label: same-values
# flax-error: none
# class: 2 the local dropout key goes unchanged into every model.apply call in the fori_loop body
"""MC dropout: predictive mean/std from T stochastic forward passes."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class MLP(nn.Module):
    hidden: int = 64
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate, deterministic=not train)(x)
        return nn.Dense(1)(x)


def mc_predict(model, variables, x, key, num_samples=8):
    preds = jnp.zeros((num_samples,) + x.shape[:-1] + (1,))

    def body(i, preds):
        y = model.apply(variables, x, train=True, rngs={'dropout': key})
        return preds.at[i].set(y)

    return lax.fori_loop(0, num_samples, body, preds)


def main():
    model = MLP()
    x = jnp.linspace(0.0, 1.0, 10 * 3).reshape(10, 3)
    variables = model.init(jax.random.PRNGKey(0), x)
    samples = mc_predict(model, variables, x, jax.random.PRNGKey(42))
    mean, std = samples.mean(0), samples.std(0)
    print(mean.shape, float(std.mean()))
    return samples
