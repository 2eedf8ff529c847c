# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 PacingTuner.checkpoints (an in-memory CheckpointManager) stores nnx.state of the model merged inside the while_loop body; restore_latest later nnx.updates the live model from it
"""Ad-campaign budget pacing: a small throttle model is tuned against yesterday's spend curve, with an
in-memory checkpoint after every step so a bad step can be rolled back."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PacingConfig:
    max_steps: int = 6
    target_loss: float = 1e-3
    learning_rate: float = 5e-2


class ThrottleModel(nnx.Module):
    def __init__(self, hours: int, rngs: nnx.Rngs):
        self.curve = nnx.Linear(hours, hours, rngs=rngs)

    def __call__(self, demand):
        return jax.nn.sigmoid(self.curve(demand))


class CheckpointManager:
    def __init__(self):
        self._latest = None

    def save(self, step, state):
        self._latest = (step, state)

    def restore_latest(self, model: nnx.Module):
        _, state = self._latest
        nnx.update(model, state)


def pacing_loss(model, demand, budget):
    spend = jnp.sum(model(demand) * demand, axis=-1)
    return jnp.mean((spend - budget) ** 2)


class PacingTuner:
    def __init__(self, config: PacingConfig, model: ThrottleModel):
        self.config = config
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(config.learning_rate), wrt=nnx.Param)
        self.checkpoints = CheckpointManager()

    def tune(self, demand, budget):
        cfg = self.config
        graphdef, state = nnx.split((self.model, self.optimizer))

        def cond(carry):
            step, loss, _ = carry
            return (step < cfg.max_steps) & (loss > cfg.target_loss)

        def body(carry):
            step, _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(pacing_loss)(model, demand, budget)
            optimizer.update(model, grads)
            self.checkpoints.save(step, nnx.state(model))
            return step + 1, loss, nnx.state((model, optimizer))

        jax.lax.while_loop(cond, body, (0, jnp.float32(jnp.inf), state))
        self.checkpoints.restore_latest(self.model)
        return self.model(demand)


def main():
    demand = jax.random.uniform(jax.random.key(17), (4, 24))
    tuner = PacingTuner(PacingConfig(), ThrottleModel(24, nnx.Rngs(0)))
    tuner.tune(demand, budget=jnp.full((4,), 3.0))
    return None
