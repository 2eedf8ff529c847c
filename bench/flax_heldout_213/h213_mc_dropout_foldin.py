# label: ok
# flax-error: none
# class: 2 the variables held in a local of main are bound in the scan body with the dropout key folded with the step
"""MC dropout uncertainty with a raw lax.scan over the stochastic forward passes.

Twin of h213_mc_dropout: the model is bound inside the body, with the dropout key folded
with the pass index, so every pass draws its own mask."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_SAMPLES = 8


class MLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def predictive(preds):
    return preds.mean(axis=0), preds.std(axis=0)


def main():
    model = MLP()
    x = jnp.linspace(-2.0, 2.0, 16)[:, None]
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    dropout_key = jax.random.PRNGKey(1)

    def one_pass(carry, i):
        bound = model.bind(variables, rngs={"dropout": jax.random.fold_in(dropout_key, i)})
        y = bound(x)
        return carry, y[:, 0]

    _, preds = lax.scan(one_pass, None, jnp.arange(N_SAMPLES))
    mean, std = predictive(preds)
    print("mean", mean[:4], "std", std[:4])
    return preds
