# label: ok
# flax-error: none
# class: 4 YawTrainer.fit splits (self.model, self.optimizer) and scans over batches with their state in the carry; self.train_step merges, updates and returns nnx.state
"""Wind-turbine yaw controller: fine-tunes the misalignment head after freezing the encoder."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class YawConfig:
    n_sensors: int = 8
    hidden: int = 16
    learning_rate: float = 1e-2


class FrozenParam(nnx.Variable):
    """Weights kept fixed during fine-tuning: not an nnx.Param, so grads skip them."""


class YawModel(nnx.Module):
    def __init__(self, cfg: YawConfig, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.n_sensors, cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x)))[..., 0]


def freeze_encoder(model: YawModel):
    """Model surgery after init: turn the encoder weights into FrozenParam."""
    model.encoder.kernel = FrozenParam(model.encoder.kernel[...])
    model.encoder.bias = FrozenParam(model.encoder.bias[...])


class YawTrainer:
    def __init__(self, model, cfg: YawConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def train_step(self, graphdef, state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        x, target = batch

        def loss_fn(model):
            return jnp.mean((model(x) - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            return self.train_step(graphdef, state, batch)
        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = YawConfig()
    model = YawModel(cfg, nnx.Rngs(0))
    freeze_encoder(model)
    x = jax.random.normal(jax.random.key(1), (5, 16, cfg.n_sensors))
    y = jnp.sin(x[..., 0])
    YawTrainer(model, cfg).fit((x, y)).block_until_ready()
    return None
