# label: ok
# flax-error: none
# class: 2 apply(..., method=BayesMLP.mc_predict) draws make_rng('dropout') once before a raw lax.scan over split keys; the body passes each key to self(x, rng=key)
import jax
import jax.numpy as jnp
import flax.linen as nn


class BayesMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True, rng=None):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic, rng=rng)
        return nn.Dense(1)(x)

    def mc_predict(self, x, num_samples: int):
        keys = jax.random.split(self.make_rng("dropout"), num_samples)

        def draw(carry, key):
            return carry, self(x, deterministic=False, rng=key)

        _, preds = jax.lax.scan(draw, None, keys)
        return preds


def main():
    model = BayesMLP()
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    variables = model.init(jax.random.PRNGKey(0), x)
    preds = model.apply(
        variables, x, 6, method=BayesMLP.mc_predict, rngs={"dropout": jax.random.PRNGKey(42)}
    )
    return preds
