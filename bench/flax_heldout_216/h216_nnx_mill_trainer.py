# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 the model and nnx.Optimizer reached through RollTrainer.bundle via its _train_step method, differentiated and updated in the fori_loop body
"""Steel mill gauge control: fit the exit-thickness model of a hot strip mill stand to the
latest coil measurements before the next rolling schedule is released."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class GaugeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainBundle:
    model: GaugeModel
    optimizer: nnx.Optimizer


class RollTrainer:
    def __init__(self, model: GaugeModel, learning_rate: float):
        self.bundle = TrainBundle(model, nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param))

    @staticmethod
    def _loss(model, coils, exit_mm):
        return jnp.mean((model(coils) - exit_mm) ** 2)

    def _train_step(self, coils, exit_mm):
        loss, grads = nnx.value_and_grad(self._loss)(self.bundle.model, coils, exit_mm)
        self.bundle.optimizer.update(self.bundle.model, grads)
        return loss

    def fit(self, coils, exit_mm, epochs: int):
        def body(epoch, last_loss):
            return self._train_step(coils, exit_mm)

        return fori_loop(0, epochs, body, jnp.float32(0.0))


def main():
    # entry thickness, roll force, strip speed, strip temperature (all scaled)
    coils = jax.random.uniform(jax.random.PRNGKey(0), (32, 4))
    exit_mm = 0.6 * coils[:, 0] - 0.2 * coils[:, 1] + 0.1
    trainer = RollTrainer(GaugeModel(nnx.Rngs(0)), learning_rate=1e-2)
    trainer.fit(coils, exit_mm, epochs=5).block_until_ready()
    return None
