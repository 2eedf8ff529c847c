# label: same-values
# flax-error: none
# class: 3 retry wrapper built by a factory closes over the model, variables and one dropout key; the while_loop body re-applies with that same key on every attempt
"""Retry/fallback wrapper around MC-dropout inference: resample until the budget is spent."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class UncertainHead(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.Dense(2)(h)


def make_retrying_predict(model, variables, dropout_key, max_attempts=4):
    def predict(x):
        out_shape = (max_attempts,) + x.shape[:-1] + (2,)

        def cond(carry):
            attempt, samples = carry
            return attempt < max_attempts

        def body(carry):
            attempt, samples = carry
            y = model.apply(variables, x, deterministic=False, rngs={"dropout": dropout_key})
            return attempt + 1, samples.at[attempt].set(y)

        _, samples = jax.lax.while_loop(cond, body, (0, jnp.zeros(out_shape)))
        return samples

    return predict


def main():
    model = UncertainHead()
    x = jnp.ones((3, 5))
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    predict = make_retrying_predict(model, variables, jax.random.PRNGKey(7))
    return predict(x)
