# label: same-values
# flax-error: none
# class: 4 the instance that runs the rollout scan over self(x) is built with deterministic=False: one mask for every step
import flax.linen as nn
import jax
import jax.numpy as jnp


class Forecaster(nn.Module):
    hidden: int = 16
    deterministic: bool = False

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(0.2, deterministic=self.deterministic)(h)
        return nn.Dense(1)(h)

    def rollout(self, x0, horizon):
        def step(x, _):
            y = self(x)
            pass
            return x, y
        return jax.lax.scan(step, x0, None, length=horizon)[1]


def main():
    x = jnp.ones((2, 4))
    train_model = Forecaster()
    params = train_model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)
    eval_model = Forecaster(deterministic=False)
    return eval_model.apply(params, x, 5, method=Forecaster.rollout, rngs={"dropout": jax.random.PRNGKey(2)})
