# label: ok
# flax-error: none
# class: 4 WeightTrainer.model and WeightTrainer.optimizer split with nnx.split, carried through the scan, merged in _train_step and written back with nnx.update
"""Flying-weight model for a falconry team.

Each bird's flying weight responds to food given and weather; the trainer fits the model over a
season of daily logs and checkpoints the state into a dict for the mews dashboard."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class WeightModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 16, rngs=rngs)
        self.delta = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, log):
        return self.delta(nnx.relu(self.encoder(log))).squeeze(-1)


def weight_loss(model, log, change):
    return jnp.mean((model(log) - change) ** 2)


class WeightTrainer:
    def __init__(self, model: WeightModel, lr: float = 1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.checkpoints = {}

    def _train_step(self, graphdef, state, log, change):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(weight_loss)(model, log, change)
        optimizer.update(model, grads)
        return loss, nnx.state((model, optimizer))

    def fit_season(self, logs, changes):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, day):
            total, state = carry
            log, change = day
            loss, state = self._train_step(graphdef, state, log, change)
            return (total + loss, state), None

        (total, state), _ = jax.lax.scan(body, (jnp.float32(0.0), state), (logs, changes))
        nnx.update((self.model, self.optimizer), state)
        self.checkpoints["season"] = nnx.to_pure_dict(nnx.state(self.model))
        return total / logs.shape[0]


def main():
    model = WeightModel(5, nnx.Rngs(0))
    logs = jax.random.normal(jax.random.key(1), (10, 3, 5))
    changes = 0.1 * logs[..., 0] - 0.05 * logs[..., 2]
    trainer = WeightTrainer(model)
    trainer.fit_season(logs, changes).block_until_ready()
    return None
