# label: ok
# flax-error: none
# class: 4 MCPredictor.predictive scans over dropout keys and applies self.model with self.state.params and self.state.batch_stats (predictor -> train state), with BatchNorm on its running averages and only dropout left stochastic
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state

lax = jax.lax

N_SAMPLES = 6


class MCDropoutNet(nn.Module):
    hidden: int = 32
    rate: float = 0.2

    @nn.compact
    def __call__(self, x, *, train: bool, mc_dropout: bool = False):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        h = nn.Dropout(self.rate, deterministic=not (train or mc_dropout))(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.rate, deterministic=not (train or mc_dropout))(h)
        return nn.Dense(1)(h).squeeze(-1)


class TrainState(train_state.TrainState):
    batch_stats: Any


class MCPredictor:
    def __init__(self, model, state, n_samples=N_SAMPLES):
        self.model = model
        self.state = state
        self.n_samples = n_samples

    def predictive(self, x, key):
        keys = jax.random.split(key, self.n_samples)

        def draw(carry, k):
            y = self.model.apply(
                {"params": self.state.params, "batch_stats": self.state.batch_stats},
                x,
                train=False,
                mc_dropout=True,
                rngs={"dropout": k},
            )
            return carry, y

        _, samples = lax.scan(draw, None, keys)
        return samples


def main():
    model = MCDropoutNet()
    x = jnp.linspace(-2.0, 2.0, 8)[:, None]
    variables = model.init(jax.random.key(0), x, train=False)
    state = TrainState.create(
        apply_fn=model.apply,
        params=variables["params"],
        batch_stats=variables["batch_stats"],
        tx=optax.adam(1e-3),
    )
    predictor = MCPredictor(model, state)
    x_query = jnp.full((4, 1), 0.5)
    samples = predictor.predictive(x_query, jax.random.key(7))
    return samples
