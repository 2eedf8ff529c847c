# label: same-values
# flax-error: none
# class: 2 apply(..., method=BayesMLP.mc_predict) runs a raw lax.scan whose body calls self(x, deterministic=False), whose nn.Dropout calls make_rng('dropout')
import jax
import jax.numpy as jnp
import flax.linen as nn


class BayesMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.rate)(x, deterministic=deterministic)
        return nn.Dense(1)(x)

    def mc_predict(self, x, num_samples: int):
        def draw(carry, _):
            return carry, self(x, deterministic=False)

        _, preds = jax.lax.scan(draw, None, None, length=num_samples)
        return preds


def main():
    model = BayesMLP()
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    variables = model.init(jax.random.PRNGKey(0), x)
    preds = model.apply(
        variables, x, 6, method=BayesMLP.mc_predict, rngs={"dropout": jax.random.PRNGKey(42)}
    )
    return preds
