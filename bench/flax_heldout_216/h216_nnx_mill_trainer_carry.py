# label: ok
# flax-error: none
# class: 4 the model and nnx.Optimizer reached through RollTrainer.bundle are nnx.split before the fori_loop, carried as state, merged in _train_step and nnx.update'd after
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

    def _train_step(self, graphdef, state, coils, exit_mm):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(self._loss)(model, coils, exit_mm)
        optimizer.update(model, grads)
        return loss, nnx.state((model, optimizer))

    def fit(self, coils, exit_mm, epochs: int):
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def body(epoch, carry):
            _, state = carry
            return self._train_step(graphdef, state, coils, exit_mm)

        loss, state = fori_loop(0, epochs, body, (jnp.float32(0.0), state))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return loss


def main():
    # entry thickness, roll force, strip speed, strip temperature (all scaled)
    coils = jax.random.uniform(jax.random.PRNGKey(0), (32, 4))
    exit_mm = 0.6 * coils[:, 0] - 0.2 * coils[:, 1] + 0.1
    trainer = RollTrainer(GaugeModel(nnx.Rngs(0)), learning_rate=1e-2)
    trainer.fit(coils, exit_mm, epochs=5).block_until_ready()
    return None
