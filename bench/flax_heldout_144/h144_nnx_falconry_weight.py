# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 WeightTrainer.model and WeightTrainer.optimizer (nnx.Optimizer) reached through _train_step from the scan body
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

    def _train_step(self, log, change):
        loss, grads = nnx.value_and_grad(weight_loss)(self.model, log, change)
        self.optimizer.update(self.model, grads)
        return loss

    def fit_season(self, logs, changes):
        def body(total, day):
            log, change = day
            return total + self._train_step(log, change), None

        total, _ = jax.lax.scan(body, jnp.float32(0.0), (logs, changes))
        self.checkpoints["season"] = nnx.to_pure_dict(nnx.state(self.model))
        return total / logs.shape[0]


def main():
    model = WeightModel(5, nnx.Rngs(0))
    logs = jax.random.normal(jax.random.key(1), (10, 3, 5))
    changes = 0.1 * logs[..., 0] - 0.05 * logs[..., 2]
    trainer = WeightTrainer(model)
    trainer.fit_season(logs, changes).block_until_ready()
    return None
