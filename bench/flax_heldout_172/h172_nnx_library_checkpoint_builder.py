# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a ShelvingLoopBuilder returns a step callable that merges the carried state in the while_loop body and hands nnx.state of it to a CheckpointManager, which keeps it as a pure dict; restore_latest loads it into the model after the loop
"""Library book returns: fine-tunes a reshelving-time model on a stream of returns-desk batches
until the error is small enough, checkpointing as it goes; the loop is assembled by a builder."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclass(frozen=True)
class ShelvingConfig:
    n_features: int = 4  # section distance, cart load, staff on shift, hour
    target_loss: float = 0.01
    max_batches: int = 6


class ShelvingModel(nnx.Module):
    def __init__(self, cfg: ShelvingConfig, rngs: nnx.Rngs):
        self.fit = nnx.Linear(cfg.n_features, 1, rngs=rngs)

    def __call__(self, x):
        return self.fit(x)[..., 0]


class CheckpointManager:
    def __init__(self):
        self.latest = None

    def maybe_save(self, state):
        self.latest = nnx.to_pure_dict(state)

    def restore_latest(self, model):
        state = nnx.state(model)
        nnx.replace_by_pure_dict(state, self.latest)
        nnx.update(model, state)


class ShelvingLoopBuilder:
    def __init__(self):
        self._model = None
        self._checkpoints = None
        self._lr = 0.1

    def with_model(self, model):
        self._model = model
        return self

    def with_checkpoints(self, manager):
        self._checkpoints = manager
        return self

    def build(self, feats, minutes):
        graphdef, _ = nnx.split(self._model)
        checkpoints, lr = self._checkpoints, self._lr

        def step(carry):
            i, _, state = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(feats[i]) - minutes[i]) ** 2))(model)
            new_state = jax.tree.map(lambda p, g: p - lr * g, nnx.state(model), grads)
            checkpoints.maybe_save(new_state)
            return i + 1, loss, new_state

        return step


def main():
    cfg = ShelvingConfig()
    model = ShelvingModel(cfg, nnx.Rngs(0))
    checkpoints = CheckpointManager()
    feats = jnp.sin(jnp.arange(cfg.max_batches * 8 * 4, dtype=jnp.float32)).reshape(cfg.max_batches, 8, 4)
    minutes = jnp.ones((cfg.max_batches, 8)) * 0.5
    step = ShelvingLoopBuilder().with_model(model).with_checkpoints(checkpoints).build(feats, minutes)

    def keep_going(carry):
        i, loss, _ = carry
        return (i < cfg.max_batches) & (loss > cfg.target_loss)

    init = (0, jnp.asarray(jnp.inf), nnx.state(model))
    batches, loss, _ = jax.lax.while_loop(keep_going, step, init)
    checkpoints.restore_latest(model)
    print("batches", batches, "loss", loss, "prediction", model(feats[0]))
    return None
