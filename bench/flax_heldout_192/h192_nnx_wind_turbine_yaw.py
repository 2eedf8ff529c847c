# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got FrozenParam( # 16 (64 B)
# class: 4 YawTrainer.fit scans over batches; the body calls self.train_step, which differentiates self.model and calls self.optimizer.update (an nnx.Optimizer)
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

    def train_step(self, batch):
        x, target = batch

        def loss_fn(model):
            return jnp.mean((model(x) - target) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, batches):
        def body(carry, batch):
            return carry, self.train_step(batch)
        _, losses = jax.lax.scan(body, None, batches)
        return losses


def main():
    cfg = YawConfig()
    model = YawModel(cfg, nnx.Rngs(0))
    freeze_encoder(model)
    x = jax.random.normal(jax.random.key(1), (5, 16, cfg.n_sensors))
    y = jnp.sin(x[..., 0])
    YawTrainer(model, cfg).fit((x, y)).block_until_ready()
    return None
