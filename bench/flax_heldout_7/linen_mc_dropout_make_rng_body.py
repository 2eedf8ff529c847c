# label: same-values
# flax-error: none
# class: 1 self.make_rng('dropout') drawn inside the raw lax.scan body that produces MC-dropout samples
import jax
import jax.numpy as jnp
import flax.linen as nn


class MCDropoutRegressor(nn.Module):
    n_samples: int = 5
    rate: float = 0.3

    @nn.compact
    def __call__(self, x):
        feats = nn.relu(nn.Dense(32)(x))
        head = nn.Dense(1)

        def one_pass(_, __):
            key = self.make_rng("dropout")
            keep = jax.random.bernoulli(key, 1.0 - self.rate, feats.shape)
            return None, head(jnp.where(keep, feats / (1.0 - self.rate), 0.0))

        head(feats)  # build the head once outside the loop
        _, preds = jax.lax.scan(one_pass, None, None, length=self.n_samples)
        return preds


def main():
    x = jnp.linspace(-1, 1, 20).reshape(10, 2)
    model = MCDropoutRegressor()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    preds = model.apply(variables, x, rngs={"dropout": jax.random.PRNGKey(2)})
    return preds
